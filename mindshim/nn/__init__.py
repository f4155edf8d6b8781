"""mindspore.nn: cells, layers, losses, optimizers, wrappers."""
from mindshim.nn.cell import Cell
from mindshim.nn.layer import (
    ELU, GELU, AdaptiveAvgPool1d, AdaptiveAvgPool2d, AdaptiveMaxPool1d, AdaptiveMaxPool2d, AvgPool1d, AvgPool2d,
    BatchNorm1d, BatchNorm2d, CellList, ClipByNorm, Conv1d, Conv2d, Conv2dTranspose, Conv3d, Dense, Dropout, Embedding, Flatten,
    GroupNorm, HSigmoid, HSwish, Identity, LayerNorm, LeakyReLU, LogSoftmax, MaxPool1d, MaxPool2d, Mish, PReLU, ReLU,
    ReLU6, SequentialCell, SiLU, Sigmoid, Softmax, Softsign, Tanh, get_activation,
)
from mindshim.nn.loss import (
    BCELoss, BCEWithLogitsLoss, CosineEmbeddingLoss, CrossEntropyLoss, HuberLoss, KLDivLoss, L1Loss, LossBase,
    MSELoss, NLLLoss, SmoothL1Loss, SoftmaxCrossEntropyWithLogits,
)
from mindshim.nn.dynamic_lr import (
    cosine_decay_lr, exponential_decay_lr, inverse_decay_lr, natural_exp_decay_lr, piecewise_constant_lr,
    polynomial_decay_lr, warmup_lr,
)
from mindshim.nn.learning_rate_schedule import (
    CosineDecayLR, ExponentialDecayLR, InverseDecayLR, LearningRateSchedule, NaturalExpDecayLR, PolynomialDecayLR,
    WarmUpLR,
)
from mindshim.nn.optim import SGD, Adagrad, Adam, AdamWeightDecay, Momentum, Optimizer, RMSProp
from mindshim.nn.wrap import (
    DistributedGradReducer, DynamicLossScaleUpdateCell, FixedLossScaleUpdateCell, TrainOneStepCell,
    TrainOneStepWithLossScaleCell, WithEvalCell, WithGradCell, WithLossCell,
)

__all__ = [
    "Cell",
    "ReLU", "ReLU6", "LeakyReLU", "Sigmoid", "Tanh", "GELU", "SiLU", "Softmax", "LogSoftmax", "ELU", "HSwish",
    "HSigmoid", "Softsign", "Mish", "PReLU", "get_activation",
    "Dense", "Flatten", "Dropout", "Identity", "SequentialCell", "CellList", "ClipByNorm",
    "Conv1d", "Conv2d", "Conv3d", "Conv2dTranspose", "Embedding",
    "BatchNorm1d", "BatchNorm2d", "LayerNorm", "GroupNorm",
    "MaxPool1d", "MaxPool2d", "AvgPool1d", "AvgPool2d", "AdaptiveAvgPool1d", "AdaptiveAvgPool2d",
    "AdaptiveMaxPool1d", "AdaptiveMaxPool2d",
    "LossBase", "SoftmaxCrossEntropyWithLogits", "CrossEntropyLoss", "NLLLoss", "MSELoss", "L1Loss",
    "SmoothL1Loss", "HuberLoss", "BCELoss", "BCEWithLogitsLoss", "KLDivLoss", "CosineEmbeddingLoss",
    "WithLossCell", "WithEvalCell", "WithGradCell", "TrainOneStepCell", "DistributedGradReducer",
    "TrainOneStepWithLossScaleCell", "DynamicLossScaleUpdateCell", "FixedLossScaleUpdateCell",
    "Optimizer", "Momentum", "SGD", "Adam", "AdamWeightDecay", "RMSProp", "Adagrad",
    "LearningRateSchedule", "ExponentialDecayLR", "NaturalExpDecayLR", "InverseDecayLR", "CosineDecayLR",
    "PolynomialDecayLR", "WarmUpLR", "piecewise_constant_lr", "exponential_decay_lr", "natural_exp_decay_lr",
    "inverse_decay_lr", "cosine_decay_lr", "polynomial_decay_lr", "warmup_lr",
]

# MindSpore keeps the metrics in mindspore.nn too (r1.x home). Imported last: mindshim.train may import nn.
from mindshim.train import metrics  # noqa: E402
from mindshim.train.metrics import (  # noqa: E402
    F1, MAE, MSE, ROC, Accuracy, ConfusionMatrix, ConfusionMatrixMetric, Dice, Fbeta, Loss, Metric, Precision,
    Recall, Top1CategoricalAccuracy, Top5CategoricalAccuracy, TopKCategoricalAccuracy, auc, get_metric_fn, names,
    rearrange_inputs,
)

__all__ += [
    "metrics", "names", "get_metric_fn", "Accuracy", "MAE", "MSE", "Metric", "rearrange_inputs", "Precision",
    "Recall", "Fbeta", "F1", "Dice", "ROC", "auc", "TopKCategoricalAccuracy", "Top1CategoricalAccuracy",
    "Top5CategoricalAccuracy", "Loss", "ConfusionMatrix", "ConfusionMatrixMetric",
]
