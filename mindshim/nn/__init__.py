"""mindspore.nn: cells, layers, losses, optimizers, wrappers, and (as in MindSpore) the metrics."""
from mindshim.nn.cell import Cell
from mindshim.nn.graph_cell import GraphCell
from mindshim.nn.layer import (
    AdaptiveAvgPool1d, AdaptiveAvgPool2d, AdaptiveAvgPool3d, AdaptiveMaxPool1d, AdaptiveMaxPool2d,
    AdaptiveMaxPool3d, AvgPool1d, AvgPool2d, AvgPool3d, BatchNorm1d, BatchNorm2d, BatchNorm3d, BiDense, CellDict,
    CellList, CELU, ChannelShuffle, ClipByNorm, ConstantPad1d, ConstantPad2d, ConstantPad3d, Conv1d,
    Conv1dTranspose, Conv2d, Conv2dTranspose, Conv3d, Conv3dTranspose, Dense, Dropout, Dropout1d, Dropout2d,
    Dropout3d, ELU, Embedding, FastGelu, Flatten, FractionalMaxPool2d, GELU, get_activation, GLU, GroupNorm, GRU,
    GRUCell, Hardtanh, HShrink, HSigmoid, HSwish, Identity, InstanceNorm1d, InstanceNorm2d, InstanceNorm3d,
    L1Regularizer, LayerNorm, LeakyReLU, LogSigmoid, LogSoftmax, LogSoftmaxExt, LPPool1d, LPPool2d, LRN, LSTM,
    LSTMCell, MatMul, MaxPool1d, MaxPool2d, MaxPool3d, MaxUnpool1d, MaxUnpool2d, MaxUnpool3d, Mish, Moments,
    MultiheadAttention, Norm, OneHot, Pad, PixelShuffle, PixelUnshuffle, PReLU, PReLUExt, Range, ReflectionPad1d,
    ReflectionPad2d, ReflectionPad3d, ReLU, ReLU6, ReplicationPad1d, ReplicationPad2d, ReplicationPad3d, RNN,
    RNNCell, Roll, RReLU, SeLU, SequentialCell, Sigmoid, SiLU, Softmax, Softmax2d, Softmin, SoftShrink, Softsign,
    SyncBatchNorm, Tanh, Tanhshrink, Threshold, Transformer, TransformerDecoder, TransformerDecoderLayer,
    TransformerEncoder, TransformerEncoderLayer, Tril, Triu, Unflatten, Upsample, ZeroPad2d,
)
from mindshim.nn.loss import (
    BCELoss, BCEWithLogitsLoss, CosineEmbeddingLoss, CrossEntropyLoss, CTCLoss, DiceLoss, FocalLoss,
    GaussianNLLLoss, HingeEmbeddingLoss, HuberLoss, KLDivLoss, L1Loss, LossBase, MAELoss, MarginRankingLoss,
    MSELoss, MultiClassDiceLoss, MultilabelMarginLoss, MultiLabelSoftMarginLoss, MultiMarginLoss, NLLLoss,
    PoissonNLLLoss, RMSELoss, SampledSoftmaxLoss, SmoothL1Loss, SoftMarginLoss, SoftmaxCrossEntropyWithLogits,
    TripletMarginLoss, TripletMarginWithDistanceLoss,
)
from mindshim.nn.dynamic_lr import (
    cosine_decay_lr, exponential_decay_lr, inverse_decay_lr, natural_exp_decay_lr, piecewise_constant_lr,
    polynomial_decay_lr, warmup_lr,
)
from mindshim.nn.learning_rate_schedule import (
    CosineDecayLR, ExponentialDecayLR, InverseDecayLR, LearningRateSchedule, NaturalExpDecayLR, PolynomialDecayLR,
    WarmUpLR,
)
from mindshim.nn.optim import (
    Adadelta, Adagrad, Adam, AdaMax, AdamWeightDecay, ASGD, FTRL, Lamb, LARS, LazyAdam, Momentum, Optimizer,
    ProximalAdagrad, RMSProp, Rprop, SGD,
)
from mindshim.nn.wrap import (
    DistributedGradReducer, DynamicLossScaleUpdateCell, FixedLossScaleUpdateCell, TrainOneStepCell,
    TrainOneStepWithLossScaleCell, WithEvalCell, WithGradCell, WithLossCell,
)
# The metrics' home is mindspore.train (mindshim.train imports nn, so these come last).
from mindshim.train import metrics
from mindshim.train.metrics import (
    Accuracy, auc, BleuScore, ConfusionMatrix, ConfusionMatrixMetric, CosineSimilarity, Dice, F1, Fbeta,
    get_metric_fn, HausdorffDistance, Loss, MAE, MeanSurfaceDistance, Metric, MSE, names, OcclusionSensitivity,
    Perplexity, Precision, rearrange_inputs, Recall, ROC, RootMeanSquareDistance, Top1CategoricalAccuracy,
    Top5CategoricalAccuracy, TopKCategoricalAccuracy,
)

from mindshim.nn.layer.math_cells import (
    DiGamma, IGamma, LBeta, LGamma, MatDet, MatInverse, MatrixDiag, MatrixDiagPart, MatrixSetDiag, ReduceLogSumExp,
)
from mindshim.nn.layer.image_cells import CentralCrop, ImageGradients, MSSSIM, PSNR, SSIM, Unfold
from mindshim.nn.layer.ext_layers import (
    AvgPool1dExt, AvgPool2dExt, AvgPool3dExt, Dropout2dExt, DropoutExt, EmbeddingExt, FractionalMaxPool3d,
    L1LossExt, LayerNormExt, Linear, MaxPool2dExt, SparseTensorDenseMatmul, SparseToDense,
)
from mindshim.nn.layer.combined import (
    Conv2dBnAct, DenseBnAct, EmbeddingLookup, MultiFieldEmbeddingLookup, TimeDistributed,
)
from mindshim.nn.optim.more_optim import AdaFactor, AdamOffload
from mindshim.nn.grad_cells import ForwardValueAndGrad, Jvp, Vjp
from mindshim.nn.wrap.more_wrappers import (
    GradAccumulationCell, MicroBatchInterleaved, ParameterUpdate, PipelineCell, PipelineGradReducer,
    VirtualDatasetCellTriple, no_init_parameters,
)
from mindshim.train.metrics._registry import get_metrics
from mindshim.nn.layer.thor_layers import DenseThor, EmbeddingLookupThor, EmbeddingThor

__all__ = [
    "Cell", "GraphCell",
    "ReLU", "ReLU6", "LeakyReLU", "Sigmoid", "Tanh", "GELU", "SiLU", "Softmax", "LogSoftmax", "ELU",
    "HSwish", "HSigmoid", "Softsign", "Mish", "PReLU", "get_activation", "Dense", "Flatten", "Dropout",
    "Identity", "SequentialCell", "CellList", "ClipByNorm", "Conv1d", "Conv2d", "Conv3d", "Conv2dTranspose",
    "Embedding", "BatchNorm1d", "BatchNorm2d", "LayerNorm", "GroupNorm", "MaxPool1d", "MaxPool2d", "AvgPool1d",
    "AvgPool2d", "AdaptiveAvgPool1d", "AdaptiveAvgPool2d", "AdaptiveMaxPool1d", "AdaptiveMaxPool2d",
    "LossBase", "SoftmaxCrossEntropyWithLogits", "CrossEntropyLoss", "NLLLoss", "MSELoss", "L1Loss",
    "SmoothL1Loss", "HuberLoss", "BCELoss", "BCEWithLogitsLoss", "KLDivLoss", "CosineEmbeddingLoss",
    "WithLossCell", "WithEvalCell", "WithGradCell", "TrainOneStepCell", "DistributedGradReducer",
    "TrainOneStepWithLossScaleCell", "DynamicLossScaleUpdateCell", "FixedLossScaleUpdateCell", "Optimizer",
    "Momentum", "SGD", "Adam", "AdamWeightDecay", "RMSProp", "Adagrad", "LearningRateSchedule",
    "ExponentialDecayLR", "NaturalExpDecayLR", "InverseDecayLR", "CosineDecayLR", "PolynomialDecayLR",
    "WarmUpLR", "piecewise_constant_lr", "exponential_decay_lr", "natural_exp_decay_lr", "inverse_decay_lr",
    "cosine_decay_lr", "polynomial_decay_lr", "warmup_lr", "metrics", "names", "get_metric_fn", "Accuracy",
    "MAE", "MSE", "Metric", "rearrange_inputs", "Precision", "Recall", "Fbeta", "F1", "Dice", "ROC", "auc",
    "TopKCategoricalAccuracy", "Top1CategoricalAccuracy", "Top5CategoricalAccuracy", "Loss", "ConfusionMatrix",
    "ConfusionMatrixMetric", "RNN", "GRU", "LSTM", "RNNCell", "GRUCell", "LSTMCell", "MultiheadAttention",
    "TransformerEncoderLayer", "TransformerDecoderLayer", "TransformerEncoder", "TransformerDecoder",
    "Transformer", "Lamb", "LazyAdam", "AdaMax", "Adadelta", "ProximalAdagrad", "FTRL", "ASGD", "Rprop",
    "LARS", "LRN", "Conv1dTranspose", "Conv3dTranspose", "BiDense", "BatchNorm3d", "SyncBatchNorm",
    "InstanceNorm1d", "InstanceNorm2d", "InstanceNorm3d", "MaxPool3d", "AvgPool3d", "AdaptiveAvgPool3d",
    "AdaptiveMaxPool3d", "LPPool1d", "LPPool2d", "MaxUnpool1d", "MaxUnpool2d", "MaxUnpool3d",
    "FractionalMaxPool2d", "MarginRankingLoss", "SoftMarginLoss", "MultiMarginLoss",
    "MultiLabelSoftMarginLoss", "MultilabelMarginLoss", "TripletMarginLoss", "HingeEmbeddingLoss",
    "PoissonNLLLoss", "GaussianNLLLoss", "FocalLoss", "DiceLoss", "MultiClassDiceLoss", "RMSELoss", "MAELoss",
    "CTCLoss", "SampledSoftmaxLoss", "TripletMarginWithDistanceLoss", "CELU", "GLU", "Hardtanh", "HShrink",
    "SoftShrink", "LogSigmoid", "SeLU", "Softmin", "Softmax2d", "Tanhshrink", "Threshold", "RReLU", "FastGelu",
    "LogSoftmaxExt", "PReLUExt", "Dropout1d", "Dropout2d", "Dropout3d", "Pad", "Unflatten", "Tril", "Triu",
    "Roll", "OneHot", "Norm", "L1Regularizer", "Upsample", "ChannelShuffle", "CellDict", "PixelShuffle",
    "PixelUnshuffle", "Range", "Moments", "MatMul", "ConstantPad1d", "ConstantPad2d", "ConstantPad3d",
    "ReflectionPad1d", "ReflectionPad2d", "ReflectionPad3d", "ReplicationPad1d", "ReplicationPad2d",
    "ReplicationPad3d", "ZeroPad2d", "BleuScore", "CosineSimilarity", "HausdorffDistance",
    "MeanSurfaceDistance", "OcclusionSensitivity", "Perplexity", "RootMeanSquareDistance", "DenseThor",
    "EmbeddingLookupThor", "EmbeddingThor", "PipelineGradReducer", "DiGamma", "IGamma", "LBeta", "LGamma",
    "MatDet", "MatInverse", "MatrixDiag", "MatrixDiagPart", "MatrixSetDiag", "ReduceLogSumExp", "CentralCrop",
    "ImageGradients", "MSSSIM", "PSNR", "SSIM", "Unfold", "AvgPool1dExt", "AvgPool2dExt", "AvgPool3dExt",
    "Dropout2dExt", "DropoutExt", "EmbeddingExt", "FractionalMaxPool3d", "L1LossExt", "LayerNormExt", "Linear",
    "MaxPool2dExt", "SparseTensorDenseMatmul", "SparseToDense", "Conv2dBnAct", "DenseBnAct", "EmbeddingLookup",
    "MultiFieldEmbeddingLookup", "TimeDistributed", "AdaFactor", "AdamOffload", "ForwardValueAndGrad", "Jvp",
    "Vjp", "GradAccumulationCell", "MicroBatchInterleaved", "ParameterUpdate", "PipelineCell",
    "VirtualDatasetCellTriple", "no_init_parameters", "get_metrics",
]
