"""The one base of mindspore.dataset.audio's transforms (`AudioTensorOperation`, public as
`mindspore.dataset.audio.transforms.AudioTensorOperation`) and the eager input checks MindSpore's audio kernels make:
a non-numpy input is a TypeError; an empty one, a bad rank or a bad dtype a RuntimeError worded as its pipeline errors.

Dtype policies: `float_wave` (float16/32/64 only, kept), `numeric_wave` (any number incl. bool, computed in float32,
float64 kept) and `as_float` (int or float, computed in float32, float64 kept; the spectral kernels' wording)."""
from __future__ import annotations

from typing import Any

import numpy as np

from mindshim.dataset.transforms.transforms import TensorOperation

TIME = "<..., time>"
SPECTROGRAM = "<..., freq, time>"


def kernel_error(message: str) -> RuntimeError:
    """The RuntimeError MindSpore's C++ kernels raise, eagerly or inside a map (worded as its pipeline errors)."""
    from mindshim.dataset.engine.datasets import _pipeline_error
    return _pipeline_error(message)


class AudioTensorOperation(TensorOperation):
    """Base of the audio transforms: `_apply(*arrays)` gets checked, non-empty numpy arrays.

    MindSpore's AudioTensorOperation rejects anything but numpy; Biquad, Spectrogram and SpectralCentroid (plain
    TensorOperations there) set `_accepts_lists` and take lists too. An op that treats the leading axes as
    independent channels sets `_batch_ok`, so a map may run a stack of rows in one `_apply`."""

    _accepts_lists = False
    _rank = 1  # with _batch_ok: the least rank of one row (its time axis; Flanger also needs a channel axis)

    def __call__(self, *arrays: Any) -> Any:
        if not self._accepts_lists:
            for x in arrays:
                if not isinstance(x, np.ndarray):
                    raise TypeError(f"Input should be NumPy audio, got {type(x)}.")
        return self._apply(*[check_not_empty(np.asarray(x)) for x in arrays])

    def _batch_apply(self, stack: np.ndarray) -> np.ndarray:
        if stack.ndim <= self._rank:  # rows too small for the op: row by row, so each reports its own error
            return np.stack([self(row) for row in stack])
        return self._apply(check_not_empty(stack))

    def _apply(self, *arrays: np.ndarray) -> Any:
        raise NotImplementedError


def name_of(op: Any) -> str:
    return type(op).__name__


def check_not_empty(wave: np.ndarray) -> np.ndarray:
    """MindSpore's eager executor refuses an empty array before any kernel sees it."""
    if wave.size == 0:
        raise kernel_error(f"Input Tensor is empty, got shape {list(wave.shape)}.")
    return wave


def check_rank(wave: np.ndarray, op: str, rank: int = 1, layout: str = TIME) -> None:
    if wave.ndim < rank:
        raise kernel_error(f"{op}: the shape of input tensor does not match the requirement of operator. Expecting "
                           f"tensor in shape of {layout}. But got tensor with dimension {wave.ndim}.")


def type_error(op: str, wave: np.ndarray, expected: str) -> RuntimeError:
    return kernel_error(f"{op}: the data type of input tensor does not match the requirement of operator. Expecting "
                        f"tensor in type of {expected}. But got type {wave.dtype}.")


def float_wave(wave: np.ndarray, op: str, rank: int = 1, layout: str = TIME) -> np.ndarray:
    """Kernels that accept float16/32/64 only and keep the dtype."""
    check_rank(wave, op, rank, layout)
    if wave.dtype.kind != "f":
        raise type_error(op, wave, "[float16, float32, float64]")
    return wave


def numeric_wave(wave: np.ndarray, op: str, rank: int = 1, layout: str = TIME) -> np.ndarray:
    """Kernels that take any number and compute in float32 (float64 stays float64)."""
    check_rank(wave, op, rank, layout)
    if wave.dtype.kind not in "biuf":
        raise type_error(op, wave, "[int, float]")
    return wave if wave.dtype == np.float64 else wave.astype(np.float32)


def float_dtype(x: np.ndarray) -> np.dtype:
    return np.dtype(np.float64 if x.dtype == np.float64 else np.float32)


def as_float(x: np.ndarray, op: str, rank: int = 0, layout: str = TIME) -> np.ndarray:
    """Spectral kernels: at least `rank` axes, int or float, computed in float32 (float64 stays float64)."""
    check_rank(x, op, rank, layout)
    if x.dtype.kind not in "iuf":
        raise kernel_error(f"{op}: the data type of input tensor does not match the requirement of this "
                           f"operation. Data type should be int, float or double, but got {x.dtype}.")
    return x.astype(float_dtype(x), copy=False)


def need_complex(x: np.ndarray, op: str, rank: int = 2) -> None:
    """A complex input: at least `rank` dimensions ending in 2."""
    if x.ndim < rank or x.shape[-1] != 2:
        raise kernel_error(f"{op}: the shape of input tensor does not match the requirement of operator. "
                           f"Expecting tensor in shape of <..., complex=2>. But got tensor with shape "
                           f"{list(x.shape)}.")
