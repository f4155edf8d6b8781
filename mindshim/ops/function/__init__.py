"""Functional ops (MindSpore 2.x `mindspore.ops.<name>` functions)."""
from mindshim.ops.function.array_func import (
    arange, assign, assign_add, assign_sub, broadcast_to, cast, cat, chunk, concat, dtype, expand_dims, eye, fill,
    flatten, flip, full, full_like, gather, gather_d, gather_elements, linspace, masked_fill, masked_select,
    nonzero, numel, one_hot, ones, ones_like, permute, range, rank, reshape, scatter, select, shape, size, sort,
    split, squeeze, stack, stop_gradient, swapaxes, tile, topk, transpose, unique, unsqueeze, where, zeros,
    zeros_like,
)
from mindshim.ops.function.math_func import (
    abs, add, addn, all, amax, amin, any, argmax, argmin, bmm, ceil, clamp, clip, cos, cumsum, div, dot, equal,
    exp, floor, ge, greater, greater_equal, gt, isfinite, isinf, isnan, le, less, less_equal, log, logical_and,
    logical_not, logical_or, lt, matmul, max, maximum, mean, min, minimum, mul, ne, neg, norm, not_equal, pow,
    prod, reciprocal, round, rsqrt, sign, sin, sqrt, square, std, sub, sum, var,
)
from mindshim.ops.function.nn_func import (
    avg_pool2d, binary_cross_entropy, binary_cross_entropy_with_logits, conv2d, cross_entropy, dropout, elu, gelu,
    interpolate, l1_loss, leaky_relu, log_softmax, max_pool2d, mse_loss, nll_loss, pad, relu, relu6, sigmoid, silu,
    softmax, softplus, tanh,
)
from mindshim.ops.function.clip_func import clip_by_global_norm, clip_by_norm, clip_by_value
from mindshim.ops.function.random_func import normal, rand, randint, randn, shuffle, standard_normal, uniform
from mindshim.ops.function.elementwise_func import (
    acos, acosh, addcdiv, addcmul, arccos, arccosh, arcsin, arcsinh, arctan, arctan2, arctanh, asin, asinh, atan,
    atan2, atanh, bitwise_and, bitwise_or, bitwise_xor, cosh, deg2rad, erf, erfc, erfinv, exp2, expm1, floor_div,
    floor_divide, floor_mod, fmod, frac, heaviside, hypot, isclose, lerp, log10, log1p, log2, logaddexp,
    logical_xor, logit, nan_to_num, rad2deg, remainder, sinh, tan, trunc, xlogy,
)
from mindshim.ops.function.reduce_func import (
    aminmax, argsort, count_nonzero, cummax, cummin, cumprod, logsumexp, median, nanmean, nansum, std_mean,
    var_mean,
)
from mindshim.ops.function.indexing_func import (
    argwhere, bincount, bucketize, gather_nd, index_add, index_select, scatter_add, scatter_nd, searchsorted,
    tensor_scatter_add, tensor_scatter_update, unique_consecutive,
)
from mindshim.ops.function.shape_func import (
    atleast_1d, atleast_2d, atleast_3d, column_stack, diag, diag_embed, diagonal, dstack, einsum, expand,
    expand_as, fliplr, flipud, hsplit, hstack, kron, meshgrid, moveaxis, movedim, narrow, repeat_elements,
    repeat_interleave, roll, tensor_split, tril, triu, unbind, unstack, vsplit, vstack,
)
from mindshim.ops.function.linalg_func import (
    addbmm, addmm, addmv, addr, baddbmm, cdist, cholesky, cross, det, dist, ger, inner, inverse, logdet,
    matrix_determinant, matrix_exp, matrix_power, matrix_solve, mm, mv, outer, pdist, pinv, qr, slogdet, svd,
    trace, vecdot,
)
from mindshim.ops.function.activation_func import (
    celu, dropout1d, dropout2d, dropout3d, glu, gumbel_softmax, hardshrink, hardsigmoid, hardswish, hardtanh,
    logsigmoid, mish, selu, softmin, softshrink, softsign, tanhshrink, threshold,
)
from mindshim.ops.function.loss_func import (
    cosine_similarity, huber_loss, kl_div, margin_ranking_loss, smooth_l1_loss, soft_margin_loss,
    triplet_margin_loss,
)
from mindshim.ops.function.conv_pool_func import (
    adaptive_avg_pool1d, adaptive_avg_pool2d, adaptive_avg_pool3d, adaptive_max_pool1d, adaptive_max_pool2d,
    affine_grid, avg_pool1d, avg_pool3d, batch_norm, conv1d, conv3d, conv_transpose2d, embedding, fold,
    grid_sample, group_norm, layer_norm, max_pool3d, pixel_shuffle, pixel_unshuffle, unfold, upsample,
)
from mindshim.ops.function.math_alias_func import (
    absolute, bitwise_left_shift, bitwise_right_shift, copysign, divide, eq, float_power, floordiv, floormod, fmax,
    fmin, gcd, inv, invert, lcm, ldexp, logaddexp2, multiply, negative, positive, sgn, signbit, sinc, subtract,
    true_divide, truncate_div, truncate_mod, xdivy,
)
from mindshim.ops.function.special_func import (
    cov, diff, digamma, histc, i0, is_complex, is_floating_point, is_nonzero, is_tensor, isneginf, isposinf,
    isreal, lgamma, logcumsumexp, matrix_norm, msort, nanmedian, polygamma, renorm, trapz, vector_norm,
)
from mindshim.ops.function.array_more_func import (
    block_diag, cartesian_prod, combinations, diagflat, diagonal_scatter, dsplit, fills, index_fill,
    matrix_band_part, ravel, reverse, rot90, row_stack, select_scatter, sequence_mask, slice, slice_scatter,
    strided_slice, swapdims, t, take, tensor_dot, top_k, tril_indices, triu_indices, unsorted_segment_max,
    unsorted_segment_min, unsorted_segment_prod, unsorted_segment_sum, vander,
)
from mindshim.ops.function.nn_more_func import (
    bias_add, channel_shuffle, cosine_embedding_loss, dense, fast_gelu, gaussian_nll_loss, hinge_embedding_loss,
    lp_pool1d, lp_pool2d, lrn, mirror_pad, multi_margin_loss, multilabel_margin_loss, multilabel_soft_margin_loss,
    prelu,
)
from mindshim.ops.function.random_more_func import (
    bernoulli, multinomial, rand_like, randint_like, randn_like, randperm,
)
from mindshim.ops.function.scatter_func import (
    scatter_div, scatter_max, scatter_min, scatter_mul, scatter_nd_add, scatter_nd_div, scatter_nd_max,
    scatter_nd_min, scatter_nd_mul, scatter_nd_sub, scatter_nd_update, scatter_update, tensor_scatter_div,
    tensor_scatter_elements, tensor_scatter_max, tensor_scatter_min, tensor_scatter_mul, tensor_scatter_sub,
)
from mindshim.ops.operations.inplace_ops import (
    clamp_, erfinv_, inplace_add, inplace_index_add, inplace_sigmoid, inplace_sub, inplace_update, print_, put_,
    reshape_, shape_, shape_mul, stop_gradient_, tanh_, zero_,
)
from mindshim.ops.function.array_extra_func import (
    batch_to_space_nd, move_to, padding, reverse_sequence, scalar_to_array, scalar_to_tensor, space_to_batch_nd,
    tuple_to_array, type_as, view_as,
)
from mindshim.ops.function.special_more_func import (
    bessel_i0, bessel_i0e, bessel_i1, bessel_i1e, bessel_j0, bessel_j1, bessel_k0, bessel_k0e, bessel_k1,
    bessel_k1e, bessel_y0, bessel_y1, eps, igamma, igammac, mvlgamma, nextafter, zeta,
)
from mindshim.ops.function.math_more_func import (
    accumulate_n, angle, approximate_equal, batch_dot, conj, diff_ext, einsum_ext, float_power_ext, imag, isnan_ext,
    logspace, nanquantile, polar, population_count, pows, quantile, real, tensor_pow, view_as_real,
)
from mindshim.ops.function.fft_func import (
    fft, fft2, fftfreq, fftn, fftshift, hfft, hfft2, hfftn, ifft, ifft2, ifftn, ifftshift, ihfft, ihfft2, ihfftn,
    irfft, irfft2, irfftn, rfft, rfft2, rfftfreq, rfftn, stft,
)
from mindshim.ops.function.window_func import (
    bartlett_window, blackman_window, hamming_window, hann_window, kaiser_window,
)
from mindshim.ops.function.linalg_more_func import (
    adjoint, cholesky_inverse, cholesky_solve, eig, eigvals, geqrf, orgqr, ormqr, log_matrix_determinant, lstsq,
    lu_solve, lu_unpack, baddbmm_ext, bidense, matrix_diag, matrix_diag_part, matrix_set_diag,
)
from mindshim.ops.function.random_extra_func import (
    standard_laplace, laplace, gamma, random_gamma, poisson, random_poisson, random_categorical,
    multinomial_with_replacement, choice_with_mask, uniform_candidate_sampler, log_uniform_candidate_sampler,
    uniform_, normal_, exponential_, random_, bernoulli_, bernoulli_ext,
)
from mindshim.ops.function.nn_extra_func import (
    adaptive_avg_pool2d_ext, adaptive_max_pool3d, fractional_max_pool2d, fractional_max_pool3d, max_unpool1d,
    max_unpool2d, max_unpool3d,
)
from mindshim.ops.function.nn_extra_func import (
    conv3d_transpose, ctc_greedy_decoder, ctc_loss, intopk, mse_loss_ext, rrelu, soft_shrink, unique_with_pad,
)
from mindshim.ops.function.image_func import (
    bounding_box_decode, bounding_box_encode, check_valid, col2im, crop_and_resize, iou,
)
from mindshim.ops.function.image_func import deformable_conv2d
from mindshim.ops.function.scalar_func import scalar_cast
from mindshim.ops.operations.debug_ops import tensordump
from mindshim.ops.composite.helper_ops import _add_attr, cond, deepcopy, dyn_shape
from mindshim.ops.composite.helper_grad_ops import derivative, get_grad, jet, linearize
from mindshim.ops.function._outside_all import depend, partial, remainder_ext, split_ext, tensor_div_  # outside __all__
from mindshim.ops.function.sparse_func import (
    coalesce, coo2csr, coo_add, coo_concat, coo_tensor_get_dense_shape, coo_tensor_get_indices,
    coo_tensor_get_values, csr2coo, csr_add, csr_div, csr_gather, csr_mm, csr_mul, csr_mv, csr_reduce_sum,
    csr_softmax, csr_tensor_get_dense_shape, csr_tensor_get_indices, csr_tensor_get_indptr, csr_tensor_get_values,
    csr_to_coo, csr_to_dense, dense_to_sparse_coo, dense_to_sparse_csr, make_coo_tensor, make_csr_tensor,
    make_row_tensor, make_row_tensor_inner, make_sparse_tensor, row_tensor_get_dense_shape, row_tensor_get_indices,
    row_tensor_get_values, sparse_segment_mean,
)
from mindshim.ops.function.sparse_unary_func import (
    coo_abs, coo_acos, coo_acosh, coo_asin, coo_asinh, coo_atan, coo_atanh, coo_ceil, coo_cos, coo_cosh, coo_exp,
    coo_expm1, coo_floor, coo_inv, coo_isfinite, coo_isinf, coo_isnan, coo_log, coo_log1p, coo_neg, coo_relu,
    coo_relu6, coo_round, coo_sigmoid, coo_sin, coo_sinh, coo_softsign, coo_sqrt, coo_square, coo_tan, coo_tanh,
    csr_abs, csr_acos, csr_acosh, csr_asin, csr_asinh, csr_atan, csr_atanh, csr_ceil, csr_cos, csr_cosh, csr_exp,
    csr_expm1, csr_floor, csr_inv, csr_isfinite, csr_isinf, csr_isnan, csr_log, csr_log1p, csr_neg, csr_relu,
    csr_relu6, csr_round, csr_sigmoid, csr_sin, csr_sinh, csr_softsign, csr_sqrt, csr_square, csr_tan, csr_tanh,
)

__all__ = [
    "abs", "add", "addn", "all", "amax", "amin", "any", "arange", "argmax", "argmin", "assign", "assign_add",
    "assign_sub", "avg_pool2d", "binary_cross_entropy", "binary_cross_entropy_with_logits", "bmm", "broadcast_to",
    "cast", "cat", "ceil", "chunk", "clamp", "clip", "clip_by_global_norm", "clip_by_norm", "clip_by_value",
    "concat", "conv2d", "cos", "cross_entropy", "cumsum", "div", "dot", "dropout", "dtype", "elu", "equal", "exp",
    "expand_dims", "eye", "fill", "flatten", "flip", "floor", "full", "full_like", "gather", "gather_d",
    "gather_elements", "ge", "gelu", "greater", "greater_equal", "gt", "interpolate", "isfinite", "isinf", "isnan",
    "l1_loss", "le", "leaky_relu", "less", "less_equal", "linspace", "log", "log_softmax", "logical_and",
    "logical_not", "logical_or", "lt", "masked_fill", "masked_select", "matmul", "max", "max_pool2d", "maximum",
    "mean", "min", "minimum", "mse_loss", "mul", "ne", "neg", "nll_loss", "nonzero", "norm", "normal", "not_equal",
    "numel", "one_hot", "ones", "ones_like", "pad", "permute", "pow", "prod", "rand", "randint", "randn", "range",
    "rank", "reciprocal", "relu", "relu6", "reshape", "round", "rsqrt", "scatter", "select", "shape", "shuffle",
    "sigmoid", "sign", "silu", "sin", "size", "softmax", "softplus", "sort", "split", "sqrt", "square", "squeeze",
    "stack", "standard_normal", "std", "stop_gradient", "sub", "sum", "swapaxes", "tanh", "tile", "topk",
    "transpose", "uniform", "unique", "unsqueeze", "var", "where", "zeros", "zeros_like", "acos", "arccos", "asin",
    "arcsin", "atan", "arctan", "acosh", "arccosh", "asinh", "arcsinh", "atanh", "arctanh", "cosh", "sinh", "tan",
    "erf", "erfc", "erfinv", "expm1", "log1p", "log2", "log10", "deg2rad", "rad2deg", "logit", "exp2", "trunc",
    "frac", "atan2", "arctan2", "hypot", "logaddexp", "xlogy", "fmod", "remainder", "floor_mod", "floor_divide",
    "floor_div", "lerp", "addcmul", "addcdiv", "isclose", "nan_to_num", "heaviside", "bitwise_and", "bitwise_or",
    "bitwise_xor", "logical_xor", "logsumexp", "cumprod", "cummax", "cummin", "median", "argsort", "aminmax",
    "count_nonzero", "std_mean", "var_mean", "nansum", "nanmean", "index_select", "index_add", "gather_nd",
    "scatter_nd", "scatter_add", "tensor_scatter_update", "tensor_scatter_add", "argwhere", "searchsorted",
    "bucketize", "bincount", "unique_consecutive", "roll", "tril", "triu", "repeat_interleave", "repeat_elements",
    "meshgrid", "movedim", "moveaxis", "narrow", "diagonal", "diag", "diag_embed", "einsum", "kron", "unbind",
    "unstack", "fliplr", "flipud", "hstack", "vstack", "dstack", "column_stack", "atleast_1d", "atleast_2d",
    "atleast_3d", "tensor_split", "hsplit", "vsplit", "expand", "expand_as", "inverse", "det", "cholesky",
    "matrix_power", "outer", "inner", "cross", "cdist", "dist", "trace", "mm", "mv", "vecdot", "baddbmm", "addmm",
    "addbmm", "addmv", "addr", "ger", "pinv", "svd", "qr", "slogdet", "logdet", "matrix_exp", "matrix_solve",
    "matrix_determinant", "pdist", "celu", "glu", "hardshrink", "softshrink", "hardsigmoid", "hardswish",
    "hardtanh", "logsigmoid", "mish", "selu", "softsign", "softmin", "tanhshrink", "threshold", "gumbel_softmax",
    "dropout1d", "dropout2d", "dropout3d", "kl_div", "huber_loss", "smooth_l1_loss", "margin_ranking_loss",
    "triplet_margin_loss", "soft_margin_loss", "cosine_similarity", "conv1d", "conv3d", "conv_transpose2d",
    "avg_pool1d", "avg_pool3d", "max_pool3d", "adaptive_avg_pool1d", "adaptive_avg_pool2d", "adaptive_avg_pool3d",
    "adaptive_max_pool1d", "adaptive_max_pool2d", "batch_norm", "layer_norm", "group_norm", "pixel_shuffle",
    "pixel_unshuffle", "unfold", "fold", "grid_sample", "affine_grid", "embedding", "upsample", "divide",
    "true_divide", "multiply", "subtract", "negative", "positive", "absolute", "eq", "floordiv", "floormod",
    "truncate_div", "truncate_mod", "xdivy", "inv", "invert", "sgn", "signbit", "copysign", "sinc", "fmax", "fmin",
    "gcd", "lcm", "ldexp", "float_power", "logaddexp2", "bitwise_left_shift", "bitwise_right_shift", "lgamma",
    "digamma", "polygamma", "i0", "logcumsumexp", "isneginf", "isposinf", "isreal", "is_floating_point",
    "is_complex", "is_tensor", "is_nonzero", "msort", "nanmedian", "histc", "diff", "cov", "trapz", "renorm",
    "vector_norm", "matrix_norm", "t", "ravel", "swapdims", "rot90", "take", "index_fill", "sequence_mask", "top_k",
    "unsorted_segment_sum", "unsorted_segment_max", "unsorted_segment_min", "unsorted_segment_prod",
    "matrix_band_part", "block_diag", "cartesian_prod", "combinations", "tril_indices", "triu_indices", "vander",
    "slice", "strided_slice", "select_scatter", "slice_scatter", "diagonal_scatter", "reverse", "dsplit",
    "row_stack", "diagflat", "tensor_dot", "fills", "fast_gelu", "dense", "prelu", "bias_add", "lrn",
    "channel_shuffle", "lp_pool1d", "lp_pool2d", "mirror_pad", "hinge_embedding_loss", "cosine_embedding_loss",
    "gaussian_nll_loss", "multi_margin_loss", "multilabel_margin_loss", "multilabel_soft_margin_loss", "randperm",
    "rand_like", "randn_like", "randint_like", "bernoulli", "multinomial", "scatter_div", "scatter_max",
    "scatter_min", "scatter_mul", "scatter_nd_add", "scatter_nd_div", "scatter_nd_max", "scatter_nd_min",
    "scatter_nd_mul", "scatter_nd_sub", "scatter_nd_update", "scatter_update", "tensor_scatter_div",
    "tensor_scatter_elements", "tensor_scatter_max", "tensor_scatter_min", "tensor_scatter_mul",
    "tensor_scatter_sub", "clamp_", "erfinv_", "inplace_add", "inplace_index_add", "inplace_sigmoid", "inplace_sub",
    "inplace_update", "print_", "put_", "reshape_", "shape_", "shape_mul", "stop_gradient_", "tanh_", "zero_",
    "batch_to_space_nd", "move_to", "padding", "reverse_sequence", "scalar_to_array", "scalar_to_tensor",
    "space_to_batch_nd", "tuple_to_array", "type_as", "view_as", "bessel_i0", "bessel_i0e", "bessel_i1",
    "bessel_i1e", "bessel_j0", "bessel_j1", "bessel_k0", "bessel_k0e", "bessel_k1", "bessel_k1e", "bessel_y0",
    "bessel_y1", "eps", "igamma", "igammac", "mvlgamma", "nextafter", "zeta", "accumulate_n", "angle",
    "approximate_equal", "batch_dot", "conj", "diff_ext", "einsum_ext", "float_power_ext", "imag", "isnan_ext",
    "logspace", "nanquantile", "polar", "population_count", "pows", "quantile", "real", "tensor_pow",
    "view_as_real", "fft", "fft2", "fftfreq", "fftn", "fftshift", "hfft", "hfft2", "hfftn", "ifft", "ifft2",
    "ifftn", "ifftshift", "ihfft", "ihfft2", "ihfftn", "irfft", "irfft2", "irfftn", "rfft", "rfft2", "rfftfreq",
    "rfftn", "stft", "bartlett_window", "blackman_window", "hamming_window", "hann_window", "kaiser_window",
    "adjoint", "cholesky_inverse", "cholesky_solve", "eig", "eigvals", "geqrf", "orgqr", "ormqr",
    "log_matrix_determinant", "lstsq", "lu_solve", "lu_unpack", "baddbmm_ext", "bidense", "matrix_diag",
    "matrix_diag_part", "matrix_set_diag", "standard_laplace", "laplace", "gamma", "random_gamma", "poisson",
    "random_poisson", "random_categorical", "multinomial_with_replacement", "choice_with_mask",
    "uniform_candidate_sampler", "log_uniform_candidate_sampler", "uniform_", "normal_", "exponential_", "random_",
    "bernoulli_", "bernoulli_ext", "adaptive_avg_pool2d_ext", "adaptive_max_pool3d", "fractional_max_pool2d",
    "fractional_max_pool3d", "max_unpool1d", "max_unpool2d", "max_unpool3d", "conv3d_transpose",
    "ctc_greedy_decoder", "ctc_loss", "intopk", "mse_loss_ext", "rrelu", "soft_shrink", "unique_with_pad",
    "bounding_box_decode", "bounding_box_encode", "check_valid", "col2im", "crop_and_resize", "iou",
    "deformable_conv2d", "scalar_cast", "tensordump", "_add_attr", "cond", "deepcopy", "dyn_shape", "derivative",
    "get_grad", "jet", "linearize", "coalesce", "coo2csr", "coo_add", "coo_concat", "coo_tensor_get_dense_shape",
    "coo_tensor_get_indices", "coo_tensor_get_values", "csr2coo", "csr_add", "csr_div", "csr_gather", "csr_mm",
    "csr_mul", "csr_mv", "csr_reduce_sum", "csr_softmax", "csr_tensor_get_dense_shape", "csr_tensor_get_indices",
    "csr_tensor_get_indptr", "csr_tensor_get_values", "csr_to_coo", "csr_to_dense", "dense_to_sparse_coo",
    "dense_to_sparse_csr", "make_coo_tensor", "make_csr_tensor", "make_row_tensor", "make_row_tensor_inner",
    "make_sparse_tensor", "row_tensor_get_dense_shape", "row_tensor_get_indices", "row_tensor_get_values",
    "sparse_segment_mean", "coo_abs", "coo_acos", "coo_acosh", "coo_asin", "coo_asinh", "coo_atan", "coo_atanh",
    "coo_ceil", "coo_cos", "coo_cosh", "coo_exp", "coo_expm1", "coo_floor", "coo_inv", "coo_isfinite", "coo_isinf",
    "coo_isnan", "coo_log", "coo_log1p", "coo_neg", "coo_relu", "coo_relu6", "coo_round", "coo_sigmoid", "coo_sin",
    "coo_sinh", "coo_softsign", "coo_sqrt", "coo_square", "coo_tan", "coo_tanh", "csr_abs", "csr_acos", "csr_acosh",
    "csr_asin", "csr_asinh", "csr_atan", "csr_atanh", "csr_ceil", "csr_cos", "csr_cosh", "csr_exp", "csr_expm1",
    "csr_floor", "csr_inv", "csr_isfinite", "csr_isinf", "csr_isnan", "csr_log", "csr_log1p", "csr_neg", "csr_relu",
    "csr_relu6", "csr_round", "csr_sigmoid", "csr_sin", "csr_sinh", "csr_softsign", "csr_sqrt", "csr_square",
    "csr_tan", "csr_tanh",
]
