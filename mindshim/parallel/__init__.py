"""mindspore.parallel: single-process stand-ins (data parallel runs one device here)."""
from mindshim.context import ParallelMode

__all__ = ["ParallelMode"]
