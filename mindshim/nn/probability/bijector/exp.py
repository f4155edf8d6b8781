"""mindspore.nn.probability.bijector.Exp: Y = exp(X) (PowerTransform with power 0)."""
from __future__ import annotations

from mindshim.nn.probability.bijector.power_transform import PowerTransform


class Exp(PowerTransform):
    """Exp(name='Exp')."""

    def __init__(self, name: str = "Exp") -> None:
        super().__init__(name=name)

    def extend_repr(self) -> str:
        return "exp" if self.is_scalar_batch else f"batch_shape = {self.batch_shape}"
