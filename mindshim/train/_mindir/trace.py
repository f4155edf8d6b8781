"""Record a mindshim network's forward pass as MindIR nodes.

The network runs once, eagerly, on the export inputs. Two recorders cooperate:
- layer cells with a MindSpore lowering (Conv2d, Dense, pooling, LayerNorm; cell_ops.py) get forward hooks:
  their whole call becomes MindSpore's primitives and the torch ops inside are not recorded;
- everything else is seen op by op through a torch function mode and mapped by torch_ops.py.
Values are identified by their storage view (data pointer, shape, strides, dtype), so the re-wrapping of a
tensor into another Python object (mindshim's Tensor subclass) keeps its node; every recorded tensor is kept
alive for the whole trace so memory is never reused under a live key. A value made from graph values by a
torch op without a mapping is remembered, and the export fails naming that op when the value is used.
"""
from __future__ import annotations

from typing import Any, Callable

import torch
from torch.overrides import TorchFunctionMode

from mindshim._errors import unsupported
from mindshim.ops.function import _kernel_rules
from mindshim.train._mindir.builder import GraphBuilder

Key = tuple


def key_of(t: torch.Tensor) -> Key:
    with torch._C.DisableTorchFunction():
        return (torch.Tensor.data_ptr(t), tuple(torch.Tensor.size(t)), tuple(torch.Tensor.stride(t)),
                torch.Tensor.dtype.__get__(t))


class Tracer:
    def __init__(self, builder: GraphBuilder, params: dict[Key, tuple[str, torch.Tensor]]) -> None:
        self.b = builder
        self.params = params
        self.names: dict[Key, str] = {}
        self.poison: dict[Key, str] = {}
        self.keep: list[Any] = []
        self.consts: dict[tuple, str] = {}
        self.suppress = 0

    # ----- values -----
    def known(self, t: Any) -> bool:
        if not isinstance(t, torch.Tensor):
            return False
        k = key_of(t)
        return k in self.names or k in self.params or k in self.poison

    def bind(self, t: torch.Tensor, name: str) -> None:
        k = key_of(t)
        self.names[k] = name
        self.poison.pop(k, None)
        self.keep.append(t)

    def mark_unmapped(self, t: torch.Tensor, op: str, replace: bool = False) -> None:
        k = key_of(t)
        if replace:
            self.names.pop(k, None)
            self.params.pop(k, None)
        if k not in self.names:
            self.poison[k] = op
            self.keep.append(t)

    def name_of(self, value: Any) -> str:
        if not isinstance(value, torch.Tensor):
            return self.const(value)
        k = key_of(value)
        if k in self.names:
            return self.names[k]
        if k in self.poison:
            raise unsupported("mindspore.export(file_format='MINDIR')",
                              f"the operator {self.poison[k]!r} has no MindIR mapping")
        if k in self.params:
            ref, param = self.params[k]
            name = self.b.add_param(ref, param)
            self.bind(value, name)
            return name
        name = self.b.constant(value.detach().as_subclass(torch.Tensor).clone())  # a tensor made outside the graph
        self.bind(value, name)
        return name

    def const(self, value: Any) -> str:
        k = (type(value).__name__, repr(value))
        if k not in self.consts:
            self.consts[k] = self.b.constant(value)
        return self.consts[k]

    # ----- nodes -----
    def emit(self, op: str, inputs: list, out: Any, attrs: dict | None = None, bind: bool = True,
             instance_name: str = "") -> str:
        names = [self.name_of(v) for v in inputs]
        name = self.b.node(op, names, out, attrs, instance_name)
        if bind and isinstance(out, torch.Tensor) and out.device.type != "meta":
            self.bind(out, name)
        return name

    def emit_named(self, op: str, inputs: list[str], out: Any, attrs: dict | None = None,
                   instance_name: str = "") -> str:
        """A node whose inputs are already node names (inside a multi-node lowering)."""
        return self.b.node(op, inputs, out, attrs, instance_name)


def meta_like(t: torch.Tensor, shape: Any = None) -> torch.Tensor:
    """A stand-in carrying only shape and dtype, for the abstract of an intermediate node."""
    size = tuple(torch.Tensor.size(t)) if shape is None else tuple(int(d) for d in shape)
    return torch.empty(size, dtype=torch_dtype(t), device="meta")


def torch_dtype(t: torch.Tensor) -> torch.dtype:
    return torch.Tensor.dtype.__get__(t)


def _tensors(value: Any) -> list[torch.Tensor]:
    if isinstance(value, torch.Tensor):
        return [value]
    if isinstance(value, (tuple, list)):
        return [t for v in value for t in _tensors(v)]
    return []


class RecordMode(TorchFunctionMode):
    def __init__(self, tracer: Tracer, table: dict[str, Callable]) -> None:
        super().__init__()
        self.tracer = tracer
        self.table = table

    def __enter__(self):
        # MindSpore's kernel rules (NaN in maximum, division by zero) are the exported primitives' own
        # semantics: while recording, ops emit the plain torch op that maps to that primitive
        _kernel_rules.EXPORTING[0] += 1
        return super().__enter__()

    def __exit__(self, *exc):
        _kernel_rules.EXPORTING[0] -= 1
        return super().__exit__(*exc)

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        out = func(*args, **kwargs)
        tr = self.tracer
        if tr.suppress or not any(tr.known(t) for t in _tensors(args) + _tensors(list(kwargs.values()))):
            return out
        name = getattr(func, "__name__", str(func))
        if name == "__get__":  # a property (Tensor.T, .mT, ...): its descriptor has the name
            name = getattr(getattr(func, "__self__", None), "__name__", name)
        in_place = name.startswith("__i") or name == "__setitem__" or (name.endswith("_") and name[-2:] != "__")
        mapper = self.table.get(name)
        if mapper is None and in_place and isinstance(args[0], torch.Tensor):
            tr.mark_unmapped(args[0], name, replace=True)  # the value changed under a node we cannot write
            return out
        results = _tensors(out)
        if not results:
            return out
        if mapper is None:
            if isinstance(out, torch.Tensor) and tr.known(out) and key_of(out) not in tr.poison:
                return out  # a view or re-wrap of a traced value with the same layout: the same value
            for t in results:
                tr.mark_unmapped(t, name)
            return out
        if not in_place and isinstance(out, torch.Tensor) and isinstance(args[0], torch.Tensor) \
                and key_of(out) == key_of(args[0]):
            return out  # a no-op (reshape to the same shape, a cast to the same dtype): the same value
        mapper(tr, args, kwargs, out)
        return out


def hook_cells(tracer: Tracer, net: torch.nn.Module, lowerings: dict[type, Callable]) -> list:
    """Forward hooks that lower whole layer cells; returns the handles to remove."""
    handles = []

    def pre(cell: Any, args: tuple) -> None:
        tracer.suppress += 1

    def post(cell: Any, args: tuple, out: Any) -> None:
        tracer.suppress -= 1
        if tracer.suppress == 0:
            lowerings[type(cell)](tracer, cell, args, out)

    for _, cell in net.named_modules():
        if type(cell) in lowerings:
            handles.append(cell.register_forward_pre_hook(pre))
            handles.append(cell.register_forward_hook(post))
    return handles
