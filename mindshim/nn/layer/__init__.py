"""mindspore.nn.layer: re-exports of the built-in layers."""
from mindshim.nn.layer.activation import (
    ELU, GELU, HSigmoid, HSwish, LeakyReLU, LogSoftmax, Mish, PReLU, ReLU, ReLU6, SiLU, Sigmoid, Softmax, Softsign,
    Tanh, get_activation,
)
from mindshim.nn.layer.basic import ClipByNorm, Dense, Dropout, Flatten, Identity
from mindshim.nn.layer.container import CellList, SequentialCell
from mindshim.nn.layer.conv import Conv1d, Conv2d, Conv2dTranspose, Conv3d
from mindshim.nn.layer.embedding import Embedding
from mindshim.nn.layer.normalization import BatchNorm1d, BatchNorm2d, GroupNorm, LayerNorm
from mindshim.nn.layer.pooling import (
    AdaptiveAvgPool1d, AdaptiveAvgPool2d, AdaptiveMaxPool1d, AdaptiveMaxPool2d, AvgPool1d, AvgPool2d, MaxPool1d,
    MaxPool2d,
)

__all__ = [
    "ReLU", "ReLU6", "LeakyReLU", "Sigmoid", "Tanh", "GELU", "SiLU", "Softmax", "LogSoftmax", "ELU", "HSwish",
    "HSigmoid", "Softsign", "Mish", "PReLU", "get_activation",
    "Dense", "Flatten", "Dropout", "Identity", "ClipByNorm",
    "SequentialCell", "CellList",
    "Conv1d", "Conv2d", "Conv3d", "Conv2dTranspose",
    "Embedding",
    "BatchNorm1d", "BatchNorm2d", "LayerNorm", "GroupNorm",
    "MaxPool1d", "MaxPool2d", "AvgPool1d", "AvgPool2d", "AdaptiveAvgPool1d", "AdaptiveAvgPool2d",
    "AdaptiveMaxPool1d", "AdaptiveMaxPool2d",
]
