"""Parity cases for the FFT family (fft/ifft/rfft/irfft/hfft/ihfft in 1-d, 2-d and n-d, fftfreq, fftshift),
FFTWithSize, STFT/stft and the window functions (primitives and functions)."""
import numpy as np

import mindspore as ms
from mindspore import Tensor, ops
from parity_ops_common import error_name as _err  # registered by the parity loader
from mindspore.ops import operations as P

TOLERANCES = {
    "fft_1d": {"rtol": 1e-5, "atol": 1e-5, "why": "FFT butterflies (pocketfft vs MindSpore's) round differently"},
    "fft_2d_nd": {"rtol": 1e-5, "atol": 1e-5, "why": "FFT butterflies round differently"},
    "fft_hermitian": {"rtol": 1e-5, "atol": 1e-5, "why": "FFT butterflies round differently"},
    "fft_dtypes": {"rtol": 1e-5, "atol": 1e-5, "why": "FFT butterflies round differently"},
    "fft_grads": {"rtol": 1e-5, "atol": 1e-5, "why": "FFT butterflies round differently"},
    "fft_with_size": {"rtol": 1e-5, "atol": 1e-5, "why": "FFT butterflies round differently"},
    "stft_values": {"rtol": 1e-4, "atol": 1e-5, "why": "framewise DFT summation order"},
    "windows": {"rtol": 1e-5, "atol": 1e-6, "why": "cos/Bessel rounding"},
}


def _u(seed, shape, low=-1.0, high=1.0, dtype=np.float32):
    return Tensor(np.random.RandomState(seed).uniform(low, high, shape).astype(dtype))


def _c(seed, shape):
    r = np.random.RandomState(seed)
    return Tensor((r.uniform(-1, 1, shape) + 1j * r.uniform(-1, 1, shape)).astype(np.complex64))


def _d(t):
    if isinstance(t, (tuple, list)):
        return {"type": type(t).__name__, "items": [_d(i) for i in t]}
    return {"dtype": str(t.dtype), "shape": list(t.shape), "value": t.asnumpy()}


def case_fft_1d():
    x, c = _u(0, (2, 6)), _c(1, (2, 5))
    return {"fft": [_d(ops.fft(x)), _d(ops.fft(c, n=8)), _d(ops.fft(x, n=4, dim=0)), _d(ops.fft(c, norm="ortho")),
                    _d(ops.fft(c, norm="forward"))],
            "ifft": [_d(ops.ifft(c)), _d(ops.ifft(x, n=3)), _d(ops.ifft(c, norm="forward"))],
            "rfft": [_d(ops.rfft(x)), _d(ops.rfft(x, n=9, norm="ortho")), _d(ops.rfft(x, dim=0))],
            "irfft": [_d(ops.irfft(c)), _d(ops.irfft(c, n=9)), _d(ops.irfft(c, norm="ortho"))]}


def case_fft_2d_nd():
    x, c = _u(2, (2, 3, 4)), _c(3, (2, 3, 4))
    return {"fft2": [_d(ops.fft2(x)), _d(ops.fft2(c, s=(2, 5), norm="ortho"))],
            "ifft2": [_d(ops.ifft2(c)), _d(ops.ifft2(x, dim=(0, 2)))],
            "fftn": [_d(ops.fftn(c)), _d(ops.fftn(x, s=(3, 3), dim=(1, 2)))],
            "ifftn": [_d(ops.ifftn(c, norm="forward")), _d(ops.ifftn(x, dim=(0,)))],
            "rfft2": [_d(ops.rfft2(x)), _d(ops.rfft2(x, s=(4, 6)))],
            "irfft2": [_d(ops.irfft2(c)), _d(ops.irfft2(c, s=(3, 6)))],
            "rfftn": [_d(ops.rfftn(x)), _d(ops.rfftn(x, dim=(0, 1)))],
            "irfftn": [_d(ops.irfftn(c)), _d(ops.irfftn(c, s=(2, 3, 7)))]}


def case_fft_hermitian():
    x, c = _u(4, (3, 4)), _c(5, (3, 4))
    return {"hfft": [_d(ops.hfft(c)), _d(ops.hfft(c, n=5, norm="ortho"))],
            "ihfft": [_d(ops.ihfft(x)), _d(ops.ihfft(x, n=6, dim=0))],
            "hfft2": [_d(ops.hfft2(c)), _d(ops.hfft2(c, s=(3, 4)))],
            "ihfft2": [_d(ops.ihfft2(x)), _d(ops.ihfft2(x, norm="forward"))],
            "hfftn": [_d(ops.hfftn(c)), _d(ops.hfftn(c, dim=(0,)))],
            "ihfftn": [_d(ops.ihfftn(x)), _d(ops.ihfftn(x, s=(2, 5)))]}


def case_fft_dtypes():
    out = {}
    for name, arr in (("f64", np.arange(4, dtype=np.float64)), ("i32", np.array([1, 0, 2, 3], np.int32)),
                      ("i64", np.array([1, 0, 2, 3], np.int64)), ("f16", np.array([1, 0, 2, 3], np.float16)),
                      ("i16", np.array([1, 0, 2, 3], np.int16))):
        t = Tensor(arr)
        out[name] = {"fft": _d(ops.fft(t)), "rfft": _d(ops.rfft(t)), "ihfft": _d(ops.ihfft(t)), "irfft": _d(ops.irfft(t)),
                     "hfft": _d(ops.hfft(t))}
    c = Tensor(np.array([1 + 2j, 3 - 1j, 0.5 + 0j, 2j], np.complex64))
    out["rfft_complex"] = [_d(ops.rfft(c)), _d(ops.ihfft(c)), _d(ops.rfft2(Tensor(np.ones((2, 2), np.complex64))))]
    out["c128"] = _d(ops.ifft(Tensor(np.array([1 + 1j, 2 - 1j], np.complex128))))
    out["irfft_real"] = _d(ops.irfft(Tensor([1.0, 2.0, 3.0], ms.float32)))
    out["irfft_f64"] = _d(ops.irfft(Tensor([1.0, 2.0, 3.0], ms.float64)))
    return out


def case_fft_grads():
    x = _u(6, (2, 4))
    return {"rfft": ops.grad(lambda t: ops.real(ops.rfft(t)).sum() + ops.imag(ops.rfft(t)).sum())(x).asnumpy(),
            "fft": ops.grad(lambda t: ops.abs(ops.fft(t)).sum())(x).asnumpy(),
            "irfft": ops.grad(lambda t: ops.irfft(ops.rfft(t) * 2.0, n=4).sum())(x).asnumpy()}


def case_fft_freq_shift():
    x = Tensor(np.arange(12, dtype=np.float32).reshape(3, 4))
    return {"fftfreq": [_d(ops.fftfreq(5)), _d(ops.fftfreq(6, 0.5)), _d(ops.fftfreq(4, dtype=ms.float64))],
            "rfftfreq": [_d(ops.rfftfreq(5)), _d(ops.rfftfreq(8, 2.0)), _d(ops.rfftfreq(4, dtype=ms.float16))],
            "fftshift": [_d(ops.fftshift(x)), _d(ops.fftshift(x, dim=1)), _d(ops.fftshift(x, (0,))),
                         _d(ops.fftshift(Tensor([0, 1, 2, -2, -1], ms.int32)))],
            "ifftshift": [_d(ops.ifftshift(x)), _d(ops.ifftshift(x, dim=0)),
                          _d(ops.ifftshift(Tensor([-2, -1, 0, 1, 2], ms.int32)))]}


def case_fft_errors():
    x = _u(0, (2, 4))
    return {"dim": _err(lambda: ops.fft(x, dim=2)), "n": _err(lambda: ops.fft(x, n=0)),
            "norm": _err(lambda: ops.fft(x, norm="bad")),
            "uint8": _err(lambda: ops.fft(Tensor([1, 2], ms.uint8))), "bool": _err(lambda: ops.rfft(Tensor([True]))),
            "fft2_dims": _err(lambda: ops.fft2(Tensor([1.0, 2.0]))),
            "s_dim": _err(lambda: ops.fftn(x, s=(2, 2, 2), dim=(0, 1)))}


def case_fft_with_size():
    x, c = _u(7, (2, 4, 6)), _c(8, (2, 4, 6))
    half = ops.rfft(x)
    return {"fft": [_d(P.FFTWithSize(1, False, False)(c)), _d(P.FFTWithSize(2, False, False, "ortho")(c)),
                    _d(P.FFTWithSize(3, False, False, "forward")(c))],
            "ifft": [_d(P.FFTWithSize(1, True, False)(c)), _d(P.FFTWithSize(2, True, False, "forward")(c))],
            "rfft": [_d(P.FFTWithSize(1, False, True)(x)), _d(P.FFTWithSize(2, False, True, "ortho")(x)),
                     _d(P.FFTWithSize(1, False, True, onesided=False)(x))],
            "irfft": [_d(P.FFTWithSize(1, True, True)(half)),
                      _d(P.FFTWithSize(1, True, True, signal_sizes=(7,))(ops.rfft(x, n=7))),
                      _d(P.FFTWithSize(2, True, True, "ortho", signal_sizes=(4, 7))(ops.rfft2(x, s=(4, 7)))),
                      _d(P.FFTWithSize(1, True, True, onesided=False)(c))]}


def case_fft_with_size_errors():
    c = _c(8, (2, 4))
    return {"ndim": _err(lambda: P.FFTWithSize(4, False, False)(c)),
            "rank": _err(lambda: P.FFTWithSize(3, False, False)(c)),
            "sizes": _err(lambda: P.FFTWithSize(1, True, True, signal_sizes=(2, 4))(c)),
            "norm": _err(lambda: P.FFTWithSize(1, False, False, "bad")(c)),
            "fft_real": _err(lambda: P.FFTWithSize(1, False, False)(_u(0, (2, 4))))}


def case_stft_values():
    x = _u(9, (40,))
    xb = _u(10, (2, 30))
    win = ops.hann_window(16)
    return {"default": _d(ops.stft(x, 16)),
            "complex": _d(ops.stft(x, 16, hop_length=5, window=win, return_complex=True)),
            "nocenter": _d(ops.stft(xb, 8, hop_length=3, center=False, return_complex=True)),
            "normalized": _d(ops.stft(x, 16, normalized=True, onesided=False, return_complex=True)),
            "win_short": _d(ops.stft(xb, 8, win_length=6, window=ops.hann_window(6), return_complex=True)),
            "pad_constant": _d(ops.stft(x, 8, pad_mode="CONSTANT", return_complex=True)),
            "STFT": _d(P.STFT(8, 4, 8, False, True, True)(x, ops.ones(8, ms.float32))),
            "STFT_real": _d(P.STFT(8, 2, 8, True, False, False)(xb, ops.hann_window(8)))}


def case_stft_errors():
    return {"rank": _err(lambda: ops.stft(_u(0, (2, 2, 20)), 8)),
            "n_fft": _err(lambda: ops.stft(_u(0, (20,)), 8.0))}


def case_windows():
    out = {}
    for n in (1, 5, 8):
        for periodic in (True, False):
            k = f"{n}_{periodic}"
            out["bartlett_" + k] = _d(ops.bartlett_window(Tensor(n, ms.int32), periodic))
            out["blackman_" + k] = _d(ops.blackman_window(Tensor(n, ms.int64), periodic))
            out["hamming_" + k] = _d(ops.hamming_window(n, periodic))
            out["hann_" + k] = _d(ops.hann_window(n, periodic))
            out["kaiser_" + k] = _d(ops.kaiser_window(n, periodic))
    out["hamming_ab"] = _d(ops.hamming_window(6, alpha=0.5, beta=0.3, dtype=ms.float64))
    out["kaiser_beta"] = _d(ops.kaiser_window(7, False, beta=5.0, dtype=ms.float16))
    out["zero"] = [_d(ops.hann_window(0)), _d(ops.bartlett_window(Tensor(0, ms.int32))), _d(ops.kaiser_window(0)),
                   _d(ops.hamming_window(0)), _d(ops.blackman_window(Tensor(0, ms.int32)))]
    out["dtypes"] = [_d(ops.blackman_window(Tensor(4, ms.int32), dtype=ms.float64)),
                     _d(ops.bartlett_window(Tensor(4, ms.int32), dtype=ms.float16)),
                     _d(ops.hann_window(4, dtype=ms.float32)), _d(ops.hamming_window(4, dtype=ms.float16))]
    n = Tensor(6, ms.int32)
    out["BartlettWindow"] = [_d(P.BartlettWindow()(n)), _d(P.BartlettWindow(False, ms.float64)(n))]
    out["BlackmanWindow"] = [_d(P.BlackmanWindow()(n)), _d(P.BlackmanWindow(periodic=False)(Tensor(5, ms.int64)))]
    out["HammingWindow"] = [_d(P.HammingWindow()(Tensor([6], ms.int64))),
                            _d(P.HammingWindow(False, 0.6, 0.4, ms.float16)(Tensor([6], ms.int32)))]
    return out


def case_window_errors():
    return {"neg": _err(lambda: ops.hann_window(-1)), "float_len": _err(lambda: ops.kaiser_window(3.0)),
            "tensor_len": _err(lambda: ops.hann_window(Tensor(3, ms.int32))),
            "int_len": _err(lambda: ops.bartlett_window(3)),
            "int_dtype": _err(lambda: ops.blackman_window(Tensor(4, ms.int32), dtype=ms.int32)),
            "hamming_dtype": _err(lambda: ops.hamming_window(4, dtype=ms.int32)),
            "hamming_alpha": _err(lambda: ops.hamming_window(4, alpha=1)),
            "kaiser_neg": _err(lambda: ops.kaiser_window(-2)),
            "prim_float": _err(lambda: P.BartlettWindow()(Tensor(4.0, ms.float32))),
            "prim_rank": _err(lambda: P.BlackmanWindow()(Tensor([4], ms.int32))),
            "prim_neg": _err(lambda: P.BartlettWindow()(Tensor(-1, ms.int32))),
            "hamming_prim_dtype": _err(lambda: P.HammingWindow(dtype=ms.int32)(Tensor([4], ms.int32)))}
