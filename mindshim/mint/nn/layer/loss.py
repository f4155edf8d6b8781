"""mint.nn losses and the resampling / pixel-shuffle Cells MindSpore defines in `mint.nn` itself."""
from __future__ import annotations

from typing import Any

from mindshim.mint.nn import functional as F
from mindshim.nn.cell import Cell
from mindshim.nn.loss import BCELoss as _NnBCELoss
from mindshim.ops.auto_generate._ext_nn import smooth_l1_loss, upsample_bilinear2d, upsample_nearest2d


class BCELoss(Cell):
    """mint.nn.BCELoss(weight=None, reduction='mean')."""

    def __init__(self, weight: Any = None, reduction: str = "mean") -> None:
        super().__init__()
        self.bce_loss = _NnBCELoss(weight, reduction)

    def construct(self, input, target):
        return self.bce_loss(input, target)


class BCEWithLogitsLoss(Cell):
    """mint.nn.BCEWithLogitsLoss(weight=None, reduction='mean', pos_weight=None)."""

    def __init__(self, weight: Any = None, reduction: str = "mean", pos_weight: Any = None) -> None:
        super().__init__()
        self.weight, self.reduction, self.pos_weight = weight, reduction, pos_weight

    def construct(self, input, target):
        return F.binary_cross_entropy_with_logits(input, target, self.weight, self.reduction, self.pos_weight)


class _Reduced(Cell):
    def __init__(self, reduction: str = "mean") -> None:
        super().__init__()
        self.reduction = reduction


class MSELoss(_Reduced):
    """mint.nn.MSELoss(reduction='mean')."""

    def construct(self, input, target):
        return F.mse_loss(input, target, self.reduction)


class KLDivLoss(_Reduced):
    """mint.nn.KLDivLoss(reduction='mean', log_target=False)."""

    def __init__(self, reduction: str = "mean", log_target: bool = False) -> None:
        super().__init__(reduction)
        self.log_target = log_target

    def construct(self, input, target):
        return F.kl_div(input, target, self.reduction, self.log_target)


class SmoothL1Loss(_Reduced):
    """mint.nn.SmoothL1Loss(reduction='mean', beta=1.0)."""

    def __init__(self, reduction: str = "mean", beta: float = 1.0) -> None:
        super().__init__(reduction)
        self.beta = beta

    def construct(self, input, target):
        return smooth_l1_loss(input, target, self.beta, self.reduction)


class CosineEmbeddingLoss(_Reduced):
    """mint.nn.CosineEmbeddingLoss(margin=0.0, reduction='mean'); called as (input1, input2, target)."""

    def __init__(self, margin: float = 0.0, reduction: str = "mean") -> None:
        super().__init__(reduction)
        self.margin = margin

    def construct(self, input1, input2, target):
        return F.cosine_embedding_loss(input1, input2, target, self.margin, self.reduction)


class PixelShuffle(Cell):
    """mint.nn.PixelShuffle(upscale_factor)."""

    def __init__(self, upscale_factor: int) -> None:
        super().__init__()
        self.upscale_factor = upscale_factor

    def construct(self, input):
        return F.pixel_shuffle(input, self.upscale_factor)


def _scales(name: str, scale_factor: Any) -> Any:
    if scale_factor is not None and not isinstance(scale_factor, (tuple, list)):
        raise TypeError(f"For '{name}', 'scale_factor' must be a tuple or list of float, "
                        f"but got {type(scale_factor).__name__}.")
    return scale_factor


class UpsamplingNearest2d(Cell):
    """mint.nn.UpsamplingNearest2d(size=None, scale_factor=None); scale_factor is a (h, w) pair."""

    def __init__(self, size: Any = None, scale_factor: Any = None) -> None:
        super().__init__()
        self.size, self.scale_factor = size, scale_factor

    def construct(self, input):
        return upsample_nearest2d(input, self.size, _scales("UpsampleNearest2D", self.scale_factor))


class UpsamplingBilinear2d(Cell):
    """mint.nn.UpsamplingBilinear2d(size=None, scale_factor=None): bilinear with align_corners=True."""

    def __init__(self, size: Any = None, scale_factor: Any = None) -> None:
        super().__init__()
        self.size, self.scale_factor = size, scale_factor

    def construct(self, input):
        return upsample_bilinear2d(input, self.size, _scales("UpsampleBilinear2D", self.scale_factor), True)


__all__ = ["BCELoss", "BCEWithLogitsLoss", "CosineEmbeddingLoss", "KLDivLoss", "MSELoss", "PixelShuffle",
           "SmoothL1Loss", "UpsamplingBilinear2d", "UpsamplingNearest2d"]
