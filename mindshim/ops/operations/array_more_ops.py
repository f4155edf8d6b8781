"""More array primitives: space/batch reshuffles (SpaceToBatchND, BatchToSpaceND, ...), PadV3, ReverseSequence,
SplitV, FillV2, FillDiagonal, RaggedRange, DataFormatDimMap/DataFormatVecPermute,
CompareAndBitpack, GatherV2, Expand, Eye (the rest are in array_misc_ops.py).

Mapping decisions (MindSpore 2.10 CPU behaviour, checked against the real thing):
- `DataFormatDimMap` maps each value `v` to `src_format.index(dst_format[v % 4])` (what MindSpore computes);
  `DataFormatVecPermute` reorders rows by the same permutation.
- `CompareAndBitpack` packs `x > threshold` most-significant bit first; bool inputs pack `x` itself,
  least-significant bit first (MindSpore's CPU kernel).
- `PadV3` pair `i` of `paddings` pads dim `-(i + 1)`; `paddings_contiguous=False` reads `(begins..., ends...)`.
- `GatherV2` takes `batch_dims` as a call input (MindSpore 2.10 requires it); negative indices wrap.
- Index-like inputs (GatherV2 indices, UnravelIndex, ReverseSequence lengths) are checked on the host.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import torch

from mindshim._errors import unsupported_arg
from mindshim.common import dtype as mstype
from mindshim.common.tensor import wrap
from mindshim.ops.function import array_extra_func as F
from mindshim.ops.function._args import as_tensor as _t
from mindshim.ops.primitive import Primitive

_INT_OUT = (mstype.int32, mstype.int64)
_FORMATS = ("NHWC", "NCHW")


def _check_int_dtype(name: str, arg: str, value: Any, allowed: tuple = _INT_OUT) -> None:
    if value not in allowed:
        raise TypeError(f"For '{name}', the '{arg}' should be one of {list(allowed)}, but got {value}.")


def _int_tensor(name: str, arg: str, x: Any) -> torch.Tensor:
    x = _t(x)
    if x.dtype not in (torch.int32, torch.int64):
        raise TypeError(f"For '{name}', '{arg}' must be an Int32 or Int64 Tensor, but got {x.dtype}.")
    return x


class SpaceToBatchND(Primitive):
    def __init__(self, block_shape: Any, paddings: Any) -> None:
        super().__init__()
        self.block_shape, self.paddings = F.block_args(self.name, block_shape, paddings, "paddings")

    def __call__(self, input_x: Any) -> Any:
        return F.space_to_batch(self.name, _t(input_x), self.block_shape, self.paddings)


class BatchToSpaceND(Primitive):
    def __init__(self, block_shape: Any, crops: Any) -> None:
        super().__init__()
        self.block_shape, self.crops = F.block_args(self.name, block_shape, crops, "crops")

    def __call__(self, input_x: Any) -> Any:
        return F.batch_to_space(self.name, _t(input_x), self.block_shape, self.crops)


def _block_size(name: str, block_size: Any) -> int:
    if isinstance(block_size, bool) or not isinstance(block_size, int):
        raise TypeError(f"For '{name}', 'block_size' must be an int, but got {type(block_size).__name__}.")
    if block_size < 2:
        raise ValueError(f"For '{name}', 'block_size' must be >= 2, but got {block_size}.")
    return block_size


class SpaceToBatch(SpaceToBatchND):
    """4-D NCHW only, one block size for H and W."""

    def __init__(self, block_size: int, paddings: Any) -> None:
        super().__init__((_block_size("SpaceToBatch", block_size),) * 2, paddings)
        self.block_size = block_size

    def __call__(self, input_x: Any) -> Any:
        x = _t(input_x)
        if x.dim() != 4:
            raise ValueError(f"For 'SpaceToBatch', the rank of 'input_x' must be 4, but got {x.dim()}.")
        return super().__call__(x)


class BatchToSpace(BatchToSpaceND):
    def __init__(self, block_size: int, crops: Any) -> None:
        super().__init__((_block_size("BatchToSpace", block_size),) * 2, crops)
        self.block_size = block_size

    def __call__(self, input_x: Any) -> Any:
        x = _t(input_x)
        if x.dim() != 4:
            raise ValueError(f"For 'BatchToSpace', the rank of 'input_x' must be 4, but got {x.dim()}.")
        return super().__call__(x)


class BatchToSpaceNDV2(Primitive):
    def __call__(self, input_x: Any, block_shape: Any, crops: Any) -> Any:
        block = _t(block_shape).tolist() if isinstance(block_shape, torch.Tensor) else block_shape
        pairs = _t(crops).tolist() if isinstance(crops, torch.Tensor) else crops
        block, pairs = F.block_args(self.name, block, pairs, "crops")
        return F.batch_to_space(self.name, _t(input_x), block, pairs)


class CompareAndBitpack(Primitive):
    _DTYPES = (torch.bool, torch.float16, torch.float32, torch.float64, torch.int8, torch.int16, torch.int32,
               torch.int64)

    def __call__(self, x: Any, threshold: Any) -> Any:
        x, thr = _t(x), _t(threshold)
        if x.dtype not in self._DTYPES or thr.dtype not in self._DTYPES:
            raise TypeError(f"For 'CompareAndBitpack', 'x' and 'threshold' must be bool, float or signed int "
                            f"Tensors, but got {x.dtype} and {thr.dtype}.")
        if x.dtype != thr.dtype:
            raise TypeError(f"For 'CompareAndBitpack', 'threshold' must have the dtype of 'x', but got {thr.dtype} "
                            f"and {x.dtype}.")
        if thr.dim() != 0:
            raise ValueError("For 'CompareAndBitpack', 'threshold' must be a 0-D Tensor.")
        if x.dim() == 0 or x.shape[-1] % 8:
            raise ValueError(f"For 'CompareAndBitpack', the innermost dimension of 'x' must be divisible by 8, "
                             f"but got shape {tuple(x.shape)}.")
        bits = x if x.dtype == torch.bool else x > thr
        weights = 1 << torch.arange(8, device=x.device)
        if x.dtype != torch.bool:
            weights = weights.flip(0)
        packed = (bits.reshape(*x.shape[:-1], -1, 8).to(torch.int32) * weights).sum(-1)
        return wrap(packed.to(torch.uint8))


def _format_perm(name: str, src: str, dst: str) -> list[int]:
    for arg, value in (("src_format", src), ("dst_format", dst)):
        if value not in _FORMATS:
            raise ValueError(f"For '{name}', the '{arg}' must be str and must be in '{list(_FORMATS)}', "
                             f"but got '{value}'.")
    return [src.index(c) for c in dst]


class DataFormatDimMap(Primitive):
    def __init__(self, src_format: str = "NHWC", dst_format: str = "NCHW") -> None:
        super().__init__()
        self.src_format, self.dst_format = src_format, dst_format
        self._perm = _format_perm(self.name, src_format, dst_format)

    def __call__(self, input_x: Any) -> Any:
        x = _int_tensor(self.name, "input_x", input_x)
        table = torch.tensor(self._perm, dtype=mstype.to_torch(x.dtype), device=x.device)
        return wrap(table[torch.remainder(x, 4).long()])


class DataFormatVecPermute(DataFormatDimMap):
    def __call__(self, x: Any) -> Any:
        x = _int_tensor(self.name, "x", x)
        if tuple(x.shape) not in ((4,), (4, 2)):
            raise ValueError(f"For DataFormatVecPermute, input shape must be (4, ) or (4, 2), but got "
                             f"{tuple(x.shape)}.")
        return x[self._perm]


class Expand(Primitive):
    def __call__(self, input_x: Any, shape: Any) -> Any:
        x = _t(input_x)
        if not isinstance(shape, torch.Tensor):
            raise TypeError(f"For Primitive[Expand], the type of input argument[shape] must be Tensor but got "
                            f"{type(shape).__name__}.")
        dims = [int(v) for v in shape.tolist()]
        if len(dims) < x.dim():
            raise ValueError(f"For Expand, the target shape {dims} has fewer dims than the input {tuple(x.shape)}.")
        lead = len(dims) - x.dim()
        for i, size in enumerate(x.shape):
            want = dims[lead + i]
            if want != -1 and size not in (1, want):
                raise ValueError(f"For Expand, the expanded size of the tensor ({want}) must be equal to the existing "
                                 f"size ({size}) which is not 1 at dim ({lead + i}).")
        return x.expand(dims)


class Eye(Primitive):
    def __call__(self, n: int, m: int, dtype: Any) -> Any:
        if n < 0 or m < 0:
            raise ValueError(f"For 'Eye', 'n' and 'm' can not be negative, but got {n} and {m}.")
        from mindshim._backend import device
        return wrap(torch.eye(n, m, device=device.current()).to(mstype.to_torch(dtype)))


class FillDiagonal(Primitive):
    def __init__(self, fill_value: float, wrap: bool = False) -> None:
        super().__init__()
        if not isinstance(fill_value, float):
            raise TypeError(f"For 'FillDiagonal', the type of 'fill_value' should be 'float', but got type "
                            f"'{type(fill_value).__name__}'.")
        self.fill_value, self.wrap = fill_value, wrap

    def __call__(self, input_x: Any) -> Any:
        x = _t(input_x)
        if x.dim() < 2:
            raise ValueError(f"For FillDiagonal, 'input_x' must have rank >= 2, but got {x.dim()}.")
        if x.dim() > 2 and len(set(x.shape)) != 1:
            raise ValueError("For FillDiagonal, 'input_x' must have the same size in all dimensions when its rank "
                             "is greater than 2.")
        value: Any = self.fill_value
        if not (x.is_floating_point() or x.is_complex() or x.dtype == torch.bool):
            # integer targets truncate and wrap around like a C cast (300.0 -> 44 for UInt8)
            np_type = mstype.dtype_to_nptype(mstype.from_torch(mstype.to_torch(x.dtype)))
            value = np.array(int(value), dtype=np.int64).astype(np_type).item()
        return x.detach().clone().fill_diagonal_(value, self.wrap)


class FillV2(Primitive):
    def __call__(self, shape: Any, value: Any) -> Any:
        if not isinstance(value, torch.Tensor):
            raise TypeError(f"For Primitive[FillV2], the type of input argument[y] must be Tensor but got "
                            f"{type(value).__name__}.")
        if value.numel() != 1:
            raise ValueError(f"For 'FillV2', 'value' must hold one element, but got shape {tuple(value.shape)}.")
        dims = [int(v) for v in (shape.tolist() if isinstance(shape, torch.Tensor) else shape)]
        for i, d in enumerate(dims):
            if d < 0:
                raise ValueError(f"For 'FillV2', dimension {i} of the shape must be >= 0, but got {d}.")
        return value.reshape(()).expand(dims).clone()


class Fills(Primitive):
    def __call__(self, x: Any, value: Any) -> Any:
        x = _t(x)
        fill = value.item() if isinstance(value, torch.Tensor) else value
        if isinstance(fill, bool) or not isinstance(fill, (int, float)):
            raise TypeError(f"For 'Fills', 'value' must be a number or a 0-D Tensor, but got {type(value).__name__}.")
        return torch.full_like(x, fill)


class GatherV2(Primitive):
    def __call__(self, input_params: Any, input_indices: Any, axis: int, batch_dims: Any = None) -> Any:
        if batch_dims is None:
            raise RuntimeError("For Operator[Gather], the inputs number should be 4 but got 3.")
        if batch_dims:
            raise unsupported_arg("mindspore.ops.GatherV2", "batch_dims", batch_dims)
        x, idx = _t(input_params), _t(input_indices)
        axis = int(axis) % x.dim()
        n = x.shape[axis]
        host = idx.long().cpu()
        if host.numel() and (host.min() < -n or host.max() >= n):
            raise RuntimeError(f"For 'Gather', the 'input_indices' should be in the range [{-n}, {n}).")
        flat = torch.remainder(idx.long().reshape(-1), n)
        out = torch.index_select(x, axis, flat)
        return out.reshape(tuple(x.shape[:axis]) + tuple(idx.shape) + tuple(x.shape[axis + 1:]))


_PAD_MODES = {"constant": "constant", "reflect": "reflect", "edge": "replicate", "circular": "circular"}


class PadV3(Primitive):
    def __init__(self, mode: str = "constant", paddings_contiguous: bool = True) -> None:
        super().__init__()
        if mode not in _PAD_MODES:
            raise ValueError(f"For 'PadV3', the 'mode' must be str and must be in '{list(_PAD_MODES)}', "
                             f"but got '{mode}'.")
        self.mode, self.paddings_contiguous = mode, paddings_contiguous

    def __call__(self, x: Any, paddings: Any, constant_value: Any = None) -> Any:
        x = _t(x)
        pads = [int(v) for v in (paddings.tolist() if isinstance(paddings, torch.Tensor) else paddings)]
        if self.mode == "constant" and constant_value is None:
            raise ValueError("For primitive[PadV3], the input number must be equal to 3, but got 2.")
        if len(pads) % 2 or len(pads) > 2 * x.dim():
            raise ValueError(f"For 'PadV3', the length of 'paddings' must be even and at most {2 * x.dim()}, "
                             f"but got {len(pads)}.")
        if not self.paddings_contiguous:
            half = len(pads) // 2
            pads = [v for pair in zip(pads[:half], pads[half:]) for v in pair]
        if self.mode == "constant":
            if isinstance(constant_value, torch.Tensor) and constant_value.dtype != x.dtype:
                raise TypeError(f"For 'PadV3', 'constant_value' must have the dtype of 'x' ({x.dtype}), but got "
                                f"{constant_value.dtype}.")
            fill = constant_value.item() if isinstance(constant_value, torch.Tensor) else constant_value
            return torch.nn.functional.pad(x, pads, value=fill)
        if x.dim() < 3:
            raise ValueError(f"For primitive[PadV3], the input dims for edge, reflect or circular mode must be "
                             f"greater than or equal to 3, but got {x.dim()}.")
        if self.mode == "reflect":
            for i in range(len(pads) // 2):
                size = x.shape[-(i + 1)]
                if pads[2 * i] >= size or pads[2 * i + 1] >= size:
                    raise ValueError(f"For 'PadV3' reflect mode, Padding size must be less than the corresponding "
                                     f"input dimension, but got {pads[2 * i:2 * i + 2]} for a dimension of {size}.")
        return torch.nn.functional.pad(x, pads, mode=_PAD_MODES[self.mode])


class Padding(Primitive):
    def __init__(self, pad_dim_size: int = 8) -> None:
        super().__init__()
        if isinstance(pad_dim_size, bool) or not isinstance(pad_dim_size, int) or pad_dim_size <= 0:
            raise ValueError(f"For 'Padding', the 'pad_dim_size' must be int and must > 0, but got {pad_dim_size}.")
        self.pad_dim_size = pad_dim_size

    def __call__(self, x: Any) -> Any:
        return F.padding(x, self.pad_dim_size)


class RaggedRange(Primitive):
    def __init__(self, Tsplits: Any) -> None:  # noqa: N803 - MindSpore's attribute name
        super().__init__()
        _check_int_dtype("RaggedRange", "Tsplits", Tsplits)
        self.Tsplits = Tsplits

    def __call__(self, starts: Any, limits: Any, deltas: Any) -> Any:
        s, lim, d = _t(starts), _t(limits), _t(deltas)
        if not (s.dtype == lim.dtype == d.dtype):
            raise TypeError(f"For 'RaggedRange', starts, limits and deltas must have one dtype, but got "
                            f"{s.dtype}, {lim.dtype}, {d.dtype}.")
        if s.dtype not in (torch.float32, torch.float64, torch.int32, torch.int64):
            raise TypeError(f"For 'RaggedRange', 'starts' must be a Float32, Float64, Int32 or Int64 Tensor, but "
                            f"got {s.dtype}.")
        if not (s.shape == lim.shape == d.shape) or s.dim() > 1:
            raise ValueError(f"For 'RaggedRange', starts, limits and deltas must have one shape of rank 0 or 1, but "
                             f"got {tuple(s.shape)}, {tuple(lim.shape)}, {tuple(d.shape)}.")
        hs, hl, hd = (v.cpu().numpy() for v in (s, lim, d))
        if np.any(hd == 0):
            raise ValueError("For 'RaggedRange', 'deltas' must not contain 0.")
        rows = [np.arange(a, b, c) if (b - a) * c > 0 else np.arange(0) for a, b, c in
                zip(hs.reshape(-1), hl.reshape(-1), hd.reshape(-1))]
        splits = np.concatenate([[0], np.cumsum([len(r) for r in rows])])
        values = np.concatenate(rows) if rows else np.arange(0)
        dev = s.device
        return (wrap(torch.as_tensor(splits, device=dev).to(mstype.to_torch(self.Tsplits))),
                wrap(torch.as_tensor(values, device=dev).to(mstype.to_torch(s.dtype))))


class ReverseSequence(Primitive):
    def __init__(self, seq_dim: int, batch_dim: int = 0) -> None:
        super().__init__()
        self.seq_dim, self.batch_dim = seq_dim, batch_dim

    def __call__(self, x: Any, seq_lengths: Any) -> Any:
        return F.reverse_sequence(x, seq_lengths, self.seq_dim, self.batch_dim)


class SplitV(Primitive):
    def __init__(self, size_splits: Any, split_dim: int, num_split: int) -> None:
        super().__init__()
        if not isinstance(size_splits, (list, tuple)):
            raise TypeError(f"For 'SplitV', 'size_splits' must be a tuple or list, but got "
                            f"{type(size_splits).__name__}.")
        for v in size_splits:
            if isinstance(v, bool) or not isinstance(v, int):
                raise TypeError(f"For 'SplitV', the elements of 'size_splits' must be int, but got {v!r}.")
            if v != -1 and v < 1:
                raise ValueError(f"For 'SplitV', all elements of size_splits must be positive (except at most one "
                                 f"default value -1), but got: {v}.")
        for arg, v in (("split_dim", split_dim), ("num_split", num_split)):
            if isinstance(v, bool) or not isinstance(v, int):
                raise TypeError(f"For 'SplitV', '{arg}' must be an int, but got {type(v).__name__}.")
        if num_split <= 0:
            raise ValueError(f"For 'SplitV', 'num_split' must be a positive int, but got {num_split}.")
        self.size_splits, self.split_dim, self.num_split = tuple(size_splits), split_dim, num_split

    def __call__(self, input_x: Any) -> Any:
        x = _t(input_x)
        dim = self.split_dim % x.dim()
        sizes = list(self.size_splits)
        if len(sizes) != self.num_split or sizes.count(-1) > 1:
            raise ValueError(f"For 'SplitV', 'size_splits' {sizes} must have 'num_split' ({self.num_split}) "
                             f"elements with at most one -1.")
        if -1 in sizes:
            sizes[sizes.index(-1)] = x.shape[dim] - (sum(sizes) + 1)
        if sum(sizes) != x.shape[dim] or min(sizes) < 0:
            raise ValueError(f"For 'SplitV', 'size_splits' {self.size_splits} must add up to the size of dim {dim} "
                             f"({x.shape[dim]}).")
        return tuple(torch.split(x, sizes, dim))


__all__ = [
    "SpaceToBatchND", "BatchToSpaceND", "SpaceToBatch", "BatchToSpace", "BatchToSpaceNDV2", "CompareAndBitpack",
    "DataFormatDimMap", "DataFormatVecPermute", "Expand", "Eye", "FillDiagonal", "FillV2", "Fills", "GatherV2",
    "PadV3", "Padding", "RaggedRange", "ReverseSequence", "SplitV",
]

from mindshim.ops.operations._factory import finish as _finish  # noqa: E402

_finish(globals())
