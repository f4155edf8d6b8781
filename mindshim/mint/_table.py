"""`mindspore.mint` names that MindSpore 2.10 binds to the very same function object as a `mindspore.ops` or
`mindspore.ops.auto_generate` name: mindshim re-exports its own object of that name (same semantics)."""
from __future__ import annotations

from typing import Any

import mindshim.ops as _ops
import mindshim.ops.auto_generate as _ag

# mint name -> mindspore.ops name
_FROM_OPS: dict[str, str] = {
    "abs": "abs", "arctanh": "arctanh", "atanh": "atanh", "baddbmm": "baddbmm_ext", "bernoulli": "bernoulli_ext",
    "ceil": "ceil", "cos": "cos", "cosh": "cosh", "cross": "cross", "cumprod": "cumprod", "diff": "diff_ext",
    "divide": "divide", "dstack": "dstack", "einsum": "einsum_ext", "erf": "erf", "erfc": "erfc",
    "erfinv": "erfinv", "exp": "exp", "expm1": "expm1", "eye": "eye", "flip": "flip",
    "float_power": "float_power_ext", "floor": "floor", "greater": "greater", "gt": "gt",
    "hstack": "hstack", "isnan": "isnan_ext", "le": "le", "less": "less",
    "less_equal": "less_equal", "log": "log", "log1p": "log1p",
    "logical_not": "logical_not", "logical_xor": "logical_xor",
    "masked_select": "masked_select", "matmul": "matmul", "maximum": "maximum", "ne": "ne", "neg": "neg",
    "polar": "polar", "ravel": "ravel", "reciprocal": "reciprocal", "roll": "roll",
    "rsqrt": "rsqrt", "searchsorted": "searchsorted", "sign": "sign", "sin": "sin",
    "sinc": "sinc", "sinh": "sinh", "square": "square", "tan": "tan",
    "tile": "tile", "triu": "triu",
    "gcd": "gcd", "isclose": "isclose", "isinf": "isinf", "logical_and": "logical_and", "logical_or": "logical_or",
    "lt": "lt", "minimum": "minimum", "nan_to_num": "nan_to_num", "negative": "negative", "nonzero": "nonzero",
    "round": "round", "sigmoid": "sigmoid", "take": "take", "tanh": "tanh",
}

# mint name -> mindspore.ops.auto_generate name
_FROM_AG: dict[str, str] = {
    "acos": "acos_ext", "acosh": "acosh_ext", "addr_": "inplace_addr",
    "argsort": "argsort_ext", "asin": "asin_ext", "asinh": "asinh_ext", "atan": "atan_ext", "atan2": "atan2_ext",
    "batch_norm_elemt": "batch_norm_elemt", "batch_norm_gather_stats_with_counts":
    "batch_norm_gather_stats_with_counts", "batch_norm_stats": "batch_norm_stats", "bincount": "bincount_ext",
    "broadcast_to": "broadcast_to_view", "clone": "clone", "conv_tbc": "conv_tbc",
    "count_nonzero": "count_nonzero", "cummin": "cummin_ext", "cumsum": "cumsum_ext", "diag": "diag_ext",
    "dot": "dot", "exp2": "exp2", "frac": "frac_ext", "histc": "histc_ext", "index_select": "index_select_ext",
    "isneginf": "isneginf_ext", "log10": "log10_ext", "log2": "log2_ext",
    "logaddexp2": "logaddexp2", "logsumexp": "logsumexp_ext", "mv": "mv", "narrow": "narrow_view",
    "outer": "outer_ext", "select": "select_ext_view", "stack": "stack_ext", "topk": "topk_ext",
    "trace": "trace_ext", "transpose": "transpose_ext_view", "triangular_solve": "triangular_solve",
    "vdot": "vdot", "argmin": "argmin_ext", "bmm": "bmm_ext", "mm": "mm_ext", "logaddexp": "logaddexp_ext",
}

TABLE: dict[str, Any] = {**{k: getattr(_ops, v) for k, v in _FROM_OPS.items()},
                         **{k: getattr(_ag, v) for k, v in _FROM_AG.items()}}
