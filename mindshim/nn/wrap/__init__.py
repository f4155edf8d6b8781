"""mindspore.nn.wrap: training wrappers."""
from mindshim.nn.wrap.cell_wrapper import TrainOneStepCell, WithEvalCell, WithGradCell, WithLossCell
from mindshim.nn.wrap.grad_reducer import DistributedGradReducer

__all__ = ["WithLossCell", "WithEvalCell", "WithGradCell", "TrainOneStepCell", "DistributedGradReducer"]
