"""mindspore.ops: functional ops, primitive classes and composite (gradient) helpers.

A MindSpore 2.10 ops name that mindshim does not provide raises a clear "not supported yet" error
(`mindshim._errors.unsupported`); a name MindSpore never had is a plain AttributeError."""
from mindshim.ops import composite, functional, operations
from mindshim.ops.function import *  # noqa: F403 - the functions, one list in function/__init__
from mindshim.ops.operations import *  # noqa: F403 - the primitives, one list in operations/__init__
from mindshim.ops.primitive import constexpr, prim_attr_register, Primitive, PrimitiveWithCheck, PrimitiveWithInfer
from mindshim.ops.composite.base import depend, HyperMap, identity, Map, MultitypeFuncGraph, partial
from mindshim.ops.composite.functional_ad import jacfwd, jacrev, jvp, vjp
from mindshim.ops.composite.grad import grad, GradOperation, value_and_grad
from mindshim.ops.composite.vmap import vmap
from mindshim.ops.operations import array_ops, linalg_ops, other_ops
from mindshim.ops.operations.array_misc_ops import SliceGetItem
from mindshim.ops.function.legacy_alias_func import (
    reduce_max, reduce_mean, reduce_min, reduce_sum, tensor_add, tensor_div, tensor_exp, tensor_expm1,
    tensor_floordiv, tensor_ge, tensor_gt, tensor_le, tensor_lt, tensor_mod, tensor_mul, tensor_muls, tensor_range,
    tensor_slice, tensor_sub,
)
from mindshim.ops.operations.math_more_ops import Median
from mindshim.ops.function.scalar_func import (
    scalar_add, scalar_sub, scalar_mul, scalar_div, scalar_floordiv, scalar_mod, scalar_pow, scalar_log, scalar_eq,
    scalar_ne, scalar_lt, scalar_le, scalar_gt, scalar_ge, scalar_max, scalar_min, scalar_uadd, scalar_usub,
    bool_and, bool_or, bool_not, bool_eq, string_concat, string_eq, is_, is_not, typeof, hastype,
)
from mindshim.ops.function.sequence_func import (
    tuple_getitem, list_getitem, tuple_setitem, list_setitem, tuple_len, list_len, tuple_equal, list_equal,
    tuple_reversed, tuple_div, make_tuple, make_list, make_dict, make_range, make_slice, dict_getitem,
    dict_setitem, in_dict, not_in_dict, reduced_shape, broadcast_gradient_args, is_sequence_shape_unknown,
    is_sequence_value_unknown, is_dynamic_sequence_element_unknown, is_tensor_bool_cond,
)
from mindshim.ops.operations.control_ops import switch, switch_layer, geswitch, merge
from mindshim.ops.op_info_register import (
    CustomRegOp, AiCPURegOp, AkgGpuRegOp, CpuRegOp, DataType, op_info_register, custom_info_register, DtypeToEnum,
    vm_impl_registry, get_vm_impl_fn,
)
from mindshim.ops.composite.helper_ops import (
    hyper_add, _ones_like_for_grad, augassign_add, augassign_sub, augassign_mul, augassign_div, augassign_floordiv,
    augassign_mod, zip_operation, tail, iter_converter, ms_next, ms_hasnext, mixed_precision_cast, add_flags,
    prim_arg_register, isconstant,
)
from mindshim.ops.composite.helper_grad_ops import _Grad, _Vmap
from mindshim.ops import operations as P
from mindshim.ops.function import *  # noqa: F403 - the functions, one list in function/__init__
from mindshim.ops.operations import *  # noqa: F403 - the primitives, one list in operations/__init__
from mindshim.ops.primitive import constexpr, prim_attr_register, Primitive, PrimitiveWithCheck, PrimitiveWithInfer
from mindshim.ops.composite.base import depend, HyperMap, identity, Map, MultitypeFuncGraph, partial
from mindshim.ops.composite.functional_ad import jacfwd, jacrev, jvp, vjp
from mindshim.ops.composite.grad import grad, GradOperation, value_and_grad
from mindshim.ops.composite.vmap import vmap
from mindshim.ops.operations import array_ops, linalg_ops, other_ops
from mindshim.ops.operations.array_misc_ops import SliceGetItem
from mindshim.ops.function.legacy_alias_func import (
    reduce_max, reduce_mean, reduce_min, reduce_sum, tensor_add, tensor_div, tensor_exp, tensor_expm1,
    tensor_floordiv, tensor_ge, tensor_gt, tensor_le, tensor_lt, tensor_mod, tensor_mul, tensor_muls, tensor_range,
    tensor_slice, tensor_sub,
)
from mindshim.ops.operations.math_more_ops import Median
from mindshim.ops.function.scalar_func import (
    scalar_add, scalar_sub, scalar_mul, scalar_div, scalar_floordiv, scalar_mod, scalar_pow, scalar_log, scalar_eq,
    scalar_ne, scalar_lt, scalar_le, scalar_gt, scalar_ge, scalar_max, scalar_min, scalar_uadd, scalar_usub,
    bool_and, bool_or, bool_not, bool_eq, string_concat, string_eq, is_, is_not, typeof, hastype,
)
from mindshim.ops.function.sequence_func import (
    tuple_getitem, list_getitem, tuple_setitem, list_setitem, tuple_len, list_len, tuple_equal, list_equal,
    tuple_reversed, tuple_div, make_tuple, make_list, make_dict, make_range, make_slice, dict_getitem,
    dict_setitem, in_dict, not_in_dict, reduced_shape, broadcast_gradient_args, is_sequence_shape_unknown,
    is_sequence_value_unknown, is_dynamic_sequence_element_unknown, is_tensor_bool_cond,
)
from mindshim.ops.operations.control_ops import switch, switch_layer, geswitch, merge
from mindshim.ops.op_info_register import (
    CustomRegOp, AiCPURegOp, AkgGpuRegOp, CpuRegOp, DataType, op_info_register, custom_info_register, DtypeToEnum,
    vm_impl_registry, get_vm_impl_fn,
)
from mindshim.ops.composite.helper_ops import (
    hyper_add, _ones_like_for_grad, augassign_add, augassign_sub, augassign_mul, augassign_div, augassign_floordiv,
    augassign_mod, zip_operation, tail, iter_converter, ms_next, ms_hasnext, mixed_precision_cast, add_flags,
    prim_arg_register, isconstant,
)
from mindshim.ops.composite.helper_grad_ops import _Grad, _Vmap
from mindshim.ops import signature
from mindshim.ops.function import *  # noqa: F403 - the functions, one list in function/__init__
from mindshim.ops.operations import *  # noqa: F403 - the primitives, one list in operations/__init__
from mindshim.ops.primitive import constexpr, prim_attr_register, Primitive, PrimitiveWithCheck, PrimitiveWithInfer
from mindshim.ops.composite.base import depend, HyperMap, identity, Map, MultitypeFuncGraph, partial
from mindshim.ops.composite.functional_ad import jacfwd, jacrev, jvp, vjp
from mindshim.ops.composite.grad import grad, GradOperation, value_and_grad
from mindshim.ops.composite.vmap import vmap
from mindshim.ops.operations import array_ops, linalg_ops, other_ops
from mindshim.ops.operations.array_misc_ops import SliceGetItem
from mindshim.ops.function.legacy_alias_func import (
    reduce_max, reduce_mean, reduce_min, reduce_sum, tensor_add, tensor_div, tensor_exp, tensor_expm1,
    tensor_floordiv, tensor_ge, tensor_gt, tensor_le, tensor_lt, tensor_mod, tensor_mul, tensor_muls, tensor_range,
    tensor_slice, tensor_sub,
)
from mindshim.ops.operations.math_more_ops import Median
from mindshim.ops.function.scalar_func import (
    scalar_add, scalar_sub, scalar_mul, scalar_div, scalar_floordiv, scalar_mod, scalar_pow, scalar_log, scalar_eq,
    scalar_ne, scalar_lt, scalar_le, scalar_gt, scalar_ge, scalar_max, scalar_min, scalar_uadd, scalar_usub,
    bool_and, bool_or, bool_not, bool_eq, string_concat, string_eq, is_, is_not, typeof, hastype,
)
from mindshim.ops.function.sequence_func import (
    tuple_getitem, list_getitem, tuple_setitem, list_setitem, tuple_len, list_len, tuple_equal, list_equal,
    tuple_reversed, tuple_div, make_tuple, make_list, make_dict, make_range, make_slice, dict_getitem,
    dict_setitem, in_dict, not_in_dict, reduced_shape, broadcast_gradient_args, is_sequence_shape_unknown,
    is_sequence_value_unknown, is_dynamic_sequence_element_unknown, is_tensor_bool_cond,
)
from mindshim.ops.operations.control_ops import switch, switch_layer, geswitch, merge
from mindshim.ops.op_info_register import (
    CustomRegOp, AiCPURegOp, AkgGpuRegOp, CpuRegOp, DataType, op_info_register, custom_info_register, DtypeToEnum,
    vm_impl_registry, get_vm_impl_fn,
)
from mindshim.ops.composite.helper_ops import (
    hyper_add, _ones_like_for_grad, augassign_add, augassign_sub, augassign_mul, augassign_div, augassign_floordiv,
    augassign_mod, zip_operation, tail, iter_converter, ms_next, ms_hasnext, mixed_precision_cast, add_flags,
    prim_arg_register, isconstant,
)
from mindshim.ops.composite.helper_grad_ops import _Grad, _Vmap
from mindshim.ops.function.comm_func import (  # the collectives of ops.communication
    all_gather, all_gather_into_tensor, all_gather_into_tensor_uneven, all_gather_object, all_reduce, all_to_all,
    all_to_all_single, barrier, batch_isend_irecv, broadcast, broadcast_object_list, destroy_process_group,
    gather_into_tensor, gather_object, get_backend, get_global_rank, get_group_rank, get_process_group_ranks,
    get_rank, get_world_size, init_process_group, irecv, is_available, is_initialized, isend, new_group, P2POp,
    recv, recv_object_list, reduce, reduce_scatter, reduce_scatter_tensor, reduce_scatter_tensor_uneven,
    scatter_object_list, scatter_tensor, send, send_object_list, set_comm_ops_inplace, TCPStore,
)

__all__ = [
    "composite", "functional", "operations", "P", "signature", "array_ops", "linalg_ops", "other_ops",
    "GradOperation", "grad", "value_and_grad", "MultitypeFuncGraph", "HyperMap", "Map", "partial", "Partial",
    "depend", "Depend", "identity", "vmap", "jacfwd", "jacrev", "jvp", "vjp", "Primitive", "PrimitiveWithCheck",
    "PrimitiveWithInfer", "constexpr", "prim_attr_register", "abs", "add", "addn", "all", "amax", "amin", "any",
    "arange", "argmax", "argmin", "assign", "assign_add", "assign_sub", "avg_pool2d", "binary_cross_entropy",
    "binary_cross_entropy_with_logits", "bmm", "broadcast_to", "cast", "cat", "ceil", "chunk", "clamp", "clip",
    "clip_by_global_norm", "clip_by_norm", "clip_by_value", "concat", "conv2d", "cos", "cross_entropy", "cumsum",
    "div", "dot", "dropout", "dtype", "elu", "equal", "exp", "expand_dims", "eye", "fill", "flatten", "flip",
    "floor", "full", "full_like", "gather", "gather_d", "gather_elements", "ge", "gelu", "greater", "greater_equal",
    "gt", "interpolate", "isfinite", "isinf", "isnan", "l1_loss", "le", "leaky_relu", "less", "less_equal",
    "linspace", "log", "log_softmax", "logical_and", "logical_not", "logical_or", "lt", "masked_fill",
    "masked_select", "matmul", "max", "max_pool2d", "maximum", "mean", "min", "minimum", "mse_loss", "mul", "ne",
    "neg", "nll_loss", "nonzero", "norm", "normal", "not_equal", "numel", "one_hot", "ones", "ones_like", "pad",
    "permute", "pow", "prod", "rand", "randint", "randn", "range", "rank", "reciprocal", "relu", "relu6", "reshape",
    "round", "rsqrt", "scatter", "select", "shape", "shuffle", "sigmoid", "sign", "silu", "sin", "size", "softmax",
    "softplus", "sort", "split", "sqrt", "square", "squeeze", "stack", "standard_normal", "std", "stop_gradient",
    "sub", "sum", "swapaxes", "tanh", "tile", "topk", "transpose", "uniform", "unique", "unsqueeze", "var", "where",
    "zeros", "zeros_like", "Abs", "Add", "AddN", "ArgMaxWithValue", "ArgMinWithValue", "Argmax", "Argmin", "Assign",
    "AssignAdd", "AssignSub", "AvgPool", "BatchMatMul", "BiasAdd", "BroadcastTo", "Cast", "Ceil", "Concat",
    "Conv2D", "Cos", "CumSum", "DType", "Div", "Dropout", "Elu", "Equal", "Exp", "ExpandDims", "FastGeLU", "Fill",
    "Flatten", "Floor", "Gather", "GatherD", "GeLU", "Greater", "GreaterEqual", "HistogramSummary", "Identity",
    "ImageSummary", "IsFinite", "IsInf", "IsNan", "LeakyReLU", "Less", "LessEqual", "Log", "LogSoftmax",
    "LogicalAnd", "LogicalNot", "LogicalOr", "MaskedFill", "MatMul", "MaxPool", "Maximum", "Minimum", "Mul", "Neg",
    "NotEqual", "OneHot", "Ones", "OnesLike", "Pow", "Print", "Rank", "ReLU", "ReLU6", "RealDiv", "Reciprocal",
    "ReduceAll", "ReduceAny", "ReduceMax", "ReduceMean", "ReduceMin", "ReduceProd", "ReduceSum", "Reshape", "Round",
    "Rsqrt", "ScalarCast", "ScalarSummary", "Select", "Shape", "SiLU", "Sigmoid", "Sign", "Sin", "Size", "Softmax",
    "SoftmaxCrossEntropyWithLogits", "Softplus", "Sort", "SparseSoftmaxCrossEntropyWithLogits", "Split", "Sqrt",
    "Square", "Squeeze", "Stack", "StopGradient", "Sub", "Tanh", "TensorSummary", "Tile", "TopK", "Transpose",
    "Zeros", "ZerosLike", "acos", "arccos", "asin", "arcsin", "atan", "arctan", "acosh", "arccosh", "asinh",
    "arcsinh", "atanh", "arctanh", "cosh", "sinh", "tan", "erf", "erfc", "erfinv", "expm1", "log1p", "log2",
    "log10", "deg2rad", "rad2deg", "logit", "exp2", "trunc", "frac", "atan2", "arctan2", "hypot", "logaddexp",
    "xlogy", "fmod", "remainder", "floor_mod", "floor_divide", "floor_div", "lerp", "addcmul", "addcdiv", "isclose",
    "nan_to_num", "heaviside", "bitwise_and", "bitwise_or", "bitwise_xor", "logical_xor", "logsumexp", "cumprod",
    "cummax", "cummin", "median", "argsort", "aminmax", "count_nonzero", "std_mean", "var_mean", "nansum",
    "nanmean", "index_select", "index_add", "gather_nd", "scatter_nd", "scatter_add", "tensor_scatter_update",
    "tensor_scatter_add", "argwhere", "searchsorted", "bucketize", "bincount", "unique_consecutive", "roll", "tril",
    "triu", "repeat_interleave", "repeat_elements", "meshgrid", "movedim", "moveaxis", "narrow", "diagonal", "diag",
    "diag_embed", "einsum", "kron", "unbind", "unstack", "fliplr", "flipud", "hstack", "vstack", "dstack",
    "column_stack", "atleast_1d", "atleast_2d", "atleast_3d", "tensor_split", "hsplit", "vsplit", "expand",
    "expand_as", "inverse", "det", "cholesky", "matrix_power", "outer", "inner", "cross", "cdist", "dist", "trace",
    "mm", "mv", "vecdot", "baddbmm", "addmm", "addbmm", "addmv", "addr", "ger", "pinv", "svd", "qr", "slogdet",
    "logdet", "matrix_exp", "matrix_solve", "matrix_determinant", "pdist", "celu", "glu", "hardshrink",
    "softshrink", "hardsigmoid", "hardswish", "hardtanh", "logsigmoid", "mish", "selu", "softsign", "softmin",
    "tanhshrink", "threshold", "gumbel_softmax", "dropout1d", "dropout2d", "dropout3d", "kl_div", "huber_loss",
    "smooth_l1_loss", "margin_ranking_loss", "triplet_margin_loss", "soft_margin_loss", "cosine_similarity",
    "conv1d", "conv3d", "conv_transpose2d", "avg_pool1d", "avg_pool3d", "max_pool3d", "adaptive_avg_pool1d",
    "adaptive_avg_pool2d", "adaptive_avg_pool3d", "adaptive_max_pool1d", "adaptive_max_pool2d", "batch_norm",
    "layer_norm", "group_norm", "pixel_shuffle", "pixel_unshuffle", "unfold", "fold", "grid_sample", "affine_grid",
    "embedding", "upsample", "ACos", "Acosh", "Addcdiv", "Addcmul", "Asin", "Asinh", "Atan", "Atan2", "Atanh",
    "BitwiseAnd", "BitwiseOr", "BitwiseXor", "Cosh", "CumProd", "Cummax", "Cummin", "Erf", "Erfc", "Erfinv",
    "Expm1", "FloorDiv", "FloorMod", "Heaviside", "Hypot", "IsClose", "Lerp", "Log1p", "LogicalXor", "Mod",
    "ReduceStd", "Sinh", "SquaredDifference", "Tan", "Trunc", "TruncateDiv", "TruncateMod", "Xlogy", "Cdist",
    "Cholesky", "Cross", "Diag", "Einsum", "GatherNd", "IndexAdd", "MatrixDeterminant", "MatrixInverse", "Meshgrid",
    "ReverseV2", "Roll", "ScatterAdd", "ScatterNd", "ScatterNdAdd", "ScatterNdUpdate", "ScatterUpdate",
    "SearchSorted", "Slice", "TensorScatterAdd", "TensorScatterUpdate", "Trace", "Tril", "Triu",
    "UniqueConsecutive", "Unpack", "UnsortedSegmentSum", "Unstack", "AdaptiveAvgPool2D", "AdaptiveMaxPool2D",
    "BCEWithLogitsLoss", "BatchNorm", "BinaryCrossEntropy", "CeLU", "Conv2DTranspose", "Conv3D", "HShrink",
    "HSigmoid", "HSwish", "KLDivLoss", "L2Loss", "L2Normalize", "LayerNorm", "MirrorPad", "Mish", "Pad",
    "ResizeNearestNeighbor", "SeLU", "SigmoidCrossEntropyWithLogits", "SmoothL1Loss", "SoftMarginLoss",
    "SoftShrink", "Softsign", "StridedSlice", "DiagPart", "TensorShape", "Range", "UnsortedSegmentMax",
    "UnsortedSegmentMin", "PReLU", "NLLLoss", "LRN", "DepthToSpace", "SpaceToDepth", "Xdivy", "SquareSumAll",
    "divide", "true_divide", "multiply", "subtract", "negative", "positive", "absolute", "eq", "floordiv",
    "floormod", "truncate_div", "truncate_mod", "xdivy", "inv", "invert", "sgn", "signbit", "copysign", "sinc",
    "fmax", "fmin", "gcd", "lcm", "ldexp", "float_power", "logaddexp2", "bitwise_left_shift", "bitwise_right_shift",
    "lgamma", "digamma", "polygamma", "i0", "logcumsumexp", "isneginf", "isposinf", "isreal", "is_floating_point",
    "is_complex", "is_tensor", "is_nonzero", "msort", "nanmedian", "histc", "diff", "cov", "trapz", "renorm",
    "vector_norm", "matrix_norm", "t", "ravel", "swapdims", "rot90", "take", "index_fill", "sequence_mask", "top_k",
    "unsorted_segment_sum", "unsorted_segment_max", "unsorted_segment_min", "unsorted_segment_prod",
    "matrix_band_part", "block_diag", "cartesian_prod", "combinations", "tril_indices", "triu_indices", "vander",
    "slice", "strided_slice", "select_scatter", "slice_scatter", "diagonal_scatter", "reverse", "dsplit",
    "row_stack", "diagflat", "tensor_dot", "fills", "fast_gelu", "dense", "prelu", "bias_add", "lrn",
    "channel_shuffle", "lp_pool1d", "lp_pool2d", "mirror_pad", "hinge_embedding_loss", "cosine_embedding_loss",
    "gaussian_nll_loss", "multi_margin_loss", "multilabel_margin_loss", "multilabel_soft_margin_loss", "randperm",
    "rand_like", "randn_like", "randint_like", "bernoulli", "multinomial", "ApplyAdadelta", "ApplyAdagrad",
    "ApplyAdagradDA", "ApplyAdagradV2", "ApplyAdaMax", "ApplyAdamWithAmsgrad", "ApplyAdamWithAmsgradV2",
    "ApplyAddSign", "ApplyCenteredRMSProp", "ApplyFtrl", "ApplyGradientDescent", "ApplyKerasMomentum",
    "ApplyMomentum", "ApplyPowerSign", "ApplyProximalAdagrad", "ApplyProximalGradientDescent", "ApplyRMSProp",
    "SGD", "Adam", "AdamNoUpdateParam", "AdamWeightDecay", "FusedAdaFactor", "FusedAdaFactorWithGlobalNorm",
    "FusedCastAdamWeightDecay", "FusedSparseAdam", "FusedSparseFtrl", "FusedSparseLazyAdam",
    "FusedSparseProximalAdagrad", "FusedWeightScaleApplyMomentum", "LARSUpdate", "FloatStatus",
    "NPUAllocFloatStatus", "NPUClearFloatStatus", "NPUGetFloatStatus", "IndexFill", "IndexPut", "MaskedScatter",
    "MaskedSelect", "NonZero", "ScatterAddWithAxis", "ScatterDiv", "ScatterMax", "ScatterMin", "ScatterMul",
    "ScatterNdDiv", "ScatterNdMax", "ScatterNdMin", "ScatterNdMul", "ScatterNdSub", "ScatterNonAliasingAdd",
    "ScatterSub", "TensorScatterDiv", "TensorScatterElements", "TensorScatterMax", "TensorScatterMin",
    "TensorScatterMul", "TensorScatterSub", "SegmentMax", "SegmentMean", "SegmentMin", "SegmentProd", "SegmentSum",
    "UnsortedSegmentProd", "InplaceAdd", "InplaceIndexAdd", "InplaceSub", "InplaceUpdate", "InplaceUpdateV2",
    "clamp_", "erfinv_", "inplace_add", "inplace_index_add", "inplace_sigmoid", "inplace_sub", "inplace_update",
    "print_", "put_", "reshape_", "shape_", "shape_mul", "stop_gradient_", "tanh_", "zero_", "scatter_div",
    "scatter_max", "scatter_min", "scatter_mul", "scatter_nd_add", "scatter_nd_div", "scatter_nd_max",
    "scatter_nd_min", "scatter_nd_mul", "scatter_nd_sub", "scatter_nd_update", "scatter_update",
    "tensor_scatter_div", "tensor_scatter_elements", "tensor_scatter_max", "tensor_scatter_min",
    "tensor_scatter_mul", "tensor_scatter_sub", "BatchToSpace", "BatchToSpaceND", "BatchToSpaceNDV2",
    "CompareAndBitpack", "DataFormatDimMap", "DataFormatVecPermute", "Expand", "Eye", "FillDiagonal", "FillV2",
    "Fills", "GatherV2", "PadV3", "Padding", "RaggedRange", "ReverseSequence", "SpaceToBatch", "SpaceToBatchND",
    "SplitV", "TrilIndices", "TriuIndices", "CopyWithSlice", "IdentityN", "InvertPermutation", "LerpScalar",
    "ListDiff", "LowerBound", "MoveTo", "Pack", "ParallelConcat", "Reusing", "ScalarToArray", "ScalarToTensor",
    "SelectView", "SliceGetItem", "SubAndFilter", "TensorAdd", "TensorToTuple", "TransposeExtView", "TransposeView",
    "TupleToArray", "UnravelIndex", "UpperBound", "batch_to_space_nd", "move_to", "padding", "reverse_sequence",
    "scalar_to_array", "scalar_to_tensor", "space_to_batch_nd", "tuple_to_array", "type_as", "view_as",
    "reduce_max", "reduce_mean", "reduce_min", "reduce_sum", "tensor_add", "tensor_div", "tensor_exp",
    "tensor_expm1", "tensor_floordiv", "tensor_ge", "tensor_gt", "tensor_le", "tensor_lt", "tensor_mod",
    "tensor_mul", "tensor_muls", "tensor_range", "tensor_slice", "tensor_sub", "Morph", "bessel_i0", "bessel_i0e",
    "bessel_i1", "bessel_i1e", "bessel_j0", "bessel_j1", "bessel_k0", "bessel_k0e", "bessel_k1", "bessel_k1e",
    "bessel_y0", "bessel_y1", "eps", "igamma", "igammac", "mvlgamma", "nextafter", "zeta", "accumulate_n", "angle",
    "approximate_equal", "batch_dot", "conj", "diff_ext", "einsum_ext", "float_power_ext", "imag", "isnan_ext",
    "logspace", "nanquantile", "polar", "population_count", "pows", "quantile", "real", "tensor_pow",
    "view_as_real", "fft", "fft2", "fftfreq", "fftn", "fftshift", "hfft", "hfft2", "hfftn", "ifft", "ifft2",
    "ifftn", "ifftshift", "ihfft", "ihfft2", "ihfftn", "irfft", "irfft2", "irfftn", "rfft", "rfft2", "rfftfreq",
    "rfftn", "stft", "bartlett_window", "blackman_window", "hamming_window", "hann_window", "kaiser_window",
    "AccumulateNV2", "Angle", "ApproximateEqual", "BesselI0", "BesselI0e", "BesselI1", "BesselI1e", "BesselJ0",
    "BesselJ1", "BesselK0", "BesselK0e", "BesselK1", "BesselK1e", "BesselY0", "BesselY1", "Betainc", "Bincount",
    "Bucketize", "Complex", "ComplexAbs", "Conj", "CountNonZero", "CumulativeLogsumexp", "Digamma", "DivNoNan",
    "Eps", "EqualCount", "EuclideanNorm", "Fmax", "Fmin", "Gcd", "Ger", "Histogram", "HistogramFixedWidth",
    "Igamma", "Igammac", "Imag", "Inv", "Invert", "Lcm", "LeftShift", "Lgamma", "LinSpace", "LogSpace", "Logit",
    "LpNorm", "Median", "MulNoNan", "Mvlgamma", "NanToNum", "NextAfter", "Pdist", "Polar", "Polygamma",
    "PopulationCount", "Quantile", "Real", "Renorm", "RightShift", "Rint", "Sinc", "Zeta", "FFTWithSize", "STFT",
    "BartlettWindow", "BlackmanWindow", "HammingWindow", "adjoint", "cholesky_inverse", "cholesky_solve", "eig",
    "eigvals", "geqrf", "orgqr", "ormqr", "log_matrix_determinant", "lstsq", "lu_solve", "lu_unpack", "baddbmm_ext",
    "bidense", "matrix_diag", "matrix_diag_part", "matrix_set_diag", "standard_laplace", "laplace", "gamma",
    "random_gamma", "poisson", "random_poisson", "random_categorical", "multinomial_with_replacement",
    "choice_with_mask", "uniform_candidate_sampler", "log_uniform_candidate_sampler", "uniform_", "normal_",
    "exponential_", "random_", "bernoulli_", "bernoulli_ext", "CholeskyInverse", "CholeskySolve",
    "ConjugateTranspose", "Dense", "Eig", "Geqrf", "LogMatrixDeterminant", "Lstsq", "LuSolve", "LuUnpack",
    "MatrixBandPart", "MatrixDiagPartV3", "MatrixDiagV3", "MatrixExp", "MatrixLogarithm", "MatrixPower",
    "MatrixSetDiagV3", "MatrixSolve", "MatrixSolveLs", "MatrixTriangularSolve", "NuclearNorm", "Orgqr", "Ormqr",
    "Qr", "Svd", "TridiagonalMatMul", "StandardNormal", "StandardLaplace", "UniformReal", "UniformInt",
    "TruncatedNormal", "ParameterizedTruncatedNormal", "Gamma", "RandomGamma", "Poisson", "RandomPoisson",
    "Multinomial", "MultinomialWithReplacement", "RandomCategorical", "RandomChoiceWithMask", "RandomShuffle",
    "Randperm", "RandpermV2", "Bernoulli", "Cauchy", "LogNormalReverse", "NonDeterministicInts",
    "UniformCandidateSampler", "LogUniformCandidateSampler", "ComputeAccidentalHits", "AdaptiveAvgPool3D",
    "AdaptiveMaxPool3D", "AvgPool3D", "MaxPool3D", "MaxPool3DWithArgmax", "MaxPoolWithArgmax",
    "MaxPoolWithArgmaxV2", "MaxUnpool2D", "MaxUnpool3D", "FractionalAvgPool", "FractionalMaxPool",
    "FractionalMaxPool3DWithFixedKsize", "FractionalMaxPoolWithFixedKsize", "adaptive_avg_pool2d_ext",
    "adaptive_max_pool3d", "fractional_max_pool2d", "fractional_max_pool3d", "max_unpool1d", "max_unpool2d",
    "max_unpool3d", "CTCGreedyDecoder", "CTCLoss", "CTCLossV2", "Dropout2D", "Dropout3D", "FastGelu", "Gelu", "GLU",
    "LogSoftmaxExt", "MultilabelMarginLoss", "MultiMarginLoss", "TripletMarginLoss", "ChannelShuffle",
    "ConfusionMatrix", "Conv2DBackpropInput", "Conv3DTranspose", "DepthwiseConv2dNative", "EditDistance",
    "EmbeddingLookup", "InTopK", "NoRepeatNGram", "NthElement", "Unique", "UniqueWithPad", "conv3d_transpose",
    "ctc_greedy_decoder", "ctc_loss", "intopk", "mse_loss_ext", "rrelu", "soft_shrink", "unique_with_pad",
    "DynamicGRUV2", "DynamicRNN", "LSTM", "BoundingBoxDecode", "BoundingBoxEncode", "CheckValid", "IOU",
    "NMSWithMask", "NonMaxSuppressionV3", "NonMaxSuppressionWithOverlaps", "ROIAlign", "AdjustHue",
    "AdjustSaturation", "AffineGrid", "Col2Im", "CropAndResize", "GridSampler2D", "GridSampler3D", "HSVToRGB",
    "Im2Col", "RGBToHSV", "ResizeBicubic", "ResizeBilinearV2", "ResizeLinear1D", "ResizeNearestNeighborV2",
    "UpsampleNearest3D", "UpsampleTrilinear3D", "bounding_box_decode", "bounding_box_encode", "check_valid",
    "col2im", "crop_and_resize", "iou", "CombinedNonMaxSuppression", "ExtractImagePatches", "ExtractVolumePatches",
    "ResizeArea", "DeformableOffsets", "deformable_conv2d", "ExtractGlimpse", "ScaleAndTranslate",
    "SampleDistortedBoundingBoxV2", "Dilation2D", "scalar_add", "scalar_sub", "scalar_mul", "scalar_div",
    "scalar_floordiv", "scalar_mod", "scalar_pow", "scalar_log", "scalar_eq", "scalar_ne", "scalar_lt", "scalar_le",
    "scalar_gt", "scalar_ge", "scalar_max", "scalar_min", "scalar_uadd", "scalar_usub", "scalar_cast", "bool_and",
    "bool_or", "bool_not", "bool_eq", "string_concat", "string_eq", "is_", "is_not", "typeof", "hastype",
    "tuple_getitem", "list_getitem", "tuple_setitem", "list_setitem", "tuple_len", "list_len", "tuple_equal",
    "list_equal", "tuple_reversed", "tuple_div", "make_tuple", "make_list", "make_dict", "make_range", "make_slice",
    "dict_getitem", "dict_setitem", "in_dict", "not_in_dict", "reduced_shape", "broadcast_gradient_args",
    "is_sequence_shape_unknown", "is_sequence_value_unknown", "is_dynamic_sequence_element_unknown",
    "is_tensor_bool_cond", "ForiLoop", "WhileLoop", "Scan", "GeSwitch", "Merge", "switch", "switch_layer",
    "geswitch", "merge", "Assert", "CheckNumerics", "TensorDump", "tensordump", "DumpGradient", "HookBackward",
    "InsertGradientOf", "UpdateState", "PyFunc", "Custom", "kernel", "ms_kernel", "CustomRegOp", "AiCPURegOp",
    "AkgGpuRegOp", "CpuRegOp", "DataType", "op_info_register", "custom_info_register", "DtypeToEnum",
    "vm_impl_registry", "get_vm_impl_fn", "hyper_add", "_ones_like_for_grad", "augassign_add", "augassign_sub",
    "augassign_mul", "augassign_div", "augassign_floordiv", "augassign_mod", "zip_operation", "tail",
    "iter_converter", "ms_next", "ms_hasnext", "mixed_precision_cast", "add_flags", "_add_attr",
    "prim_arg_register", "deepcopy", "dyn_shape", "DynamicShape", "isconstant", "cond", "_Grad", "_Vmap",
    "get_grad", "jet", "derivative", "linearize", "coalesce", "coo2csr", "coo_add", "coo_concat",
    "coo_tensor_get_dense_shape", "coo_tensor_get_indices", "coo_tensor_get_values", "csr2coo", "csr_add",
    "csr_div", "csr_gather", "csr_mm", "csr_mul", "csr_mv", "csr_reduce_sum", "csr_softmax",
    "csr_tensor_get_dense_shape", "csr_tensor_get_indices", "csr_tensor_get_indptr", "csr_tensor_get_values",
    "csr_to_coo", "csr_to_dense", "dense_to_sparse_coo", "dense_to_sparse_csr", "make_coo_tensor",
    "make_csr_tensor", "make_row_tensor", "make_row_tensor_inner", "make_sparse_tensor",
    "row_tensor_get_dense_shape", "row_tensor_get_indices", "row_tensor_get_values", "sparse_segment_mean",
    "coo_abs", "coo_acos", "coo_acosh", "coo_asin", "coo_asinh", "coo_atan", "coo_atanh", "coo_ceil", "coo_cos",
    "coo_cosh", "coo_exp", "coo_expm1", "coo_floor", "coo_inv", "coo_isfinite", "coo_isinf", "coo_isnan", "coo_log",
    "coo_log1p", "coo_neg", "coo_relu", "coo_relu6", "coo_round", "coo_sigmoid", "coo_sin", "coo_sinh",
    "coo_softsign", "coo_sqrt", "coo_square", "coo_tan", "coo_tanh", "csr_abs", "csr_acos", "csr_acosh", "csr_asin",
    "csr_asinh", "csr_atan", "csr_atanh", "csr_ceil", "csr_cos", "csr_cosh", "csr_exp", "csr_expm1", "csr_floor",
    "csr_inv", "csr_isfinite", "csr_isinf", "csr_isnan", "csr_log", "csr_log1p", "csr_neg", "csr_relu", "csr_relu6",
    "csr_round", "csr_sigmoid", "csr_sin", "csr_sinh", "csr_softsign", "csr_sqrt", "csr_square", "csr_tan",
    "csr_tanh", "SparseApplyAdadelta", "SparseApplyAdagrad", "SparseApplyAdagradV2", "SparseApplyFtrl",
    "SparseApplyFtrlV2", "SparseApplyProximalAdagrad", "SparseApplyRMSProp", "Coalesce", "SparseGatherV2",
    "SparseSlice", "SparseTensorDenseAdd", "SparseTensorDenseMatmul", "SparseToDense",
    "P2POp", "TCPStore", "all_gather", "all_gather_into_tensor", "all_gather_object", "all_reduce", "all_to_all",
    "all_to_all_single", "barrier", "batch_isend_irecv", "broadcast", "broadcast_object_list",
    "destroy_process_group", "gather_into_tensor", "gather_object", "get_backend", "get_global_rank",
    "get_group_rank", "get_process_group_ranks", "get_rank", "get_world_size", "init_process_group", "irecv",
    "is_available", "is_initialized", "isend", "new_group", "recv", "recv_object_list", "reduce",
    "reduce_scatter", "reduce_scatter_tensor", "scatter_object_list", "scatter_tensor", "send",
    "send_object_list", "set_comm_ops_inplace", "all_gather_into_tensor_uneven", "reduce_scatter_tensor_uneven",
]
_TABLE_MODULES = {"auto_generate": "ops.auto_generate", "gen_extend_func": "ops.auto_generate.gen_extend_func",
                  "gen_ops_def": "ops.auto_generate.gen_ops_def", "gen_ops_prim": "ops.auto_generate.gen_ops_prim",
                  "arg_dtype_cast": "ops._utils.arg_dtype_cast", "arg_handler": "ops._utils.arg_handler"}
def __getattr__(name: str):
    from mindshim._errors import missing_attribute, unsupported
    from mindshim.ops._mindspore_names import NAMES
    if name in _TABLE_MODULES:
        from mindshim._paths import table_module
        return table_module(_TABLE_MODULES[name])
    if name == "Tensor":  # bound on mindspore.ops outside its __all__
        from mindshim.common.tensor import Tensor
        return Tensor
    if name in NAMES:
        raise unsupported(f"mindspore.ops.{name}")
    raise missing_attribute("mindspore.ops", name)
