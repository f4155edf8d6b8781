"""mindspore.ops.functional (r1.x `from mindspore.ops import functional as F`): the functional ops."""
from mindshim.ops.composite.base import depend, identity, partial
from mindshim.ops.function import *  # noqa: F401,F403 - this module is a re-export of the functional namespace
from mindshim.ops.function import __all__ as _function_names
from mindshim.ops.function._outside_all import argmax_ext, uniform_ext  # bound outside __all__, as in MindSpore

__all__ = ["depend", "identity", "partial", *_function_names]
