"""mindspore.device_context: per-backend device queries and settings (cpu, gpu, ascend). Settings with a torch
counterpart (CPU threads, TF32) are applied to torch when called, through `mindshim._backend.device_settings`."""
from mindshim.device_context import ascend, cpu, gpu

__all__ = ["cpu", "gpu", "ascend"]
