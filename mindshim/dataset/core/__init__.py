"""mindspore.dataset.core."""
from mindshim.dataset.core import config

__all__ = ["config"]
