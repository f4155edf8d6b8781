"""mint.optim.AdamW: torch's AdamW on the Adam base (`exp_avg.<param>`, `exp_avg_sq.<param>`, `state_step`
starting at -1 as MindSpore's AdamW kernel counts from state_step + 1)."""
from __future__ import annotations

from typing import Any

from mindshim.mint.optim.adam import _AdamBase


class AdamW(_AdamBase):
    """mint.optim.AdamW(params, lr=0.001, betas=(0.9, 0.999), eps=1e-08, weight_decay=0.01, amsgrad=False, *,
    maximize=False): torch's AdamW (decoupled weight decay: param *= 1 - lr * weight_decay)."""

    _decoupled = True
    _step_start = -1.0

    def __init__(self, params: Any, lr: float = 0.001, betas: Any = (0.9, 0.999), eps: float = 1e-8,
                 weight_decay: float = 0.01, amsgrad: bool = False, *, maximize: bool = False) -> None:
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, maximize=maximize)


__all__ = ["AdamW"]
