"""mindspore.numpy math functions (MindSpore's `mindspore/numpy/math_ops.py`); the implementations live in the
private `_math_*` modules, one per family, with MindSpore's dtype rules (see `_math_core`)."""
from mindshim.numpy import _math_core as _C
from mindshim.numpy._math_binary import (add, arctan2, bitwise_and, bitwise_or, bitwise_xor, copysign, divide,
                                         divmod, float_power, floor_divide, fmod, gcd, heaviside, hypot, lcm,
                                         logaddexp, logaddexp2, maximum, minimum, mod, multiply, power, remainder,
                                         subtract, true_divide)
from mindshim.numpy._math_binning import (bincount, digitize, histogram, histogram2d, histogramdd, interp, polyadd,
                                          polyder, polyint, polymul, polysub, polyval, searchsorted)
from mindshim.numpy._math_linalg import (cross, dot, inner, kron, matmul, matrix_power, multi_dot, norm, outer,
                                         tensordot, trapz)
from mindshim.numpy._math_misc import (clip, convolve, corrcoef, correlate, cov, diff, ediff1d, gradient,
                                       promote_types, ravel_multi_index, result_type, unwrap)
from mindshim.numpy._math_reduce import (amax, amin, argmax, argmin, average, count_nonzero, cumprod, cumsum,
                                         max, mean, min, nancumsum, nanmax, nanmean, nanmin, nanstd, nansum,
                                         nanvar, ptp, std, sum, var)
from mindshim.numpy._math_unary import (abs, absolute, around, arccos, arccosh, arcsin, arcsinh, arctan, arctanh,
                                        bitwise_not, cbrt, ceil, cos, cosh, deg2rad, exp, exp2, expm1, fabs, fix,
                                        floor, invert, log, log1p, log2, log10, negative, positive, rad2deg,
                                        radians, reciprocal, rint, sign, sin, sinh, sqrt, square, tan, tanh, trunc)

__all__ = ["abs", "absolute", "add", "amax", "amin", "arccos", "arccosh", "arcsin", "arcsinh", "arctan", "arctan2",
           "arctanh", "around", "argmax", "argmin", "average", "bincount", "bitwise_and", "bitwise_not", "bitwise_or",
           "bitwise_xor", "cbrt", "ceil", "clip", "convolve", "copysign", "corrcoef", "correlate", "cos", "cosh",
           "count_nonzero", "cov", "cross", "cumprod", "cumsum", "deg2rad", "diff", "digitize", "divide", "divmod",
           "dot", "ediff1d", "exp", "exp2", "expm1", "fabs", "fix", "float_power", "floor", "floor_divide", "fmod",
           "gcd", "gradient", "heaviside", "histogram", "histogram2d", "histogramdd", "hypot", "inner", "interp",
           "invert", "kron", "lcm", "log", "log1p", "log2", "log10", "logaddexp", "logaddexp2", "matmul", "matrix_power", "max",
           "maximum", "mean", "min", "minimum", "mod", "multi_dot", "multiply", "nancumsum", "nanmax", "nanmean",
           "nanmin", "nanstd", "nansum", "nanvar", "negative", "norm", "outer", "polyadd", "polyder", "polyint",
           "polymul", "polysub", "polyval", "positive", "power", "promote_types", "ptp", "rad2deg", "radians",
           "ravel_multi_index", "reciprocal", "remainder", "result_type", "rint", "searchsorted", "sign", "sin",
           "sinh", "sqrt", "square", "std", "subtract", "sum", "tan", "tanh", "tensordot", "trapz", "true_divide",
           "trunc", "unwrap", "var"]

# uint16/32/64 inputs run as Int64 (torch lacks most kernels for them); see _math_core.unsigned_safe
_STRICT = {"add", "subtract", "multiply", "power", "maximum", "minimum", "floor_divide", "divmod", "heaviside",
           "hypot", "copysign", "bitwise_and", "bitwise_or", "bitwise_xor"}
_PROMOTE = {"divide", "true_divide", "remainder", "mod", "fmod", "gcd", "lcm", "float_power", "arctan2", "logaddexp",
            "logaddexp2"}
_INDEX_RESULTS = {"argmax", "argmin"}
for _name in __all__:
    if _name != "cumprod":  # cumprod already computes in float and widens 16-bit results to UInt32
        _kind = "strict" if _name in _STRICT else "promote" if _name in _PROMOTE else ""
        globals()[_name] = _C.unsigned_safe(globals()[_name], _kind, _name not in _INDEX_RESULTS)
del _name, _kind
