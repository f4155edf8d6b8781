"""mindspore.ops.operations (r1.x `import mindspore.ops.operations as P`): primitive classes."""
from mindshim.ops.operations.array_ops import (
    Assign, AssignAdd, AssignSub, BroadcastTo, Cast, Concat, DType, ExpandDims, Fill, Flatten, Gather, GatherD,
    Identity, MaskedFill, OneHot, Ones, OnesLike, Rank, Reshape, ScalarCast, Select, Shape, Size, Sort, Split,
    Squeeze, Stack, StopGradient, Tile, TopK, Transpose, Zeros, ZerosLike,
)
from mindshim.ops.operations.math_ops import (
    Abs, Add, AddN, Argmax, ArgMaxWithValue, Argmin, ArgMinWithValue, BatchMatMul, Ceil, Cos, CumSum, Div, Equal,
    Exp, Floor, Greater, GreaterEqual, IsFinite, IsInf, IsNan, Less, LessEqual, Log, LogicalAnd, LogicalNot,
    LogicalOr, MatMul, Maximum, Minimum, Mul, Neg, NotEqual, Pow, RealDiv, Reciprocal, ReduceAll, ReduceAny,
    ReduceMax, ReduceMean, ReduceMin, ReduceProd, ReduceSum, Round, Rsqrt, Sign, Sin, Sqrt, Square, Sub,
)
from mindshim.ops.operations.nn_ops import (
    AvgPool, BiasAdd, Conv2D, Dropout, Elu, FastGeLU, GeLU, LeakyReLU, LogSoftmax, MaxPool, ReLU, ReLU6, Sigmoid,
    SiLU, Softmax, SoftmaxCrossEntropyWithLogits, Softplus, SparseSoftmaxCrossEntropyWithLogits, Tanh,
)
from mindshim.ops.operations.other_ops import HistogramSummary, ImageSummary, Print, ScalarSummary, TensorSummary
from mindshim.ops.operations.math_extra_ops import (
    ACos, Acosh, Addcdiv, Addcmul, Asin, Asinh, Atan, Atan2, Atanh, BitwiseAnd, BitwiseOr, BitwiseXor, Cosh,
    Cummax, Cummin, CumProd, Erf, Erfc, Erfinv, Expm1, FloorDiv, FloorMod, Heaviside, Hypot, IsClose, Lerp, Log1p,
    LogicalXor, Mod, ReduceStd, Sinh, SquaredDifference, Tan, Trunc, TruncateDiv, TruncateMod, Xlogy,
)
from mindshim.ops.operations.array_extra_ops import (
    Cdist, Cholesky, Cross, Diag, Einsum, GatherNd, IndexAdd, MatrixDeterminant, MatrixInverse, Meshgrid,
    ReverseV2, Roll, ScatterAdd, ScatterNd, ScatterNdAdd, ScatterNdUpdate, ScatterUpdate, SearchSorted, Slice,
    TensorScatterAdd, TensorScatterUpdate, Trace, Tril, Triu, UniqueConsecutive, Unpack, UnsortedSegmentSum,
    Unstack,
)
from mindshim.ops.operations.nn_extra_ops import (
    AdaptiveAvgPool2D, AdaptiveMaxPool2D, BatchNorm, BCEWithLogitsLoss, BinaryCrossEntropy, CeLU, Conv2DTranspose,
    Conv3D, HShrink, HSigmoid, HSwish, KLDivLoss, L2Loss, L2Normalize, LayerNorm, MirrorPad, Mish, Pad,
    ResizeNearestNeighbor, SeLU, SigmoidCrossEntropyWithLogits, SmoothL1Loss, SoftMarginLoss, SoftShrink, Softsign,
)
from mindshim.ops.operations.slice_ops import (
    DiagPart, Range, StridedSlice, TensorShape, UnsortedSegmentMax, UnsortedSegmentMin,
)
from mindshim.ops.operations.nn_misc_ops import DepthToSpace, LRN, NLLLoss, PReLU, SpaceToDepth, SquareSumAll, Xdivy
from mindshim.ops.composite.base import Depend, Partial
from mindshim.ops.operations.optim_ops import (
    ApplyAdadelta, ApplyAdagrad, ApplyAdagradDA, ApplyAdagradV2, ApplyAdaMax, ApplyAdamWithAmsgrad,
    ApplyAdamWithAmsgradV2, ApplyAddSign, ApplyCenteredRMSProp, ApplyFtrl, ApplyGradientDescent, ApplyKerasMomentum,
    ApplyMomentum, ApplyPowerSign, ApplyProximalAdagrad, ApplyProximalGradientDescent, ApplyRMSProp,
)
from mindshim.ops.operations.optim_fused_ops import (
    SGD, Adam, AdamNoUpdateParam, AdamWeightDecay, FusedAdaFactor, FusedAdaFactorWithGlobalNorm,
    FusedCastAdamWeightDecay, FusedSparseAdam, FusedSparseFtrl, FusedSparseLazyAdam, FusedSparseProximalAdagrad,
    FusedWeightScaleApplyMomentum, LARSUpdate,
)
from mindshim.ops.operations.float_status_ops import (
    FloatStatus, NPUAllocFloatStatus, NPUClearFloatStatus, NPUGetFloatStatus,
)
from mindshim.ops.operations.scatter_ops import (
    IndexFill, IndexPut, MaskedScatter, MaskedSelect, NonZero, ScatterAddWithAxis, ScatterDiv, ScatterMax,
    ScatterMin, ScatterMul, ScatterNdDiv, ScatterNdMax, ScatterNdMin, ScatterNdMul, ScatterNdSub,
    ScatterNonAliasingAdd, ScatterSub, TensorScatterDiv, TensorScatterElements, TensorScatterMax,
    TensorScatterMin, TensorScatterMul, TensorScatterSub,
)
from mindshim.ops.operations.segment_ops import (
    SegmentMax, SegmentMean, SegmentMin, SegmentProd, SegmentSum, UnsortedSegmentProd,
)
from mindshim.ops.operations.inplace_ops import (
    InplaceAdd, InplaceIndexAdd, InplaceSub, InplaceUpdate, InplaceUpdateV2,
)
from mindshim.ops.operations.array_more_ops import (
    BatchToSpace, BatchToSpaceND, BatchToSpaceNDV2, CompareAndBitpack, DataFormatDimMap, DataFormatVecPermute,
    Expand, Eye, FillDiagonal, FillV2, Fills, GatherV2, PadV3, Padding, RaggedRange, ReverseSequence,
    SpaceToBatch, SpaceToBatchND, SplitV,
)
from mindshim.ops.operations.array_misc_ops import (
    TrilIndices, TriuIndices,
    CopyWithSlice, IdentityN, InvertPermutation, LerpScalar, ListDiff, LowerBound, MoveTo, Pack, ParallelConcat,
    Reusing, ScalarToArray, ScalarToTensor, SelectView, SubAndFilter, TensorAdd, TensorToTuple,
    TransposeExtView, TransposeView, TupleToArray, UnravelIndex, UpperBound,
)
from mindshim.ops.operations.array_misc_ops import Morph
from mindshim.ops.operations.math_more_ops import (
    AccumulateNV2, Angle, ApproximateEqual, BesselI0, BesselI0e, BesselI1, BesselI1e, BesselJ0, BesselJ1, BesselK0,
    BesselK0e, BesselK1, BesselK1e, BesselY0, BesselY1, Betainc, Bincount, Bucketize, Complex, ComplexAbs, Conj,
    CountNonZero, CumulativeLogsumexp, Digamma, DivNoNan, Eps, EqualCount, EuclideanNorm, Fmax, Fmin, Gcd, Ger,
    Histogram, HistogramFixedWidth, Igamma, Igammac, Imag, Inv, Invert, Lcm, LeftShift, Lgamma, LinSpace, LogSpace,
    Logit, LpNorm, MulNoNan, Mvlgamma, NanToNum, NextAfter, Pdist, Polar, Polygamma, PopulationCount, Quantile,
    Real, Renorm, RightShift, Rint, Sinc, Zeta,
)
from mindshim.ops.operations.spectral_ops import (
    FFTWithSize, STFT, BartlettWindow, BlackmanWindow, HammingWindow,
)
from mindshim.ops.operations.linalg_ops import (
    CholeskyInverse, CholeskySolve, ConjugateTranspose, Dense, Eig, Geqrf, LogMatrixDeterminant, Lstsq, LuSolve,
    LuUnpack, MatrixBandPart, MatrixDiagPartV3, MatrixDiagV3, MatrixExp, MatrixLogarithm, MatrixPower,
    MatrixSetDiagV3, MatrixSolve, MatrixSolveLs, MatrixTriangularSolve, NuclearNorm, Orgqr, Ormqr, Qr, Svd,
    TridiagonalMatMul,
)
from mindshim.ops.operations.random_ops import (
    StandardNormal, StandardLaplace, UniformReal, UniformInt, TruncatedNormal, ParameterizedTruncatedNormal,
    Gamma, RandomGamma, Poisson, RandomPoisson, Multinomial, MultinomialWithReplacement, RandomCategorical,
    RandomChoiceWithMask, RandomShuffle, Randperm, RandpermV2, Bernoulli, Cauchy, LogNormalReverse,
    NonDeterministicInts, UniformCandidateSampler, LogUniformCandidateSampler, ComputeAccidentalHits,
)
from mindshim.ops.operations.nn_pool_ops import (
    AdaptiveAvgPool3D, AdaptiveMaxPool3D, AvgPool3D, MaxPool3D, MaxPool3DWithArgmax, MaxPoolWithArgmax,
    MaxPoolWithArgmaxV2, MaxUnpool2D, MaxUnpool3D,
)
from mindshim.ops.operations.nn_pool_frac_ops import (
    FractionalAvgPool, FractionalMaxPool, FractionalMaxPool3DWithFixedKsize, FractionalMaxPoolWithFixedKsize,
)
from mindshim.ops.operations.nn_more_ops import (
    CTCGreedyDecoder, CTCLoss, CTCLossV2, Dropout2D, Dropout3D, FastGelu, Gelu, GLU, LogSoftmaxExt, MultilabelMarginLoss,
    MultiMarginLoss, TripletMarginLoss,
)
from mindshim.ops.operations.nn_conv_misc_ops import (
    ChannelShuffle, ConfusionMatrix, Conv2DBackpropInput, Conv3DTranspose, DepthwiseConv2dNative, EditDistance,
    EmbeddingLookup, InTopK, NoRepeatNGram, NthElement, Unique, UniqueWithPad,
)
from mindshim.ops.operations.nn_rnn_ops import DynamicGRUV2, DynamicRNN, LSTM
from mindshim.ops.operations.detection_ops import (
    BoundingBoxDecode, BoundingBoxEncode, CheckValid, IOU, NMSWithMask, NonMaxSuppressionV3, NonMaxSuppressionWithOverlaps, ROIAlign,
)
from mindshim.ops.operations.image_ops import (
    AdjustHue, AdjustSaturation, AffineGrid, Col2Im, CropAndResize, GridSampler2D, GridSampler3D, HSVToRGB, Im2Col, RGBToHSV, ResizeBicubic, ResizeBilinearV2, ResizeLinear1D, ResizeNearestNeighborV2, UpsampleNearest3D, UpsampleTrilinear3D,
)
from mindshim.ops.operations.detection_ops import CombinedNonMaxSuppression
from mindshim.ops.operations.image_ops import ResizeArea
from mindshim.ops.operations.image_patch_ops import ExtractImagePatches, ExtractVolumePatches
from mindshim.ops.operations.image_patch_ops import DeformableOffsets
from mindshim.ops.operations.image_sample_ops import (
    Dilation2D, ExtractGlimpse, SampleDistortedBoundingBoxV2, ScaleAndTranslate,
)
from mindshim.ops.operations.control_ops import ForiLoop, WhileLoop, Scan, GeSwitch, Merge
from mindshim.ops.operations.debug_ops import (
    Assert, CheckNumerics, TensorDump, DumpGradient, HookBackward, InsertGradientOf, UpdateState, PyFunc,
)
from mindshim.ops.operations.custom_ops import Custom, kernel, ms_kernel
from mindshim.ops.composite.helper_ops import DynamicShape
from mindshim.ops.operations.sparse_apply_ops import (
    SparseApplyAdadelta, SparseApplyAdagrad, SparseApplyAdagradV2, SparseApplyFtrl, SparseApplyFtrlV2,
    SparseApplyProximalAdagrad, SparseApplyRMSProp,
)
from mindshim.ops.operations.sparse_ops import (
    Coalesce, SparseGatherV2, SparseSlice, SparseTensorDenseAdd, SparseTensorDenseMatmul, SparseToDense,
)
from mindshim.ops.operations.comm_ops import (
    AllGather, AllReduce, AlltoAll, Barrier, BatchISendIRecv, Broadcast, CollectiveGather, CollectiveScatter,
    NeighborExchange, Receive, Reduce, ReduceOp, ReduceScatter, Send,
)

__all__ = [
    "Abs", "Add", "AddN", "ArgMaxWithValue", "ArgMinWithValue", "Argmax", "Argmin", "Assign", "AssignAdd",
    "AssignSub", "AvgPool", "BatchMatMul", "BiasAdd", "BroadcastTo", "Cast", "Ceil", "Concat", "Conv2D", "Cos",
    "CumSum", "DType", "Depend", "Div", "Dropout", "Elu", "Equal", "Exp", "ExpandDims", "FastGeLU", "Fill",
    "Flatten", "Floor", "Gather", "GatherD", "GeLU", "Greater", "GreaterEqual", "HistogramSummary", "Identity",
    "ImageSummary", "IsFinite", "IsInf", "IsNan", "LeakyReLU", "Less", "LessEqual", "Log", "LogSoftmax",
    "LogicalAnd", "LogicalNot", "LogicalOr", "MaskedFill", "MatMul", "MaxPool", "Maximum", "Minimum", "Mul", "Neg",
    "NotEqual", "OneHot", "Ones", "OnesLike", "Partial", "Pow", "Print", "Rank", "ReLU", "ReLU6", "RealDiv",
    "Reciprocal", "ReduceAll", "ReduceAny", "ReduceMax", "ReduceMean", "ReduceMin", "ReduceProd", "ReduceSum",
    "Reshape", "Round", "Rsqrt", "ScalarCast", "ScalarSummary", "Select", "Shape", "SiLU", "Sigmoid", "Sign", "Sin",
    "Size", "Softmax", "SoftmaxCrossEntropyWithLogits", "Softplus", "Sort", "SparseSoftmaxCrossEntropyWithLogits",
    "Split", "Sqrt", "Square", "Squeeze", "Stack", "StopGradient", "Sub", "Tanh", "TensorSummary", "Tile", "TopK",
    "Transpose", "Zeros", "ZerosLike", "ACos", "Acosh", "Addcdiv", "Addcmul", "Asin", "Asinh", "Atan", "Atan2",
    "Atanh", "BitwiseAnd", "BitwiseOr", "BitwiseXor", "Cosh", "CumProd", "Cummax", "Cummin", "Erf", "Erfc",
    "Erfinv", "Expm1", "FloorDiv", "FloorMod", "Heaviside", "Hypot", "IsClose", "Lerp", "Log1p", "LogicalXor",
    "Mod", "ReduceStd", "Sinh", "SquaredDifference", "Tan", "Trunc", "TruncateDiv", "TruncateMod", "Xlogy", "Cdist",
    "Cholesky", "Cross", "Diag", "Einsum", "GatherNd", "IndexAdd", "MatrixDeterminant", "MatrixInverse", "Meshgrid",
    "ReverseV2", "Roll", "ScatterAdd", "ScatterNd", "ScatterNdAdd", "ScatterNdUpdate", "ScatterUpdate",
    "SearchSorted", "Slice", "TensorScatterAdd", "TensorScatterUpdate", "Trace", "Tril", "Triu",
    "UniqueConsecutive", "Unpack", "UnsortedSegmentSum", "Unstack", "AdaptiveAvgPool2D", "AdaptiveMaxPool2D",
    "BCEWithLogitsLoss", "BatchNorm", "BinaryCrossEntropy", "CeLU", "Conv2DTranspose", "Conv3D", "HShrink",
    "HSigmoid", "HSwish", "KLDivLoss", "L2Loss", "L2Normalize", "LayerNorm", "MirrorPad", "Mish", "Pad",
    "ResizeNearestNeighbor", "SeLU", "SigmoidCrossEntropyWithLogits", "SmoothL1Loss", "SoftMarginLoss",
    "SoftShrink", "Softsign", "StridedSlice", "DiagPart", "TensorShape", "Range", "UnsortedSegmentMax",
    "UnsortedSegmentMin", "PReLU", "NLLLoss", "LRN", "DepthToSpace", "SpaceToDepth", "Xdivy", "SquareSumAll",
    "ApplyAdadelta", "ApplyAdagrad", "ApplyAdagradDA", "ApplyAdagradV2", "ApplyAdaMax", "ApplyAdamWithAmsgrad",
    "ApplyAdamWithAmsgradV2", "ApplyAddSign", "ApplyCenteredRMSProp", "ApplyFtrl", "ApplyGradientDescent",
    "ApplyKerasMomentum", "ApplyMomentum", "ApplyPowerSign", "ApplyProximalAdagrad", "ApplyProximalGradientDescent",
    "ApplyRMSProp", "SGD", "Adam", "AdamNoUpdateParam", "AdamWeightDecay", "FusedAdaFactor",
    "FusedAdaFactorWithGlobalNorm", "FusedCastAdamWeightDecay", "FusedSparseAdam", "FusedSparseFtrl",
    "FusedSparseLazyAdam", "FusedSparseProximalAdagrad", "FusedWeightScaleApplyMomentum", "LARSUpdate",
    "FloatStatus", "NPUAllocFloatStatus", "NPUClearFloatStatus", "NPUGetFloatStatus", "IndexFill", "IndexPut",
    "MaskedScatter", "MaskedSelect", "NonZero", "ScatterAddWithAxis", "ScatterDiv", "ScatterMax", "ScatterMin",
    "ScatterMul", "ScatterNdDiv", "ScatterNdMax", "ScatterNdMin", "ScatterNdMul", "ScatterNdSub",
    "ScatterNonAliasingAdd", "ScatterSub", "TensorScatterDiv", "TensorScatterElements", "TensorScatterMax",
    "TensorScatterMin", "TensorScatterMul", "TensorScatterSub", "SegmentMax", "SegmentMean", "SegmentMin",
    "SegmentProd", "SegmentSum", "UnsortedSegmentProd", "InplaceAdd", "InplaceIndexAdd", "InplaceSub",
    "InplaceUpdate", "InplaceUpdateV2", "BatchToSpace", "BatchToSpaceND", "BatchToSpaceNDV2", "CompareAndBitpack",
    "DataFormatDimMap", "DataFormatVecPermute", "Expand", "Eye", "FillDiagonal", "FillV2", "Fills", "GatherV2",
    "PadV3", "Padding", "RaggedRange", "ReverseSequence", "SpaceToBatch", "SpaceToBatchND", "SplitV", "TrilIndices",
    "TriuIndices", "CopyWithSlice", "IdentityN", "InvertPermutation", "LerpScalar", "ListDiff", "LowerBound",
    "MoveTo", "Pack", "ParallelConcat", "Reusing", "ScalarToArray", "ScalarToTensor", "SelectView", "SubAndFilter",
    "TensorAdd", "TensorToTuple", "TransposeExtView", "TransposeView", "TupleToArray", "UnravelIndex", "UpperBound",
    "Morph", "AccumulateNV2", "Angle", "ApproximateEqual", "BesselI0", "BesselI0e", "BesselI1", "BesselI1e",
    "BesselJ0", "BesselJ1", "BesselK0", "BesselK0e", "BesselK1", "BesselK1e", "BesselY0", "BesselY1", "Betainc",
    "Bincount", "Bucketize", "Complex", "ComplexAbs", "Conj", "CountNonZero", "CumulativeLogsumexp", "Digamma",
    "DivNoNan", "Eps", "EqualCount", "EuclideanNorm", "Fmax", "Fmin", "Gcd", "Ger", "Histogram",
    "HistogramFixedWidth", "Igamma", "Igammac", "Imag", "Inv", "Invert", "Lcm", "LeftShift", "Lgamma", "LinSpace",
    "LogSpace", "Logit", "LpNorm", "MulNoNan", "Mvlgamma", "NanToNum", "NextAfter", "Pdist", "Polar", "Polygamma",
    "PopulationCount", "Quantile", "Real", "Renorm", "RightShift", "Rint", "Sinc", "Zeta", "FFTWithSize", "STFT",
    "BartlettWindow", "BlackmanWindow", "HammingWindow", "CholeskyInverse", "CholeskySolve", "ConjugateTranspose",
    "Dense", "Eig", "Geqrf", "LogMatrixDeterminant", "Lstsq", "LuSolve", "LuUnpack", "MatrixBandPart",
    "MatrixDiagPartV3", "MatrixDiagV3", "MatrixExp", "MatrixLogarithm", "MatrixPower", "MatrixSetDiagV3",
    "MatrixSolve", "MatrixSolveLs", "MatrixTriangularSolve", "NuclearNorm", "Orgqr", "Ormqr", "Qr", "Svd",
    "TridiagonalMatMul", "StandardNormal", "StandardLaplace", "UniformReal", "UniformInt", "TruncatedNormal",
    "ParameterizedTruncatedNormal", "Gamma", "RandomGamma", "Poisson", "RandomPoisson", "Multinomial",
    "MultinomialWithReplacement", "RandomCategorical", "RandomChoiceWithMask", "RandomShuffle", "Randperm",
    "RandpermV2", "Bernoulli", "Cauchy", "LogNormalReverse", "NonDeterministicInts", "UniformCandidateSampler",
    "LogUniformCandidateSampler", "ComputeAccidentalHits", "AdaptiveAvgPool3D", "AdaptiveMaxPool3D", "AvgPool3D",
    "MaxPool3D", "MaxPool3DWithArgmax", "MaxPoolWithArgmax", "MaxPoolWithArgmaxV2", "MaxUnpool2D", "MaxUnpool3D",
    "FractionalAvgPool", "FractionalMaxPool", "FractionalMaxPool3DWithFixedKsize",
    "FractionalMaxPoolWithFixedKsize", "CTCGreedyDecoder", "CTCLoss", "CTCLossV2", "Dropout2D", "Dropout3D",
    "FastGelu", "Gelu", "GLU", "LogSoftmaxExt", "MultilabelMarginLoss", "MultiMarginLoss", "TripletMarginLoss",
    "ChannelShuffle", "ConfusionMatrix", "Conv2DBackpropInput", "Conv3DTranspose", "DepthwiseConv2dNative",
    "EditDistance", "EmbeddingLookup", "InTopK", "NoRepeatNGram", "NthElement", "Unique", "UniqueWithPad",
    "DynamicGRUV2", "DynamicRNN", "LSTM", "BoundingBoxDecode", "BoundingBoxEncode", "CheckValid", "IOU",
    "NMSWithMask", "NonMaxSuppressionV3", "NonMaxSuppressionWithOverlaps", "ROIAlign", "AdjustHue",
    "AdjustSaturation", "AffineGrid", "Col2Im", "CropAndResize", "GridSampler2D", "GridSampler3D", "HSVToRGB",
    "Im2Col", "RGBToHSV", "ResizeBicubic", "ResizeBilinearV2", "ResizeLinear1D", "ResizeNearestNeighborV2",
    "UpsampleNearest3D", "UpsampleTrilinear3D", "CombinedNonMaxSuppression", "ExtractImagePatches",
    "ExtractVolumePatches", "ResizeArea", "DeformableOffsets", "ExtractGlimpse", "ScaleAndTranslate",
    "SampleDistortedBoundingBoxV2", "Dilation2D", "ForiLoop", "WhileLoop", "Scan", "GeSwitch", "Merge", "Assert",
    "CheckNumerics", "TensorDump", "DumpGradient", "HookBackward", "InsertGradientOf", "UpdateState", "PyFunc",
    "Custom", "kernel", "ms_kernel", "DynamicShape", "SparseApplyAdadelta", "SparseApplyAdagrad",
    "SparseApplyAdagradV2", "SparseApplyFtrl", "SparseApplyFtrlV2", "SparseApplyProximalAdagrad",
    "SparseApplyRMSProp", "Coalesce", "SparseGatherV2", "SparseSlice", "SparseTensorDenseAdd",
    "SparseTensorDenseMatmul", "SparseToDense", "AllGather", "AllReduce", "AlltoAll", "Barrier", "BatchISendIRecv",
    "Broadcast", "CollectiveGather", "CollectiveScatter", "NeighborExchange", "Receive", "Reduce", "ReduceOp",
    "ReduceScatter", "Send",
]
