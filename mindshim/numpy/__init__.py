"""mindspore.numpy: numpy's API on mindspore Tensors, with MindSpore's dtype rules (float32 by default)."""
__all__: list[str] = []
# <NUMPY_A>
# <NUMPY_B>
