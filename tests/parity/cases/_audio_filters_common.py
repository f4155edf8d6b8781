"""Helpers shared by the dataset_audio_filters and dataset_audio_effects parity case files (the loader registers this
file as `parity_audio_filters_common`): fixed sine-mixture waveforms and result/error recording."""
import numpy as np


def _wave(shape=(2, 400), dtype=np.float32, amp=0.6, sr=16000):
    n = shape[-1]
    t = np.arange(n) / sr
    rows = int(np.prod(shape[:-1])) if len(shape) > 1 else 1
    out = []
    for r in range(rows):
        w = amp * (0.6 * np.sin(2 * np.pi * (300 + 70 * r) * t) + 0.3 * np.sin(2 * np.pi * 2300 * t + 0.4 + r)
                   + 0.1 * np.sin(2 * np.pi * 5100 * t))
        out.append(w)
    return np.asarray(out).reshape(shape).astype(dtype)


def _res(out):
    out = np.asarray(out)
    return {"dtype": str(out.dtype), "shape": list(out.shape), "value": out}


def _err(fn):
    from parity_ops_common import error_type  # (loaded after this file: helpers load in name order)
    return error_type(fn)


def _call(op, x):
    try:
        return _res(op(x))
    except Exception as e:  # noqa: BLE001 - the type is the result
        return {"error": type(e).__name__}


def _inputs(op, extra=()):
    """One op on float32 (2, 400), float64 (400,), float32 (2, 2, 150) and float16; then its bad inputs."""
    out = {"f32": _call(op, _wave()), "f64": _call(op, _wave((400,), np.float64)),
           "f32_3d": _call(op, _wave((2, 2, 150))), "f16": _call(op, _wave((1, 64), np.float16))}
    for name, x in extra:
        out[name] = _call(op, x)
    return out


_BAD_INPUTS = (("int32", (np.arange(20).reshape(2, 10) % 5).astype(np.int32)), ("scalar", np.array(0.5, np.float32)),
               ("list", [0.1, 0.2, 0.3]))


def _ctor_errors(cls, good, bad):
    """good: kwargs that work; bad: {label: kwargs overriding good}."""
    return {label: _err(lambda kw=kw: cls(**{**good, **kw})) for label, kw in bad.items()}


def _speech(n=16000, sr=16000):
    t = np.arange(n) / sr
    env = ((t > 0.3) & (t < 0.7)).astype(np.float64)
    x = env * 0.5 * np.sin(2 * np.pi * 220 * t) * (1 + 0.3 * np.sin(2 * np.pi * 3 * t))
    return (x + 0.001 * np.sin(2 * np.pi * 50 * t)).astype(np.float32)
