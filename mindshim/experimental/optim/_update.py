"""What the experimental optimizers' updates share: a group's gradients (negated for `maximize`, plus
weight_decay * param as MindSpore's `_decay_weight` adds it), float32 scalars computed as MindSpore computes
them (python float ** int32 step), the step counter's increment (all on plain torch tensors, under
`torch.no_grad()` with subclass dispatch off), and the check that every parameter has its state (`StateCheck`)."""
from __future__ import annotations

from typing import Any, Sequence

import torch


def group_grads(gradients: Sequence[Any], start: int, end: int, maximize: bool = False) -> list[torch.Tensor]:
    grads = list(gradients[start:end])
    return torch._foreach_neg(grads) if maximize else grads


def decayed(grads: list[torch.Tensor], params: list[torch.Tensor], weight_decay: float) -> list[torch.Tensor]:
    """grad + param * weight_decay (MindSpore adds L2 decay to the gradient when weight_decay != 0)."""
    if weight_decay == 0.0:
        return grads
    return torch._foreach_add(torch._foreach_mul(params, float(weight_decay)), grads)


def scalar_pow(base: float, exponent: torch.Tensor) -> torch.Tensor:
    """`base ** step` for a python float and an int32 step tensor: a float32 scalar, as in MindSpore."""
    return torch.pow(torch.tensor(base, dtype=torch.float32, device=exponent.device), exponent.to(torch.float32))


def bump(counter: torch.Tensor) -> torch.Tensor:
    """counter += 1 in place; returns the counter (the step number of the update now running)."""
    torch.Tensor.add_(counter, 1)
    return counter




class StateCheck:
    """Mixin of the experimental optimizers: the shared `construct` and the state check.

    `construct(gradients)` runs each group's `_update_group(group, start, end, gradients, lr[, step])` under
    `torch.no_grad()` with subclass dispatch off; `_step_counter` names the int32 step Parameter (None: none),
    bumped before the updates and passed to them, or after them when `_step_first` is False (Adagrad).

    MindSpore maps its update over the parameters and their state together, so parameters added by
    `add_param_group` after construction (they have no state) make the update raise a RuntimeError. Checked on the
    host: in `construct` when eager, before each compiled call otherwise (the engine's `_ms_before_compiled_call`
    hook), so a compiled region never raises it while tracing."""

    _state_names: tuple[str, ...] = ()
    _step_counter: str | None = None
    _step_first = True

    def construct(self, gradients: Any) -> bool:
        if not torch.compiler.is_compiling():
            self._check_state()
        with torch.no_grad(), torch._C.DisableTorchFunctionSubclass():
            counter = getattr(self, self._step_counter) if self._step_counter else None
            step = (bump(counter),) if counter is not None and self._step_first else ()
            for gid, (group, start, end) in enumerate(self._group_slices()):
                self._update_group(group, start, end, gradients, self.lrs[gid], *step)
            if counter is not None and not self._step_first:
                bump(counter)
        return True

    def _check_state(self) -> None:
        count = len(self.parameters)
        for name in self._state_names:
            if len(getattr(self, name)) != count:
                raise RuntimeError(f"The tuples in HyperMap should have the same length: the optimizer has {count} "
                                   f"parameters but '{name}' holds state for {len(getattr(self, name))} (a group "
                                   "added by add_param_group after construction has no state).")

    def _ms_before_compiled_call(self) -> None:
        self._check_state()
