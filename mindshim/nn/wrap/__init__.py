"""mindspore.nn.wrap: training wrappers."""
from mindshim.nn.wrap.cell_wrapper import TrainOneStepCell, WithEvalCell, WithGradCell, WithLossCell
from mindshim.nn.wrap.grad_reducer import DistributedGradReducer
from mindshim.nn.wrap.loss_scale import (
    DynamicLossScaleUpdateCell, FixedLossScaleUpdateCell, TrainOneStepWithLossScaleCell,
)

__all__ = ["WithLossCell", "WithEvalCell", "WithGradCell", "TrainOneStepCell", "DistributedGradReducer",
           "TrainOneStepWithLossScaleCell", "DynamicLossScaleUpdateCell", "FixedLossScaleUpdateCell"]
