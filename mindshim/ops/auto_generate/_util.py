"""Shared helpers of the `ops.auto_generate` implementations (torch-style `*_ext` ops)."""
from __future__ import annotations

import functools
from typing import Any, Callable

import torch

from mindshim.common import dtype as mstype
from mindshim.common.tensor import plain
from mindshim.ops.function._args import as_tensor as _t
from mindshim.ops.primitive import Primitive

__all__ = ["t", "dt", "ms_errors", "wrap_module", "tdtype", "is_float", "check_alpha", "prims", "ref_update", "dims"]

t = _t


def tdtype(dtype: Any) -> torch.dtype | None:
    return None if dtype is None else mstype.to_torch(dtype)


def dt(x: Any) -> torch.dtype:
    """The torch dtype of a tensor (a mindshim Tensor reports MindSpore's dtype object)."""
    return plain(x).dtype


def is_float(x: Any) -> bool:
    return isinstance(x, torch.Tensor) and (x.is_floating_point() or x.is_complex())


def check_alpha(name: str, input: Any, other: Any, alpha: Any) -> None:
    """MindSpore refuses a float `alpha` when neither operand is floating."""
    if isinstance(alpha, float) and not is_float(input) and not is_float(other) and not isinstance(other, float):
        raise TypeError(f"For '{name}', floating alpha need floating input and other.")


def dims(dim: Any) -> Any:
    """MindSpore's `dim` forms for torch: None/()/[] mean every axis; lists become tuples."""
    if dim is None or dim == () or dim == []:
        return None
    return tuple(dim) if isinstance(dim, list) else dim


def ref_update(target: torch.Tensor, out: torch.Tensor) -> torch.Tensor:
    """Write `out` into `target` in place and return `target` (a leaf that requires grad, e.g. a
    Parameter, is written without recording; otherwise the copy stays differentiable)."""
    if target.is_leaf and target.requires_grad:
        with torch.no_grad():
            target.copy_(out)
    else:
        target.copy_(out)
    return target


def prims(table: dict[str, Callable], module: str) -> dict[str, type]:
    """Attribute-free primitive classes whose call is the given function (positional and keyword args)."""
    out = {}
    for name, fn in table.items():
        def __call__(self: Primitive, *args: Any, _fn: Callable = fn, **kwargs: Any) -> Any:
            return _fn(*args, **kwargs)

        out[name] = type(name, (Primitive,), {"__call__": __call__, "__module__": module,
                                              "__doc__": f"{name}()(...): calls `{fn.__name__}`."})
    return out


def ms_errors(fn: Callable) -> Callable:
    """MindSpore reports a dimension out of range as ValueError where torch raises IndexError."""
    @functools.wraps(fn)
    def op(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except IndexError as exc:
            if "out of range" in str(exc):
                raise ValueError(f"For '{fn.__name__}', {exc}") from None
            raise

    return op


def wrap_module(namespace: dict, names: list[str]) -> None:
    for name in names:
        namespace[name] = ms_errors(namespace[name])
