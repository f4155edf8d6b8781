"""mindspore.nn.loss: re-exports of the losses."""
from mindshim.nn.loss.loss import (
    BCELoss, BCEWithLogitsLoss, CosineEmbeddingLoss, CrossEntropyLoss, HuberLoss, KLDivLoss, L1Loss, LossBase,
    MSELoss, NLLLoss, SmoothL1Loss, SoftmaxCrossEntropyWithLogits,
)

__all__ = ["LossBase", "SoftmaxCrossEntropyWithLogits", "CrossEntropyLoss", "NLLLoss", "MSELoss", "L1Loss",
           "SmoothL1Loss", "HuberLoss", "BCELoss", "BCEWithLogitsLoss", "KLDivLoss", "CosineEmbeddingLoss"]
