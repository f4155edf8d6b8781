"""mindspore.ops._utils.utils: shape inference helpers that custom primitives' `infer_shape` call."""
from __future__ import annotations

from typing import Sequence

from mindshim.common._utils import is_dim_unknown


def _broadcast_dim(x: int, y: int) -> int | None:
    """The broadcast of two dimensions (-1 unknown); None when they cannot broadcast."""
    if x == 1:
        return y
    if y == 1 or x == y:
        return x
    if (x == -1 and abs(y) != 1) or (y == -1 and abs(x) != 1):
        return max(x, y)
    if -1 in (x, y):
        return -1
    return None


def get_broadcast_shape(x_shape: Sequence[int], y_shape: Sequence[int], prim_name: str, arg_name1: str = "x",
                        arg_name2: str = "y") -> Sequence[int]:
    """The shape `x_shape` and `y_shape` broadcast to ([-2] if either rank is unknown); ValueError if none."""
    if x_shape == y_shape:
        return x_shape
    if is_dim_unknown(x_shape) or is_dim_unknown(y_shape):
        return [-2]
    length = min(len(x_shape), len(y_shape))
    back = []
    for i in range(-length, 0):
        dim = _broadcast_dim(x_shape[i], y_shape[i])
        if dim is None:
            raise ValueError(f"For '{prim_name}', {arg_name1}.shape and {arg_name2}.shape need to broadcast. The "
                             f"value of {arg_name1}.shape[{i}] or {arg_name2}.shape[{i}] must be 1 or -1 when they "
                             f"are not the same, but got {arg_name1}.shape = {x_shape} and {arg_name2}.shape = "
                             f"{y_shape}.")
        back.append(dim)
    longer = y_shape if length == len(x_shape) else x_shape
    return list(longer[:len(longer) - length]) + back
