"""mindspore.ops.composite: gradients and higher-order helpers."""
from mindshim.ops.composite.base import Depend, HyperMap, Map, MultitypeFuncGraph, Partial, depend, identity, partial
from mindshim.ops.composite.functional_ad import jacfwd, jacrev, jvp, vjp
from mindshim.ops.composite.grad import GradOperation, grad, value_and_grad
from mindshim.ops.composite.vmap import vmap
# bound by MindSpore's module outside its __all__
from mindshim.ops.composite.helper_ops import ones_like, zeros_like
from mindshim.ops.function.math_func import matmul

__all__ = ["GradOperation", "grad", "value_and_grad", "MultitypeFuncGraph", "HyperMap", "Map", "partial",
           "Partial", "depend", "Depend", "identity", "vmap", "jacfwd", "jacrev",
           "jvp", "vjp"]
