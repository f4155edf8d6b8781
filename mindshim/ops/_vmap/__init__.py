"""mindspore.ops._vmap: MindSpore's per-primitive vmap rule registry (see vmap_base)."""
from mindshim.ops._vmap.vmap_base import get_vmap_rule

__all__ = ["get_vmap_rule"]
