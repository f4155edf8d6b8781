"""mindspore.profiler's enums (same members and values as MindSpore 2.10) and its experimental config."""
from __future__ import annotations

from enum import Enum
from typing import Any


class ProfilerLevel(Enum):
    LevelNone = "LevelNone"
    Level0 = "Level0"
    Level1 = "Level1"
    Level2 = "Level2"


class ProfilerActivity(Enum):
    NPU = "NPU"
    GPU = "GPU"
    CPU = "CPU"


class AicoreMetrics(Enum):
    PipeUtilization = "PipeUtilization"
    ArithmeticUtilization = "ArithmeticUtilization"
    Memory = "Memory"
    MemoryL0 = "MemoryL0"
    MemoryUB = "MemoryUB"
    ResourceConflictRatio = "ResourceConflictRatio"
    L2Cache = "L2Cache"
    MemoryAccess = "MemoryAccess"
    AiCoreNone = "None"


class ExportType(Enum):
    Db = "db"
    Text = "text"


class HostSystem(Enum):
    CPU = "cpu"
    MEM = "mem"
    DISK = "disk"
    NETWORK = "network"
    OSRT = "osrt"


class _ExperimentalConfig:
    """Ascend-side options (profiler_level, aic_metrics, l2_cache, mstx, export_type, ...): kept for the
    metadata file; torch.profiler has no counterpart for them."""

    def __init__(self, profiler_level: ProfilerLevel = ProfilerLevel.Level0,
                 aic_metrics: AicoreMetrics = AicoreMetrics.AiCoreNone, l2_cache: bool = False, mstx: bool = False,
                 data_simplification: bool = True, export_type: Any = None, mstx_domain_include: Any = None,
                 mstx_domain_exclude: Any = None, sys_io: bool = False, sys_interconnection: bool = False,
                 host_sys: Any = None) -> None:
        self.profiler_level = profiler_level
        self.aic_metrics = aic_metrics
        self.l2_cache = l2_cache
        self.mstx = mstx
        self.data_simplification = data_simplification
        self.export_type = export_type if export_type is not None else [ExportType.Text]
        self.mstx_domain_include = mstx_domain_include or []
        self.mstx_domain_exclude = mstx_domain_exclude or []
        self.sys_io = sys_io
        self.sys_interconnection = sys_interconnection
        self.host_sys = host_sys or []
