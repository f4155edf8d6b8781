"""What Distribution and Bijector share (the constructor-argument record, name/dtype/batch properties, repr), and
the constructor pieces the built-in distribution families repeat: the argument prologue and the common parameter
blocks (loc/scale, mean/sd, probs, rate)."""
from __future__ import annotations

from typing import Any, Callable, Iterable, Sequence

import torch

from mindshim import _checkparam as validator
from mindshim.common import dtype as mstype
from mindshim.nn.cell import Cell
from mindshim.nn.probability.distribution import _helpers as h


class ArgDict(dict):
    """`Distribution.parameters` / `Bijector.parameters` is MindSpore's dict of constructor arguments; called, it is
    torch's `Module.parameters()` (mindshim's own machinery iterates a Cell's Parameters that way)."""

    def __init__(self, items: dict, cell: Cell) -> None:
        super().__init__(items)
        self._cell = cell

    def __call__(self, recurse: bool = True) -> Any:
        return torch.nn.Module.parameters(self._cell, recurse)


class ArgsCell(Cell):
    """Base of Distribution and Bijector: `_ctor_args` records the constructor arguments (with `param_dict`, the
    parameters), from which the batch shape and scalar-ness follow; `_repr_template` is the scalar-batch repr."""

    _repr_template = ""
    _name: str
    _dtype: Any
    _ctor_args: dict
    _batch_shape: Any
    _is_scalar_batch: bool

    @property
    def name(self) -> str:
        return self._name

    @property
    def dtype(self) -> Any:
        return self._dtype

    @property
    def parameters(self) -> ArgDict:  # type: ignore[override]
        return ArgDict(self._ctor_args, self)

    @property
    def batch_shape(self) -> Any:
        return self._batch_shape

    @property
    def is_scalar_batch(self) -> bool:
        return self._is_scalar_batch

    def extend_repr(self) -> str:
        if not self._repr_template:
            return ""
        if self.is_scalar_batch:
            return self._repr_template.format(*self._repr_values())
        return f"batch_shape = {self._repr_batch_shape()}"

    def _repr_values(self) -> Iterable:
        raise NotImplementedError

    def _repr_batch_shape(self) -> Any:
        return self.batch_shape

    def _check_value(self, value: Any, name: str) -> Any:
        return h.check_tensor(value, name)

    def _calc_batch_shape(self) -> Any:
        shapes = []
        for value in self._ctor_args.get("param_dict", {}).values():
            if value is None:
                return None
            shapes.append(tuple(h.cast_to_tensor(value).shape))
        return tuple(torch.broadcast_shapes(*shapes)) if shapes else None

    def _check_is_scalar_batch(self) -> bool:
        return all(v is None or isinstance(v, (int, float)) for v in self._ctor_args.get("param_dict", {}).values())


def family_args(cell: Cell, args: dict, names: Sequence[str], valid: Any = mstype.float_type,
                no_scalar: Sequence[str] = (), scalar: tuple = (int, float)) -> dict:
    """A built-in distribution's `param` for Distribution.__init__: its constructor's `locals()` with `param_dict`
    (the parameters `names`), after MindSpore's dtype check and its rejection of scalar `no_scalar` arguments."""
    param = dict(args)
    param["param_dict"] = {name: args[name] for name in names}
    validator.check_type_name("dtype", args["dtype"], valid, type(cell).__name__)
    for name in no_scalar:
        if isinstance(args[name], scalar):
            raise TypeError(f"Input {name} can't be scalar")
    return param


def add_positive(dist: Any, params: dict) -> list:
    """Registers the parameters `params` (name: constructor value) in order, then checks each given one is > 0."""
    added = [dist._add_parameter(value, name) for name, value in params.items()]
    for value, name in zip(added, params):
        if value is not None:
            h.check_greater_zero(value, name)
    return added


class LocScale:
    """The `loc` and `scale` parameters (Cauchy, Logistic, LogNormal, Gumbel, the GumbelCDF bijector)."""

    _repr_template = "loc = {}, scale = {}"
    _add_parameter: Callable[..., Any]
    _loc: Any
    _scale: Any

    def _add_loc_scale(self, loc: Any, scale: Any, check_scale: bool = True) -> None:
        self._loc = self._add_parameter(loc, "loc")
        self._scale = self._add_parameter(scale, "scale")
        if check_scale and self._scale is not None:
            h.check_greater_zero(self._scale, "scale")

    @property
    def loc(self) -> Any:
        return self._loc

    @property
    def scale(self) -> Any:
        return self._scale


class MeanSd:
    """The `mean` and `sd` parameters (Normal, HalfNormal, Laplace, StudentT); no public properties, as in MindSpore."""

    _add_parameter: Callable[..., Any]
    _mean_value: Any
    _sd_value: Any

    def _add_mean_sd(self, mean: Any, sd: Any) -> None:
        self._mean_value = self._add_parameter(mean, "mean")
        self._sd_value = self._add_parameter(sd, "sd")
        if self._sd_value is not None:
            h.check_greater_zero(self._sd_value, "Standard deviation")


class Probs:
    """The `probs` parameter (Bernoulli, Geometric, Categorical); `check` validates a given one."""

    _repr_template = "probs = {}"
    _add_parameter: Callable[..., Any]
    _probs: Any

    def _add_probs(self, probs: Any, check: Callable[[Any], None] = h.check_prob) -> None:
        self._probs = self._add_parameter(probs, "probs")
        if self._probs is not None:
            check(self._probs)

    @property
    def probs(self) -> Any:
        return self._probs


class Rate:
    """The `rate` parameter, greater than zero (Exponential, Poisson)."""

    _repr_template = "rate = {}"
    _add_parameter: Callable[..., Any]
    _rate: Any

    def _add_rate(self, rate: Any) -> None:
        self._rate = self._add_parameter(rate, "rate")
        if self._rate is not None:
            h.check_greater_zero(self._rate, "rate")

    @property
    def rate(self) -> Any:
        return self._rate
