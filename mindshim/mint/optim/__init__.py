"""mindspore.mint.optim: torch-style optimizers."""
from mindshim.mint.optim.adam import Adam
from mindshim.mint.optim.adamw import AdamW
from mindshim.mint.optim.fused_adamw import FusedAdamW
from mindshim.mint.optim.sgd import SGD

__all__ = [
    "Adam", "AdamW", "FusedAdamW", "SGD",
]
