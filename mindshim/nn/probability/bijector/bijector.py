"""mindspore.nn.probability.bijector.Bijector: the base Cell of invertible transformations.

A subclass passes its constructor's `locals()` as `param` (with `param['param_dict']`), registers parameters with
`_add_parameter` and defines `_forward`, `_inverse`, `_forward_log_jacobian`, `_inverse_log_jacobian`.
mindshim's built-in bijectors define torch math `_m_<name>(x, *params)` instead; `__init_subclass__` wraps each
(value checked, parameters cast to the value's dtype, result wrapped).
"""
from __future__ import annotations

from typing import Any, Callable

import torch

from mindshim import _checkparam as validator
from mindshim.common import dtype as mstype
from mindshim.common.tensor import Tensor, plain, wrap
from mindshim.nn.probability.distribution import _helpers as h
from mindshim.nn.probability.distribution._common import ArgsCell

_METHODS = ("forward", "inverse", "forward_log_jacobian", "inverse_log_jacobian")


def _wrapped(math: str) -> Callable:
    def method(self: "Bijector", value: Any) -> Any:
        value = self._check_value_dtype(value)
        x = plain(value)
        params = [plain(self.cast_param_by_value(value, p)) for p in self._param_tensors]
        return wrap(getattr(self, math)(x, *params))
    return method


class Bijector(ArgsCell):
    """Bijector(is_constant_jacobian=False, is_injective=True, name=None, dtype=None, param=None)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name in _METHODS:
            if "_m_" + name in cls.__dict__:
                setattr(cls, "_" + name, _wrapped("_m_" + name))

    def __init__(self, is_constant_jacobian: bool = False, is_injective: bool = True, name: Any = None,
                 dtype: Any = None, param: Any = None) -> None:
        super().__init__()
        validator.check_value_type("name", name, [str], type(self).__name__)
        validator.check_value_type("is_constant_jacobian", is_constant_jacobian, [bool], name)
        validator.check_value_type("is_injective", is_injective, [bool], name)
        if dtype is not None:
            validator.check_type_name("dtype", dtype, mstype.float_type, type(self).__name__)
        self._name, self._dtype = name, dtype
        param = param or {}
        self._ctor_args = {k: v for k, v in param.items() if k not in ("self", "param") and not k.startswith("_")}
        self.default_parameters: list = []
        self.parameter_names: list = []
        self.common_dtype = None
        self._param_tensors: list = []
        if "bijector" not in param:
            self._batch_shape = self._calc_batch_shape()
            self._is_scalar_batch = self._check_is_scalar_batch()
        self._is_constant_jacobian = is_constant_jacobian
        self._is_injective = is_injective

    # name, dtype, parameters, batch_shape, is_scalar_batch and extend_repr (from `_repr_template`): ArgsCell
    @property
    def is_constant_jacobian(self) -> bool:
        return self._is_constant_jacobian

    @property
    def is_injective(self) -> bool:
        return self._is_injective

    def _repr_values(self) -> list:
        return self._param_tensors

    def _check_value_dtype(self, value: Any) -> Any:
        h.check_tensor(value, "input value of bijector")
        if value is None:
            raise TypeError("For input value of bijector, input type must be a Tensor or Parameter.")
        if self.dtype is None:
            if value.dtype not in mstype.float_type:
                raise TypeError(f"For input value of bijector , the type must be or be subclass of "
                                f"{mstype.float_}, but got {value.dtype}")
        elif value.dtype != self.dtype:
            raise TypeError(f"For 'SameTypeShape', the x dtype should be = y dtype: {self.dtype}, "
                            f"but got {value.dtype}.")
        return value

    def _shape_mapping(self, shape: tuple) -> tuple:
        return tuple(torch.broadcast_shapes(tuple(shape), tuple(self.batch_shape)))

    def shape_mapping(self, shape: tuple) -> tuple:
        return self._shape_mapping(shape)

    def _add_parameter(self, value: Any, name: str) -> Any:
        if isinstance(value, bool) or value is None:
            raise TypeError(f"{name} cannot be type {type(value)}")
        value_t = Tensor(value)
        if self.dtype is None:
            if self.common_dtype is None:
                self.common_dtype = value_t.dtype
            elif value_t.dtype != self.common_dtype:
                raise TypeError(f"{name} should have the same dtype as other arguments.")
            validator.check_type_name(f"dtype of {name}", value_t.dtype, mstype.float_type, type(self).__name__)
        elif value_t.dtype != self.dtype:
            raise TypeError(f"{name} should have the same dtype as the bijector's dtype.")
        self.default_parameters.append(value)
        self.parameter_names.append(name)
        self._param_tensors.append(value_t)
        return value_t

    def _check_is_scalar_batch(self) -> bool:
        return "param_dict" in self._ctor_args and super()._check_is_scalar_batch()

    def cast_param_by_value(self, value: Any, para: Any) -> Any:
        return wrap(plain(para).to(plain(value).dtype))

    def forward(self, value: Any, *args: Any, **kwargs: Any) -> Any:  # type: ignore[override]
        return self._forward(value, *args, **kwargs)

    def inverse(self, value: Any, *args: Any, **kwargs: Any) -> Any:
        return self._inverse(value, *args, **kwargs)

    def forward_log_jacobian(self, value: Any, *args: Any, **kwargs: Any) -> Any:
        return self._forward_log_jacobian(value, *args, **kwargs)

    def inverse_log_jacobian(self, value: Any, *args: Any, **kwargs: Any) -> Any:
        return self._inverse_log_jacobian(value, *args, **kwargs)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        from mindshim.nn.probability.distribution.distribution import Distribution
        if args and isinstance(args[0], Distribution):
            from mindshim.nn.probability.distribution.transformed_distribution import TransformedDistribution
            return TransformedDistribution(self, args[0])
        return super().__call__(*args, **kwargs)

    def construct(self, name: str, *args: Any, **kwargs: Any) -> Any:
        if name in _METHODS:
            return getattr(self, name)(*args, **kwargs)
        raise Exception("Invalid name")  # noqa: TRY002 - MindSpore raises a bare Exception here


def ones_for(x: torch.Tensor, *params: torch.Tensor) -> torch.Tensor:
    """Ones in the broadcast shape of a value and its parameters (the output shape of the elementwise maps)."""
    shape = torch.broadcast_shapes(x.shape, *(p.shape for p in params))
    return torch.ones(shape, dtype=x.dtype, device=x.device)
