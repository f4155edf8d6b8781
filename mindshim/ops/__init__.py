"""mindspore.ops: functional ops, primitive classes and composite (gradient) helpers."""

__all__ = []
