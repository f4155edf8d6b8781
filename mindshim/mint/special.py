"""mindspore.mint.special: torch.special's functions under MindSpore's names (MindSpore 2.3+)."""
from __future__ import annotations

from typing import Any

import mindshim.ops as _ops
import mindshim.ops.auto_generate as _ag
from mindshim.mint.nn.functional import log_softmax  # MindSpore's mint.special.log_softmax is this same object

erfc, exp2, expm1, log1p, sinc = _ops.erfc, _ag.exp2, _ops.expm1, _ops.log1p, _ops.sinc


def round(input: Any) -> Any:  # noqa: A001 - MindSpore's name
    return _ops.round(input)


__all__ = ["erfc", "exp2", "expm1", "log1p", "log_softmax", "round", "sinc"]
