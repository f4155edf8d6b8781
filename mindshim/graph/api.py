"""mindspore.graph.api (MindSpore 2.10's home of the jit decorators; `mindspore.common.api` re-exports them)."""
from mindshim.common._toplevel_more import ms_memory_recycle
from mindshim.common.api import jit, jit_class

__all__ = ["ms_memory_recycle", "jit", "jit_class"]
