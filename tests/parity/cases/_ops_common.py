"""Shared helpers of the ops_* parity cases (registered by the parity loader as `parity_ops_common`)."""
from mindspore import Tensor
from mindspore.common.api import _pynative_executor


def flush():
    """Raise-and-drop an error an earlier call left pending: MindSpore raises a kernel's error at a later sync and
    keeps it pending after it is caught, which would misattribute it to the next call."""
    try:
        _pynative_executor.sync()
    except Exception:  # noqa: BLE001 - belongs to an earlier call
        pass


def error_name(fn):
    """The exception type `fn()` raises (read at the first sync), or "no error"."""
    flush()
    try:
        out = fn()
        (out[0] if isinstance(out, (tuple, list)) else out).asnumpy()  # errors surface at sync
    except Exception as e:  # noqa: BLE001 - the type is the result
        flush()
        return type(e).__name__
    return "no error"


def error_type(fn):
    """The exception type fn() raises, or "no error" (nothing synced: for calls that return no Tensor)."""
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type is the result
        return type(e).__name__
    return "no error"


def error_words(fn, *words):
    """[the exception type fn() raises, [whether its message holds each key word]], or "no error"."""
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type is the result
        return [type(e).__name__, [w in str(e) for w in words]]
    return "no error"


def describe(t):
    """A result as dtype/shape/value (tensors), type and items (tuples, lists) or the Python value."""
    if isinstance(t, (tuple, list)):
        return {"type": type(t).__name__, "items": [describe(i) for i in t]}
    if not isinstance(t, Tensor):
        return {"py": type(t).__name__, "value": t}
    return {"dtype": str(t.dtype), "shape": list(t.shape), "value": t.asnumpy()}


def outcome(fn):
    """describe(fn()), or the exception type MindSpore raises."""
    flush()
    try:
        out = describe(fn())
        _pynative_executor.sync()
        return out
    except Exception as e:  # noqa: BLE001 - the type is the result
        flush()
        return type(e).__name__
