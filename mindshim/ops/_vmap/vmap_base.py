"""mindspore.ops._vmap.vmap_base: the registry of per-primitive vmap rules.

Registering a rule works as in MindSpore; mindshim's `ops.vmap` batches through torch and does not consult it.
"""
from __future__ import annotations

from typing import Any

from mindshim.ops._grad_experimental.grad_base import BpropRegistry as VmapRuleRegistry
from mindshim.ops.primitive import Primitive

vmap_rules_getters = VmapRuleRegistry()


def get_vmap_rule(prim: Any, axis_size: int) -> Any:
    """The rule registered for `prim` (a primitive or its name), built for `axis_size`; None if none."""
    name = prim if isinstance(prim, str) else prim.name if isinstance(prim, Primitive) else None
    getter = vmap_rules_getters.get(name, None) if name is not None else None
    return getter(prim, axis_size) if getter else None
