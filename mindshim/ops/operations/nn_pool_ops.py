"""3-D, argmax, adaptive and unpooling primitives (`ops.MaxPool3D(...)`, `ops.AvgPool3D(...)`,
`ops.MaxPoolWithArgmaxV2(...)`, `ops.MaxPool3DWithArgmax(...)`, `ops.AdaptiveAvgPool3D(...)`,
`ops.AdaptiveMaxPool3D()`, `ops.MaxUnpool2D(...)`, `ops.MaxUnpool3D(...)`).

Mapping decisions (MindSpore 2.10 CPU, checked against the real thing):
- 'pad' mode padding is (head, tail, top, bottom, left, right) and may be asymmetric; 'same' puts the odd
  unit at the back. With ceil_mode the last window must start inside the input or its front padding.
- `MaxPoolWithArgmax` (deprecated) returns Int32 flat indices into each sample's unpadded C*H*W block;
  `MaxPoolWithArgmaxV2`/`MaxPool3DWithArgmax` return `argmax_type` indices (Int64 default).
- `AdaptiveMaxPool3D()(x, output_size)` returns (values, Int32 indices).
- Integer inputs are pooled in float64 where torch has no integer kernel, then cast back.
- Unpool indices are range-checked on the host (RuntimeError) before reaching a torch kernel.
"""
from __future__ import annotations

from typing import Any

import torch
import torch.nn.functional as F

from mindshim.ops.operations import _pool_util as U
from mindshim.ops.primitive import Primitive


def _check_str(value: Any, allowed: tuple, arg: str, op: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"For '{op}', '{arg}' must be a str, but got {type(value).__name__}.")
    if value not in allowed:
        raise ValueError(f"For '{op}', '{arg}' must be one of {allowed}, but got {value!r}.")
    return value


def _pads6(pad: Any, arg: str, op: str) -> list:
    p = U.ints(pad, 6, arg, op, allow=(3,), minimum=0, types=(int, tuple, list))
    if isinstance(pad, (tuple, list)) and len(pad) == 3:
        p = (pad[0], pad[0], pad[1], pad[1], pad[2], pad[2])
    return [(p[0], p[1]), (p[2], p[3]), (p[4], p[5])]


def _check_rank(x: Any, ranks: tuple, op: str) -> torch.Tensor:
    if not isinstance(x, torch.Tensor):
        raise TypeError(f"For '{op}', the input must be a Tensor, but got {type(x).__name__}.")
    if x.dim() not in ranks:
        raise ValueError(f"For '{op}', the input must be {' or '.join(map(str, ranks))}-D, but got {x.dim()}-D.")
    return x


class MaxPool3D(Primitive):
    def __init__(self, kernel_size: Any = 1, strides: Any = 1, pad_mode: str = "VALID", pad_list: Any = 0,
                 ceil_mode: Any = None, data_format: str = "NCDHW") -> None:
        super().__init__()
        op = "MaxPool3D"
        _check_str(pad_mode, (pad_mode,), "pad_mode", op)
        self.pad_mode = _check_str(pad_mode.upper(), ("VALID", "SAME", "PAD"), "pad_mode", op)
        self.data_format = _check_str(data_format, ("NCDHW",), "data_format", op)
        self.kernel_size = U.ints(kernel_size, 3, "kernel_size", op, allow=(5,))
        self.strides = U.ints(strides, 3, "strides", op, allow=(5,))
        if ceil_mode is not None and not isinstance(ceil_mode, bool):
            raise TypeError(f"For '{op}', 'ceil_mode' must be a bool or None, but got {ceil_mode!r}.")
        if ceil_mode is not None and self.pad_mode != "PAD":
            raise ValueError(f"For '{op}', when 'pad_mode' is 'same' or 'valid', 'ceil_mode' only supports None.")
        self.ceil_mode = bool(ceil_mode)
        self.pad_list = _pads6(pad_list, "pad_list", op)
        if self.pad_mode != "PAD" and any(sum(p) for p in self.pad_list):
            raise ValueError(f"For '{op}', 'pad_list' must be 0 when 'pad_mode' is not 'pad', but got {pad_list}.")

    @U.plain_io
    def __call__(self, x: Any) -> Any:
        x = _check_rank(x, (5,), "MaxPool3D")
        pads = U.same_pads(x.shape[2:], self.kernel_size, self.strides) if self.pad_mode == "SAME" else self.pad_list
        return U.window_pool(x, 3, "max", self.kernel_size, self.strides, pads, self.ceil_mode)


class AvgPool3D(Primitive):
    def __init__(self, kernel_size: Any = 1, strides: Any = 1, pad_mode: str = "valid", pad: Any = 0,
                 ceil_mode: bool = False, count_include_pad: bool = True, divisor_override: int = 0,
                 data_format: str = "NCDHW") -> None:
        super().__init__()
        op = "AvgPool3D"
        _check_str(pad_mode, (pad_mode,), "pad_mode", op)
        self.pad_mode = _check_str(pad_mode.lower(), ("valid", "same", "pad"), "pad_mode", op)
        self.data_format = _check_str(data_format, ("NCDHW",), "data_format", op)
        self.kernel_size = U.ints(kernel_size, 3, "kernel_size", op, allow=(5,))
        self.strides = U.ints(strides, 3, "strides", op, allow=(5,))
        for arg, v in (("ceil_mode", ceil_mode), ("count_include_pad", count_include_pad)):
            if not isinstance(v, bool):
                raise TypeError(f"For '{op}', '{arg}' must be a bool, but got {v!r}.")
        if isinstance(divisor_override, bool) or not isinstance(divisor_override, int) or divisor_override < 0:
            raise TypeError(f"For '{op}', 'divisor_override' must be a non-negative int, but got {divisor_override!r}.")
        self.pad = _pads6(pad, "pad", op)
        if self.pad_mode != "pad" and any(sum(p) for p in self.pad):
            raise ValueError(f"For '{op}', 'pad' must be 0 when 'pad_mode' is not 'pad', but got {pad}.")
        self.ceil_mode, self.count_include_pad, self.divisor_override = ceil_mode, count_include_pad, divisor_override

    @U.plain_io
    def __call__(self, x: Any) -> Any:
        x = _check_rank(x, (5,), "AvgPool3D")
        pads = U.same_pads(x.shape[2:], self.kernel_size, self.strides) if self.pad_mode == "same" else self.pad
        return U.window_pool(x, 3, "avg", self.kernel_size, self.strides, pads, self.ceil_mode,
                             self.count_include_pad, self.divisor_override)


class MaxPoolWithArgmax(Primitive):
    """Deprecated form: (output, Int32 argmax) with 'valid'/'same' padding."""

    def __init__(self, kernel_size: Any = 1, strides: Any = 1, pad_mode: str = "valid",
                 data_format: str = "NCHW") -> None:
        super().__init__()
        op = "MaxPoolWithArgmax"
        _check_str(pad_mode, (pad_mode,), "pad_mode", op)
        self.pad_mode = _check_str(pad_mode.upper(), ("VALID", "SAME"), "pad_mode", op)
        self.format = _check_str(data_format, ("NCHW", "NHWC"), "data_format", op)
        if self.format == "NHWC":
            raise ValueError(f"For '{op}', the 'NHWC' format is only supported on GPU.")
        self.kernel_size = U.ints(kernel_size, 2, "kernel_size", op)
        self.strides = U.ints(strides, 2, "strides", op)

    @U.plain_io
    def __call__(self, x: Any) -> Any:
        x = _check_rank(x, (4,), "MaxPoolWithArgmax")
        hw = tuple(x.shape[2:])
        pads = [(0, 0), (0, 0)]
        if self.pad_mode == "SAME":  # MindSpore's CPU kernel pads this deprecated op at the back only
            pads = [(0, f + b) for f, b in U.same_pads(hw, self.kernel_size, self.strides)]
        xc = U.in_compute_dtype(x, native_ints=True)
        xp = F.pad(xc, [pads[1][0], pads[1][1], pads[0][0], pads[0][1]], value=U.lowest(xc.dtype))
        out, idx = F.max_pool2d(xp, self.kernel_size, self.strides, return_indices=True)
        idx = U.unpad_index(idx, xp.shape[2:], (pads[0][0], pads[1][0]), hw)
        idx = idx + torch.arange(x.shape[1], device=idx.device).reshape(1, -1, 1, 1) * (hw[0] * hw[1])
        return out.to(x.dtype), idx.to(torch.int32)


class MaxPoolWithArgmaxV2(Primitive):
    _nd, _op = 2, "MaxPoolWithArgmaxV2"

    def __init__(self, kernel_size: Any, strides: Any = None, pads: Any = 0, dilation: Any = (1, 1),
                 ceil_mode: bool = False, argmax_type: Any = None) -> None:
        super().__init__()
        self._setup(kernel_size, strides, pads, dilation, ceil_mode, argmax_type)

    def _setup(self, kernel_size: Any, strides: Any, pads: Any, dilation: Any, ceil_mode: Any,
               argmax_type: Any) -> None:
        nd, op = self._nd, self._op
        self.kernel_size = U.ints(kernel_size, nd, "kernel_size", op)
        self.strides = self.kernel_size if strides is None else U.ints(strides, nd, "strides", op)
        self.pads = U.ints(pads, nd, "pads", op, minimum=0)
        self.dilation = U.ints(dilation, nd, "dilation", op)
        if not isinstance(ceil_mode, bool):
            raise TypeError(f"For '{op}', 'ceil_mode' must be a bool, but got {ceil_mode!r}.")
        self.ceil_mode = ceil_mode
        self.argmax_type = U.check_dtype_arg(torch.int64 if argmax_type is None else argmax_type, op)

    @U.plain_io
    def __call__(self, x: Any) -> Any:
        nd, op = self._nd, self._op
        x = _check_rank(x, (nd + 2,), op)
        if any(2 * p > k for p, k in zip(self.pads, self.kernel_size)):
            raise ValueError(f"For '{op}', 'pads' must be at most half of 'kernel_size', but got {self.pads}.")
        pool = F.max_pool2d if nd == 2 else F.max_pool3d
        out, idx = U.with_cast(pool, x, self.kernel_size, self.strides, self.pads, self.dilation, self.ceil_mode,
                               True, native_ints=True)
        return out, idx.to(self.argmax_type)


class MaxPool3DWithArgmax(MaxPoolWithArgmaxV2):
    _nd, _op = 3, "MaxPool3DWithArgmax"

    def __init__(self, ksize: Any, strides: Any, pads: Any, dilation: Any = (1, 1, 1), ceil_mode: bool = False,
                 data_format: str = "NCDHW", argmax_type: Any = None) -> None:
        Primitive.__init__(self)
        self.data_format = _check_str(data_format, ("NCDHW",), "data_format", self._op)
        self._setup(ksize, strides, pads, dilation, ceil_mode, argmax_type)


def _output_size3(value: Any, op: str) -> tuple:
    if isinstance(value, int) and not isinstance(value, bool):
        value = (value,) * 3
    if not isinstance(value, (tuple, list)) or len(value) != 3 or not all(
            v is None or (isinstance(v, int) and not isinstance(v, bool) and v > 0) for v in value):
        raise ValueError(f"For '{op}', 'output_size' must be a positive int or a tuple of 3 positive ints or None, "
                         f"but got {value!r}.")
    return tuple(value)


class AdaptiveAvgPool3D(Primitive):
    def __init__(self, output_size: Any) -> None:
        super().__init__()
        self.output_size = _output_size3(output_size, "AdaptiveAvgPool3D")

    @U.plain_io
    def __call__(self, x: Any) -> Any:
        x = _check_rank(x, (4, 5), "AdaptiveAvgPool3D")
        return U.with_cast(F.adaptive_avg_pool3d, x, self.output_size)


def adaptive_max3d(x: Any, output_size: tuple, op: str) -> tuple:
    """(values, Int32 indices) of a 3-D adaptive max pool over a 4-D or 5-D input."""
    x = _check_rank(x, (4, 5), op)
    out, idx = U.with_cast(F.adaptive_max_pool3d, x, output_size, True)
    return out, idx.to(torch.int32)


class AdaptiveMaxPool3D(Primitive):
    @U.plain_io
    def __call__(self, x: Any, output_size: Any) -> Any:
        size = output_size.tolist() if isinstance(output_size, torch.Tensor) else output_size
        return adaptive_max3d(x, _output_size3(tuple(size), "AdaptiveMaxPool3D"), "AdaptiveMaxPool3D")


def unpool(x: Any, indices: Any, nd: int, k: tuple, s: tuple, p: tuple, out_hw: tuple, op: str) -> torch.Tensor:
    """Scatter `x` into zeros of spatial size `out_hw` at the flat `indices`, range-checked on the host."""
    if not isinstance(indices, torch.Tensor) or indices.dtype not in (torch.int32, torch.int64):
        raise TypeError(f"For '{op}', 'indices' must be an int32 or int64 Tensor.")
    if tuple(indices.shape) != tuple(x.shape):
        raise ValueError(f"For '{op}', 'indices' must have the shape of the input {tuple(x.shape)}, "
                         f"but got {tuple(indices.shape)}.")
    limit = 1
    for v in out_hw:
        limit *= v
    if indices.numel() and (int(indices.min()) < 0 or int(indices.max()) >= limit):
        raise RuntimeError(f"For '{op}', the values of 'indices' must be in [0, {limit}), but got values in "
                           f"[{int(indices.min())}, {int(indices.max())}].")
    fn = (F.max_unpool1d, F.max_unpool2d, F.max_unpool3d)[nd - 1]
    return U.with_cast(fn, x, indices.long(), k, s, p, out_hw)


class MaxUnpool2D(Primitive):
    _nd, _op, _formats = 2, "MaxUnpool2D", ("NCHW", "NHWC")

    def __init__(self, ksize: Any, strides: Any = 0, pads: Any = 0, output_shape: Any = (),
                 data_format: str = "NCHW") -> None:
        super().__init__()
        nd, op = self._nd, self._op
        self.ksize = U.ints(ksize, nd, "ksize", op)
        self.strides = U.ints(strides, nd, "strides", op, minimum=0)
        if all(v == 0 for v in self.strides):
            self.strides = self.ksize
        elif any(v == 0 for v in self.strides):
            raise ValueError(f"For '{op}', 'strides' must be positive, but got {strides!r}.")
        self.pads = U.ints(pads, nd, "pads", op, minimum=0)
        if not isinstance(output_shape, (tuple, list)) or len(output_shape) not in (0, nd + 2):
            raise ValueError(f"For '{op}', 'output_shape' must be () or a tuple of {nd + 2} ints, "
                             f"but got {output_shape!r}.")
        self.output_shape = tuple(output_shape)
        if not isinstance(data_format, str) or data_format not in self._formats:
            raise ValueError(f"For '{op}', 'data_format' must be one of {self._formats}, but got {data_format!r}.")
        self.data_format = data_format

    @U.plain_io
    def __call__(self, x: Any, argmax: Any) -> Any:
        nd, op = self._nd, self._op
        x = _check_rank(x, (nd + 2,), op)
        last = self.data_format in ("NHWC", "NDHWC")
        if last:
            x, argmax = x.movedim(-1, 1), argmax.movedim(-1, 1)
        default = [(n - 1) * s - 2 * p + k for n, s, p, k in zip(x.shape[2:], self.strides, self.pads, self.ksize)]
        out_hw = tuple(default)
        if self.output_shape:
            want = self.output_shape[1:-1] if last else self.output_shape[2:]
            for w, d, s in zip(want, default, self.strides):
                if not d - s <= w <= d + s:
                    raise ValueError(f"For '{op}', 'output_shape' {self.output_shape} is not close to the output "
                                     f"size {default} computed from ksize, strides and pads.")
            out_hw = tuple(want)
        out = unpool(x, argmax, nd, self.ksize, self.strides, self.pads, out_hw, op)
        return out.movedim(1, -1) if last else out


class MaxUnpool3D(MaxUnpool2D):
    _nd, _op, _formats = 3, "MaxUnpool3D", ("NCDHW", "NDHWC")

    def __init__(self, ksize: Any, strides: Any = 0, pads: Any = 0, output_shape: Any = (),
                 data_format: str = "NCDHW") -> None:
        super().__init__(ksize, strides, pads, output_shape, data_format)


__all__ = ["MaxPool3D", "AvgPool3D", "MaxPoolWithArgmax", "MaxPoolWithArgmaxV2", "MaxPool3DWithArgmax",
           "AdaptiveAvgPool3D", "AdaptiveMaxPool3D", "MaxUnpool2D", "MaxUnpool3D"]

from mindshim.ops.operations._factory import finish as _finish  # noqa: E402

_finish(globals())
