"""mindspore.scipy: SciPy-style functions on Tensors."""
from mindshim.scipy import linalg

__all__ = ["linalg"]
