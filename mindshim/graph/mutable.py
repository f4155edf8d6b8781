"""mindspore.graph.mutable."""
from mindshim.common.api import mutable

__all__ = ["mutable"]
