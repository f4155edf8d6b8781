"""mindspore.nn.optim: optimizers."""
from mindshim.nn.optim.adagrad import Adagrad
from mindshim.nn.optim.adam import Adam, AdamWeightDecay
from mindshim.nn.optim.momentum import Momentum
from mindshim.nn.optim.optimizer import Optimizer
from mindshim.nn.optim.rmsprop import RMSProp
from mindshim.nn.optim.sgd import SGD

__all__ = ["Optimizer", "Momentum", "SGD", "Adam", "AdamWeightDecay", "RMSProp", "Adagrad"]
