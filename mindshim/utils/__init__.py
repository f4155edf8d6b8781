"""mindspore.utils: dlpack exchange, dryrun, and the Ascend health and fault-tolerance hooks as MindSpore's CPU build
behaves."""
from mindshim.utils.stress_detect import stress_detect
from mindshim.utils.utils import ExitByRequest, RSCPluginHandle, TFTCommValue, _tft_handler
from mindshim.utils.runtime_execution_order_check import comm_exec_order_check, runtime_execution_order_check
from mindshim.utils.sdc_detect import get_sdc_detect_result, sdc_detect_start, sdc_detect_stop
from mindshim.utils import dryrun
from mindshim.utils.dlpack import _reuse_data_ptr, from_dlpack, to_dlpack
from mindshim.utils.ms_dispatch import MsDispatchMode

__all__ = ["stress_detect", "ExitByRequest", "runtime_execution_order_check", "dryrun", "_reuse_data_ptr",
           "_tft_handler", "comm_exec_order_check", "sdc_detect_start", "sdc_detect_stop", "get_sdc_detect_result",
           "RSCPluginHandle", "TFTCommValue", "from_dlpack", "to_dlpack", "MsDispatchMode"]
