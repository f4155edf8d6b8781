"""Shared machinery of the spectral audio transforms: windows, STFT/ISTFT, complex views (their base class and
input checks live in `_common.py`).

MindSpore keeps float64 audio in float64 and computes everything else (ints, float16, float32) in float32.
A complex spectrogram is a real array with a trailing axis of 2 (real, imaginary)."""
from __future__ import annotations

import numpy as np
import torch

from mindshim.dataset.audio._common import kernel_error
from mindshim.dataset.audio.utils import BorderType, WindowType


def to_complex(x: np.ndarray) -> torch.Tensor:
    return torch.view_as_complex(torch.from_numpy(np.ascontiguousarray(x)))


def from_complex(z: torch.Tensor, dtype: np.dtype) -> np.ndarray:
    return torch.view_as_real(z.resolve_conj()).numpy().astype(dtype, copy=False)


def window(kind: WindowType, length: int, dtype: torch.dtype) -> torch.Tensor:
    """The periodic window MindSpore uses (Kaiser with beta 12)."""
    if kind == WindowType.KAISER:
        return torch.kaiser_window(length, periodic=True, beta=12.0, dtype=dtype)
    maker = {WindowType.HANN: torch.hann_window, WindowType.HAMMING: torch.hamming_window,
             WindowType.BLACKMAN: torch.blackman_window, WindowType.BARTLETT: torch.bartlett_window}[kind]
    return maker(length, periodic=True, dtype=dtype)


def padded_window(kind: WindowType, win_length: int, n_fft: int, dtype: torch.dtype) -> torch.Tensor:
    """The window zero-padded to n_fft, centred."""
    w = window(kind, win_length, dtype)
    left = (n_fft - win_length) // 2
    return torch.nn.functional.pad(w, (left, n_fft - win_length - left))


def stft(wave: np.ndarray, n_fft: int, hop: int, win_length: int, kind: WindowType, center: bool = True,
         pad_mode: BorderType = BorderType.REFLECT, onesided: bool = True, pad: int = 0,
         normalized: bool = False) -> torch.Tensor:
    """Complex STFT of a float (..., time) array: (..., freq, frames)."""
    if pad:
        wave = np.pad(wave, [(0, 0)] * (wave.ndim - 1) + [(pad, pad)])
    if center:
        wave = np.pad(wave, [(0, 0)] * (wave.ndim - 1) + [(n_fft // 2, n_fft // 2)], mode=pad_mode.value)
    if hop <= 0 or wave.shape[-1] < n_fft:
        raise kernel_error(f"Spectrogram: the padded input length {wave.shape[-1]} should be no less than n_fft "
                           f"{n_fft}, and hop_length {hop} should be positive.")
    lead = wave.shape[:-1]
    t = torch.from_numpy(np.ascontiguousarray(wave.reshape(-1, wave.shape[-1])))
    w = padded_window(kind, win_length, n_fft, t.dtype)
    spec = torch.stft(t, n_fft, hop, n_fft, w, center=False, onesided=onesided, return_complex=True)
    if normalized:
        spec = spec / w.pow(2).sum().sqrt()
    return spec.reshape(*lead, *spec.shape[-2:])


def overlap_add(chunks: torch.Tensor, hop: int, total: int) -> torch.Tensor:
    """Sums (batch, n_fft, frames) frames placed `hop` apart: (batch, total)."""
    batch, n_fft, frames = chunks.shape
    blocks = -(-n_fft // hop)  # the frame cut into hop-long blocks, each added with one strided view
    padded = torch.nn.functional.pad(chunks, (0, 0, 0, blocks * hop - n_fft))
    padded = padded.reshape(batch, blocks, hop, frames).permute(0, 1, 3, 2).reshape(batch, blocks, frames * hop)
    out = torch.zeros(batch, total + blocks * hop, dtype=chunks.dtype)
    for j in range(blocks):
        out[:, j * hop:j * hop + frames * hop] += padded[:, j]
    return out[:, :total]


def istft(spec: torch.Tensor, n_fft: int, hop: int, win_length: int, kind: WindowType, center: bool = True,
          onesided: bool = True, length: int | None = None, normalized: bool = False) -> torch.Tensor:
    """Inverse STFT by overlap-add of a complex (..., freq, frames) tensor: real (..., time)."""
    lead, frames = spec.shape[:-2], spec.shape[-1]
    if (onesided and (spec.shape[-2] - 1) * 2 != n_fft) or hop <= 0:
        raise kernel_error(f"the frequency of the input should equal to n_fft / 2 + 1, but got {spec.shape[-2]} "
                           f"for n_fft {n_fft}.")
    real_dtype = spec.real.dtype
    w = padded_window(kind, win_length, n_fft, real_dtype)
    spec = spec.reshape(-1, *spec.shape[-2:])
    if normalized:
        spec = spec * w.pow(2).sum().sqrt()
    chunks = (torch.fft.irfft(spec, n=n_fft, dim=1) if onesided else torch.fft.ifft(spec, n=n_fft, dim=1).real) * w[:, None]
    total = n_fft + hop * (frames - 1)
    out = overlap_add(chunks, hop, total)
    envelope = overlap_add(w.pow(2)[None, :, None].expand(1, n_fft, frames), hop, total)[0]
    out = torch.where(envelope > 1e-11, out / torch.where(envelope > 1e-11, envelope, 1.0), 0.0)
    start = n_fft // 2 if center else 0
    size = length if length is not None else (total - 2 * (n_fft // 2) if center else hop * (frames - 1))
    out = out[:, start:start + size]
    if out.shape[1] < size:
        out = torch.nn.functional.pad(out, (0, size - out.shape[1]))
    return out.reshape(*lead, size)
