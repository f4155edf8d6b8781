"""mindspore.ops: functional ops, primitive classes and composite (gradient) helpers."""
from mindshim.ops.composite import (
    Depend, GradOperation, HyperMap, Map, MultitypeFuncGraph, Partial, depend, grad, identity, partial,
    value_and_grad,
)

__all__ = [
    "GradOperation", "grad", "value_and_grad", "MultitypeFuncGraph", "HyperMap", "Map", "partial", "Partial",
    "depend", "Depend", "identity",]
