"""mindspore.graph.symbol."""
from mindshim.common._toplevel_more import Symbol

__all__ = ["Symbol"]
