"""mindspore.ops._grad_experimental.grad_base: the registries of Python bprop rules.

Scripts register rules with `@bprop_getters.register(P.SomeOp)`; the registries behave as MindSpore's
(register, get, membership). mindshim does not run them: gradients of its primitives come from torch's
autograd, and MindSpore 2.10's PyNative likewise keeps its built-in (C++) bprop for a built-in primitive
even when a Python rule is registered for it. A custom gradient is honoured through `Cell.bprop` or
`ops.Custom(..., bprop=...)`.
"""
from __future__ import annotations

from typing import Any

from mindshim.ops._register_for_op import Registry


class BpropRegistry(Registry):
    """Files a rule under the primitive class's id and its name (or under a name string)."""

    _by_class_name = True


class TaylorFpropRegistry(BpropRegistry):
    pass


bprop_getters = BpropRegistry()
bprops = BpropRegistry()
taylor_fprop_getters = TaylorFpropRegistry()
taylor_fprops = TaylorFpropRegistry()


def get_bprop_fn(prim: Any, get_closure: bool = False) -> Any:
    """The bprop registered for `prim` (a primitive or its name): a getter's result, or a plain bprop."""
    getter = bprop_getters.get(prim, None)
    if getter is None:
        return bprops.get(prim, None)
    return getter if get_closure else getter(prim)


def get_taylor_fprop_fn(prim: Any) -> Any:
    getter = taylor_fprop_getters.get(prim, None)
    return getter(prim) if getter else taylor_fprops.get(prim, None)
