"""mindspore.experimental: the torch-style optimizers and learning-rate schedulers (`optim`)."""
from mindshim.experimental import optim

__all__ = ["optim"]
