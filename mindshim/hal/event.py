"""mindspore.hal.Event: the same class as mindspore.runtime.Event."""
from mindshim.runtime.event import Event

__all__ = ["Event"]
