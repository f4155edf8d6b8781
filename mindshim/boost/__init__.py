"""mindspore.boost: boost training (less BN, gradient freezing, gradient accumulation, AdaSum, DimReduce)."""
from mindshim.boost.boost import AutoBoost
from mindshim.boost.base import OptimizerProcess, ParameterProcess
from mindshim.boost.cell_wrapper import BoostTrainOneStepCell, BoostTrainOneStepWithLossScaleCell
from mindshim.boost.less_bn import LessBN
from mindshim.boost.grad_freeze import GradientFreeze, FreezeOpt, freeze_cell
from mindshim.boost.grad_accumulation import GradientAccumulation
from mindshim.boost.distributed import AdaSum, DimReduce, GroupLossScaleManager

__all__ = ["AutoBoost",
           "OptimizerProcess", "ParameterProcess",
           "BoostTrainOneStepCell", "BoostTrainOneStepWithLossScaleCell",
           "LessBN",
           "GradientFreeze", "FreezeOpt", "freeze_cell",
           "GradientAccumulation",
           "AdaSum", "DimReduce",
           "GroupLossScaleManager"]
