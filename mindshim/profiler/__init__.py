"""mindspore.profiler on torch.profiler (re-exports only)."""
from mindshim.profiler.mstx import Mstx as mstx
from mindshim.profiler._constants import (
    AicoreMetrics, ExportType, HostSystem, ProfilerActivity, ProfilerLevel, _ExperimentalConfig,
)
from mindshim.profiler.profiler import Profile as profile
from mindshim.profiler.profiler import Profiler, tensorboard_trace_handler
from mindshim.profiler.schedule import Schedule as schedule

__all__ = [
    "tensorboard_trace_handler", "schedule", "Profiler", "ProfilerLevel", "ProfilerActivity", "AicoreMetrics",
    "ExportType", "HostSystem", "_ExperimentalConfig", "profile", "mstx",
]
