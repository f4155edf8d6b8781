"""mindspore.Parameter and ParameterTuple.

A Parameter is both a mindshim Tensor (MindSpore semantics) and a torch.nn.Parameter (so a Cell,
which is a torch Module, registers it natively and torch machinery such as `.to()` and
torch.compile sees it). Its `name` starts as "Parameter" (MindSpore's default) and is set by the
Cell that owns it; see `mindshim/nn/cell.py` for the naming rules.
"""
from __future__ import annotations

from typing import Any, Iterable

import numpy as np
import torch

from mindshim.common.tensor import Tensor, _tf_enabled, to_torch_tensor

PARAMETER_NAME_DEFAULT = "Parameter"
_GENERATED_PREFIX = PARAMETER_NAME_DEFAULT + "#"
_generated_count = 0
_Plain = torch.Tensor


def _generated_name() -> str:
    """MindSpore names an unnamed Parameter `Parameter#<n>` (n counts up per process); a Cell renames it."""
    global _generated_count
    name = f"{_GENERATED_PREFIX}{_generated_count}"
    _generated_count += 1
    return name


def is_generated_name(name: Any) -> bool:
    return isinstance(name, str) and name.startswith(_GENERATED_PREFIX)


def _checked_name(name: Any) -> str:
    if name is None:
        return _generated_name()
    if not isinstance(name, str):
        raise ValueError(f"The type of the Parameter's name should be 'string' or 'None', but got {type(name)}.")
    name = name.strip()
    return name or _generated_name()


def _data_of(default_input: Any) -> torch.Tensor:
    from mindshim.common.initializer import Initializer
    if isinstance(default_input, Initializer):
        return default_input.init_data().as_subclass(_Plain)
    if isinstance(default_input, (int, float, bool)) and not isinstance(default_input, np.ndarray):
        return to_torch_tensor(default_input)
    if isinstance(default_input, torch.Tensor):  # MindSpore's Parameter owns a copy of a Tensor's data
        return to_torch_tensor(default_input).clone()
    return to_torch_tensor(default_input)


class Parameter(Tensor, torch.nn.Parameter):
    """mindspore.Parameter(default_input, name=None, requires_grad=True, layerwise_parallel=False, ...)."""

    def __new__(cls, default_input: Any = None, name: str | None = None, requires_grad: bool = True,
                layerwise_parallel: bool = False, parallel_optimizer: bool = True, *args: Any, **kwargs: Any):
        data = _data_of(default_input)
        grad_ok = requires_grad and (data.is_floating_point() or data.is_complex())
        obj = torch.Tensor._make_subclass(cls, data, grad_ok)
        obj._ms_name = _checked_name(name)
        obj._ms_requires_grad = bool(requires_grad)
        obj.layerwise_parallel = layerwise_parallel
        obj.parallel_optimizer = parallel_optimizer
        obj.is_init = False
        return obj

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        pass

    __torch_function__ = Tensor.__torch_function__

    @property
    def name(self) -> str:
        return self._ms_name

    @name.setter
    def name(self, value: str | None) -> None:
        self._ms_name = _checked_name(value)

    @property
    def inited_param(self):
        return None

    def set_data(self, data: Any, slice_shape: bool = False) -> "Parameter":
        """Replace the value in place (same object, so optimizers and cells keep seeing it)."""
        plain_self = self.as_subclass(_Plain)
        if isinstance(data, float) and not (plain_self.is_floating_point() or plain_self.is_complex()):
            raise TypeError(f"Incoming Parameter dtype can not be converted to current dtype implicitly. Current "
                            f"dtype is {self.dtype}, and incoming is Float32. Use .set_dtype(xxx) to change the dtype.")
        new = _data_of(data.as_subclass(_Plain) if isinstance(data, torch.Tensor) else data)
        new = new.to(dtype=plain_self.dtype)  # MindSpore casts the incoming data to the Parameter's dtype
        # New storage, as MindSpore does: arrays taken earlier with asnumpy() keep the old value.
        with torch.no_grad():
            _Plain.data.__set__(self, new.to(plain_self.device).clone())
        return self

    def cast_to(self, dtype: torch.dtype) -> "Parameter":
        """Change the storage dtype in place (mixed precision); set_data keeps the dtype instead."""
        with torch.no_grad():
            _Plain.data.__set__(self, self.as_subclass(_Plain).detach().to(dtype))
        return self

    def clone(self, init: Any = "same") -> "Parameter":
        """MindSpore's clone: a new Parameter with the same (or initialised) value and name."""
        if init == "same":
            data = self.as_subclass(_Plain).detach().clone()
        else:
            from mindshim.common.initializer import initializer
            data = initializer(init, tuple(self.shape), self.dtype).init_data().as_subclass(_Plain)
        out = Parameter(data, name=self.name, requires_grad=self._ms_requires_grad)
        return out

    def init_data(self, *args: Any, **kwargs: Any) -> "Parameter":
        return self

    @property
    def data(self):
        return self

    @data.setter
    def data(self, value) -> None:
        self.set_data(value)

    def value(self) -> Tensor:
        return self.as_subclass(_Plain).detach().as_subclass(Tensor)

    def __setitem__(self, index: Any, value: Any) -> None:
        """`param[i] = v` updates the parameter's data in place, as MindSpore does in both modes (torch refuses an
        in-place write through a view of a leaf that requires grad)."""
        if isinstance(value, (list, tuple, np.ndarray)):
            value = torch.as_tensor(np.asarray(value))
        with torch.no_grad():
            Tensor.__setitem__(self, index, value)

    def __repr__(self) -> str:
        return (f"Parameter (name={self.name}, shape={self.shape}, dtype={self.dtype}, "
                f"requires_grad={self._ms_requires_grad})")

    __str__ = __repr__  # print(param) shows the same line in MindSpore

    def __reduce_ex__(self, proto):
        return (_rebuild_parameter, (self.asnumpy(), self.name, self._ms_requires_grad))

    def __deepcopy__(self, memo):
        out = Parameter(self.as_subclass(_Plain).detach().clone(), self.name, self._ms_requires_grad)
        memo[id(self)] = out
        return out

    __hash__ = torch.Tensor.__hash__


def _requires_grad_get(self: Parameter) -> bool:
    if not _tf_enabled():  # torch's own code (and torch.compile) asks whether autograd tracks it
        return super(Parameter, self).requires_grad
    return self._ms_requires_grad


def _requires_grad_set(self: Parameter, value: bool) -> None:
    self._ms_requires_grad = bool(value)
    plain = self.as_subclass(_Plain)
    if plain.is_floating_point() or plain.is_complex():
        _Plain.requires_grad.__set__(self, bool(value))


# MindSpore semantics: `requires_grad` is the trainable flag (it may be set on integer parameters too).
Parameter.requires_grad = property(_requires_grad_get, _requires_grad_set)


def _rebuild_parameter(arr: np.ndarray, name: str, requires_grad: bool) -> Parameter:
    return Parameter(arr, name=name, requires_grad=requires_grad)


class ParameterTuple(tuple):
    """A tuple of Parameters; `clone(prefix, init)` makes the optimizer-state copies (`moments.w`)."""

    def __new__(cls, iterable: Iterable[Parameter]):
        data = tuple(iterable)
        ids, names = set(), set()
        for x in data:
            if not isinstance(x, Parameter):
                raise TypeError(f"For 'ParameterTuple', all elements should be Parameter, but got {type(x).__name__}.")
            if id(x) not in ids:  # the same Parameter twice is allowed; two of one name are not
                if x.name in names:
                    raise ValueError(f"The value {x!r} , its name '{x.name}' already exists. Please set a unique "
                                     "name for the parameter.")
                names.add(x.name)
                ids.add(id(x))
        return tuple.__new__(cls, data)

    def clone(self, prefix: str, init: Any = "same") -> "ParameterTuple":
        if not isinstance(prefix, str) or not prefix:
            raise ValueError("For 'ParameterTuple.clone', the 'prefix' must be a non-empty string.")
        out = []
        for p in self:
            c = p.clone(init)
            c.name = prefix + "." + p.name
            out.append(c)
        return ParameterTuple(out)


__all__ = ["Parameter", "ParameterTuple"]
