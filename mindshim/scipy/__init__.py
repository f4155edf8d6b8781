"""mindspore.scipy: SciPy-style functions on Tensors."""
from mindshim.scipy import fft, linalg, optimize

__all__ = ["fft", "linalg", "optimize"]
