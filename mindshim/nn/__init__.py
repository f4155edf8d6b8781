"""mindspore.nn: cells, layers, losses, optimizers, wrappers."""
from mindshim.nn.cell import Cell
from mindshim.nn.wrap import DistributedGradReducer, TrainOneStepCell, WithEvalCell, WithGradCell, WithLossCell

__all__ = [
    "Cell",
    "WithLossCell", "WithEvalCell", "WithGradCell", "TrainOneStepCell", "DistributedGradReducer",
]
