"""mindspore.nn losses.

Mapping decisions:
- `LossBase(reduction='mean')` is the base users subclass: `get_loss(x, weights=1.0)` multiplies
  by `weights` in float32, reduces over all axes ('mean'/'sum'/'none') and casts back to x's
  dtype; `get_axis(x)` is the tuple of all axes. User subclasses run with MindSpore semantics
  (not `_fast`); the built-in losses below are `_fast`.
- MindSpore's defaults are kept where they differ from torch: `SoftmaxCrossEntropyWithLogits`
  reduces with 'none' and takes one-hot/probability labels unless `sparse=True`;
  `SmoothL1Loss` defaults to `reduction='none'`; `BCEWithLogitsLoss(reduction, weight, pos_weight)`
  has reduction first.
- Integer class labels (MindSpore uses int32) are widened to int64 for torch.
- The remaining losses are torch's functional losses with the same formulas.
- As in MindSpore, `BCEWithLogitsLoss` and `KLDivLoss` check `reduction` only when called (any value
  constructs); `SmoothL1Loss`'s `beta` and `HuberLoss`'s `delta` are also checked at the call.
"""
from __future__ import annotations

from typing import Any

import torch
import torch.nn.functional as F

from mindshim import _checkparam as validator
from mindshim import log as logger
from mindshim.common.tensor import Tensor, plain
from mindshim.nn.cell import Cell
from mindshim.ops.function._class_targets import gathered_targets, sparse_softmax_labels

_REDUCTIONS = ("mean", "sum", "none")


class LossBase(Cell):
    """mindspore.nn.LossBase(reduction='mean')."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # Built-in losses opt into `_fast`; a user subclass that writes its own construct gets
        # MindSpore tensor semantics back.
        if "construct" in cls.__dict__ and not cls.__module__.startswith("mindshim."):
            cls._fast = False

    def __init__(self, reduction: str = "mean") -> None:
        super().__init__()
        if reduction not in _REDUCTIONS:
            raise ValueError(f"For '{type(self).__name__}', the 'reduction' must be in ['mean', 'sum', 'none'], "
                             f"but got {reduction}.")
        self.reduction = reduction
        self.average = reduction != "sum"  # MindSpore: True for "none" too (only `reduce` is False)
        self.reduce = reduction != "none"

    def get_axis(self, x) -> tuple:
        return tuple(range(x.dim()))

    def get_loss(self, x, weights: Any = 1.0):
        in_dtype = torch.Tensor.dtype.__get__(x)
        x = x.to(torch.float32)
        if isinstance(weights, torch.Tensor):
            x = x * weights.to(torch.float32)
        elif weights != 1.0:
            x = x * float(weights)
        if self.reduce:
            x = torch.mean(x) if self.average else torch.sum(x)
        return x.to(in_dtype)

    def construct(self, logits, labels):
        raise NotImplementedError


class _Loss(LossBase):
    """r1.x's loss base class; MindSpore 2.10 keeps it as a LossBase that warns it is deprecated."""

    def __init__(self, reduction: str = "mean") -> None:
        logger.warning("'_Loss' is deprecated from version 1.3 and will be removed after version 2.9.0, "
                       "use 'LossBase' instead.")
        super().__init__(reduction)


def _check_is_tensor(param_name: str, input_data: Any, cls_name: str) -> None:
    """MindSpore's internal input check: `input_data` must be a Tensor (or None)."""
    if input_data is not None and not isinstance(input_data, torch.Tensor):
        raise TypeError(f"For '{cls_name}', the '{param_name}' must be 'Tensor', but got "
                        f"'{type(input_data).__name__}'")


class _FastLoss(LossBase):
    _fast = True

    def get_loss(self, x, weights: Any = 1.0):
        if not isinstance(weights, torch.Tensor) and weights == 1.0 and torch.Tensor.dtype.__get__(x) == torch.float32:
            if not self.reduce:
                return x
            return torch.mean(x) if self.average else torch.sum(x)
        return super().get_loss(x, weights)


def _check_class_weight(weight, api: str) -> None:
    if weight is None:
        return
    validator.check_value_type("weight", weight, [Tensor], api)
    if not weight.is_floating_point() or weight.dtype in (torch.float64, torch.bfloat16):
        raise TypeError(f"For '{api}', the 'weight' must be a float16 or float32 Tensor, but got {weight.dtype}.")


def _class_labels(labels):
    return labels.long() if labels.dtype != torch.int64 and not labels.is_floating_point() else labels


def _gathered(logits, labels, ignore_index: int):
    """Class-index labels as MindSpore's losses gather them: [-C, 0) wraps, others out of range raise."""
    labels = _class_labels(labels)
    if labels.is_floating_point():
        return labels
    return gathered_targets(labels, logits.shape[1 if logits.dim() > 1 else 0], ignore_index)


class SoftmaxCrossEntropyWithLogits(_FastLoss):
    """mindspore.nn.SoftmaxCrossEntropyWithLogits(sparse=False, reduction='none')."""

    def __init__(self, sparse: bool = False, reduction: str = "none") -> None:
        super().__init__(reduction)
        if not isinstance(sparse, bool):
            raise TypeError(f"For 'SoftmaxCrossEntropyWithLogits', the 'sparse' must be bool, "
                            f"but got {type(sparse).__name__}.")
        self.sparse = sparse

    def construct(self, logits, labels):
        if self.sparse:
            labels = _class_labels(labels)
            checked = labels if labels.is_floating_point() else sparse_softmax_labels(
                labels, logits.shape[-1], self.reduction)
            if self.reduction == "mean" and checked is labels:
                return F.cross_entropy(logits, labels)
            x = F.cross_entropy(logits, checked, reduction="none")
            if checked is not labels:  # out of range: MindSpore's -(zero one-hot row . log_softmax), a -0.0
                x = torch.where(checked == -100, -0.0, x)
        else:
            x = -(labels.to(logits.dtype) * torch.log_softmax(logits, -1)).sum(-1)
        return self.get_loss(x)


class CrossEntropyLoss(_FastLoss):
    """mindspore.nn.CrossEntropyLoss(weight=None, ignore_index=-100, reduction='mean', label_smoothing=0.0)."""

    def __init__(self, weight=None, ignore_index: int = -100, reduction: str = "mean",
                 label_smoothing: float = 0.0) -> None:
        super().__init__(reduction)
        validator.check_value_type("ignore_index", ignore_index, int, "CrossEntropyLoss")
        validator.check_value_type("label_smoothing", label_smoothing, float, "CrossEntropyLoss")
        _check_class_weight(weight, "CrossEntropyLoss")
        if not 0.0 <= label_smoothing <= 1.0:
            raise ValueError(f"For 'CrossEntropyLoss', the 'label_smoothing' must be in [0, 1], "
                             f"but got {label_smoothing}.")
        self.weight = weight
        self.ignore_index = ignore_index
        self.label_smoothing = label_smoothing

    def construct(self, logits, labels):
        weight = None if self.weight is None else plain(self.weight)
        return F.cross_entropy(logits, _gathered(logits, labels, self.ignore_index), weight,
                               ignore_index=self.ignore_index, reduction=self.reduction,
                               label_smoothing=self.label_smoothing)


class NLLLoss(_FastLoss):
    """mindspore.nn.NLLLoss(weight=None, ignore_index=-100, reduction='mean')."""

    def __init__(self, weight=None, ignore_index: int = -100, reduction: str = "mean") -> None:
        super().__init__(reduction)
        validator.check_value_type("ignore_index", ignore_index, int, "NLLLoss")
        _check_class_weight(weight, "NLLLoss")
        self.weight = weight
        self.ignore_index = ignore_index

    def construct(self, logits, labels):
        weight = None if self.weight is None else plain(self.weight)
        return F.nll_loss(logits, _gathered(logits, labels, self.ignore_index), weight,
                          ignore_index=self.ignore_index, reduction=self.reduction)


class MSELoss(_FastLoss):
    """mindspore.nn.MSELoss(reduction='mean')."""

    def construct(self, logits, labels):
        return self.get_loss(torch.square(logits - labels))


class L1Loss(_FastLoss):
    """mindspore.nn.L1Loss(reduction='mean')."""

    def construct(self, logits, labels):
        return self.get_loss(torch.abs(logits - labels))


class SmoothL1Loss(_FastLoss):
    """mindspore.nn.SmoothL1Loss(beta=1.0, reduction='none')."""

    def __init__(self, beta: float = 1.0, reduction: str = "none") -> None:
        super().__init__(reduction)
        self.beta = beta

    def construct(self, logits, labels):
        if self.beta <= 0:  # MindSpore's kernel raises it (RuntimeError) when called
            raise RuntimeError(f"For 'SmoothL1Loss', the values for beta should greater than 0, but got {self.beta}.")
        return F.smooth_l1_loss(logits, labels, reduction=self.reduction, beta=self.beta)


class HuberLoss(_FastLoss):
    """mindspore.nn.HuberLoss(reduction='mean', delta=1.0)."""

    def __init__(self, reduction: str = "mean", delta: float = 1.0) -> None:
        super().__init__(reduction)
        self.delta = delta

    def construct(self, logits, labels):
        validator.check_value_type("delta", self.delta, [int, float], "huber_loss")
        if self.delta <= 0:
            raise ValueError(f"For 'huber_loss', the argument 'delta' must > 0.0, but got {self.delta}.")
        return F.huber_loss(logits, labels, reduction=self.reduction, delta=self.delta)


class BCELoss(_FastLoss):
    """mindspore.nn.BCELoss(weight=None, reduction='mean')."""

    def __init__(self, weight=None, reduction: str = "mean") -> None:
        super().__init__(reduction)
        self.weight = weight

    def construct(self, logits, labels):
        if self.weight is not None and not isinstance(self.weight, torch.Tensor):
            raise TypeError(f"For 'BCELoss', the 'weight' must be a Tensor, but got {type(self.weight).__name__}.")
        weight = None if self.weight is None else plain(self.weight)
        if weight is not None and weight.shape != logits.shape:
            weight = weight.expand_as(logits)
        return F.binary_cross_entropy(logits, labels, weight, reduction=self.reduction)


class BCEWithLogitsLoss(_FastLoss):
    """mindspore.nn.BCEWithLogitsLoss(reduction='mean', weight=None, pos_weight=None)."""

    def __init__(self, reduction: str = "mean", weight=None, pos_weight=None) -> None:
        super().__init__()
        self.reduction = reduction
        from mindshim.common.parameter import Parameter
        if isinstance(weight, Parameter) or isinstance(pos_weight, Parameter):
            raise TypeError("For 'BCEWithLogitsLoss', the 'weight' and 'pos_weight' can not be a Parameter.")
        self.weight = weight
        self.pos_weight = pos_weight

    def construct(self, input, target):
        weight = None if self.weight is None else plain(self.weight)
        pos_weight = None if self.pos_weight is None else plain(self.pos_weight)
        if not isinstance(self.reduction, str):
            raise TypeError(f"For 'BCEWithLogitsLoss', the input 'reduction' should be a str, "
                            f"but got {type(self.reduction).__name__}.")
        reduction = self.reduction.lower()  # MindSpore's enum conversion ignores case
        if reduction not in _REDUCTIONS:
            raise ValueError(f"Failed to convert the value {self.reduction!r} of input 'reduction' of "
                             f"'BCEWithLogitsLoss' to enum.")
        return F.binary_cross_entropy_with_logits(input, target, weight, reduction=reduction, pos_weight=pos_weight)


class KLDivLoss(_FastLoss):
    """mindspore.nn.KLDivLoss(reduction='mean'): labels * (log(labels) - logits), logits are log-probs."""

    def __init__(self, reduction: str = "mean") -> None:
        super().__init__()
        self.reduction = reduction

    def construct(self, logits, labels):
        if self.reduction not in ("none", "mean", "batchmean", "sum"):
            raise ValueError(f"For 'KLDivLoss', the 'reduction' must be str and must be in "
                             f"['none', 'mean', 'batchmean', 'sum'], but got {self.reduction!r}.")
        return F.kl_div(logits, labels, reduction=self.reduction)


class CosineEmbeddingLoss(_FastLoss):
    """mindspore.nn.CosineEmbeddingLoss(margin=0.0, reduction='mean')."""

    def __init__(self, margin: float = 0.0, reduction: str = "mean") -> None:
        super().__init__(reduction)
        validator.check_value_type("margin", margin, [float], "CosineEmbeddingLoss")
        if not -1.0 <= margin <= 1.0:
            raise ValueError(f"For 'CosineEmbeddingLoss', the 'margin' must be a float in [-1.0, 1.0], "
                             f"but got {margin}.")
        self.margin = margin

    def construct(self, logits_x1, logits_x2, labels):
        prod = torch.sum(logits_x1 * logits_x2, 1)
        denom = torch.sqrt(torch.sum(torch.square(logits_x1), 1)) * torch.sqrt(torch.sum(torch.square(logits_x2), 1))
        cosine = prod / denom
        zeros = torch.zeros_like(cosine)
        pos = torch.where(labels == 1, 1.0 - cosine, zeros)
        neg = torch.where(labels == -1, torch.clamp(cosine - self.margin, min=0.0), zeros)
        return self.get_loss(pos + neg)


__all__ = ["LossBase", "SoftmaxCrossEntropyWithLogits", "CrossEntropyLoss", "NLLLoss", "MSELoss", "L1Loss",
           "SmoothL1Loss", "HuberLoss", "BCELoss", "BCEWithLogitsLoss", "KLDivLoss", "CosineEmbeddingLoss"]
