"""MindSpore's `mindspore.ops.auto_generate.gen_ops_prim`: the torch-style primitive classes
(`AddExt`, `SumExt`, `InplaceMul`, ...). Attribute-free ones call their function (built from a table);
names MindSpore also exposes at `mindspore.ops` resolve through mindshim's path table."""
from __future__ import annotations

from typing import Any, Callable

import torch

from mindshim.ops.auto_generate import _ext_array as A
from mindshim.ops.auto_generate import _ext_linalg as L
from mindshim.ops.auto_generate import _ext_math as M
from mindshim.ops.auto_generate import _ext_more as X
from mindshim.ops.auto_generate import _ext_nn as N
from mindshim.ops.auto_generate._ext_more import LayerNormV3, MaxPoolWithIndices
from mindshim.ops.auto_generate._inplace import OPS as I
from mindshim.ops.auto_generate._prims_attr import (
    Correlate, Diagonal, EluExt, OneHotExt, StackExt, TensorScatterElements,
)
from mindshim.ops.auto_generate._op_names import op_name
from mindshim.ops.auto_generate._util import prims
from mindshim.ops.function import fft_func as FF


def _bool_not(x: Any) -> bool:
    return not x


_TABLE: dict[str, Callable] = {
    # math
    "AddExt": M.add_ext, "SubExt": M.sub_ext, "AddScalar": M.add_scalar, "SubScalar": M.sub_scalar, "Muls": M.muls,
    "Divs": M.divs, "DivMod": M.divmod_, "DivMods": M.divmod_, "FloorDivScalar": M.floor_div_scalar,
    "FmodScalar": M.fmod, "FmodTensor": M.fmod, "RemainderScalarTensor": M.remainder,
    "RemainderTensorScalar": M.remainder, "RemainderTensorTensor": M.remainder, "PowScalarTensor": M.pow_,
    "PowTensorScalar": M.pow_, "XLogYScalarOther": M.xlogy, "XLogYScalarSelf": M.xlogy,
    "AcosExt": M.acos_ext, "AcoshExt": M.acosh_ext, "AsinExt": M.asin_ext, "AsinhExt": M.asinh_ext,
    "AtanExt": M.atan_ext, "Atan2Ext": M.atan2_ext, "Exp2": M.exp2, "Log2": M.log2_ext, "Log10": M.log10_ext,
    "Tan": M.tan_ext, "Frac": M.frac_ext, "IsNegInf": M.isneginf_ext, "LogAddExp": M.logaddexp_ext,
    "LogAddExp2": M.logaddexp2, "SumExt": M.sum_ext, "MeanExt": M.mean_ext, "ProdExt": M.prod_ext,
    "Nansum": M.nansum, "ArgMaxExt": M.argmax_ext, "ArgMinExt": M.argmin_ext, "Max": M.max_, "Min": M.min_,
    "MaxDim": M.max_dim, "MinDim": M.min_dim, "MedianExt": M.median_ext, "MedianDim": M.median_dim,
    "Kthvalue": M.kthvalue, "CumsumExt": M.cumsum_ext, "CumminExt": M.cummin_ext, "LogSumExp": M.logsumexp_ext,
    "CountNonZero": M.count_nonzero, "Std": M.std, "Var": M.var, "StdMean": M.std_mean, "VarMean": M.var_mean,
    "Norm": M.norm, "LinalgVectorNorm": M.linalg_vector_norm, "LpNormV2": M.lp_norm_v2, "HistcExt": M.histc_ext,
    "BincountExt": M.bincount_ext, "ClampScalar": M.clamp_scalar, "ClampTensor": M.clamp_tensor,
    "LessScalar": M.less_scalar, "EqScalar": M.eq_scalar, "GreaterEqualScalar": M.greater_equal_scalar,
    "EqualExt": M.equal_ext, "BitwiseAndScalar": M.bitwise(torch.bitwise_and),
    "BitwiseAndTensor": M.bitwise(torch.bitwise_and), "BitwiseOrScalar": M.bitwise(torch.bitwise_or),
    "BitwiseOrTensor": M.bitwise(torch.bitwise_or), "BitwiseXorScalar": M.bitwise(torch.bitwise_xor),
    "BitwiseXorTensor": M.bitwise(torch.bitwise_xor), "BitwiseNot": M.bitwise_not, "BoolNot": _bool_not,
    "TraceExt": M.trace_ext, "TraceV2": M.trace_v2, "Sub": M.sub_ext,
    # linalg
    "MatMulExt": L.matmul_ext, "Mm": L.mm_ext, "BatchMatMulExt": L.bmm_ext, "Baddbmm": L.baddbmm,
    "Addbmm": L.addbmm, "Addmm": L.addmm, "Addmv": L.addmv, "Dot": L.dot, "Vdot": L.vdot, "Mv": L.mv,
    "Outer": L.outer_ext, "TExt": L.t_ext, "MatrixInverseExt": L.matrix_inverse_ext, "LinalgQr": L.linalg_qr,
    "SolveTriangular": L.solve_triangular, "TriangularSolve": L.triangular_solve, "EinsumExt": L.einsum_ext,
    # nn
    "LeakyReLUExt": N.leaky_relu_ext, "MishExt": N.mish_ext, "SeLUExt": N.selu_ext, "SoftplusExt": N.softplus_ext,
    "Hardtanh": N.hardtanh, "Threshold": N.threshold, "GeluExt": N.gelu_ext, "SiLU": N.silu,
    "LogSigmoid": N.log_sigmoid, "L1LossExt": N.l1_loss_ext, "MSELossExt": N.mse_loss_ext,
    "CosineEmbeddingLoss": N.cosine_embedding_loss, "KLDiv": N.kl_div, "NLLLoss2d": N.nll_loss_2d,
    "CrossEntropyLoss": N.cross_entropy_loss, "Conv1DExt": N.conv1d_ext, "Conv2DExt": N.conv2d_ext,
    "Conv3DExt": N.conv3d_ext, "Conv1DPadding": N.conv1d_padding, "Conv2DPadding": N.conv2d_padding,
    "Conv3DPadding": N.conv3d_padding, "Convolution": N.convolution, "ConvolutionStr": N.convolution,
    "ConvTranspose2D": N.conv_transpose2d, "ConvTbc": N.conv_tbc, "AdaptiveAvgPool1D": N.adaptive_avg_pool1d,
    "AdaptiveAvgPool2DExt": N.adaptive_avg_pool2d_ext, "AdaptiveAvgPool3DExt": N.adaptive_avg_pool3d_ext,
    "AdaptiveMaxPool1D": N.adaptive_max_pool1d, "AvgPool1D": N.avg_pool1d_ext, "AvgPool2D": N.avg_pool2d,
    "AvgPool3DExt": N.avg_pool3d_ext, "FuncMaxPool2D": N.func_max_pool2d, "MaxUnpool2DExt": N.max_unpool2d_ext,
    "LayerNormExt": N.layer_norm_ext, "GroupNorm": N.group_norm, "BatchNormExt": N.batch_norm_ext,
    "BatchNormStats": N.batch_norm_stats, "BatchNormElemt": N.batch_norm_elemt,
    "BatchNormGatherStatsWithCounts": N.batch_norm_gather_stats_with_counts, "Embedding": N.embedding,
    "Col2ImExt": N.fold_ext, "Im2ColExt": N.unfold_ext, "PixelShuffle": N.pixel_shuffle,
    "ConstantPadND": N.constant_pad_nd, "ReflectionPad1D": N.reflection_pad, "ReflectionPad2D": N.reflection_pad,
    "ReflectionPad3D": N.reflection_pad, "ReplicationPad1D": N.replication_pad, "ReplicationPad2D": N.replication_pad,
    "ReplicationPad3D": N.replication_pad, "UpsampleNearest1D": N.upsample_nearest1d,
    "UpsampleNearest2D": N.upsample_nearest2d, "UpsampleLinear1D": N.upsample_linear1d,
    "UpsampleBilinear2D": N.upsample_bilinear2d, "UpsampleBicubic2D": N.upsample_bicubic2d,
    # array
    "FlattenExt": A.flatten_ext, "Narrow": A.narrow, "NarrowView": A.narrow, "SortExt": A.sort_ext,
    "ArgSort": A.argsort_ext, "TopkExt": A.topk_ext, "DiagExt": A.diag_ext, "TrilExt": A.tril_ext,
    "IndexSelect": A.index_select_ext, "GatherNdExt": A.gather_nd_ext, "Index": A.index, "InnerIndex": A.index,
    "IndexFillScalar": A.index_fill, "IndexFillTensor": A.index_fill, "IndexAddExt": A.index_add_ext,
    "Scatter": A.scatter, "ScatterValue": A.scatter, "ScatterAddExt": A.scatter_add_ext, "SelectV2": A.select_v2,
    "SelectExtView": A.select_ext_view, "View": A.view, "ViewDtype": A.view_dtype, "ViewAs": A.view_as,
    "AsStrided": A.as_strided, "BroadcastToView": A.broadcast_to_view, "ExpandDimsView": A.expand_dims_view,
    "DiagonalView": A.diagonal_view, "RealView": A.real_view, "ImagView": A.imag_view, "Clone": A.clone,
    "Contiguous": A.contiguous, "Copy": A.clone, "ExpandAs": A.expand_as, "Repeat": A.repeat,
    "RepeatInterleaveInt": A.repeat_interleave, "RepeatInterleaveTensor": A.repeat_interleave, "Chunk": A.chunk,
    "ChunkView": A.chunk, "SplitTensor": A.split_tensor, "SplitTensorView": A.split_tensor,
    "SplitWithSize": A.split_tensor, "SplitWithSizeView": A.split_tensor, "UnstackExtView": A.unstack_ext_view,
    "Unique2": A.unique2, "UniqueDim": A.unique_dim, "NonZeroExt": A.non_zero_ext, "InnerNonZero": A.inner_non_zero,
    "Take": A.take, "SliceExt": A.slice_ext, "SliceExtView": A.slice_ext, "FillScalar": A.fill,
    "FillTensor": A.fill, "FullLike": A.full_like, "OnesLikeExt": A.ones_like_ext, "ZerosLikeExt": A.zeros_like_ext,
    "Empty": A.empty, "EmptyLike": A.empty_like, "NewOnes": A.new_ones, "NewZeros": A.new_zeros,
    "NewEmpty": A.new_empty, "NewFull": A.new_full, "Arange": A.arange, "LinSpaceExt": A.lin_space_ext,
    "TupleToTensor": A.tuple_to_tensor, "AddN": A.addn,
    # fft (the functions MindSpore also exposes at mindspore.ops)
    "FFT": FF.fft, "IFFT": FF.ifft, "FFT2": FF.fft2, "IFFT2": FF.ifft2, "FFTN": FF.fftn, "IFFTN": FF.ifftn,
    "RFFT": FF.rfft, "IRFFT": FF.irfft, "RFFT2": FF.rfft2, "IRFFT2": FF.irfft2, "RFFTN": FF.rfftn,
    "IRFFTN": FF.irfftn, "HFFT": FF.hfft, "IHFFT": FF.ihfft, "HFFT2": FF.hfft2, "IHFFT2": FF.ihfft2,
    "HFFTN": FF.hfftn, "IHFFTN": FF.ihfftn, "FFTShift": FF.fftshift, "IFFTShift": FF.ifftshift,
    "FFTFreq": FF.fftfreq, "RFFTFreq": FF.rfftfreq,
    # in place
    "InplaceAddExt": I["inplace_add_ext"], "InplaceAddsExt": I["inplace_adds_ext"], "InplaceAddmm": I["inplace_addmm"],
    "InplaceAddr": I["inplace_addr"], "InplaceClampScalar": I["inplace_clamp_scalar"],
    "InplaceClampTensor": I["inplace_clamp_tensor"], "InplaceCopy": I["inplace_copy"], "InplaceDiv": I["inplace_div"],
    "InplaceDivs": I["inplace_divs"], "InplaceDivMod": I["inplace_divmod"], "InplaceDivMods": I["inplace_divmods"],
    "InplaceElu": I["inplace_elu"], "InplaceErfinv": I["inplace_erfinv"], "InplaceExp": I["inplace_exp"],
    "InplaceFillDiagonal": I["inplace_fill_diagonal"], "InplaceFillScalar": I["inplace_fill_scalar"],
    "InplaceFillTensor": I["inplace_fill_tensor"], "InplaceFloor": I["inplace_floor"],
    "InplaceFloorDivide": I["inplace_floor_divide"], "InplaceFloorDivides": I["inplace_floor_divide"],
    "InplaceHardtanh": I["inplace_hardtanh"], "InplaceIndexAddExt": I["inplace_index_add_ext"],
    "InplaceIndexCopy": I["inplace_index_copy"], "InplaceIndexFillScalar": I["inplace_index_fill"],
    "InplaceIndexFillTensor": I["inplace_index_fill"], "InplaceIndexPut": I["inplace_index_put"],
    "InplaceLog": I["inplace_log"], "InplaceMaskedFillScalar": I["inplace_masked_fill"],
    "InplaceMaskedFillTensor": I["inplace_masked_fill"], "InplaceMaskedScatter": I["inplace_masked_scatter"],
    "InplaceMul": I["inplace_mul"], "InplaceMuls": I["inplace_muls"], "InplacePut": I["inplace_put"],
    "InplaceReLU": I["inplace_relu"], "InplaceRemainderTensorScalar": I["inplace_remainder"],
    "InplaceRemainderTensorTensor": I["inplace_remainder"], "InplaceScatterAdd": I["inplace_scatter_add"],
    "InplaceScatterSrc": I["inplace_scatter_src"], "InplaceScatterSrcReduce": I["inplace_scatter_reduce"],
    "InplaceScatterValue": I["inplace_scatter_value"], "InplaceScatterValueReduce": I["inplace_scatter_reduce"],
    "InplaceSiLU": I["inplace_silu"], "InplaceSigmoid": I["inplace_sigmoid"], "InplaceSign": I["inplace_sign"],
    "InplaceSubExt": I["inplace_sub_ext"], "InplaceSubScalar": I["inplace_sub_scalar"],
    "InplaceTanh": I["inplace_tanh"], "InplaceThreshold": I["inplace_threshold"], "InplaceZero": I["inplace_zero"],
    "InnerInplaceIndexPut": I["inplace_index_put"],
    # more (addcmul/any ext forms, casts, backward ops, random ops)
    "AddcdivExt": X.addcdiv_ext, "AddcmulExt": X.addcmul_ext, "Any": X.any_, "AnyExt": X.any_ext,
    "MaskedFillScalar": X.masked_fill, "InnerUnique": X.inner_unique, "LstsqV2": X.lstsq_v2,
    "TensorCopySlices": X.tensor_copy_slices, "ToDtype": X.to_dtype, "ToOther": X.to_other, "ToDevice": X.to_device,
    "SoftmaxBackward": X.softmax_backward, "L1LossBackwardExt": X.l1_loss_backward_ext,
    "EmbeddingDenseBackward": X.embedding_dense_backward, "Swiglu": N.swiglu, "RandExt": X.rand_ext,
    "Randn": X.randn, "RandLikeExt": X.rand_like_ext, "RandnLike": X.randn_like, "RandInt": X.rand_int,
    "RandIntLike": X.rand_int_like, "RandpermExt": X.randperm_ext, "UniformExt": X.uniform_ext,
    "NormalFloatFloat": X.normal, "NormalFloatTensor": X.normal, "NormalTensorFloat": X.normal,
    "NormalTensorTensor": X.normal, "MultinomialExt": X.multinomial_ext, "BernoulliExt": X.bernoulli_ext,
    "InplaceNormal": X.inplace_normal, "InplaceUniform": X.inplace_uniform, "InplaceRandom": X.inplace_random,
    "InplaceExponential": X.inplace_exponential, "InplaceBernoulliScalar": X.inplace_bernoulli,
    "InplaceBernoulliTensor": X.inplace_bernoulli, "FuncDropoutExt": X.func_dropout_ext,
    "Dropout2dExt": X.dropout2d_ext,
}
globals().update(prims(_TABLE, __name__))
# MindSpore's module-level instances (`sum_ext_op = SumExt()`), which its own nn/mint code calls.
_INSTANCES = {op_name(name): globals()[name]() for name in _TABLE}
globals().update(_INSTANCES)

__all__ = sorted(list(_TABLE) + list(_INSTANCES) + ["EluExt", "StackExt", "OneHotExt", "TensorScatterElements",
                                                    "Diagonal", "Correlate", "LayerNormV3", "MaxPoolWithIndices"])
