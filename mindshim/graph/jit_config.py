"""mindspore.graph.jit_config."""
from mindshim.common.api import JitConfig

__all__ = ["JitConfig"]
