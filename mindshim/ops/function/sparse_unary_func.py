"""Value-wise math on sparse tensors (mindspore.ops.coo_sin, csr_relu, ...): the dense op applied to `values`,
indices and shape kept (so e.g. coo_cos leaves the implicit zeros implicit, as MindSpore does)."""
from __future__ import annotations

from typing import Any, Callable

from mindshim.common.sparse_tensor import COOTensor, CSRTensor

# name -> the mindshim.ops function applied to the values
_OPS = ("abs", "acos", "acosh", "asin", "asinh", "atan", "atanh", "ceil", "cos", "cosh", "exp", "expm1", "floor",
        "inv", "isfinite", "isinf", "isnan", "log", "log1p", "neg", "relu", "relu6", "round", "sigmoid", "sin",
        "sinh", "softsign", "sqrt", "square", "tan", "tanh")


def _dense(op: str) -> Callable:
    import mindshim.ops as ops  # late: mindshim.ops imports this module
    return getattr(ops, op)


def _coo(op: str) -> Callable:
    def fn(x: Any) -> COOTensor:
        if not isinstance(x, COOTensor):
            raise TypeError(f"Expects COOTensor for coo_{op}")
        return COOTensor(x.indices, _dense(op)(x.values), x.shape)

    fn.__name__ = fn.__qualname__ = f"coo_{op}"
    fn.__doc__ = f"ops.coo_{op}(x): ops.{op} on the values of a COOTensor."
    return fn


def _csr(op: str) -> Callable:
    def fn(x: Any) -> CSRTensor:
        if not isinstance(x, CSRTensor):
            raise TypeError(f"Expects CSRTensor for csr_{op}")
        return CSRTensor(x.indptr, x.indices, _dense(op)(x.values), x.shape)

    fn.__name__ = fn.__qualname__ = f"csr_{op}"
    fn.__doc__ = f"ops.csr_{op}(x): ops.{op} on the values of a CSRTensor."
    return fn


for _op in _OPS:
    globals()[f"coo_{_op}"] = _coo(_op)
    globals()[f"csr_{_op}"] = _csr(_op)

__all__ = sorted([f"coo_{o}" for o in _OPS] + [f"csr_{o}" for o in _OPS])
