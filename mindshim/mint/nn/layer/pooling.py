"""mint.nn adaptive pooling and MaxUnpool2d layers."""
from __future__ import annotations

from typing import Any

from mindshim.mint.nn import functional as F
from mindshim.nn.cell import Cell


class _AdaptiveAvgPoolNd(Cell):
    def __init__(self, output_size: Any) -> None:
        super().__init__()
        self.output_size = output_size

    def extend_repr(self) -> str:
        return f"output_size={self.output_size}"


class AdaptiveAvgPool1d(_AdaptiveAvgPoolNd):
    """mint.nn.AdaptiveAvgPool1d(output_size)."""

    def construct(self, input):
        return F.adaptive_avg_pool1d(input, self.output_size)


class AdaptiveAvgPool2d(_AdaptiveAvgPoolNd):
    """mint.nn.AdaptiveAvgPool2d(output_size)."""

    def construct(self, input):
        return F.adaptive_avg_pool2d(input, self.output_size)


class AdaptiveAvgPool3d(_AdaptiveAvgPoolNd):
    """mint.nn.AdaptiveAvgPool3d(output_size)."""

    def construct(self, input):
        return F.adaptive_avg_pool3d(input, self.output_size)


class AdaptiveMaxPool1d(Cell):
    """mint.nn.AdaptiveMaxPool1d(output_size, return_indices=False)."""

    def __init__(self, output_size: Any, return_indices: bool = False) -> None:
        super().__init__()
        self.output_size = output_size
        self.return_indices = return_indices

    def extend_repr(self) -> str:
        return f"output_size={self.output_size}, return_indices={self.return_indices}"

    def construct(self, input):
        return F.adaptive_max_pool1d(input, self.output_size, self.return_indices)


class MaxUnpool2d(Cell):
    """mint.nn.MaxUnpool2d(kernel_size, stride=None, padding=0); called as (input, indices, output_size=None)."""

    def __init__(self, kernel_size: Any, stride: Any = None, padding: Any = 0) -> None:
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride
        self.padding = padding

    def construct(self, input, indices, output_size=None):
        return F.max_unpool2d(input, indices, self.kernel_size, self.stride, self.padding, output_size)


__all__ = ["AdaptiveAvgPool1d", "AdaptiveAvgPool2d", "AdaptiveAvgPool3d", "AdaptiveMaxPool1d", "MaxUnpool2d"]
