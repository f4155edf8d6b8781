"""Other primitives: ops.Print, ops.Depend, ops.Partial, summaries (no-ops without a summary writer)."""
from __future__ import annotations

from typing import Any

from mindshim.ops.composite.base import Depend, Partial
from mindshim.ops.primitive import Primitive


class Print(Primitive):
    """Prints its inputs like MindSpore's Print operator (tensors as numpy text)."""

    def __call__(self, *inputs: Any) -> Any:
        print(*inputs)
        return 0


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
