"""Names of the primitive instances MindSpore's gen_ops_prim exposes (`sum_ext_op = SumExt()`, ...): the class
name in snake case plus `_op`, except where MindSpore spells it differently (`EXCEPTIONS`)."""
from __future__ import annotations

import re

EXCEPTIONS = {
    "AdaptiveAvgPool1D": "adaptive_avg_pool1d_op", "AdaptiveAvgPool2DExt": "adaptive_avg_pool2d_ext_op",
    "AdaptiveAvgPool3DExt": "adaptive_avg_pool3d_ext_op", "AdaptiveMaxPool1D": "adaptive_max_pool1d_op",
    "AddN": "addn_op", "ArgMaxExt": "argmax_ext_op", "ArgMinExt": "argmin_ext_op", "ArgSort": "argsort_op",
    "AvgPool1D": "avg_pool1d_op", "AvgPool2D": "avg_pool2d_op", "AvgPool3DExt": "avg_pool3d_ext_op",
    "BatchMatMulExt": "bmm_ext_op", "Col2ImExt": "col2im_ext_op", "Conv1DExt": "conv1d_ext_op",
    "Conv1DPadding": "conv1d_padding_op", "Conv2DExt": "conv2d_ext_op", "Conv2DPadding": "conv2d_padding_op",
    "Conv3DExt": "conv3d_ext_op", "Conv3DPadding": "conv3d_padding_op", "ConvTranspose2D": "conv_transpose2d_op",
    "CountNonZero": "count_nonzero_op", "DivMod": "divmod_op", "DivMods": "divmods_op", "FFTFreq": "fftfreq_op",
    "FFTShift": "fftshift_op", "FuncMaxPool2D": "func_max_pool2d_op", "IFFTShift": "ifftshift_op",
    "Im2ColExt": "im2col_ext_op", "InplaceDivMod": "inplace_divmod_op", "InplaceDivMods": "inplace_divmods_op",
    "InplaceIndexAddExt": "inplace_index_add_op", "InplaceReLU": "inplace_relu_op", "InplaceSiLU": "inplace_silu_op",
    "IsNegInf": "isneginf_op", "LeakyReLUExt": "leaky_relu_ext_op", "LogAddExp": "logaddexp_op",
    "LogAddExp2": "logaddexp2_op", "LogSigmoid": "logsigmoid_op", "LogSumExp": "logsumexp_op",
    "MatMulExt": "matmul_ext_op", "MaxUnpool2DExt": "max_unpool2d_ext_op", "Mm": "mm_ext_op",
    "NLLLoss2d": "nllloss_2d_op", "RFFTFreq": "rfftfreq_op", "ReflectionPad1D": "reflection_pad_1d_op",
    "ReflectionPad2D": "reflection_pad_2d_op", "ReflectionPad3D": "reflection_pad_3d_op",
    "ReplicationPad1D": "replication_pad_1d_op", "ReplicationPad2D": "replication_pad_2d_op",
    "ReplicationPad3D": "replication_pad_3d_op", "SeLUExt": "selu_ext_op", "SiLU": "silu_op",
    "UpsampleBicubic2D": "upsample_bicubic2d_op", "UpsampleBilinear2D": "upsample_bilinear2d_op",
    "UpsampleLinear1D": "upsample_linear1d_op", "UpsampleNearest1D": "upsample_nearest1d_op",
    "UpsampleNearest2D": "upsample_nearest2d_op", "XLogYScalarOther": "xlogy_scalar_other_op",
    "XLogYScalarSelf": "xlogy_scalar_self_op", "RandInt": "randint_op", "RandIntLike": "randint_like_op",
}


def op_name(cls_name: str) -> str:
    if cls_name in EXCEPTIONS:
        return EXCEPTIONS[cls_name]
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_", cls_name).lower() + "_op"
