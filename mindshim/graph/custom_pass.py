"""mindspore.graph.register_custom_pass: loads a C++ graph-pass plugin built against MindSpore's compiler.

mindshim compiles with torch.compile, which cannot load such a plugin, so registration fails the way MindSpore's
does for a plugin it cannot load: an error logged and `False` returned (the network then runs without the pass).
"""
from __future__ import annotations

import enum

from mindshim import log as logger


class CustomPassType(enum.Enum):
    """Where a custom pass applies: PATTERN (backend pattern rewrite) or FULL_GRAPH (frontend, whole graph)."""
    PATTERN = 0
    FULL_GRAPH = 1

    def __str__(self) -> str:
        return f"CustomPassType.{self.name}"


def register_custom_pass(pass_name: str, plugin_so_path: str, device: str = "all",
                         pass_type: CustomPassType = CustomPassType.PATTERN) -> bool:
    if not isinstance(pass_type, CustomPassType):
        raise TypeError(f"pass_type must be of type CustomPassType, got {type(pass_type).__name__}")
    logger.error(f"Failed to load custom pass plugin from: {plugin_so_path} for device: {device} (mindshim runs "
                 f"networks with torch.compile, which cannot load a MindSpore graph-pass plugin; pass "
                 f"'{pass_name}' is not applied)")
    return False


__all__ = ["CustomPassType", "register_custom_pass"]
