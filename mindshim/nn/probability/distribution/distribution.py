"""mindspore.nn.probability.distribution.Distribution: the base Cell of every distribution.

Layout (MindSpore's): a subclass passes its constructor's `locals()` as `param` (with `param['param_dict']` the
distribution parameters), registers each parameter with `_add_parameter`, and defines private methods
(`_log_prob`, `_cdf`, `_mean`, `_kl_loss`, `_sample`, ...); the public ones dispatch to them, deriving what is
missing (prob from log_prob, survival from cdf, var from sd, ...).

mindshim's built-in families instead define torch math as `_m_<method>(...)` on plain tensors; `__init_subclass__`
turns each into the MindSpore-facing private method, which binds per-call parameters by name, checks them
(Tensor, same dtype, broadcastable), fills the ones not given from construction and wraps the result.
"""
from __future__ import annotations

import contextlib
from typing import Any, Callable

import torch

from mindshim import _checkparam as validator
from mindshim.common import dtype as mstype
from mindshim.common.tensor import plain, wrap
from mindshim.nn.probability.distribution import _helpers as h
from mindshim.nn.probability.distribution._common import ArgsCell

_VALUE_METHODS = ("prob", "log_prob", "cdf", "log_cdf", "survival_function", "log_survival")
_STAT_METHODS = ("mean", "mode", "sd", "var", "entropy")


def _value_method(math: str) -> Callable:
    def method(self: "Distribution", value: Any, *args: Any, **kwargs: Any) -> Any:
        value = self._check_value(value, "value")
        params = self._check_param_type(*h.bind(self._names(), args, kwargs, math[3:]))
        x = plain(value).to(mstype.to_torch(self.parameter_type))
        params = self._plain(params)
        h.check_broadcast(x, self._batch_of(params))
        return wrap(getattr(self, math)(x, *params))
    return method


def _stat_method(math: str) -> Callable:
    def method(self: "Distribution", *args: Any, **kwargs: Any) -> Any:
        params = self._check_param_type(*h.bind(self._names(), args, kwargs, math[3:]))
        return wrap(getattr(self, math)(*self._plain(params)))
    return method


def _kl_method(self: "Distribution", dist: Any, *args: Any, **kwargs: Any) -> Any:
    h.check_dist_name(dist, self._dist_type)
    names_b = tuple(n + "_b" for n in self._names())
    values = h.bind(names_b + self._kl_own_names(), args, kwargs, "kl_loss")
    other = []
    for name, value in zip(names_b, values[:len(names_b)]):
        if value is None:
            raise TypeError(f"kl_loss() missing required argument: '{name}'")
        h.check_tensor(value, name)
        other.append(plain(value).to(mstype.to_torch(self.parameter_type)))
    own = self._plain(self._check_param_type(*values[len(names_b):]))
    h.check_broadcast(own[0], other)
    return wrap(self._m_kl(*own, *other))


def _cross_entropy_method(self: "Distribution", dist: Any, *args: Any, **kwargs: Any) -> Any:
    h.check_dist_name(dist, self._dist_type)
    names_b = tuple(n + "_b" for n in self._names())
    values = h.bind(names_b + self._kl_own_names(), args, kwargs, "cross_entropy")
    own = values[len(names_b):]
    return self._entropy(*own) + self._kl_loss(dist, *values)


def _sample_method(self: "Distribution", shape: Any = (), *args: Any, **kwargs: Any) -> Any:
    shape = h.check_tuple(shape, "shape")
    params = self._plain(self._check_param_type(*h.bind(self._names(), args, kwargs, "sample")))
    batch = self._sample_batch_shape(params)
    with contextlib.nullcontext() if self._reparameterized else torch.no_grad():
        out = self._m_sample(tuple(shape) + tuple(batch), h.generator(self.seed), *params)
    return wrap(out.to(mstype.to_torch(self.dtype)))


def _derive(source: str, how: Callable) -> Callable:
    """A method computed from another one's result (prob from log_prob, sd from var, ...)."""
    def method(self: "Distribution", *args: Any, **kwargs: Any) -> Any:
        return wrap(how(plain(getattr(self, source)(*args, **kwargs))))
    return method


class Distribution(ArgsCell):
    """mindspore.nn.probability.distribution.Distribution(seed, dtype, name, param)."""

    _dist_type = "Distribution"
    _call_names: tuple | None = None  # per-call parameter names of the generated methods (None: parameter_names)
    _kl_names: tuple = ()          # own-parameter names after the `_b` ones in kl_loss / cross_entropy
    _reparameterized = False       # sample() keeps the graph to its parameters

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = cls.__dict__
        for name in _VALUE_METHODS:
            if "_m_" + name in own:
                setattr(cls, "_" + name, _value_method("_m_" + name))
        for name in _STAT_METHODS:
            if "_m_" + name in own:
                setattr(cls, "_" + name, _stat_method("_m_" + name))
        if "_m_kl" in own:
            cls._kl_loss = _kl_method
            cls._cross_entropy = _cross_entropy_method
        if "_m_sample" in own:
            cls._sample = _sample_method

    def __init__(self, seed: Any, dtype: Any, name: str, param: dict) -> None:
        super().__init__()
        seed = 0 if seed is None else seed
        validator.check_value_type("name", name, [str], type(self).__name__)
        validator.check_non_negative_int(seed, "seed", name)
        self._name, self._seed, self._dtype = name, seed, dtype
        self._ctor_args = {k: v for k, v in param.items() if k != "self" and not k.startswith("_")}
        self.default_parameters: list = []
        self.parameter_names: list = []
        if "distribution" not in self._ctor_args:
            self.parameter_type = h.param_dtype(self._ctor_args.get("param_dict", {}), dtype)
            self._batch_shape = self._calc_batch_shape()
            self._is_scalar_batch = self._check_is_scalar_batch()
            self._broadcast_shape = self._batch_shape
        for public, private, derived in _DERIVATIONS:
            setattr(self, "_call_" + public, self._pick(public, private, derived))

    def _pick(self, public: str, private: str, derived: tuple) -> Callable:
        if public in _CDF_FAMILY and not any(hasattr(self, n) for n in _CDF_FAMILY.values()):
            return self._raise_not_implemented_error("log_cdf" if public == "log_survival" else _CDF_FAMILY[public][1:])
        if hasattr(self, private):
            return getattr(self, private)
        for needs, how in derived:
            if all(hasattr(self, n) for n in needs):
                return getattr(self, how)
        return self._raise_not_implemented_error("survival_function" if public == "survival" else public)

    # ----- properties (name, dtype, parameters, batch_shape, is_scalar_batch: ArgsCell) -----
    @property
    def seed(self) -> int:
        return self._seed

    @property
    def broadcast_shape(self) -> Any:
        return self._broadcast_shape

    def _repr_values(self) -> list:
        return [str(p) for p in self.default_parameters]

    def _repr_batch_shape(self) -> Any:
        return self._broadcast_shape

    # ----- parameters -----
    def _reset_parameters(self) -> None:
        self.default_parameters = []
        self.parameter_names = []

    def _add_parameter(self, value: Any, name: str) -> Any:
        value_t = None if value is None else h.cast_to_tensor(value, self.parameter_type)
        self.default_parameters.append(value_t)
        self.parameter_names.append(name)
        return value_t

    def _check_param_type(self, *args: Any) -> Any:
        """Per-call parameters (or the construction ones), one dtype, broadcast together, in parameter_type."""
        out = []
        for arg, name, default in zip(args, self.parameter_names, self.default_parameters):
            if arg is not None:
                h.check_tensor(arg, name)
            elif default is None:
                raise h.missing_param(name)
            else:
                arg = default
            out.append(arg)
        if not out:
            return ()
        dtypes = [a.dtype for a in out]
        if any(d != dtypes[0] for d in dtypes):
            raise TypeError(f"For 'SameTypeShape', the x dtype should be = y dtype: {dtypes[0]}, but got "
                            f"{next(d for d in dtypes if d != dtypes[0])}.")
        try:
            shape = torch.broadcast_shapes(*(tuple(a.shape) for a in out))
        except RuntimeError:
            raise ValueError(f"Shape {[tuple(a.shape) for a in out]} is not broadcastable.") from None
        target = mstype.to_torch(self.parameter_type)
        out = [wrap(plain(a).to(target).expand(shape)) if len(out) > 1 else wrap(plain(a).to(target)) for a in out]
        return out[0] if len(out) == 1 else tuple(out)

    def _names(self) -> tuple:
        return tuple(self.parameter_names) if self._call_names is None else self._call_names

    def _kl_own_names(self) -> tuple:
        return self._kl_names or self._names()

    @staticmethod
    def _plain(params: Any) -> tuple:
        return (plain(params),) if isinstance(params, torch.Tensor) else tuple(plain(p) for p in params)

    def _sample_batch_shape(self, params: tuple) -> tuple:
        return tuple(params[0].shape) if params else ()

    def _batch_of(self, params: tuple) -> list:
        """Tensors whose shapes a value must broadcast with."""
        return list(params)

    # ----- derived methods -----
    def _raise_not_implemented_error(self, func_name: str) -> Callable:
        name = self.name

        def raise_error(*args: Any, **kwargs: Any) -> Any:
            raise h.not_implemented(func_name, name)
        return raise_error

    _calc_prob_from_log_prob = _derive("_log_prob", torch.exp)
    _calc_log_prob_from_prob = _derive("_prob", torch.log)
    _calc_cdf_from_log_cdf = _derive("_log_cdf", torch.exp)
    _calc_cdf_from_survival = _derive("_survival_function", lambda s: 1.0 - s)
    _calc_cdf_from_log_survival = _derive("_log_survival", lambda s: 1.0 - torch.exp(s))
    _calc_survival_from_call_cdf = _derive("_call_cdf", lambda c: 1.0 - c)
    _calc_survival_from_log_survival = _derive("_log_survival", torch.exp)
    _calc_log_cdf_from_call_cdf = _derive("_call_cdf", torch.log)
    _calc_log_survival_from_call_survival = _derive("_call_survival", torch.log)
    _calc_sd_from_var = _derive("_var", torch.sqrt)
    _calc_var_from_sd = _derive("_sd", torch.square)

    # ----- public API -----
    def _get_dist_args(self, *args: Any, **kwargs: Any) -> Any:
        if type(self)._dist_type == "Distribution":
            raise h.not_implemented("get_dist_args", self.name)
        values = h.bind(self._names(), args, kwargs, "get_dist_args")
        out = tuple(h.check_tensor(v, n) if v is not None else d
                    for v, n, d in zip(values, self.parameter_names, self.default_parameters))
        return out

    def get_dist_args(self, *args: Any, **kwargs: Any) -> Any:
        return self._get_dist_args(*args, **kwargs)

    def _get_dist_type(self) -> str:
        if type(self)._dist_type == "Distribution":
            raise h.not_implemented("get_dist_type", self.name)
        return self._dist_type

    def get_dist_type(self) -> str:
        return self._get_dist_type()

    def log_prob(self, value: Any, *args: Any, **kwargs: Any) -> Any:
        return self._call_log_prob(value, *args, **kwargs)

    def prob(self, value: Any, *args: Any, **kwargs: Any) -> Any:
        return self._call_prob(value, *args, **kwargs)

    def cdf(self, value: Any, *args: Any, **kwargs: Any) -> Any:
        return self._call_cdf(value, *args, **kwargs)

    def log_cdf(self, value: Any, *args: Any, **kwargs: Any) -> Any:
        return self._call_log_cdf(value, *args, **kwargs)

    def survival_function(self, value: Any, *args: Any, **kwargs: Any) -> Any:
        return self._call_survival(value, *args, **kwargs)

    def log_survival(self, value: Any, *args: Any, **kwargs: Any) -> Any:
        return self._call_log_survival(value, *args, **kwargs)

    def _kl_loss(self, *args: Any, **kwargs: Any) -> Any:
        raise h.not_implemented("kl_loss", self.name)

    def kl_loss(self, dist: Any, *args: Any, **kwargs: Any) -> Any:
        return self._kl_loss(dist, *args, **kwargs)

    def _mean(self, *args: Any, **kwargs: Any) -> Any:
        raise h.not_implemented("mean", self.name)

    def mean(self, *args: Any, **kwargs: Any) -> Any:
        return self._mean(*args, **kwargs)

    def _mode(self, *args: Any, **kwargs: Any) -> Any:
        raise h.not_implemented("mode", self.name)

    def mode(self, *args: Any, **kwargs: Any) -> Any:
        return self._mode(*args, **kwargs)

    def sd(self, *args: Any, **kwargs: Any) -> Any:
        return self._call_sd(*args, **kwargs)

    def var(self, *args: Any, **kwargs: Any) -> Any:
        return self._call_var(*args, **kwargs)

    def _entropy(self, *args: Any, **kwargs: Any) -> Any:
        raise h.not_implemented("entropy", self.name)

    def entropy(self, *args: Any, **kwargs: Any) -> Any:
        return self._entropy(*args, **kwargs)

    def cross_entropy(self, dist: Any, *args: Any, **kwargs: Any) -> Any:
        return self._call_cross_entropy(dist, *args, **kwargs)

    def _calc_cross_entropy(self, dist: Any, *args: Any, **kwargs: Any) -> Any:
        return self._entropy(*args, **kwargs) + self._kl_loss(dist, *args, **kwargs)

    def _sample(self, *args: Any, **kwargs: Any) -> Any:
        raise h.not_implemented("sample", self.name)

    def sample(self, *args: Any, **kwargs: Any) -> Any:
        return self._sample(*args, **kwargs)

    def construct(self, name: str, *args: Any, **kwargs: Any) -> Any:
        method = _CONSTRUCT.get(name)
        if method is None:
            raise h.not_implemented(name, self.name)
        if name == "get_dist_type":
            return self._get_dist_type()
        return getattr(self, method)(*args, **kwargs)


_CONSTRUCT = {
    "log_prob": "_call_log_prob", "prob": "_call_prob", "cdf": "_call_cdf", "log_cdf": "_call_log_cdf",
    "survival_function": "_call_survival", "log_survival": "_call_log_survival", "kl_loss": "_kl_loss",
    "mean": "_mean", "mode": "_mode", "sd": "_call_sd", "var": "_call_var", "entropy": "_entropy",
    "cross_entropy": "_call_cross_entropy", "sample": "_sample", "get_dist_args": "_get_dist_args",
    "get_dist_type": "_get_dist_type",
}

# survival and the logs need one of these; MindSpore names log_cdf when log_survival is missing
_CDF_FAMILY = {"cdf": "_cdf", "survival": "_survival_function", "log_cdf": "_log_cdf", "log_survival": "_log_survival"}

# (public name, private method, ((methods it needs, derivation), ...)): MindSpore's fallbacks, in its order.
_DERIVATIONS = (
    ("prob", "_prob", ((("_log_prob",), "_calc_prob_from_log_prob"),)),
    ("log_prob", "_log_prob", ((("_prob",), "_calc_log_prob_from_prob"),)),
    ("sd", "_sd", ((("_var",), "_calc_sd_from_var"),)),
    ("var", "_var", ((("_sd",), "_calc_var_from_sd"),)),
    ("cdf", "_cdf", ((("_log_cdf",), "_calc_cdf_from_log_cdf"), (("_survival_function",), "_calc_cdf_from_survival"),
                     (("_log_survival",), "_calc_cdf_from_log_survival"))),
    ("survival", "_survival_function", ((("_log_survival",), "_calc_survival_from_log_survival"),
                                        (("_call_cdf",), "_calc_survival_from_call_cdf"))),
    ("log_cdf", "_log_cdf", ((("_call_cdf",), "_calc_log_cdf_from_call_cdf"),)),
    ("log_survival", "_log_survival", ((("_call_survival",), "_calc_log_survival_from_call_survival"),)),
    ("cross_entropy", "_cross_entropy", ()),
)
