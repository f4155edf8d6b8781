"""mindspore.ops._utils: shape inference helpers (see utils)."""
from mindshim.ops._utils.utils import get_broadcast_shape

__all__ = ["get_broadcast_shape"]
