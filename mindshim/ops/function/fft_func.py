"""Discrete Fourier transforms (mindspore.ops.fft/ifft/rfft/irfft/hfft/ihfft in 1-d, 2-d and n-d, fftfreq,
rfftfreq, fftshift, ifftshift) on torch.fft.

Mapping decisions (MindSpore 2.10 CPU behaviour, checked against the real thing):
- Inputs: int16/int32/int64/float16/float32 compute in float32 (complex64 results), float64/complex128 in double;
  bool, int8 and uint8 raise TypeError (MindSpore has no kernel for them).
- `rfft*`/`ihfft*` of a complex tensor do not raise: they return the first n//2 + 1 bins of the full (inverse)
  transform along the last transformed dim, as MindSpore does.
- A `dim` out of range, `n`/`s` < 1, `s` and `dim` of different lengths, or an unknown `norm` raise ValueError.
- `fftfreq`/`rfftfreq` compute in float64 and cast to `dtype` (Float32 by default; integer dtypes truncate).
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

import torch

from mindshim.common import dtype as mstype
from mindshim.common.tensor import Tensor, plain, wrap
from mindshim._backend import device as _device
from mindshim.ops.function._args import as_tensor as _t

_NORMS = (None, "backward", "forward", "ortho")
_TO_F32 = (torch.int16, torch.int32, torch.int64, torch.float16, torch.bfloat16)


def fft_input(name: str, input: Any) -> torch.Tensor:
    x = _t(input)
    if x.dtype in _TO_F32:
        return x.to(torch.float32)
    if x.dtype in (torch.float32, torch.float64, torch.complex64, torch.complex128):
        return x
    raise TypeError(f"For '{name}', the input dtype must be int16, int32, int64, float16, float32, float64, "
                    f"complex64 or complex128, but got {x.dtype}.")


def _check_norm(name: str, norm: Any) -> None:
    if norm not in _NORMS:
        raise ValueError(f"For '{name}', 'norm' must be one of 'backward', 'forward', 'ortho' or None, but got {norm}.")


def _check_dim(name: str, d: int, rank: int) -> int:
    if isinstance(d, bool) or not isinstance(d, int):
        raise TypeError(f"For '{name}', 'dim' must be an int, but got {type(d).__name__}.")
    if not -rank <= d < rank:
        raise ValueError(f"For '{name}', 'dim' must be in range [{-rank}, {rank}), but got {d}.")
    return d % rank


def _check_n(name: str, n: Any) -> None:
    if n is not None and (isinstance(n, bool) or not isinstance(n, int) or n < 1):
        raise ValueError(f"For '{name}', 'n'/'s' must be positive integers, but got {n}.")


def _one_d(name: str, fn: Callable, narrow: Callable | None = None) -> Callable:
    def op(input: Any, n: int | None = None, dim: int = -1, norm: str | None = None) -> Tensor:
        x = fft_input(name, input)
        _check_norm(name, norm)
        _check_n(name, n)
        d = _check_dim(name, dim, max(x.dim(), 1))
        if narrow is not None and x.is_complex():
            out = narrow(x, n=n, dim=d, norm=norm)
            return out.narrow(d, 0, out.shape[d] // 2 + 1).resolve_conj()
        return fn(x, n=n, dim=d, norm=norm).resolve_conj()  # torch may hand back a lazily conjugated view

    op.__name__ = op.__qualname__ = name
    op.__doc__ = f"ops.{name}(input, n=None, dim=-1, norm=None)"
    return op


def _dims_sizes(name: str, x: torch.Tensor, s: Any, dim: Any, default_dims: Sequence[int] | None) -> tuple:
    rank = x.dim()
    if isinstance(dim, int):
        dim = (dim,)
    if s is not None:
        s = (s,) if isinstance(s, int) else tuple(s)
        for n in s:
            _check_n(name, n)
    if dim is None:
        dim = default_dims if default_dims is not None else (
            tuple(range(rank - len(s), rank)) if s is not None else tuple(range(rank)))
    dims = tuple(_check_dim(name, d, max(rank, 1)) for d in dim)
    if len(set(dims)) != len(dims):
        raise ValueError(f"For '{name}', 'dim' must not repeat a dimension, but got {dim}.")
    if s is not None and len(s) != len(dims):
        raise ValueError(f"For '{name}', 's' and 'dim' must have the same length, but got {s} and {dim}.")
    return s, dims


def _n_d(name: str, fn: Callable, default_dims: Sequence[int] | None, narrow: Callable | None = None) -> Callable:
    def op(input: Any, s: Any = None, dim: Any = default_dims, norm: str | None = None) -> Tensor:
        x = fft_input(name, input)
        _check_norm(name, norm)
        if default_dims is not None and x.dim() < len(default_dims) and dim == default_dims:
            raise ValueError(f"For '{name}', the input must have at least {len(default_dims)} dims, got {x.dim()}.")
        s, dims = _dims_sizes(name, x, s, dim, None)
        if narrow is not None and x.is_complex():
            out = narrow(x, s=s, dim=dims, norm=norm)
            return out.narrow(dims[-1], 0, out.shape[dims[-1]] // 2 + 1).resolve_conj()
        return fn(x, s=s, dim=dims, norm=norm).resolve_conj()

    op.__name__ = op.__qualname__ = name
    op.__doc__ = f"ops.{name}(input, s=None, dim={default_dims}, norm=None)"
    return op


_F = torch.fft
fft = _one_d("fft", _F.fft)
ifft = _one_d("ifft", _F.ifft)
rfft = _one_d("rfft", _F.rfft, _F.fft)
irfft = _one_d("irfft", _F.irfft)
hfft = _one_d("hfft", _F.hfft)
ihfft = _one_d("ihfft", _F.ihfft, _F.ifft)
fft2 = _n_d("fft2", _F.fftn, (-2, -1))
ifft2 = _n_d("ifft2", _F.ifftn, (-2, -1))
rfft2 = _n_d("rfft2", _F.rfftn, (-2, -1), _F.fftn)
irfft2 = _n_d("irfft2", _F.irfftn, (-2, -1))
hfft2 = _n_d("hfft2", _F.hfftn, (-2, -1))
ihfft2 = _n_d("ihfft2", _F.ihfftn, (-2, -1), _F.ifftn)
fftn = _n_d("fftn", _F.fftn, None)
ifftn = _n_d("ifftn", _F.ifftn, None)
rfftn = _n_d("rfftn", _F.rfftn, None, _F.fftn)
irfftn = _n_d("irfftn", _F.irfftn, None)
hfftn = _n_d("hfftn", _F.hfftn, None)
ihfftn = _n_d("ihfftn", _F.ihfftn, None, _F.ifftn)


def _freq(name: str, fn: Callable, n: Any, d: float, dtype: Any) -> Tensor:
    n = int(n.item()) if isinstance(n, torch.Tensor) else n
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"For '{name}', 'n' must be a positive integer, but got {n}.")
    out = fn(n, d, dtype=torch.float64, device=_device.current())
    return wrap(out.to(torch.float32 if dtype is None else mstype.to_torch(dtype)))


def fftfreq(n: Any, d: float = 1.0, dtype: Any = None) -> Tensor:
    return _freq("fftfreq", _F.fftfreq, n, d, dtype)


def rfftfreq(n: Any, d: float = 1.0, dtype: Any = None) -> Tensor:
    return _freq("rfftfreq", _F.rfftfreq, n, d, dtype)


def fftshift(input: Any, dim: Any = None) -> Tensor:
    return _F.fftshift(_t(input), dim)


def ifftshift(input: Any, dim: Any = None) -> Tensor:
    return _F.ifftshift(_t(input), dim)


def stft_core(name: str, x: Any, n_fft: int, hop_length: int, win_length: int, window: Any, normalized: bool,
              onesided: bool, return_complex: bool) -> Tensor:
    """Framewise DFT of x (1-D or 2-D, no centre padding); the window is zero-padded to n_fft, centred."""
    x, w = _t(x), _t(window)
    dtype = torch.promote_types(plain(x).dtype, plain(w).dtype)
    if not (dtype.is_floating_point or dtype.is_complex):
        dtype = torch.float32
    if dtype in (torch.float16, torch.bfloat16):
        dtype = torch.float32
    if w.dim() != 1 or w.shape[0] != win_length:
        raise ValueError(f"For '{name}', 'window' must be 1-D of size win_length={win_length}, but got {w.shape}.")
    if win_length > n_fft or win_length < 1 or hop_length < 1:
        raise ValueError(f"For '{name}', expected 0 < win_length <= n_fft and hop_length > 0, but got "
                         f"win_length={win_length}, n_fft={n_fft}, hop_length={hop_length}.")
    if x.dim() not in (1, 2):
        raise ValueError(f"For '{name}', expected a 1-D or 2-D input, but got {x.dim()}-D.")
    if x.shape[-1] < n_fft:
        raise ValueError(f"For '{name}', the signal length {x.shape[-1]} is shorter than n_fft={n_fft}.")
    left = (n_fft - win_length) // 2
    w = torch.nn.functional.pad(w.to(dtype), (left, n_fft - win_length - left))
    out = torch.stft(x.to(dtype), n_fft, hop_length, n_fft, w, center=False, normalized=normalized,
                     onesided=bool(onesided) and not dtype.is_complex, return_complex=True)
    return out if return_complex else torch.view_as_real(out)


def _pad_signal(x: torch.Tensor, pad: int, mode: str) -> torch.Tensor:
    mode = mode.upper()
    if mode == "CONSTANT":
        return torch.nn.functional.pad(x, (pad, pad))
    if mode == "REFLECT":
        return torch.nn.functional.pad(x.unsqueeze(0), (pad, pad), mode="reflect").squeeze(0)
    if mode == "SYMMETRIC":
        return torch.cat([x[..., :pad].flip(-1), x, x[..., x.shape[-1] - pad:].flip(-1)], -1)
    raise ValueError(f"For 'stft', 'pad_mode' must be 'CONSTANT', 'REFLECT' or 'SYMMETRIC', but got {mode}.")


def stft(x: Any, n_fft: int, hop_length: int | None = None, win_length: int | None = None, window: Any = None,
         center: bool = True, pad_mode: str = "REFLECT", normalized: bool = False, onesided: bool | None = None,
         return_complex: bool | None = None) -> Tensor:
    for arg, value in (("n_fft", n_fft), ("hop_length", hop_length), ("win_length", win_length)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise TypeError(f"For 'stft', '{arg}' must be an int, but got {type(value).__name__}.")
    if not isinstance(pad_mode, str):
        raise TypeError(f"For 'stft', 'pad_mode' must be a str, but got {type(pad_mode).__name__}.")
    x = _t(x)
    hop_length = n_fft // 4 if hop_length is None else hop_length
    win_length = n_fft if win_length is None else win_length
    w = torch.ones(win_length, dtype=torch.float32, device=x.device) if window is None else _t(window)
    if onesided is None:
        onesided = not (x.is_complex() or w.is_complex())
    if return_complex is None:
        return_complex = x.is_complex() or w.is_complex()
    if center:
        if x.dim() not in (1, 2):
            raise ValueError(f"Expected a 1-D tensor or a 2-D tensor, but got {x.dim()}")
        x = _pad_signal(x, n_fft // 2, pad_mode)
    return stft_core("stft", x, n_fft, hop_length, win_length, w, normalized, onesided, return_complex)


__all__ = [
    "fft", "ifft", "rfft", "irfft", "hfft", "ihfft", "fft2", "ifft2", "rfft2", "irfft2", "hfft2", "ihfft2", "fftn",
    "ifftn", "rfftn", "irfftn", "hfftn", "ihfftn", "fftfreq", "rfftfreq", "fftshift", "ifftshift", "stft",
]
