"""mindspore.nn.probability.bijector.Exp: Y = exp(X) (PowerTransform with power 0)."""
from __future__ import annotations

from mindshim.nn.probability.bijector.power_transform import PowerTransform


class Exp(PowerTransform):
    """Exp(name='Exp')."""

    _repr_template = "exp"

    def __init__(self, name: str = "Exp") -> None:
        super().__init__(name=name)
