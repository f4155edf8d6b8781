"""mint.nn activation layers: thin Cells over `mint.nn.functional` (torch's argument names and defaults)."""
from __future__ import annotations

from typing import Any

from mindshim.mint.nn import functional as F
from mindshim.mint.nn._func_act import _float
from mindshim.nn.cell import Cell
from mindshim.ops.auto_generate._ext_nn import mish_ext, selu_ext


class SiLU(Cell):
    """mint.nn.SiLU(inplace=False)."""

    def __init__(self, inplace: bool = False) -> None:
        super().__init__()
        self.inplace = inplace

    def construct(self, x):
        return F.silu(x, self.inplace)


class Sigmoid(Cell):
    """mint.nn.Sigmoid()."""

    def construct(self, input):
        return F.sigmoid(input)


class LogSigmoid(Cell):
    """mint.nn.LogSigmoid()."""

    def construct(self, input):
        return F.logsigmoid(input)


class Tanh(Cell):
    """mint.nn.Tanh()."""

    def construct(self, input):
        return F.tanh(input)


class ELU(Cell):
    """mint.nn.ELU(alpha=1.0, inplace=False)."""

    def __init__(self, alpha: float = 1.0, inplace: bool = False) -> None:
        super().__init__()
        self.alpha = alpha
        self.inplace = inplace

    def construct(self, input):
        return F.elu(input, self.alpha, self.inplace)


class Threshold(Cell):
    """mint.nn.Threshold(threshold, value, inplace=False)."""

    def __init__(self, threshold: Any, value: Any, inplace: bool = False) -> None:
        super().__init__()
        self.threshold = threshold
        self.value = value
        self.inplace = inplace

    def construct(self, input):
        return F.threshold(input, self.threshold, self.value, self.inplace)


class GELU(Cell):
    """mint.nn.GELU(approximate='none')."""

    def __init__(self, approximate: str = "none") -> None:
        super().__init__()
        self.approximate = approximate

    def construct(self, input):
        return F.gelu(input, approximate=self.approximate)


class Hardtanh(Cell):
    """mint.nn.Hardtanh(min_val=-1.0, max_val=1.0, inplace=False)."""

    def __init__(self, min_val: float = -1.0, max_val: float = 1.0, inplace: bool = False) -> None:
        super().__init__()
        self.min_val = min_val
        self.max_val = max_val
        self.inplace = inplace

    def construct(self, input):
        return F.hardtanh(input, self.min_val, self.max_val, self.inplace)


class ReLU6(Cell):
    """mint.nn.ReLU6(inplace=False)."""

    def __init__(self, inplace: bool = False) -> None:
        super().__init__()
        self.inplace = inplace

    def construct(self, input):
        return F.relu6(input, self.inplace)


class SELU(Cell):
    """mint.nn.SELU()."""

    def construct(self, input):
        return selu_ext(_float("selu", input))


class Mish(Cell):
    """mint.nn.Mish()."""

    def construct(self, input):
        return mish_ext(_float("mish", input))


__all__ = ["ELU", "GELU", "Hardtanh", "LogSigmoid", "Mish", "ReLU6", "SELU", "SiLU", "Sigmoid", "Tanh", "Threshold"]
