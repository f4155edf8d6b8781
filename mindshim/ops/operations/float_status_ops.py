"""Float-status (overflow check) primitives: FloatStatus (GPU's per-tensor check) and the Ascend status
register trio NPUAllocFloatStatus / NPUClearFloatStatus / NPUGetFloatStatus.

MindSpore 2.10 has no CPU kernels for any of them; here they keep their overflow-check meaning on every
device:
- `FloatStatus()(x)`: float32 of shape (1,), 1.0 when x holds an inf or NaN, else 0.0.
- `NPUAllocFloatStatus()()`: a zero float32 status of shape (8,).
- `NPUClearFloatStatus()(status)`: zeroes `status` (in place, returned) and starts recording: until the
  next NPUGetFloatStatus, every op run (forward and backward alike) is checked for overflow (an inf or
  NaN made from finite inputs), as Ascend's status register records overflow in whatever runs between
  clear and get.
- `NPUGetFloatStatus()(status)`: stops recording and writes the result into `status` in place (element 0
  is 1.0 after an overflow, the others 0), so the model-zoo pattern `get_status(init)` then
  `reduce_sum(init)` sees a sum > 0 exactly when something overflowed. Returned as well.
Recording costs a finiteness reduction per op input and output while it is on. Inside a compiled region it cannot run;
the engine then runs that region eagerly (with its warning).
"""
from __future__ import annotations

import math
from typing import Any

import torch
from torch.utils._python_dispatch import TorchDispatchMode, _get_current_dispatch_mode_stack
from torch.utils._pytree import tree_leaves

from mindshim._backend import device as _device
from mindshim.common.tensor import _no_subclass, wrap
from mindshim.ops.primitive import Primitive

_CHECKED = (torch.float16, torch.float32, torch.float64, torch.bfloat16)


def _checked(t: Any) -> bool:
    return isinstance(t, torch.Tensor) and t.dtype in _CHECKED and t.device.type != "meta" and t.numel() > 0


def _check_float(op: str, x: Any) -> None:
    if not isinstance(x, torch.Tensor):
        raise TypeError(f"For '{op}', the input 'x' must be a Tensor, but got {type(x).__name__}.")
    with _no_subclass():
        if x.dtype not in _CHECKED:
            raise TypeError(f"For '{op}', the dtype of 'x' must be float16, float32 or float64, but got {x.dtype}.")


class _OverflowRecorder(TorchDispatchMode):
    """Ors "this op overflowed" over every op dispatched while active: an op overflows when it makes an inf
    or NaN from finite inputs. Non-finite values an op merely passes on (or writes on purpose, such as a
    -inf attention mask from `masked_fill(mask, -inf)`) are not counted again."""

    def __init__(self) -> None:
        super().__init__()
        self.flags: dict[torch.device, torch.Tensor] = {}

    def __torch_dispatch__(self, func: Any, types: Any, args: tuple = (), kwargs: dict | None = None) -> Any:
        leaves = tree_leaves((args, kwargs))
        if any(isinstance(a, float) and not math.isfinite(a) for a in leaves):
            return func(*args, **(kwargs or {}))
        inputs_finite = [torch.isfinite(t).all() for t in leaves if _checked(t)]  # before an in-place op runs
        out = func(*args, **(kwargs or {}))
        for t in tree_leaves(out):
            if _checked(t):
                bad = torch.logical_not(torch.isfinite(t).all())
                for ok in inputs_finite:
                    bad = torch.logical_and(bad, ok.to(bad.device))
                seen = self.flags.get(t.device)
                self.flags[t.device] = bad if seen is None else torch.logical_or(seen, bad)
        return out

    def overflowed(self, device: torch.device) -> torch.Tensor:
        flag = torch.zeros((), dtype=torch.bool, device=device)
        for seen in self.flags.values():
            flag = torch.logical_or(flag, seen.to(device))
        return flag


_recording: list[_OverflowRecorder] = []  # the recorder Clear started (at most one)
_last: list[_OverflowRecorder] = []  # the recorder Get stopped last, for a repeated Get


def _stop() -> _OverflowRecorder | None:
    if not _recording:
        return None
    recorder = _recording.pop()
    if recorder in _get_current_dispatch_mode_stack():
        recorder.__exit__(None, None, None)
    _last[:] = [recorder]
    return recorder


class FloatStatus(Primitive):
    def __call__(self, x: Any) -> Any:
        _check_float(self.name, x)
        with torch.no_grad(), _no_subclass():
            bad = torch.logical_not(torch.isfinite(x).all()).to(torch.float32).reshape(1)
        return wrap(bad)


class NPUAllocFloatStatus(Primitive):
    def __call__(self) -> Any:
        return wrap(torch.zeros(8, dtype=torch.float32, device=_device.current()))


class NPUClearFloatStatus(Primitive):
    def __call__(self, x: Any) -> Any:
        _check_float(self.name, x)
        if torch.compiler.is_compiling():
            raise RuntimeError("NPUClearFloatStatus records eagerly-run ops; it cannot run inside a compiled graph")
        _stop()
        _last.clear()
        with torch.no_grad(), _no_subclass():
            x.zero_()
        recorder = _OverflowRecorder()
        recorder.__enter__()
        _recording.append(recorder)
        return x


class NPUGetFloatStatus(Primitive):
    def __call__(self, x: Any) -> Any:
        _check_float(self.name, x)
        if torch.compiler.is_compiling():
            raise RuntimeError("NPUGetFloatStatus reads eagerly-run ops; it cannot run inside a compiled graph")
        recorder = _stop() or (_last[0] if _last else None)
        with torch.no_grad(), _no_subclass():
            flat = x.reshape(-1)
            flag = recorder.overflowed(x.device) if recorder is not None else torch.zeros((), dtype=torch.bool,
                                                                                     device=x.device)
            status = torch.zeros_like(flat)
            status[:1] = flag.to(x.dtype)
            flat.copy_(status)
        return x


__all__ = ["FloatStatus", "NPUAllocFloatStatus", "NPUClearFloatStatus", "NPUGetFloatStatus"]

from mindshim.ops.operations._factory import finish as _finish  # noqa: E402

_finish(globals())
