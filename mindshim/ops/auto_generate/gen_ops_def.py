"""MindSpore's `mindspore.ops.auto_generate.gen_ops_def`: the torch-style functions (`add_ext`, `sum_ext`,
`inplace_mul`, ...) plus the primitive classes of `gen_ops_prim`. Names MindSpore also exposes at
`mindspore.ops` resolve through mindshim's path table."""
from __future__ import annotations

from typing import Any

from mindshim.ops.auto_generate import _ext_array as _A
from mindshim.ops.auto_generate._arg_helpers import *  # noqa: F401,F403 - re-exported like MindSpore
from mindshim.ops.auto_generate._arg_helpers import __all__ as _ARG_ALL
from mindshim.ops.auto_generate._ext_array import (
    argsort_ext, as_strided, broadcast_to_view, clone, contiguous, diag_ext, expand_dims_view, flatten_ext, flip,
    gather_nd_ext, index, index_select_ext, masked_scatter, narrow, scalar_to_tensor, select_ext_view, select_v2,
    sort_ext, stack_ext, tensor_scatter_elements, topk_ext, transpose_ext_view, transpose_view, tril_ext,
    tuple_to_tensor, type_as, view, view_dtype, addn,
)
from mindshim.ops.auto_generate._ext_linalg import (
    baddbmm, bmm_ext, dot, linalg_qr, matmul_ext, matrix_inverse_ext, mm_ext, mv, outer_ext, solve_triangular, t_ext,
    triangular_solve, vdot,
)
from mindshim.ops.auto_generate._ext_math import (
    acos_ext, acosh_ext, add_ext, add_scalar, argmin_ext, asin_ext, asinh_ext, atan2_ext, atan_ext, bincount_ext,
    clamp_scalar, clamp_tensor, count_nonzero, cummin_ext, cumsum_ext, divs, eq_scalar, exp2, floor_div_scalar,
    frac_ext, histc_ext, isneginf_ext, kthvalue, lerp, lerp_scalar, less, less_scalar, log10_ext, log2_ext,
    logaddexp2, logaddexp_ext, logsumexp_ext, max_, mean_ext, min_, prod_ext, sub_ext, sub_scalar, sum_ext,
    trace_ext,
)
from mindshim.ops.auto_generate._ext_nn import (
    adaptive_avg_pool1d, adaptive_avg_pool3d_ext, avg_pool1d_ext, batch_norm_elemt, batch_norm_gather_stats_with_counts,
    batch_norm_stats, conv_tbc, convolution, cosine_embedding_loss, cross_entropy_loss, elu_ext, fold_ext, hardtanh,
    l1_loss_ext, leaky_relu_ext, log_softmax_ext, max_unpool2d_ext, mish_ext, relu, selu_ext, smooth_l1_loss,
    softplus_ext, threshold, unfold_ext,
)
from mindshim.ops.auto_generate._ext_more import (
    adaptive_avg_pool2d_grad_ext, extract_image_patches, inplace_bernoulli, inplace_stop_gradient,
)
from mindshim.ops.auto_generate._inplace import OPS as _I
from mindshim.ops.auto_generate._prims_attr import correlate
from mindshim.ops.auto_generate._scalar_prims import CLASSES as _SCALAR
from mindshim.common.initializer import Zero
from mindshim.common.parameter import Parameter
from mindshim.common.sparse_tensor import COOTensor, CSRTensor
from mindshim.ops.auto_generate.gen_ops_prim import *  # noqa: F401,F403 - MindSpore's gen_ops_def has them too
from mindshim.ops.auto_generate.gen_ops_prim import __all__ as _PRIM_ALL

globals().update(_SCALAR)

narrow_view = narrow
copy = clone
index_fill_scalar = index_fill_tensor = _A.index_fill
inplace_add_ext, inplace_adds_ext, inplace_addr = _I["inplace_add_ext"], _I["inplace_adds_ext"], _I["inplace_addr"]
inplace_clamp_scalar, inplace_clamp_tensor = _I["inplace_clamp_scalar"], _I["inplace_clamp_tensor"]
inplace_copy, inplace_elu, inplace_hardtanh = _I["inplace_copy"], _I["inplace_elu"], _I["inplace_hardtanh"]
inplace_fill_scalar, inplace_fill_tensor = _I["inplace_fill_scalar"], _I["inplace_fill_tensor"]
inplace_mul, inplace_muls, inplace_scatter_add = _I["inplace_mul"], _I["inplace_muls"], _I["inplace_scatter_add"]
inplace_sign, inplace_silu, inplace_threshold = _I["inplace_sign"], _I["inplace_silu"], _I["inplace_threshold"]
div_scalar_, div_tensor_ = _I["inplace_divs"], _I["inplace_div"]
divmod_scalar_, divmod_tensor_ = _I["inplace_divmods"], _I["inplace_divmod"]
fill_diagonal_, floor_, index_put_ = _I["inplace_fill_diagonal"], _I["inplace_floor"], _I["inplace_index_put"]
masked_fill_scalar_ = masked_fill_tensor_ = _I["inplace_masked_fill"]
sub_scalar_, sub_tensor_ = _I["inplace_sub_scalar"], _I["inplace_sub_ext"]
inplace_bernoulli_scalar = inplace_bernoulli_tensor = inplace_bernoulli


def shape_(input_x: Any) -> tuple:
    return tuple(input_x.shape)


def batch_norm_(input_x: Any, scale: Any, bias: Any, mean: Any, variance: Any, is_training: bool = False,
                epsilon: float = 1e-5, momentum: float = 0.1, data_format: str = "NCHW") -> Any:
    """The r1.x BatchNorm primitive as a function: (y, batch_mean, batch_var, reserve_1, reserve_2)."""
    from mindshim.ops import BatchNorm

    return BatchNorm(is_training, epsilon, momentum, data_format)(input_x, scale, bias, mean, variance)


__all__ = sorted(set(_PRIM_ALL) | set(_SCALAR) | set(_ARG_ALL) | {
    "argsort_ext", "as_strided", "broadcast_to_view", "clone", "contiguous", "diag_ext", "expand_dims_view",
    "flatten_ext", "flip", "gather_nd_ext", "index", "index_select_ext", "masked_scatter", "narrow",
    "scalar_to_tensor", "select_ext_view", "select_v2", "sort_ext", "stack_ext", "tensor_scatter_elements",
    "topk_ext", "transpose_ext_view", "transpose_view", "tril_ext", "tuple_to_tensor", "type_as", "view",
    "view_dtype", "addn", "baddbmm", "bmm_ext", "dot", "linalg_qr", "matmul_ext", "matrix_inverse_ext", "mm_ext",
    "mv", "outer_ext", "solve_triangular", "t_ext", "triangular_solve", "vdot", "acos_ext", "acosh_ext", "add_ext",
    "add_scalar", "argmin_ext", "asin_ext", "asinh_ext", "atan2_ext", "atan_ext", "bincount_ext", "clamp_scalar",
    "clamp_tensor", "count_nonzero", "cummin_ext", "cumsum_ext", "divs", "eq_scalar", "exp2", "floor_div_scalar",
    "frac_ext", "histc_ext", "isneginf_ext", "kthvalue", "lerp", "lerp_scalar", "less", "less_scalar", "log10_ext",
    "log2_ext", "logaddexp2", "logaddexp_ext", "logsumexp_ext", "max_", "mean_ext", "min_", "prod_ext", "sub_ext",
    "sub_scalar", "sum_ext", "trace_ext", "adaptive_avg_pool1d", "adaptive_avg_pool3d_ext", "avg_pool1d_ext",
    "batch_norm_elemt", "batch_norm_gather_stats_with_counts", "batch_norm_stats", "conv_tbc", "convolution",
    "cosine_embedding_loss", "cross_entropy_loss", "elu_ext", "fold_ext", "hardtanh", "l1_loss_ext",
    "leaky_relu_ext", "log_softmax_ext", "max_unpool2d_ext", "mish_ext", "relu", "selu_ext", "smooth_l1_loss",
    "softplus_ext", "threshold", "unfold_ext", "correlate", "narrow_view", "copy", "index_fill_scalar",
    "index_fill_tensor", "inplace_add_ext", "inplace_adds_ext", "inplace_addr", "inplace_clamp_scalar",
    "inplace_clamp_tensor", "inplace_copy", "inplace_elu", "inplace_hardtanh", "inplace_fill_scalar",
    "inplace_fill_tensor", "inplace_mul", "inplace_muls", "inplace_scatter_add", "inplace_sign", "inplace_silu",
    "inplace_threshold", "div_scalar_", "div_tensor_", "divmod_scalar_", "divmod_tensor_", "fill_diagonal_",
    "floor_", "index_put_", "masked_fill_scalar_", "masked_fill_tensor_", "sub_scalar_", "sub_tensor_", "shape_",
    "batch_norm_", "adaptive_avg_pool2d_grad_ext", "extract_image_patches", "inplace_bernoulli_scalar",
    "inplace_bernoulli_tensor", "inplace_stop_gradient", "Zero", "Parameter", "COOTensor", "CSRTensor",
})
