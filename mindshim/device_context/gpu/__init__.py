"""mindspore.device_context.gpu."""
from mindshim.device_context.gpu import device, op_precision, op_tuning
from mindshim.device_context.gpu.device import device_count, is_available
from mindshim.device_context.gpu.op_precision import conv_allow_tf32, matmul_allow_tf32
from mindshim.device_context.gpu.op_tuning import conv_dgrad_algo, conv_fprop_algo, conv_wgrad_algo

__all__ = ["device_count", "is_available"]
