"""Parity cases for nn.SSIM, nn.MSSSIM and nn.PSNR. They run under GRAPH_MODE: MindSpore 2.10's PyNative mode
rejects their float `max_val` (ScalarCast accepts only int64/float64/bool there), a PyNative-only bug."""
import numpy as np

import mindspore as ms
from mindspore import Tensor, nn
from parity_ops_common import error_name

COMPILED_PASS = False
CONTEXT = {"mode": 0, "device_target": "CPU"}
TOLERANCES = {
    "ssim": {"rtol": 1e-4, "atol": 1e-5, "why": "Gaussian filtering summation order"},
    "msssim": {"rtol": 1e-4, "atol": 1e-5, "why": "Gaussian filtering summation order"},
}


def _img(shape, seed, dtype=np.float32):
    return np.random.RandomState(seed).rand(*shape).astype(dtype)


def _d(t):
    return {"dtype": str(t.dtype), "shape": list(t.shape), "value": t.asnumpy()}


def case_ssim():
    a, b = _img((2, 3, 16, 16), 0), _img((2, 3, 16, 16), 1)
    near = np.clip(a + 0.05 * _img((2, 3, 16, 16), 2), 0, 1)
    return {"default": _d(nn.SSIM()(Tensor(a), Tensor(b))),
            "near": _d(nn.SSIM(filter_size=5, filter_sigma=1.0)(Tensor(a), Tensor(near))),
            "max255": _d(nn.SSIM(max_val=255, k1=0.02, k2=0.04)(Tensor(a * 255), Tensor(near * 255))),
            "even": _d(nn.SSIM(filter_size=4)(Tensor(a), Tensor(near))),
            "names": [(n, p.requires_grad) for n, p in nn.SSIM().parameters_and_names()]}


def case_ssim_small_image_error():
    return error_name(lambda: nn.SSIM()(Tensor(_img((1, 1, 8, 8), 0)), Tensor(_img((1, 1, 8, 8), 1))))


def case_ssim_bad_dtype():
    x = Tensor(_img((1, 1, 16, 16), 0), ms.float64)
    return error_name(lambda: nn.SSIM()(x, x))


def case_msssim():
    a, b = _img((1, 2, 48, 48), 3), _img((1, 2, 48, 48), 4)
    near = np.clip(a + 0.1 * _img((1, 2, 48, 48), 5), 0, 1)
    return {"default": _d(nn.MSSSIM(filter_size=3)(Tensor(a), Tensor(b))),
            "near": _d(nn.MSSSIM(filter_size=3, power_factors=(0.5, 0.3, 0.2))(Tensor(a), Tensor(near))),
            "uint8": _d(nn.MSSSIM(max_val=255, filter_size=3, power_factors=(0.6, 0.4))(
                Tensor((a * 255).astype(np.uint8)), Tensor((near * 255).astype(np.uint8)))),
            "names": [n for n, _ in nn.MSSSIM(power_factors=(0.5, 0.5)).parameters_and_names()]}


def case_psnr():
    a, b = _img((2, 3, 4, 4), 6), _img((2, 3, 4, 4), 7)
    ia, ib = (a * 255).astype(np.uint8), (b * 255).astype(np.uint8)
    return {"float": _d(nn.PSNR()(Tensor(a), Tensor(b))), "max2": _d(nn.PSNR(2.0)(Tensor(a), Tensor(b))),
            "uint8": _d(nn.PSNR(255)(Tensor(ia), Tensor(ib)))}


def case_psnr_shape_mismatch():
    return error_name(lambda: nn.PSNR()(Tensor(_img((1, 3, 4, 4), 0)), Tensor(_img((1, 3, 4, 5), 1))))


def case_psnr_bad_max_val():
    return error_name(lambda: nn.PSNR(max_val=0))
