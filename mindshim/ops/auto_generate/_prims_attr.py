"""`ops.auto_generate` primitives that take attributes at construction (`EluExt(alpha)`, `StackExt(dim)`,
`OneHotExt(axis)`, `TensorScatterElements(axis, reduce)`, `Diagonal(offset, dim1, dim2)`, `Correlate(pad_mode)`)."""
from __future__ import annotations

from typing import Any

import torch
import torch.nn.functional as F

from mindshim.ops.auto_generate import _ext_array as A
from mindshim.ops.auto_generate import _ext_nn as N
from mindshim.ops.auto_generate._util import dt, t
from mindshim.ops.primitive import Primitive


class EluExt(Primitive):
    def __init__(self, alpha: float = 1.0) -> None:
        super().__init__()
        self.alpha = alpha

    def __call__(self, input: Any) -> Any:
        return N.elu_ext(input, self.alpha)


class StackExt(Primitive):
    def __init__(self, dim: int = 0) -> None:
        super().__init__()
        self.dim = dim

    def __call__(self, tensors: Any) -> Any:
        return A.stack_ext(tensors, self.dim)


class OneHotExt(Primitive):
    def __init__(self, axis: int = -1) -> None:
        super().__init__()
        self.axis = axis

    def __call__(self, tensor: Any, num_classes: int, on_value: Any, off_value: Any) -> Any:
        return A.one_hot_ext(tensor, num_classes, on_value, off_value, self.axis)


class TensorScatterElements(Primitive):
    def __init__(self, axis: int = 0, reduce: str = "none") -> None:
        super().__init__()
        if reduce not in ("none", "add"):
            raise ValueError(f"For 'TensorScatterElements', reduce must be 'none' or 'add', but got {reduce!r}.")
        self.axis, self.reduce = axis, reduce

    def __call__(self, data: Any, indices: Any, updates: Any) -> Any:
        return A.tensor_scatter_elements(data, indices, updates, self.axis, self.reduce)


class Diagonal(Primitive):
    def __init__(self, offset: int = 0, dim1: int = 0, dim2: int = 1) -> None:
        super().__init__()
        self.offset, self.dim1, self.dim2 = offset, dim1, dim2

    def __call__(self, input: Any) -> Any:
        return torch.diagonal(t(input), self.offset, self.dim1, self.dim2).clone()


def correlate(a: Any, v: Any, pad_mode: str = "valid") -> Any:
    """numpy.correlate: c[k] = sum_n a[n + k] * conj(v[n]) in 'valid', 'same' or 'full' mode."""
    if pad_mode not in ("valid", "same", "full"):
        raise ValueError(f"For 'Correlate', pad_mode must be 'valid', 'same' or 'full', but got {pad_mode!r}.")
    a, v = t(a), t(v)
    if a.dim() != 1 or v.dim() != 1:
        raise ValueError("For 'Correlate', a and v must be 1-D.")
    dtype = torch.promote_types(dt(a), dt(v))
    swap = v.numel() > a.numel()
    if swap:
        a, v = v, a
    n = v.numel()
    pad = {"valid": (0, 0), "same": (n // 2, n - 1 - n // 2), "full": (n - 1, n - 1)}[pad_mode]
    if not (dtype.is_floating_point or dtype.is_complex):  # integer inputs correlate in Float32
        dtype = torch.float32
    work = dtype
    out = F.conv1d(F.pad(a.to(work)[None, None], pad), v.to(work).conj()[None, None])[0, 0]
    if swap:
        out = out.flip(0).conj()
    return out.to(dtype)


class Correlate(Primitive):
    def __init__(self, pad_mode: str = "valid") -> None:
        super().__init__()
        self.pad_mode = pad_mode

    def __call__(self, a: Any, v: Any) -> Any:
        return correlate(a, v, self.pad_mode)
