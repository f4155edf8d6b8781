"""mindspore.graph.no_inline."""
from mindshim.common.api import no_inline

__all__ = ["no_inline"]
