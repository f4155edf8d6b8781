"""mindspore.experimental.optim.optimizer: the torch-style Optimizer base and the argument checks its subclasses
share. The base is one class in MindSpore, shared with `mint.optim`; its home in mindshim is
`mint/optim/optimizer.py`, re-exported here as the same object."""
from __future__ import annotations

from typing import Any

from mindshim import _checkparam as validator
from mindshim.mint.optim.optimizer import Optimizer


def check_not_less_than(arg_value: Any, arg_name: str, prim: str, value: float = 0.0) -> None:
    """ValueError unless arg_value >= value."""
    if arg_value < value:
        raise ValueError(f"For {prim}, the {arg_name} must be greater than or equal to {value}, "
                         f"but got {arg_value}.")


def check_not_less_than_without_equal(arg_value: Any, arg_name: str, prim: str, value: float = 0.0) -> None:
    """ValueError unless arg_value > value."""
    if arg_value <= value:
        raise ValueError(f"For {prim}, the {arg_name} must be greater than {value}, but got {arg_value}.")


def check_betas(betas: Any, cls_name: str) -> None:
    """Each beta a float in [0, 1) (Adamax, RAdam, NAdam)."""
    validator.check_float_range(betas[0], 0.0, 1.0, validator.INC_LEFT, "betas[0]", cls_name)
    validator.check_float_range(betas[1], 0.0, 1.0, validator.INC_LEFT, "betas[1]", cls_name)


__all__ = ["Optimizer"]
