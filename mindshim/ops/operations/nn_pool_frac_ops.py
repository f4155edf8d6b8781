"""Fractional max/avg pooling primitives (`ops.FractionalMaxPoolWithFixedKsize(...)`,
`ops.FractionalMaxPool3DWithFixedKsize(...)`, `ops.FractionalMaxPool(...)`, `ops.FractionalAvgPool(...)`).

Mapping decisions (MindSpore 2.10 CPU):
- The fixed-ksize forms take `random_samples` (N, C, 2|3) in (0, 1) and pool like torch's fractional
  max pool with those samples (same window placement); argmax is Int64 flat indices per plane. A 4-D
  input to the 3-D form is one batch of C planes and `random_samples` is read as (1, C, 3) in flat order.
- `FractionalMaxPool`/`FractionalAvgPool` pool NHWC inputs over rows/cols with the TF pooling sequences
  (output size floor(in / ratio); 'random' shuffles cells of size floor/ceil(in/out); 'pseudo_random'
  uses ceil(alpha * (i + u))); they return (y, row_seq, col_seq) with Int64 sequences. The sequences come
  from mindshim's generator, so they cannot match MindSpore's draws.
"""
from __future__ import annotations

import math
from typing import Any

import torch
import torch.nn.functional as F

from mindshim.ops.operations import _pool_util as U
from mindshim.ops.primitive import Primitive

_FLOATS = (torch.float16, torch.float32, torch.float64)


def fractional_fixed(x: torch.Tensor, nd: int, k: tuple, out: tuple, samples: Any, op: str) -> tuple:
    """(values, Int64 argmax) of torch's fractional max pool with explicit samples (None: drawn here)."""
    if x.dtype not in _FLOATS + (torch.int32, torch.int64):
        raise TypeError(f"For '{op}', the input dtype must be float16, float32, float64, int32 or int64, "
                        f"but got {x.dtype}.")
    for n, kk, o in zip(x.shape[-nd:], k, out):
        if o + kk - 1 > n:
            raise ValueError(f"For '{op}', output_shape + ksize - 1 must not exceed the input size, but got "
                             f"output {out}, ksize {k} and input {tuple(x.shape[-nd:])}.")
    batched = x if x.dim() == nd + 2 else x.unsqueeze(0)
    n_, c_ = batched.shape[:2]
    xc = U.in_compute_dtype(batched)
    if samples is not None:
        if not isinstance(samples, torch.Tensor) or samples.dtype not in _FLOATS:
            raise TypeError(f"For '{op}', 'random_samples' must be a float16, float32 or float64 Tensor.")
        if samples.numel() != n_ * c_ * nd:
            raise ValueError(f"For '{op}', 'random_samples' must have shape ({n_}, {c_}, {nd}), "
                             f"but got {tuple(samples.shape)}.")
        samples = samples.reshape(n_, c_, nd).to(xc.dtype)
    fn = F.fractional_max_pool2d if nd == 2 else F.fractional_max_pool3d
    y, idx = fn(xc, k, output_size=out, return_indices=True, _random_samples=samples)
    if x.dim() != nd + 2:
        y, idx = y.squeeze(0), idx.squeeze(0)
    return y.to(x.dtype), idx.to(torch.int64)


class FractionalMaxPoolWithFixedKsize(Primitive):
    _nd, _op, _formats = 2, "FractionalMaxPoolWithFixedKsize", ("NCHW",)

    def __init__(self, ksize: Any, output_shape: Any, data_format: str = "NCHW") -> None:
        super().__init__()
        nd, op = self._nd, self._op
        self.ksize = U.ints(ksize, nd, "ksize", op)
        self.output_shape = U.ints(output_shape, nd, "output_shape", op)
        if not isinstance(data_format, str) or data_format not in self._formats:
            raise ValueError(f"For '{op}', 'data_format' must be one of {self._formats}, but got {data_format!r}.")
        self.data_format = data_format

    @U.plain_io
    def __call__(self, x: Any, random_samples: Any) -> Any:
        nd, op = self._nd, self._op
        if not isinstance(x, torch.Tensor) or x.dim() not in (nd + 1, nd + 2):
            raise TypeError(f"For '{op}', the input must be a {nd + 1}-D or {nd + 2}-D Tensor.")
        if not isinstance(random_samples, torch.Tensor) or random_samples.dim() != 3:
            raise (TypeError if nd == 3 else ValueError)(f"For '{op}', 'random_samples' must be a 3-D Tensor.")
        last = self.data_format == "NDHWC"
        if last:
            x = x.movedim(-1, -nd - 1)
        y, idx = fractional_fixed(x, nd, self.ksize, self.output_shape, random_samples, op)
        if last:
            y, idx = y.movedim(-nd - 1, -1), idx.movedim(-nd - 1, -1)
        return y, idx


class FractionalMaxPool3DWithFixedKsize(FractionalMaxPoolWithFixedKsize):
    _nd, _op, _formats = 3, "FractionalMaxPool3DWithFixedKsize", ("NCDHW", "NDHWC")

    def __init__(self, ksize: Any, output_shape: Any, data_format: str = "NCDHW") -> None:
        super().__init__(ksize, output_shape, data_format)


def _sequence(n_in: int, n_out: int, pseudo_random: bool, gen: Any) -> list:
    """TF's pooling boundaries: n_out + 1 increasing cut points from 0 to n_in."""
    if pseudo_random:
        alpha = n_in / n_out
        k = n_in // n_out
        u_max = min((k + 2) / alpha - 1, (n_in + 1 - k) / alpha - (n_out - 1))
        u = float(torch.rand((), generator=gen, dtype=torch.float64)) * u_max
        cuts = [0] + [math.ceil(alpha * (i + u)) - 1 for i in range(1, n_out)] + [n_in]
        return cuts
    diff = torch.full((n_out,), n_in // n_out, dtype=torch.int64)
    diff[: n_in % n_out] += 1
    diff = diff[torch.randperm(n_out, generator=gen)]
    return [0] + torch.cumsum(diff, 0).tolist()


def _pool_axis(x: torch.Tensor, axis: int, cuts: list, overlapping: bool, kind: str) -> torch.Tensor:
    parts = []
    n = x.shape[axis]
    for i in range(len(cuts) - 1):
        end = min(cuts[i + 1] + (1 if overlapping else 0), n)
        seg = x.narrow(axis, cuts[i], end - cuts[i])
        parts.append(seg.amax(axis) if kind == "max" else seg.mean(axis))
    return torch.stack(parts, axis)


class FractionalMaxPool(Primitive):
    _kind, _op = "max", "FractionalMaxPool"

    def __init__(self, pooling_ratio: Any, pseudo_random: bool = False, overlapping: bool = False,
                 deterministic: bool = False, seed: int = 0, seed2: int = 0) -> None:
        super().__init__()
        op = self._op
        if not isinstance(pooling_ratio, (list, tuple)):
            raise TypeError(f"For '{op}', 'pooling_ratio' must be a list of floats, but got {pooling_ratio!r}.")
        if len(pooling_ratio) != 4:
            raise ValueError(f"For '{op}', 'pooling_ratio' must have length 4, but got {len(pooling_ratio)}.")
        if pooling_ratio[0] != 1.0 or pooling_ratio[3] != 1.0:
            raise ValueError(f"For '{op}', the first and last elements of 'pooling_ratio' must be 1.0, "
                             f"but got {pooling_ratio}.")
        if any(r < 1.0 for r in pooling_ratio):
            raise ValueError(f"For '{op}', the elements of 'pooling_ratio' must be >= 1.0, but got {pooling_ratio}.")
        for arg, v in (("pseudo_random", pseudo_random), ("overlapping", overlapping),
                       ("deterministic", deterministic)):
            if not isinstance(v, bool):
                raise TypeError(f"For '{op}', '{arg}' must be a bool, but got {v!r}.")
        if not deterministic and (seed or seed2):
            raise ValueError(f"For '{op}', both 'seed' and 'seed2' must be 0 if 'deterministic' is false.")
        self.pooling_ratio, self.pseudo_random, self.overlapping = list(pooling_ratio), pseudo_random, overlapping
        self.deterministic, self.seed, self.seed2 = deterministic, seed, seed2

    @U.plain_io
    def __call__(self, x: Any) -> Any:
        op = self._op
        if not isinstance(x, torch.Tensor) or x.dim() != 4:
            raise TypeError(f"For '{op}', the input must be a 4-D Tensor.")
        if x.dtype not in (torch.float32, torch.float64, torch.int32, torch.int64):
            raise TypeError(f"For '{op}', the input dtype must be float32, float64, int32 or int64, but got {x.dtype}.")
        gen = None
        if self.deterministic and (self.seed or self.seed2):
            gen = torch.Generator().manual_seed(self.seed * 1000003 + self.seed2)
        h, w = x.shape[1:3]
        oh, ow = int(h // self.pooling_ratio[1]), int(w // self.pooling_ratio[2])
        if oh < 1 or ow < 1:
            raise ValueError(f"For '{op}', the output size must be positive, but got ({oh}, {ow}).")
        rows = _sequence(h, oh, self.pseudo_random, gen)
        cols = _sequence(w, ow, self.pseudo_random, gen)
        xc = U.in_compute_dtype(x)
        y = _pool_axis(_pool_axis(xc, 1, rows, self.overlapping, self._kind), 2, cols, self.overlapping, self._kind)
        if not x.is_floating_point():
            y = torch.trunc(y)
        seq = lambda v: torch.tensor(v, dtype=torch.int64, device=x.device)  # noqa: E731
        return y.to(x.dtype), seq(rows), seq(cols)


class FractionalAvgPool(FractionalMaxPool):
    _kind, _op = "avg", "FractionalAvgPool"


__all__ = ["FractionalMaxPoolWithFixedKsize", "FractionalMaxPool3DWithFixedKsize", "FractionalMaxPool",
           "FractionalAvgPool"]

from mindshim.ops.operations._factory import finish as _finish  # noqa: E402

_finish(globals())
