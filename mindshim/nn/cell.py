"""mindspore.nn.Cell on torch.nn.Module.

Mapping decisions:
- `construct` is the forward; `forward` calls it so torch code can use a Cell as a Module.
- Parameter names follow MindSpore: a Parameter assigned as an attribute whose name is still the
  default takes the attribute name; a Cell assigned into a parent with `auto_prefix=True` renames
  every parameter under it to `<attr>.<path>` (so names are the structural path from the outermost
  auto-prefixing ancestor). Wrapper cells pass `auto_prefix=False` and leave names alone.
- `ParameterTuple` attributes register each member under its own (dotted) name, as MindSpore does
  for optimizer state such as `moments.fc.weight`.
- Built-in layers set `_fast = True`: their `construct` runs with tensor-subclass dispatch off and
  the output is wrapped once (a layer costs what its torch call costs).
- GRAPH_MODE: the outermost Cell call is handed to the execution engine (`mindshim._backend.engine`).
- A Cell that defines `bprop(*inputs, out, dout)` gets that custom backward.
"""
from __future__ import annotations

from collections import OrderedDict
from typing import Any, Iterator

import torch

from mindshim import context as _context
from mindshim._backend.cell_hooks import call_with_hooks
from mindshim.common import dtype as mstype
from mindshim.common._dynamic_shape import check_inputs, dynamic_dims
from mindshim.common.parameter import Parameter, ParameterTuple, is_generated_name
from mindshim.common._torch_errors import translate_layer_error
from mindshim.common._user_code import call_user
from mindshim.common.tensor import Tensor, _tf_enabled, _wrap
from mindshim.nn._mixed_precision import call_mixed

_no_subclass = torch._C.DisableTorchFunctionSubclass


class Cell(torch.nn.Module):
    """mindspore.nn.Cell(auto_prefix=True, flags=None)."""

    _fast = False
    _has_bprop = False
    _declared_inputs: tuple | None = None  # set_inputs

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._has_bprop = any("bprop" in c.__dict__ for c in cls.__mro__ if issubclass(c, Cell) and c is not Cell)
        if "construct" in cls.__dict__ and not cls.__module__.startswith("mindshim."):
            cls._fast = False  # a user's construct runs with MindSpore tensor semantics

    def __init__(self, auto_prefix: bool = True, flags: dict | None = None) -> None:
        super().__init__()
        self.training = False  # MindSpore cells start in inference mode until set_train()
        object.__setattr__(self, "_auto_prefix", auto_prefix)
        object.__setattr__(self, "_cell_flags", dict(flags or {}))
        object.__setattr__(self, "_mixed_dtype", None)
        object.__setattr__(self, "requires_grad", False)
        object.__setattr__(self, "_jit_config", None)

    def __bool__(self) -> bool:
        return True  # MindSpore's Cell; SequentialCell/CellList are falsy when empty, CellDict is not

    # ----- calling -----
    def construct(self, *args: Any, **kwargs: Any) -> Any:
        raise AttributeError(f"For '{type(self).__name__}', the method 'construct' is not defined.")

    def forward(self, *args: Any, **kwargs: Any) -> Any:
        return self.construct(*args, **kwargs)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        # The per-call host path: a PYNATIVE step makes one of these per layer, so the common case (no inputs
        # declared, no hooks, no mixed precision, a built-in layer) is tested first with attribute reads only.
        if self._declared_inputs is not None and _context.is_graph_mode():
            check_inputs(type(self).__name__, self._declared_inputs, args)
        if self._forward_pre_hooks or self._forward_hooks or self._backward_hooks or self._backward_pre_hooks:
            return call_with_hooks(self, self._call_mixed if self._mixed_dtype is not None else self._call,
                                   args, kwargs)
        if self._mixed_dtype is not None:
            return self._call_mixed(args, kwargs)
        if self._fast and "_call" not in self.__dict__:  # (an instance `_call`: migration.compare's probe)
            out = self._construct_plain(args, kwargs)
            if type(out) is torch.Tensor and _tf_enabled():
                for a in args:
                    if out is a:
                        return out.as_subclass(Tensor)  # never re-class a caller's own tensor
                out.__class__ = Tensor  # a fresh result: re-classed in place, as _wrap does
                return out
            return _wrap(out)
        return self._call(args, kwargs)

    # MindSpore's hook API on torch's registries: hook_fn(cell, inputs), (cell, inputs, outputs),
    # backward (cell, grad_input, grad_output) and backward-pre (cell, grad_output); each returns a handle.
    def register_forward_pre_hook(self, hook_fn: Any, *, prepend: bool = False, with_kwargs: bool = False) -> Any:
        _check_hook_fn(hook_fn)
        return super().register_forward_pre_hook(hook_fn, prepend=prepend, with_kwargs=with_kwargs)

    def register_forward_hook(self, hook_fn: Any, *, prepend: bool = False, with_kwargs: bool = False,
                              always_call: bool = False) -> Any:
        _check_hook_fn(hook_fn)
        return super().register_forward_hook(hook_fn, prepend=prepend, with_kwargs=with_kwargs,
                                             always_call=always_call)

    def register_backward_hook(self, hook_fn: Any) -> Any:
        _check_hook_fn(hook_fn)
        return super().register_full_backward_hook(
            lambda cell, grad_input, grad_output: call_user(hook_fn, cell, grad_input, grad_output))

    def register_backward_pre_hook(self, hook_fn: Any) -> Any:
        _check_hook_fn(hook_fn)
        return super().register_full_backward_pre_hook(
            lambda cell, grad_output: call_user(hook_fn, cell, grad_output))

    def _construct_plain(self, args: tuple, kwargs: dict) -> Any:
        """A built-in layer's construct with subclass dispatch off. torch's error for a bad input becomes the one
        MindSpore's shape/type inference raises (ValueError, TypeError); inside a plain region (a compiled graph,
        an enclosing built-in layer) it runs as it is."""
        if not _tf_enabled():
            return self.construct(*args, **kwargs)
        try:
            with _no_subclass():
                return self.construct(*args, **kwargs)
        except (RuntimeError, IndexError, NotImplementedError) as err:
            mindspore_error = translate_layer_error(err)
            if mindspore_error is None:
                raise
            raise mindspore_error from err

    def _call_mixed(self, args: tuple, kwargs: dict) -> Any:
        """to_float / amp: see `mindshim.nn._mixed_precision`."""
        return call_mixed(self, self._call, args, kwargs)

    def _call(self, args: tuple, kwargs: dict) -> Any:
        if self._fast:
            out = self._construct_plain(args, kwargs)
            if type(out) is torch.Tensor and _tf_enabled():  # (inside a plain region the caller wraps)
                for a in args:
                    if out is a:
                        return out.as_subclass(Tensor)  # never re-class a caller's own tensor
            return _wrap(out)
        if self._has_bprop:
            from mindshim.nn._bprop import call_with_bprop
            return call_with_bprop(self, args, kwargs)
        if _context.is_graph_mode():
            from mindshim._backend import engine
            out = engine.call_cell(self, args, kwargs, True)
        else:  # PYNATIVE runs construct as written; the engine's call depth only matters to GRAPH_MODE
            out = self.construct(*args, **kwargs)
        if self.requires_grad:
            from mindshim.ops.composite.grad import record_forward
            record_forward(self, args, out)
        return out

    # ----- attributes and naming -----
    def __setattr__(self, name: str, value: Any) -> None:
        if isinstance(value, Parameter):
            if is_generated_name(value.name):
                value.name = name
            super().__setattr__(name, value)
        elif isinstance(value, torch.Tensor) and self.__dict__.get("_parameters", {}).get(name) is not None:
            self._parameters[name].set_data(value)  # MindSpore assigns a Tensor into the existing Parameter
        elif isinstance(value, ParameterTuple):
            self._name_tuple_members(value)
            for p in value:
                self.insert_param_to_cell(p.name, p, check_name_contain_dot=False)
            object.__setattr__(self, name, value)
        elif isinstance(value, (list, tuple)) and value and all(isinstance(v, Parameter) for v in value):
            _check_unique_names(value, self.__dict__.setdefault("_ms_list_param_names", {}))
            object.__setattr__(self, name, value)
        elif isinstance(value, Cell):
            if self._auto_prefix:
                value.update_parameters_name(name + ".")
            super().__setattr__(name, value)
        else:
            super().__setattr__(name, value)

    def _name_tuple_members(self, params: ParameterTuple) -> None:
        """MindSpore's ParameterTuple attribute: unnamed members become `Parameter$<n>` (n counts per cell from
        1), then the names must be unique."""
        for p in dict.fromkeys(params):
            if is_generated_name(p.name):
                n = self.__dict__.get("_ms_tuple_id", 1)
                p.name = f"Parameter${n}"
                object.__setattr__(self, "_ms_tuple_id", n + 1)
        _check_unique_names(params, {})

    def update_parameters_name(self, prefix: str = "", recurse: bool = True) -> None:
        for name, param in self.parameters_and_names(expand=recurse):
            if prefix:
                param.is_init = False
            param.name = prefix + name

    def insert_param_to_cell(self, param_name: str, param: Parameter, check_name_contain_dot: bool = True) -> None:
        if not param_name:
            raise KeyError("For 'insert_param_to_cell', the 'param_name' cannot be empty.")
        if check_name_contain_dot and "." in param_name:
            raise KeyError(f"For 'insert_param_to_cell', the 'param_name' {param_name!r} cannot contain '.'.")
        if hasattr(self, param_name) and param_name not in self._parameters:
            raise KeyError(f"For 'insert_param_to_cell', the {param_name} parameter already exists in the network. "
                           f"Cannot insert another parameter with the same name.")
        if not isinstance(param, Parameter) and param is not None:
            raise TypeError(f"For 'insert_param_to_cell', 'param' must be Parameter, but got {type(param).__name__}.")
        if isinstance(param, Parameter) and is_generated_name(param.name):
            param.name = param_name
        self._parameters[param_name] = param  # dotted keys allowed, as in MindSpore

    def insert_child_to_cell(self, child_name: str, child_cell: "Cell") -> None:
        if not isinstance(child_name, str):
            raise TypeError(f"For 'insert_child_to_cell', the 'child_name' must be str, but got "
                            f"{type(child_name).__name__}.")
        if not child_name or "." in child_name:
            raise KeyError(f"For 'insert_child_to_cell', the 'child_name' {child_name!r} is invalid.")
        if hasattr(self, child_name) and child_name not in self._modules:
            raise KeyError(f"For 'insert_child_to_cell', the {child_name} child cell already exists in the network. "
                           f"Cannot insert another child cell with the same name.")
        if not isinstance(child_cell, Cell) and child_cell is not None:
            raise TypeError(f"For 'insert_child_to_cell', the 'child_cell' must be Cell or None, but got "
                            f"{type(child_cell).__name__}.")
        self._modules[child_name] = child_cell  # (parameter names are left as they are, as in MindSpore)

    @property
    def auto_prefix(self) -> bool:
        return self._auto_prefix

    @property
    def cls_name(self) -> str:
        return type(self).__name__

    @property
    def param_prefix(self) -> str:
        return ""

    # ----- traversal (MindSpore's order: pre-order over cells, insertion order within) -----
    def cells_and_names(self, cells: Any = None, name_prefix: str = "") -> Iterator[tuple[str, "Cell"]]:
        seen: set[int] = set()
        yield from _cells_and_names(self, name_prefix, seen)

    def parameters_and_names(self, name_prefix: str = "", expand: bool = True) -> Iterator[tuple[str, Parameter]]:
        cells = self.cells_and_names(name_prefix=name_prefix) if expand else [(name_prefix, self)]
        seen: set[int] = set()
        for cell_name, cell in cells:
            for par_name, par in cell._parameters.items():
                if par is None or id(par) in seen:
                    continue
                seen.add(id(par))
                yield (cell_name + "." + par_name if cell_name else par_name), par

    def get_parameters(self, expand: bool = True) -> Iterator[Parameter]:
        for _, p in self.parameters_and_names(expand=expand):
            yield p

    def trainable_params(self, recurse: bool = True) -> list[Parameter]:
        return [p for p in self.get_parameters(expand=recurse) if p.requires_grad]

    def untrainable_params(self, recurse: bool = True) -> list[Parameter]:
        return [p for p in self.get_parameters(expand=recurse) if not p.requires_grad]

    def parameters_dict(self, recurse: bool = True) -> "OrderedDict[str, Parameter]":
        return OrderedDict((p.name, p) for p in self.get_parameters(expand=recurse))

    def parameters_broadcast_dict(self, recurse: bool = True) -> "OrderedDict[str, Parameter]":
        return self.parameters_dict(recurse)

    def name_cells(self) -> "OrderedDict[str, Cell]":
        return OrderedDict((k, v) for k, v in self._modules.items() if v is not None)

    def cells(self):
        return self.name_cells().values()

    # ----- modes and flags -----
    def set_train(self, mode: bool = True) -> "Cell":
        self.train(mode)
        object.__setattr__(self, "_phase", "train" if mode else "predict")
        for _, cell in self.cells_and_names():
            cell._cell_flags["training"] = mode  # MindSpore records it as a flag (get_flags)
        return self

    @property
    def phase(self) -> str:
        """MindSpore's phase: 'train' until this cell's own set_train(False) (children keep theirs)."""
        return self.__dict__.get("_phase", "train")

    @phase.setter
    def phase(self, value: str) -> None:
        object.__setattr__(self, "_phase", value)

    def set_grad(self, requires_grad: bool = True) -> "Cell":
        object.__setattr__(self, "requires_grad", requires_grad)
        return self

    def add_flags(self, **flags: Any) -> "Cell":
        self._cell_flags.update(flags)
        self.__dict__.update(flags)  # as MindSpore: each flag is also an attribute
        return self

    def get_flags(self) -> dict:
        return self._cell_flags

    def add_flags_recursive(self, **flags: Any) -> "Cell":
        for _, cell in self.cells_and_names():
            cell.add_flags(**flags)
        return self

    def to_float(self, dst_type) -> "Cell":
        """Run this cell (and its children) in `dst_type`: float inputs and Parameters are cast on use; the
        Parameters keep their float32 storage (MindSpore's `to_float` changes no Parameter dtype)."""
        if dst_type not in (mstype.float16, mstype.float32, mstype.bfloat16):
            raise ValueError(f"For 'to_float', the 'dst_type' must be float16, float32 or bfloat16, but got {dst_type}.")
        self.add_flags_recursive(fp16=dst_type == mstype.float16, fp32=dst_type == mstype.float32,
                                 bf16=dst_type == mstype.bfloat16)
        for _, cell in self.cells_and_names():
            object.__setattr__(cell, "_mixed_dtype", dst_type)
        return self

    def set_jit_config(self, jit_config: Any) -> None:
        object.__setattr__(self, "_jit_config", jit_config)

    def compile(self, *args: Any) -> None:
        """GRAPH_MODE pre-compilation; the engine compiles on first call, so this is a no-op."""

    def compile_and_run(self, *args: Any) -> Any:
        return self(*args)

    def exec_checkpoint_graph(self) -> None:
        pass

    def set_inputs(self, *inputs: Any) -> None:
        """Declare the inputs (dynamic-shape placeholders such as `Tensor(shape=[None, 3], dtype=...)`): under
        GRAPH_MODE real inputs are checked against them and the unknown dimensions compile as dynamic."""
        object.__setattr__(self, "_declared_inputs", inputs)
        object.__setattr__(self, "_ms_dynamic_dims", dynamic_dims(inputs))

    def get_inputs(self):
        return self._declared_inputs

    def set_boost(self, boost_type: str) -> "Cell":
        return self

    def set_comm_fusion(self, *args: Any, **kwargs: Any) -> "Cell":
        return self

    def recompute(self, **kwargs: Any) -> "Cell":
        return self

    def shard(self, *args: Any, **kwargs: Any) -> "Cell":
        return self

    def extend_repr(self) -> str:
        return ""

    def extra_repr(self) -> str:
        return self.extend_repr()


def _cells_and_names(cell: Cell, prefix: str, seen: set[int]) -> Iterator[tuple[str, Cell]]:
    if id(cell) in seen:
        return
    seen.add(id(cell))
    yield prefix, cell
    for name, child in cell._modules.items():
        if not child:  # None, or an empty SequentialCell/CellList (MindSpore tests the cell's truth value)
            continue
        yield from _cells_and_names(child, prefix + "." + name if prefix else name, seen)


def _check_hook_fn(hook_fn: Any) -> None:
    if not callable(hook_fn):
        raise TypeError(f"Expected a callable hook function, but got {type(hook_fn).__name__}.")


def _check_unique_names(params: Any, seen: dict) -> None:
    """`seen` maps the names already taken to their Parameter; the same Parameter again is no clash."""
    for p in params:
        if seen.get(p.name, p) is not p:
            raise ValueError(f"The value {params}, its name '{p.name}' already exists. "
                             f"Please set a unique name for the parameter.")
        seen[p.name] = p


__all__ = ["Cell"]
