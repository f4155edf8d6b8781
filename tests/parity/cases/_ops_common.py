"""Shared helper of the ops_* parity cases (registered by the parity loader as `parity_ops_common`)."""
from mindspore.common.api import _pynative_executor


def error_name(fn):
    """The exception type `fn()` raises (read at the first sync), or "no error". An error an earlier call left
    pending is flushed first: MindSpore raises asynchronously, at the next sync, which would misattribute it."""
    try:
        _pynative_executor.sync()
    except Exception:  # noqa: BLE001 - belongs to an earlier call
        pass
    try:
        out = fn()
        (out[0] if isinstance(out, (tuple, list)) else out).asnumpy()  # errors surface at sync
    except Exception as e:  # noqa: BLE001 - the type is the result
        return type(e).__name__
    return "no error"
