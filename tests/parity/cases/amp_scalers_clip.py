"""amp loss scalers (StaticLossScaler, DynamicLossScaler, all_finite) and the clipping ops."""
import numpy as np

import mindspore as ms
from mindspore import Tensor, amp, ops

TOLERANCES = {"custom_mixed_precision": {"rtol": 2e-3, "atol": 3e-3, "why": "float16 Dense"}}


def _x(shape, seed=0, scale=1.0):
    return Tensor((np.random.RandomState(seed).randn(*shape) * scale).astype(np.float32))


def case_static_loss_scaler():
    s = amp.StaticLossScaler(1024.0)
    grads = (_x((3,)), _x((2, 2), 1))
    scaled = s.scale(grads)
    return {"scaled": [g.asnumpy() for g in scaled], "unscaled": [g.asnumpy() for g in s.unscale(scaled)],
            "scale_value": s.scale_value.asnumpy()}


def case_dynamic_loss_scaler_sequence():
    s = amp.DynamicLossScaler(scale_value=16.0, scale_factor=2, scale_window=2)
    trace = []
    for finite in [True, True, False, True, True, True, False, False]:
        s.adjust(Tensor(finite))
        trace.append(float(s.scale_value.asnumpy()))
    return trace


def case_all_finite():
    good = (_x((3,)), _x((2,), 1))
    bad = (_x((3,)), Tensor(np.array([1.0, np.inf], np.float32)))
    nan = (Tensor(np.array([np.nan], np.float32)),)
    return {"good": bool(amp.all_finite(good).asnumpy()), "bad": bool(amp.all_finite(bad).asnumpy()),
            "nan": bool(amp.all_finite(nan).asnumpy())}


def case_clip_by_value():
    x = _x((4, 3), 2, 3.0)
    return {"both": ops.clip_by_value(x, Tensor(np.float32(-1.0)), Tensor(np.float32(1.5))).asnumpy()}


def case_clip_by_global_norm():
    grads = (_x((3, 3), 3, 4.0), _x((3,), 4, 4.0))
    return {"default": [g.asnumpy() for g in ops.clip_by_global_norm(grads)],
            "clip5": [g.asnumpy() for g in ops.clip_by_global_norm(grads, 5.0)],
            "large": [g.asnumpy() for g in ops.clip_by_global_norm(grads, 1000.0)]}


def case_clip_by_norm():
    x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    return {"ops": ops.clip_by_norm(x, 2.0).asnumpy(),
            "ops_tuple": [t.asnumpy() for t in ops.clip_by_norm((x, x * 2), 3.0)],
            "nn_all": ms.nn.ClipByNorm()(x, Tensor(np.float32(2.0))).asnumpy()}


def case_custom_mixed_precision():
    net = ms.nn.SequentialCell([ms.nn.Dense(3, 4), ms.nn.ReLU(), ms.nn.Dense(4, 2)])
    rng = np.random.RandomState(0)
    for p in net.trainable_params():
        p.set_data(Tensor(rng.randn(*p.shape).astype(np.float32)))
    net = amp.custom_mixed_precision(net, white_list=amp.get_white_list())
    out = net(_x((2, 3)))
    return {"dtype": str(out.dtype), "value": out.astype(ms.float32).asnumpy()}


def case_custom_mixed_precision_both_lists_error():
    net = ms.nn.Dense(3, 2)
    return amp.custom_mixed_precision(net, white_list=amp.get_white_list(), black_list=amp.get_black_list())
