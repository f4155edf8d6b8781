"""Other primitives: ops.Print, ops.Depend, ops.Partial, summaries (no-ops without a summary writer)."""
from __future__ import annotations

from typing import Any

import torch

from mindshim.common.tensor import Tensor
from mindshim.ops.composite.base import Depend, Partial
from mindshim.ops.primitive import Primitive


class Print(Primitive):
    """Prints each input on its own line as MindSpore's Print does (tensors in MindSpore's Tensor repr,
    strings as they are, other values as Python prints them) and returns None."""

    def __call__(self, *inputs: Any) -> None:
        for value in inputs:
            print(Tensor.__repr__(value) if isinstance(value, torch.Tensor) else value)


class _Summary(Primitive):
    def __call__(self, name: str, value: Any) -> None:
        return None


class ScalarSummary(_Summary):
    pass


class TensorSummary(_Summary):
    pass


class ImageSummary(_Summary):
    pass


class HistogramSummary(_Summary):
    pass


__all__ = ["Print", "Depend", "Partial", "ScalarSummary", "TensorSummary", "ImageSummary", "HistogramSummary"]
