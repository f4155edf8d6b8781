"""mindspore.device_context.cpu."""
from mindshim.device_context.cpu import device, op_tuning
from mindshim.device_context.cpu.device import device_count, is_available
from mindshim.device_context.cpu.op_tuning import threads_num

__all__ = ["device_count", "is_available", "threads_num"]
