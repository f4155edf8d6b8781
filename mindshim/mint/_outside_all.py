"""`mindspore.mint` functions MindSpore 2.10 binds on the module but leaves out of its `__all__` (`mint.ones`,
`mint.unique`, ...): scripts call them all the same. Several have no CPU kernel in MindSpore 2.10 (LinSpaceExt,
Unique2, AddcmulExt, EqualExt); these follow the torch functions they mirror, as MindSpore documents them."""
from __future__ import annotations

from typing import Any

import torch

import mindshim.ops as _ops
from mindshim.common.tensor import wrap
from mindshim.mint._common import tdtype, tensor
from mindshim.mint._overload import clamp, greater_equal


def ones(size: Any, *, dtype: Any = None) -> Any:
    if isinstance(size, torch.Tensor):
        size = tuple(int(s) for s in size.reshape(-1).tolist())
    if not isinstance(size, (int, tuple, list)) or isinstance(size, bool):
        raise TypeError(f"For 'Ones', 'size' must be an int, a tuple/list of ints or a Tensor, but got "
                        f"{type(size).__name__}.")
    return _ops.ones(size, dtype)


def linspace(start: Any, end: Any, steps: int, *, dtype: Any = None) -> Any:
    start, end = (v.item() if isinstance(v, torch.Tensor) else v for v in (start, end))
    return wrap(torch.linspace(start, end, steps, dtype=tdtype(dtype) or torch.float32))


def unique(input: Any, sorted: bool = True, return_inverse: bool = False, return_counts: bool = False,  # noqa: A002
           dim: int | None = None) -> Any:
    return torch.unique(tensor(input), sorted=sorted, return_inverse=return_inverse, return_counts=return_counts,
                        dim=dim)


def equal(input: Any, other: Any) -> bool:  # noqa: A002
    """True when the two tensors have one shape and equal elements (a Python bool)."""
    return bool(torch.equal(*torch.broadcast_tensors(tensor(input), tensor(other))))


def addcmul(input: Any, tensor1: Any, tensor2: Any, *, value: Any = 1) -> Any:  # noqa: A002
    return torch.addcmul(tensor(input), tensor1, tensor2, value=value)


def fix(input: Any) -> Any:  # noqa: A002
    return torch.trunc(tensor(input))


def item(input: Any) -> Any:  # noqa: A002
    x = tensor(input)
    if x.numel() != 1:
        raise RuntimeError(f"a Tensor with {x.numel()} elements cannot be converted to Scalar")
    return x.item()


clip = clamp
ge = greater_equal
