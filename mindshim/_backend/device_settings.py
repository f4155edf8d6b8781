"""Process-wide torch settings behind mindspore.device_context: applied only when the user calls the
corresponding MindSpore function (importing mindshim never changes torch's state)."""
from __future__ import annotations

import torch


def set_cpu_threads(num: int) -> None:
    """CPU kernel threads (device_context.cpu.op_tuning.threads_num)."""
    torch.set_num_threads(int(num))


def set_matmul_tf32(value: bool) -> None:
    """Let float32 matmuls use TF32 tensor cores (device_context.gpu.op_precision.matmul_allow_tf32)."""
    torch.backends.cuda.matmul.allow_tf32 = bool(value)


def set_conv_tf32(value: bool) -> None:
    """Let float32 cuDNN convolutions use TF32 (device_context.gpu.op_precision.conv_allow_tf32)."""
    torch.backends.cudnn.allow_tf32 = bool(value)
