"""MindSpore's `mindspore.ops.auto_generate.gen_extend_func`: of its names mindshim provides `sub_tensor_`, the
argument helpers and `TensorToScalar` here; the rest resolve through mindshim's path table."""
from mindshim.ops.auto_generate._arg_helpers import (
    TensorToScalar, arg_invalid_info, to_2d_paddings, to_dilations, to_kernel_size, to_output_padding, to_pair,
    to_rates, to_strides,
)
from mindshim.ops.auto_generate.gen_ops_def import sub_tensor_

__all__ = ["TensorToScalar", "arg_invalid_info", "sub_tensor_", "to_2d_paddings", "to_dilations", "to_kernel_size",
           "to_output_padding", "to_pair", "to_rates", "to_strides"]
