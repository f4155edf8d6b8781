"""mindspore.mint.nn: torch-style layers."""
from mindshim.mint.nn import functional
from mindshim.mint.nn.layer.activation import (ELU, GELU, SELU, Hardtanh, LogSigmoid, Mish, ReLU6, Sigmoid, SiLU,
                                               Tanh, Threshold)
from mindshim.mint.nn.layer.basic import (Flatten, Fold, SoftmaxExt as Softmax, UnfoldExt as Unfold,
                                          UpsampleExt as Upsample)
from mindshim.mint.nn.layer.conv import Conv1d, Conv2d, Conv3d, ConvTranspose2d
from mindshim.mint.nn.layer.loss import (BCELoss, BCEWithLogitsLoss, CosineEmbeddingLoss, KLDivLoss, MSELoss,
                                         PixelShuffle, SmoothL1Loss, UpsamplingBilinear2d, UpsamplingNearest2d)
from mindshim.mint.nn.layer.normalization import BatchNorm1d, BatchNorm2d, BatchNorm3d, GroupNorm, SyncBatchNorm
from mindshim.mint.nn.layer.padding import (ConstantPad1d, ConstantPad2d, ConstantPad3d, ReflectionPad1d,
                                            ReflectionPad2d, ReflectionPad3d, ReplicationPad1d, ReplicationPad2d,
                                            ReplicationPad3d, ZeroPad1d, ZeroPad2d, ZeroPad3d)
from mindshim.mint.nn.layer.pooling import (AdaptiveAvgPool1d, AdaptiveAvgPool2d, AdaptiveAvgPool3d,
                                            AdaptiveMaxPool1d, MaxUnpool2d)
from mindshim.nn import (AdaptiveMaxPool2d, AvgPool1dExt as AvgPool1d, AvgPool2dExt as AvgPool2d,
                         AvgPool3dExt as AvgPool3d, HShrink as Hardshrink, HSigmoid as Hardsigmoid, HSwish as Hardswish,
                         Identity, L1LossExt as L1Loss, Linear, LogSoftmaxExt as LogSoftmax, PReLUExt as PReLU, ReLU,
                         SoftMarginLoss)

__all__ = [
    "AdaptiveAvgPool1d", "AdaptiveAvgPool2d", "AdaptiveAvgPool3d", "AdaptiveMaxPool1d", "AdaptiveMaxPool2d",
    "AvgPool1d", "AvgPool2d", "AvgPool3d", "BCELoss", "BCEWithLogitsLoss", "BatchNorm1d", "BatchNorm2d",
    "BatchNorm3d", "ConstantPad1d", "ConstantPad2d", "ConstantPad3d", "Conv1d", "Conv2d", "Conv3d",
    "ConvTranspose2d", "CosineEmbeddingLoss", "ELU", "Flatten", "Fold", "GELU", "GroupNorm", "Hardshrink",
    "Hardsigmoid", "Hardswish", "Hardtanh", "Identity", "KLDivLoss", "L1Loss", "Linear", "LogSigmoid",
    "LogSoftmax", "MSELoss", "MaxUnpool2d", "Mish", "PReLU", "PixelShuffle", "ReLU", "ReLU6",
    "ReflectionPad1d", "ReflectionPad2d", "ReflectionPad3d", "ReplicationPad1d", "ReplicationPad2d",
    "ReplicationPad3d", "SELU", "SiLU", "Sigmoid", "SmoothL1Loss", "SoftMarginLoss", "Softmax",
    "SyncBatchNorm", "Tanh", "Threshold", "Unfold", "Upsample", "UpsamplingBilinear2d", "UpsamplingNearest2d",
    "ZeroPad1d", "ZeroPad2d", "ZeroPad3d", "functional",
]
