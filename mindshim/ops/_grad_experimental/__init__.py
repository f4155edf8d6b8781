"""mindspore.ops._grad_experimental: MindSpore's Python bprop registries (see grad_base)."""
from mindshim.ops._grad_experimental.grad_base import get_bprop_fn, get_taylor_fprop_fn

__all__ = ["get_bprop_fn", "get_taylor_fprop_fn"]
