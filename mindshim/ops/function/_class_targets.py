"""Class indices checked on the host the way MindSpore's CPU kernels check them, before torch indexes with them
(torch raises IndexError on the CPU and fires a device-side assert on CUDA, which no CUDA process survives).

The common case costs one min/max kernel and its host read (~2 us on the CPU; a sync on CUDA, where MindSpore
checks too); the full check runs only when that shows an index out of range. Inside a compiled graph nothing is
checked (a data-dependent branch would split the graph): compiled steps index as torch does.
"""
from __future__ import annotations

import torch

from mindshim.ops.function import _kernel_rules


def _bounds(t: torch.Tensor) -> tuple[int, int] | None:
    """(min, max) of `t`; None when compiling, exporting a MindIR (the graph's own primitive checks) or empty."""
    if torch.compiler.is_compiling() or _kernel_rules.EXPORTING[0] or t.numel() == 0:
        return None
    lo, hi = torch.aminmax(t)
    return int(lo), int(hi)  # (on CUDA the second read finds the stream idle)


def gathered_ids(ids: torch.Tensor, n: int) -> torch.Tensor:
    """Embedding ids as MindSpore's Gather takes them: [-n, 0) wraps, anything else is a RuntimeError."""
    return _gathered(ids, n, None, "For 'Gather', the 'input_indices' should be in the range [0, {n}), but got {v}.")


def gathered_targets(target: torch.Tensor, n: int, ignore_index: int) -> torch.Tensor:
    """nll_loss/cross_entropy targets as MindSpore gathers them (GatherD): [-n, 0) wraps, `ignore_index` passes,
    anything else is a RuntimeError."""
    return _gathered(target, n, ignore_index,
                     "For 'GatherD', the value of 'index' must be in [{lo}, {n}), but got: {v}.")


def _gathered(t: torch.Tensor, n: int, ignore_index: int | None, message: str) -> torch.Tensor:
    bounds = _bounds(t)
    if bounds is None or (bounds[0] >= 0 and bounds[1] < n):
        return t
    checked = torch.ones_like(t, dtype=torch.bool) if ignore_index is None else t != ignore_index
    bad = checked & ((t < -n) | (t >= n))
    if bool(bad.any()):
        raise RuntimeError(message.format(lo=-n, n=n, v=int(t[bad].reshape(-1)[0])))
    return torch.where(checked & (t < 0), t + n, t)


def sparse_softmax_labels(labels: torch.Tensor, n: int, reduction: str, ignored: int = -100) -> torch.Tensor:
    """SoftmaxCrossEntropyWithLogits(sparse=True) labels. With reduction='mean' MindSpore runs its sparse kernel,
    which refuses a negative label and one above the class count; otherwise it one-hot encodes the labels, so an
    out-of-range label is an all-zero row: that sample's loss is 0. Labels out of range come back as `ignored`
    (torch's ignore_index: a 0 loss), to be reduced over every sample."""
    bounds = _bounds(labels)
    if bounds is None or (bounds[0] >= 0 and bounds[1] < n):
        return labels
    if reduction == "mean":
        for bad, rule in ((labels < 0, ">= 0"), (labels > n, "<= class_num")):
            if bool(bad.any()):
                i = int(bad.reshape(-1).nonzero()[0])
                raise RuntimeError(f"For 'SparseSoftmaxCrossEntropyWithLogits' got error label! label[index] must "
                                   f"{rule}, but got index = {i} label[index] = {int(labels.reshape(-1)[i])}")
    return torch.where((labels < 0) | (labels >= n), ignored, labels)


def one_hot_rows(indices: torch.Tensor, depth: int) -> torch.Tensor:
    """Boolean one-hot rows of int64 `indices`; an index outside [0, depth) gives an all-False row, as MindSpore's
    OneHot does (torch's one_hot raises, and checks with a host read on CUDA)."""
    return indices.unsqueeze(-1) == torch.arange(depth, device=indices.device, dtype=torch.int64)
