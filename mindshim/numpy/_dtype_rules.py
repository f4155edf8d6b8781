"""mindspore.numpy's dtype rules: turning inputs into tensors (Python numbers narrowed to Int32/Float32, numpy
arrays rejected), its promotion table (`promote`), and the shape checks its binary functions share. See
`_math_core` for the rules' consequences in arithmetic."""
from __future__ import annotations

from typing import Any

import torch

from mindshim.common import dtype as mstype
from mindshim.common.tensor import to_torch_tensor, wrap

_Plain = torch.Tensor
_ARRAYS = (int, float, bool, list, tuple)
FLOAT16_32 = (torch.float16, torch.float32)
_INTS = (torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8, torch.uint16, torch.uint32,
         torch.uint64)

# mindspore.numpy's promotion table where it differs from torch.promote_types
_PROMOTE_SPECIAL = {frozenset((torch.uint16, torch.float64)): torch.float32}
for _i in (torch.int8, torch.int16, torch.int32, torch.int64):
    _PROMOTE_SPECIAL[frozenset((torch.uint64, _i))] = torch.float64
_TRIG = {torch.float16: torch.float16, torch.float32: torch.float32, torch.float64: torch.float64,
         torch.int8: torch.float16, torch.uint8: torch.float16, torch.bool: torch.float16}


def is_int(dtype: torch.dtype) -> bool:
    return dtype in _INTS


def plain(x: torch.Tensor) -> torch.Tensor:
    """A plain alias of a tensor (a new Python object, so wrapping it never re-classes the caller's)."""
    return _Plain.as_subclass(x, _Plain)


def tensor(x: Any, narrow: bool = True) -> torch.Tensor:
    """MindSpore's conversion of an array-like argument (`narrow`: 64-bit Python data to 32-bit)."""
    if isinstance(x, torch.Tensor):
        return plain(x)
    if not isinstance(x, _ARRAYS):
        raise TypeError(f"Expect input to be array like, but got {type(x)}.")
    t = to_torch_tensor(x) if not (isinstance(x, (list, tuple)) and not x) else to_torch_tensor([], mstype.float32)
    if narrow:
        if t.dtype == torch.int64:
            t = t.to(torch.int32)
        elif t.dtype == torch.float64:
            t = t.to(torch.float32)
    return t


def tensors(*xs: Any) -> list[torch.Tensor]:
    return [tensor(x) for x in xs]


def need_tensor(*xs: Any) -> None:
    for x in xs:
        if not isinstance(x, torch.Tensor):
            raise TypeError(f"expect Tensor, but got {type(x)}")


def dtype_of(d: Any) -> torch.dtype:
    return mstype.to_torch(d)


def cast(x: torch.Tensor, dtype: Any) -> torch.Tensor:
    if dtype is None:
        return x
    d = dtype_of(dtype)
    return x if x.dtype == d else x.to(d)


def out(x: Any) -> Any:
    """A result as mindshim Tensor(s): fresh aliases are re-classed, so a caller's local stays plain."""
    if isinstance(x, torch.Tensor):
        return wrap(plain(x))
    if isinstance(x, (tuple, list)):
        return type(x)(out(i) for i in x)
    return x


_UNSIGNED = (torch.uint8, torch.uint16, torch.uint32, torch.uint64)
_SIGNED = (torch.int8, torch.int16, torch.int32, torch.int64)


def _promote_unsigned(u: torch.dtype, o: torch.dtype) -> torch.dtype:
    """Promotion of an unsigned dtype (torch has no rule past uint8), by MindSpore's table."""
    if o == torch.bool:
        return u
    if o in _UNSIGNED:
        return max(u, o, key=_UNSIGNED.index)
    if o in _SIGNED:
        if u == torch.uint64:
            return torch.float64
        wider = {torch.uint8: torch.int16, torch.uint16: torch.int32, torch.uint32: torch.int64}[u]
        return max(wider, o, key=_SIGNED.index)
    return o  # a float dtype wins (uint16 with float64 is special-cased by the caller's table)


def promote(d1: torch.dtype, d2: torch.dtype) -> torch.dtype:
    """mindspore.numpy's promotion table."""
    if d1 == d2:
        return d1
    special = _PROMOTE_SPECIAL.get(frozenset((d1, d2)))
    if special is not None:
        return special
    if d1 in _UNSIGNED:
        return _promote_unsigned(d1, d2)
    if d2 in _UNSIGNED:
        return _promote_unsigned(d2, d1)
    return torch.promote_types(d1, d2)


def trig_dtype(d: torch.dtype) -> torch.dtype:
    return _TRIG.get(d, torch.float32)


def same(*xs: torch.Tensor) -> list[torch.Tensor]:
    """Tensors promoted to one dtype, as MindSpore's ops do (by dtype only, whatever the ranks)."""
    d = xs[0].dtype
    for x in xs[1:]:
        d = promote(d, x.dtype) if d in _UNSIGNED[1:] or x.dtype in _UNSIGNED[1:] else torch.promote_types(d, x.dtype)
    return [x if x.dtype == d else x.to(d) for x in xs]


def broadcast_shape(*shapes: tuple) -> tuple:
    try:
        return tuple(torch.broadcast_shapes(*shapes))
    except RuntimeError:
        raise ValueError(f"operands could not be broadcast together with shapes {shapes}") from None


def check_broadcast(a: torch.Tensor, b: torch.Tensor) -> tuple:
    return broadcast_shape(tuple(a.shape), tuple(b.shape))


def float_only(name: str, *xs: torch.Tensor) -> None:
    for x in xs:
        if not x.dtype.is_floating_point:
            raise TypeError(f"For '{name}', the input must be a float Tensor, but got {x.dtype}.")


# ----- kernels with MindSpore's dtype behaviour (tensor operands) -----
