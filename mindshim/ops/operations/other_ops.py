"""Other primitives: ops.Print, ops.Depend, ops.Partial, the summary operators (recorded by an open SummaryRecord)."""
from __future__ import annotations

from typing import Any

import torch

from mindshim.common.tensor import Tensor
from mindshim.ops.composite.base import Depend, Partial
from mindshim.ops.primitive import Primitive


class Print(Primitive):
    """Prints each input on its own line as MindSpore's Print does (tensors in MindSpore's Tensor repr, or inside
    a GRAPH_MODE Cell call in the graph op's layout; strings as they are, other values as Python prints them) and
    returns None."""

    def __call__(self, *inputs: Any) -> None:
        from mindshim._backend.engine import in_graph_call
        graph = in_graph_call()
        for value in inputs:
            if isinstance(value, torch.Tensor):
                value = _graph_text(value) if graph else Tensor.__repr__(value)
            print(value)


def _graph_text(value: torch.Tensor) -> str:
    from mindshim.common._tensor_repr import graph_print_text
    t = value.as_subclass(Tensor) if type(value) is torch.Tensor else value
    return graph_print_text(t.asnumpy(), str(t.dtype))


# (op class name, tag, value) of the summary operators run since the last SummaryRecord.record; filled only while
# a SummaryRecord is open (MindSpore keeps filling it without one, which only grows memory).
_SUMMARY_CACHE: list[tuple[str, Any, Any]] = []
_summary_active = [False]


def _summary_cache_enabled(flag: bool) -> None:
    _summary_active[0] = flag
    if not flag:
        _SUMMARY_CACHE.clear()


def _take_summary_cache() -> list[tuple[str, Any, Any]]:
    taken = list(_SUMMARY_CACHE)
    _SUMMARY_CACHE.clear()
    return taken


class _Summary(Primitive):
    """Hands (name, value) to the open SummaryRecord, which checks and writes them at its next `record(step)`."""

    def __call__(self, name: str, value: Any) -> None:
        if _summary_active[0]:
            _SUMMARY_CACHE.append((type(self).__name__, name,
                                   value.detach() if isinstance(value, torch.Tensor) else value))
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

from mindshim.ops.operations._factory import finish as _finish  # noqa: E402

_finish(globals())
