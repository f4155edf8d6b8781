"""mindspore.experimental.optim.lr_scheduler: MindSpore's torch-style learning-rate schedulers, which write the
optimizer's lr Parameters in place once per `step()`."""
from mindshim.experimental.optim.lr_scheduler._base import LRScheduler
from mindshim.experimental.optim.lr_scheduler._cyclic import CosineAnnealingLR, CosineAnnealingWarmRestarts, CyclicLR
from mindshim.experimental.optim.lr_scheduler._factor import (
    ConstantLR, ExponentialLR, LambdaLR, LinearLR, MultiplicativeLR, MultiStepLR, PolynomialLR, StepLR,
)
from mindshim.experimental.optim.lr_scheduler._wrappers import ReduceLROnPlateau, SequentialLR

__all__ = [
    "StepLR", "LinearLR", "LRScheduler", "ExponentialLR", "PolynomialLR", "MultiplicativeLR", "ConstantLR",
    "MultiStepLR", "LambdaLR", "SequentialLR", "ReduceLROnPlateau", "CyclicLR", "CosineAnnealingWarmRestarts",
    "CosineAnnealingLR",
]
