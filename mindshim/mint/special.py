"""mindspore.mint.special: torch.special's functions under MindSpore's names (MindSpore 2.3+)."""
from __future__ import annotations

from typing import Any

import mindshim.ops as _ops
import mindshim.ops.auto_generate as _ag

erfc, exp2, expm1, log1p, sinc = _ops.erfc, _ag.exp2, _ops.expm1, _ops.log1p, _ops.sinc
log_softmax = _ag.log_softmax_ext


def round(input: Any) -> Any:  # noqa: A001 - MindSpore's name
    return _ops.round(input)


__all__ = ["erfc", "exp2", "expm1", "log1p", "log_softmax", "round", "sinc"]
