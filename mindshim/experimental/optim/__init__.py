"""mindspore.experimental.optim: MindSpore's torch-style optimizers (Cells updating their Parameters in place,
called as `optimizer(grads)`) and `lr_scheduler`."""
from mindshim.experimental.optim.optimizer import Optimizer
from mindshim.experimental.optim.adamw import AdamW
from mindshim.experimental.optim.sgd import SGD
from mindshim.experimental.optim.adam import Adam
from mindshim.experimental.optim.adadelta import Adadelta
from mindshim.experimental.optim.adagrad import Adagrad
from mindshim.experimental.optim.asgd import ASGD
from mindshim.experimental.optim.adamax import Adamax
from mindshim.experimental.optim.rmsprop import RMSprop
from mindshim.experimental.optim.rprop import Rprop
from mindshim.experimental.optim.radam import RAdam
from mindshim.experimental.optim.nadam import NAdam
from mindshim.experimental.optim import lr_scheduler

__all__ = [
    "Optimizer", "AdamW", "SGD", "Adam", "Adadelta", "Adagrad", "ASGD", "Adamax", "RMSprop", "Rprop", "RAdam",
    "NAdam",
]
