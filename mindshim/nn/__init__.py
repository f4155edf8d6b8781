"""mindspore.nn: cells, layers, losses, optimizers, wrappers."""
from mindshim.nn.cell import Cell

__all__ = [
    "Cell",
]
