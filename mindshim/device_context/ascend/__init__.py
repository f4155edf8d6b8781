"""mindspore.device_context.ascend: there is no Ascend device here (is_available() is False, device_count()
raises); its settings are validated as MindSpore validates them and recorded, changing nothing."""
from mindshim.device_context.ascend import device, op_debug, op_precision, op_tuning
from mindshim.device_context.ascend.device import device_count, is_available
from mindshim.device_context.ascend.op_debug import aclinit_config, debug_option, execute_timeout
from mindshim.device_context.ascend.op_precision import (
    conv_allow_hf32, matmul_allow_hf32, op_precision_mode, precision_mode,
)
from mindshim.device_context.ascend.op_tuning import aclnn_cache, aoe_job_type, aoe_tune_mode, op_compile

__all__ = ["device_count", "is_available"]
