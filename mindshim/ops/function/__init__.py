"""Functional ops (MindSpore 2.x `mindspore.ops.<name>` functions)."""
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

__all__ = [
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
]
