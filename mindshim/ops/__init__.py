"""mindspore.ops: functional ops, primitive classes and composite (gradient) helpers.

A MindSpore 2.10 ops name that mindshim does not provide raises a clear "not supported yet" error
(`mindshim._errors.unsupported`); a name MindSpore never had is a plain AttributeError.
"""
from mindshim.ops import composite, functional, operations
from mindshim.ops.composite import (
    Depend, GradOperation, HyperMap, Map, MultitypeFuncGraph, Partial, depend, grad, identity, partial,
    jacfwd, jacrev, jvp, value_and_grad, vjp, vmap,
)
from mindshim.ops.function.array_func import (
    arange, assign, assign_add, assign_sub, broadcast_to, cast, cat, chunk, concat, dtype, expand_dims, eye,
    fill, flatten, flip, full, full_like, gather, gather_d, gather_elements, linspace, masked_fill,
    masked_select, nonzero, numel, one_hot, ones, ones_like, permute, range, rank, reshape, scatter, select,
    shape, size, sort, split, squeeze, stack, stop_gradient, swapaxes, tile, topk, transpose, unique, unsqueeze,
    where, zeros, zeros_like,
)
from mindshim.ops.function.math_func import (
    abs, add, addn, all, amax, amin, any, argmax, argmin, bmm, ceil, clamp, clip, cos, cumsum, div, dot, equal,
    exp, floor, ge, greater, greater_equal, gt, isfinite, isinf, isnan, le, less, less_equal, log, logical_and,
    logical_not, logical_or, lt, matmul, max, maximum, mean, min, minimum, mul, ne, neg, norm, not_equal, pow,
    prod, reciprocal, round, rsqrt, sign, sin, sqrt, square, std, sub, sum, var,
)
from mindshim.ops.function.nn_func import (
    avg_pool2d, binary_cross_entropy, binary_cross_entropy_with_logits, conv2d, cross_entropy, dropout, elu,
    gelu, interpolate, l1_loss, leaky_relu, log_softmax, max_pool2d, mse_loss, nll_loss, pad, relu, relu6,
    sigmoid, silu, softmax, softplus, tanh,
)
from mindshim.ops.function.clip_func import (
    clip_by_global_norm, clip_by_norm, clip_by_value,
)
from mindshim.ops.function.random_func import (
    normal, rand, randint, randn, shuffle, standard_normal, uniform,
)
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
from mindshim.ops.primitive import Primitive, PrimitiveWithCheck, PrimitiveWithInfer, constexpr, prim_attr_register

__all__ = [
    "composite", "functional", "operations",
    "GradOperation", "grad", "value_and_grad", "MultitypeFuncGraph", "HyperMap", "Map", "partial", "Partial",
    "depend", "Depend", "identity", "vmap", "jacfwd", "jacrev", "jvp", "vjp", "Primitive", "PrimitiveWithCheck", "PrimitiveWithInfer", "constexpr",
    "prim_attr_register",

    "abs", "add", "addn", "all", "amax", "amin", "any", "arange", "argmax", "argmin", "assign", "assign_add",
    "assign_sub", "avg_pool2d", "binary_cross_entropy", "binary_cross_entropy_with_logits", "bmm",
    "broadcast_to", "cast", "cat", "ceil", "chunk", "clamp", "clip", "clip_by_global_norm", "clip_by_norm",
    "clip_by_value", "concat", "conv2d", "cos", "cross_entropy", "cumsum", "div", "dot", "dropout", "dtype",
    "elu", "equal", "exp", "expand_dims", "eye", "fill", "flatten", "flip", "floor", "full", "full_like",
    "gather", "gather_d", "gather_elements", "ge", "gelu", "greater", "greater_equal", "gt", "interpolate",
    "isfinite", "isinf", "isnan", "l1_loss", "le", "leaky_relu", "less", "less_equal", "linspace", "log",
    "log_softmax", "logical_and", "logical_not", "logical_or", "lt", "masked_fill", "masked_select", "matmul",
    "max", "max_pool2d", "maximum", "mean", "min", "minimum", "mse_loss", "mul", "ne", "neg", "nll_loss",
    "nonzero", "norm", "normal", "not_equal", "numel", "one_hot", "ones", "ones_like", "pad", "permute", "pow",
    "prod", "rand", "randint", "randn", "range", "rank", "reciprocal", "relu", "relu6", "reshape", "round",
    "rsqrt", "scatter", "select", "shape", "shuffle", "sigmoid", "sign", "silu", "sin", "size", "softmax",
    "softplus", "sort", "split", "sqrt", "square", "squeeze", "stack", "standard_normal", "std",
    "stop_gradient", "sub", "sum", "swapaxes", "tanh", "tile", "topk", "transpose", "uniform", "unique",
    "unsqueeze", "var", "where", "zeros", "zeros_like",

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


def __getattr__(name: str):
    from mindshim._errors import missing_attribute, unsupported
    from mindshim.ops._mindspore_names import NAMES
    if name in NAMES:
        raise unsupported(f"mindspore.ops.{name}")
    raise missing_attribute("mindspore.ops", name)
