"""mindspore.mint: torch's function API under MindSpore's names (MindSpore 2.3+).

Where MindSpore 2.10 binds a mint name to the very same function as a `mindspore.ops` or
`mindspore.ops.auto_generate` name, mindshim re-exports its own object of that name (checked by
`tests/coverage/test_paths.py`); MindSpore's own mint functions live in `_array`, `_math`, `_overload`, `_random`.
"""
from mindshim.mint import linalg, nn, optim, special
from mindshim.ops import (
    abs, arctanh, atanh, baddbmm_ext as baddbmm, bernoulli_ext as bernoulli, ceil, cos, cosh, cross, cumprod,
    diff_ext as diff, divide, dstack, einsum_ext as einsum, erf, erfc, erfinv, exp, expm1, eye, flip,
    float_power_ext as float_power, floor, gcd, greater, gt, hstack, isclose, isinf, isnan_ext as isnan, le,
    less, less_equal, log, log1p, logical_and, logical_not, logical_or, logical_xor, lt, masked_select, matmul,
    maximum, minimum, nan_to_num, ne, neg, negative, nonzero, polar, ravel, reciprocal, roll, round, rsqrt,
    searchsorted, sigmoid, sign, sin, sinc, sinh, square, take, tan, tanh, tile, triu,
)
from mindshim.ops.auto_generate import (
    acos_ext as acos, acosh_ext as acosh, argmin_ext as argmin, argsort_ext as argsort, asin_ext as asin,
    asinh_ext as asinh, atan2_ext as atan2, atan_ext as atan, batch_norm_elemt,
    batch_norm_gather_stats_with_counts, batch_norm_stats, bincount_ext as bincount, bmm_ext as bmm,
    broadcast_to_view as broadcast_to, clone, conv_tbc, count_nonzero, cummin_ext as cummin,
    cumsum_ext as cumsum, diag_ext as diag, dot, exp2, frac_ext as frac, histc_ext as histc,
    index_select_ext as index_select, inplace_addr as addr_, isneginf_ext as isneginf, log10_ext as log10,
    log2_ext as log2, logaddexp2, logaddexp_ext as logaddexp, logsumexp_ext as logsumexp, mm_ext as mm, mv,
    narrow_view as narrow, outer_ext as outer, select_ext_view as select, stack_ext as stack, topk_ext as topk,
    trace_ext as trace, transpose_ext_view as transpose, triangular_solve, vdot,
)
from mindshim.mint._array import (
    arange, chunk, conv2d, flatten, full, full_like, gather, meshgrid, ones_like, permute, reshape, scatter,
    scatter_add, sort, split, squeeze, swapaxes, t, tril, unbind, unique_consecutive, unsqueeze, zeros,
    zeros_like,
)
from mindshim.mint._math import (
    addbmm, addmm, addmv, all, allclose, amax, amin, arccos, arccosh, arcsin, arcsinh, arctan, arctan2, argmax,
    bitwise_and, bitwise_or, bitwise_xor, cat, cdist, concat, cummax, inverse, isfinite, mean, median,
    not_equal, npu_gelu, pow, prod, softmax, sqrt, std, std_mean, sum, var, var_mean,
)
from mindshim.mint._overload import (
    add, addcdiv, any, bitwise_not, clamp, div, empty, empty_like, eq, floor_divide, fmod, greater_equal, imag,
    index_add, kthvalue, lerp, max, min, mul, nansum, real, remainder, repeat_interleave, sub, where, xlogy,
)
from mindshim.mint._random import (
    multinomial, normal, rand, rand_like, randint, randint_like, randn, randn_like, randperm,
)
from mindshim.mint.linalg import norm_ext as norm

# bound by MindSpore's mint outside its __all__
from mindshim.mint._outside_all import addcmul, clip, equal, fix, ge, item, linspace, ones, unique

__all__ = [
    "abs", "acos", "acosh", "add", "addbmm", "addcdiv", "addmm", "addmv", "addr_", "all", "allclose", "amax",
    "amin", "any", "arange", "arccos", "arccosh", "arcsin", "arcsinh", "arctan", "arctan2", "arctanh",
    "argmax", "argmin", "argsort", "asin", "asinh", "atan", "atan2", "atanh", "baddbmm", "batch_norm_elemt",
    "batch_norm_gather_stats_with_counts", "batch_norm_stats", "bernoulli", "bincount", "bitwise_and",
    "bitwise_not", "bitwise_or", "bitwise_xor", "bmm", "broadcast_to", "cat", "cdist", "ceil", "chunk",
    "clamp", "clone", "concat", "conv2d", "conv_tbc", "cos", "cosh", "count_nonzero", "cross", "cummax",
    "cummin", "cumprod", "cumsum", "diag", "diff", "div", "divide", "dot", "dstack", "einsum", "empty",
    "empty_like", "eq", "erf", "erfc", "erfinv", "exp", "exp2", "expm1", "eye", "flatten", "flip",
    "float_power", "floor", "floor_divide", "fmod", "frac", "full", "full_like", "gather", "gcd", "greater",
    "greater_equal", "gt", "histc", "hstack", "imag", "index_add", "index_select", "inverse", "isclose",
    "isfinite", "isinf", "isnan", "isneginf", "kthvalue", "le", "lerp", "less", "less_equal", "log", "log10",
    "log1p", "log2", "logaddexp", "logaddexp2", "logical_and", "logical_not", "logical_or", "logical_xor",
    "logsumexp", "lt", "masked_select", "matmul", "max", "maximum", "mean", "median", "meshgrid", "min",
    "minimum", "mm", "mul", "multinomial", "mv", "nan_to_num", "nansum", "narrow", "ne", "neg", "negative",
    "nonzero", "norm", "normal", "not_equal", "npu_gelu", "ones_like", "outer", "permute", "polar", "pow",
    "prod", "rand", "rand_like", "randint", "randint_like", "randn", "randn_like", "randperm", "ravel", "real",
    "reciprocal", "remainder", "repeat_interleave", "reshape", "roll", "round", "rsqrt", "scatter",
    "scatter_add", "searchsorted", "select", "sigmoid", "sign", "sin", "sinc", "sinh", "softmax", "sort",
    "split", "sqrt", "square", "squeeze", "stack", "std", "std_mean", "sub", "sum", "swapaxes", "t", "take",
    "tan", "tanh", "tile", "topk", "trace", "transpose", "triangular_solve", "tril", "triu", "unbind",
    "unique_consecutive", "unsqueeze", "var", "var_mean", "vdot", "where", "xlogy", "zeros", "zeros_like",
]
