"""mindspore.graph.lazy_inline."""
from mindshim.common.api import lazy_inline

__all__ = ["lazy_inline"]
