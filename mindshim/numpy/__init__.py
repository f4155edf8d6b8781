"""mindspore.numpy: numpy's API on mindspore Tensors, with MindSpore's dtype rules (float32 by default)."""
from mindshim.numpy.array_creations import (
    arange, array, asarray, asfarray, bartlett, blackman, diag, diag_indices, diagflat, diagonal, empty, empty_like,
    eye, full, full_like, geomspace, hamming, hanning, histogram_bin_edges, identity, indices, ix_, linspace, logspace,
    meshgrid, mgrid, ogrid, ones, ones_like, pad, rand, randint, randn, trace, tri, tril, tril_indices,
    tril_indices_from, triu, triu_indices, triu_indices_from, vander, zeros, zeros_like)
from mindshim.numpy.array_ops import (
    append, apply_along_axis, apply_over_axes, argwhere, array_split, array_str, atleast_1d, atleast_2d, atleast_3d,
    broadcast_arrays, broadcast_to, choose, column_stack, concatenate, dsplit, dstack, expand_dims, flip, fliplr,
    flipud, hsplit, hstack, intersect1d, moveaxis, piecewise, ravel, repeat, reshape, roll, rollaxis, rot90, select,
    size, split, squeeze, stack, swapaxes, take, take_along_axis, tile, transpose, unique, unravel_index, vsplit,
    vstack, where)
from mindshim.numpy.dtypes import (
    NINF, PINF, bool_, float16, float32, float64, float_, inf, int8, int16, int32, int64, int_, nan, numeric_types, pi,
    uint, uint8, uint16, uint32, uint64)
from mindshim.numpy.array_creations import copy_ as copy
from mindshim.numpy.math_ops import (
    abs, absolute, add, amax, amin, arccos, arccosh, arcsin, arcsinh, arctan, arctan2, arctanh, argmax, argmin,
    average, bincount, bitwise_and, bitwise_not, bitwise_or, bitwise_xor, cbrt, ceil, clip, convolve, copysign,
    corrcoef, correlate, cos, cosh, count_nonzero, cov, cross, cumprod, cumsum, deg2rad, diff, digitize, divide,
    divmod, dot, ediff1d, exp, exp2, expm1, fabs, fix, float_power, floor, floor_divide, fmod, gcd, gradient,
    heaviside, histogram, histogram2d, histogramdd, hypot, inner, interp, invert, kron, lcm, log, log10, log1p,
    log2, logaddexp, logaddexp2, matmul, max, maximum, mean, min, minimum, mod, multi_dot, multiply, nancumsum,
    nanmax, nanmean, nanmin, nanstd, nansum, nanvar, negative, norm, outer, polyadd, polyder, polyint, polymul,
    polysub, polyval, positive, power, promote_types, ptp, rad2deg, radians, ravel_multi_index, reciprocal,
    remainder, result_type, rint, searchsorted, sign, sin, sinh, sqrt, square, std, subtract, sum, tan, tanh,
    tensordot, trapz, true_divide, trunc, unwrap, var)
from mindshim.numpy.logic_ops import (
    array_equal, array_equiv, equal, greater, greater_equal, in1d, isclose, isfinite, isin, isinf, isnan,
    isneginf, isposinf, isscalar, less, less_equal, logical_and, logical_not, logical_or, logical_xor,
    not_equal, setdiff1d, signbit, sometrue)

from mindshim.numpy import fft
# bound by MindSpore's module outside its __all__ (`round` would shadow the builtin under `import *`)
from mindshim.numpy.math_ops import around, matrix_power
from mindshim.numpy._math_unary import round  # noqa: A004

__all__ = [
    "copy", "array", "asarray", "asfarray", "ones", "zeros", "full", "randn", "rand", "randint", "arange",
    "linspace", "logspace", "eye", "identity", "empty", "empty_like", "ones_like", "zeros_like", "full_like",
    "diagonal", "tril", "triu", "tri", "trace", "meshgrid", "mgrid", "ogrid", "diagflat", "diag",
    "diag_indices", "ix_", "indices", "geomspace", "vander", "hamming", "hanning", "bartlett", "blackman",
    "triu_indices", "tril_indices", "triu_indices_from", "tril_indices_from", "histogram_bin_edges", "pad",
    "transpose", "expand_dims", "squeeze", "rollaxis", "swapaxes", "reshape", "ravel", "concatenate", "where",
    "atleast_1d", "atleast_2d", "atleast_3d", "column_stack", "hstack", "dstack", "vstack", "stack", "unique",
    "moveaxis", "tile", "broadcast_to", "broadcast_arrays", "append", "roll", "split", "vsplit", "flip",
    "flipud", "fliplr", "hsplit", "dsplit", "take_along_axis", "take", "repeat", "rot90", "select",
    "array_split", "choose", "size", "array_str", "apply_along_axis", "piecewise", "unravel_index",
    "apply_over_axes", "argwhere", "intersect1d", "int_", "int8", "int16", "int32", "int64", "uint", "uint8",
    "uint16", "uint32", "uint64", "float_", "float16", "float32", "float64", "bool_", "inf", "nan", "pi",
    "numeric_types", "PINF", "NINF", "abs", "absolute", "add", "amax", "amin", "arccos", "arccosh", "arcsin",
    "arcsinh", "arctan", "arctan2", "arctanh", "argmax", "argmin", "average", "bincount", "bitwise_and",
    "bitwise_not", "bitwise_or", "bitwise_xor", "cbrt", "ceil", "clip", "convolve", "copysign", "corrcoef",
    "correlate", "cos", "cosh", "count_nonzero", "cov", "cross", "cumprod", "cumsum", "deg2rad", "diff",
    "digitize", "divide", "divmod", "dot", "ediff1d", "exp", "exp2", "expm1", "fabs", "fix", "float_power",
    "floor", "floor_divide", "fmod", "gcd", "gradient", "heaviside", "histogram", "histogram2d", "histogramdd",
    "hypot", "inner", "interp", "invert", "kron", "lcm", "log", "log1p", "log2", "log10", "logaddexp",
    "logaddexp2", "matmul", "max", "maximum", "mean", "min", "minimum", "mod", "multi_dot", "multiply",
    "nancumsum", "nanmax", "nanmean", "nanmin", "nanstd", "nansum", "nanvar", "negative", "norm", "outer",
    "polyadd", "polyder", "polyint", "polymul", "polysub", "polyval", "positive", "power", "promote_types",
    "ptp", "rad2deg", "radians", "ravel_multi_index", "reciprocal", "remainder", "result_type", "rint",
    "searchsorted", "sign", "sin", "sinh", "sqrt", "square", "std", "subtract", "sum", "tan", "tanh",
    "tensordot", "trapz", "true_divide", "trunc", "unwrap", "var", "array_equal", "array_equiv", "equal",
    "greater", "greater_equal", "in1d", "isclose", "isfinite", "isin", "isinf", "isnan", "isneginf",
    "isposinf", "isscalar", "less", "less_equal", "logical_and", "logical_not", "logical_or", "logical_xor",
    "not_equal", "setdiff1d", "signbit", "sometrue",
]
