"""mindspore.ops.operations (r1.x `import mindspore.ops.operations as P`): primitive classes."""
from mindshim.ops.operations.array_ops import (
    Assign, AssignAdd, AssignSub, BroadcastTo, Cast, Concat, DType, ExpandDims, Fill, Flatten, Gather, GatherD,
    Identity, MaskedFill, OneHot, Ones, OnesLike, Rank, Reshape, ScalarCast, Select, Shape, Size, Sort, Split,
    Squeeze, Stack, StopGradient, Tile, TopK, Transpose, Zeros, ZerosLike,
)
from mindshim.ops.operations.math_ops import (
    Abs, Add, AddN, ArgMaxWithValue, ArgMinWithValue, Argmax, Argmin, BatchMatMul, Ceil, Cos, CumSum, Div,
    Equal, Exp, Floor, Greater, GreaterEqual, IsFinite, IsInf, IsNan, Less, LessEqual, Log, LogicalAnd,
    LogicalNot, LogicalOr, MatMul, Maximum, Minimum, Mul, Neg, NotEqual, Pow, RealDiv, Reciprocal, ReduceAll,
    ReduceAny, ReduceMax, ReduceMean, ReduceMin, ReduceProd, ReduceSum, Round, Rsqrt, Sign, Sin, Sqrt, Square,
    Sub,
)
from mindshim.ops.operations.nn_ops import (
    AvgPool, BiasAdd, Conv2D, Dropout, Elu, FastGeLU, GeLU, LeakyReLU, LogSoftmax, MaxPool, ReLU, ReLU6, SiLU,
    Sigmoid, Softmax, SoftmaxCrossEntropyWithLogits, Softplus, SparseSoftmaxCrossEntropyWithLogits, Tanh,
)
from mindshim.ops.operations.other_ops import (
    Depend, HistogramSummary, ImageSummary, Partial, Print, ScalarSummary, TensorSummary,
)

__all__ = [
    "Abs", "Add", "AddN", "ArgMaxWithValue", "ArgMinWithValue", "Argmax", "Argmin", "Assign", "AssignAdd",
    "AssignSub", "AvgPool", "BatchMatMul", "BiasAdd", "BroadcastTo", "Cast", "Ceil", "Concat", "Conv2D", "Cos",
    "CumSum", "DType", "Depend", "Div", "Dropout", "Elu", "Equal", "Exp", "ExpandDims", "FastGeLU", "Fill",
    "Flatten", "Floor", "Gather", "GatherD", "GeLU", "Greater", "GreaterEqual", "HistogramSummary", "Identity",
    "ImageSummary", "IsFinite", "IsInf", "IsNan", "LeakyReLU", "Less", "LessEqual", "Log", "LogSoftmax",
    "LogicalAnd", "LogicalNot", "LogicalOr", "MaskedFill", "MatMul", "MaxPool", "Maximum", "Minimum", "Mul",
    "Neg", "NotEqual", "OneHot", "Ones", "OnesLike", "Partial", "Pow", "Print", "Rank", "ReLU", "ReLU6",
    "RealDiv", "Reciprocal", "ReduceAll", "ReduceAny", "ReduceMax", "ReduceMean", "ReduceMin", "ReduceProd",
    "ReduceSum", "Reshape", "Round", "Rsqrt", "ScalarCast", "ScalarSummary", "Select", "Shape", "SiLU",
    "Sigmoid", "Sign", "Sin", "Size", "Softmax", "SoftmaxCrossEntropyWithLogits", "Softplus", "Sort",
    "SparseSoftmaxCrossEntropyWithLogits", "Split", "Sqrt", "Square", "Squeeze", "Stack", "StopGradient", "Sub",
    "Tanh", "TensorSummary", "Tile", "TopK", "Transpose", "Zeros", "ZerosLike",
]
