"""mint.optim.FusedAdamW: AdamW whose amsgrad setting is global (every group the same, a ValueError otherwise),
with `max_exp_avg_sq.<param>` state Parameters on the Cell. MindSpore packs each group's parameters into one
contiguous buffer to update them with one kernel call; mindshim's `_foreach_*` update needs no packing, and the
numbers are the same."""
from __future__ import annotations

from typing import Any

from mindshim.common.parameter import ParameterTuple
from mindshim.mint.optim.adam import _check_adam_args
from mindshim.mint.optim.adamw import AdamW


def _global_amsgrad(params: Any, default: bool, cls_name: str) -> bool:
    if not (isinstance(params, (list, tuple)) and params and isinstance(params[0], dict)):
        return bool(default)
    flags = [bool(g.get("amsgrad", default)) for g in params]
    if len(set(flags)) != 1:
        raise ValueError(f"{cls_name} does not support mixed amsgrad across param_groups. Found amsgrad flags per "
                         f"group: {flags}. Please keep amsgrad consistent.")
    return flags[0]


class FusedAdamW(AdamW):
    """mint.optim.FusedAdamW(params, lr=0.001, betas=(0.9, 0.999), eps=1e-08, weight_decay=0.01, amsgrad=False,
    *, maximize=False)."""

    _beta_types = (tuple, list)

    def __init__(self, params: Any, lr: float = 0.001, betas: Any = (0.9, 0.999), eps: float = 1e-8,
                 weight_decay: float = 0.01, amsgrad: bool = False, *, maximize: bool = False) -> None:
        _global_amsgrad(params, amsgrad, self.cls_name)
        _check_adam_args(self.cls_name, lr, betas, eps, weight_decay, amsgrad, maximize, self._beta_types)
        self.global_amsgrad = bool(amsgrad)
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, maximize=maximize)
        self.max_exp_avg_sq = None
        if self.global_amsgrad:
            self.max_exp_avg_sq = self.parameters.clone(prefix="max_exp_avg_sq", init="zeros")
        self._inject_amsgrad_states()

    def _inject_amsgrad_states(self) -> None:
        for gid, (group, start, end) in enumerate(self._group_slices()):
            if self.global_amsgrad:
                if bool(group.get("amsgrad", True)) != self.global_amsgrad:
                    raise ValueError(f"{self.cls_name} does not support mixed amsgrad across param_groups. Init "
                                     f"amsgrad={self.global_amsgrad}, but group[{gid}] amsgrad={group['amsgrad']}.")
                group["amsgrad"] = True
                group["max_exp_avg_sq"] = ParameterTuple(tuple(self.max_exp_avg_sq[start:end]))
            else:
                group["amsgrad"] = False
                group.pop("max_exp_avg_sq", None)


__all__ = ["FusedAdamW"]
