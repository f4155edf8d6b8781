"""mindspore.nn.probability.bijector.Invert: a bijector with forward and inverse swapped."""
from __future__ import annotations

from typing import Any

from mindshim import _checkparam as validator
from mindshim.nn.probability.bijector.bijector import Bijector


class Invert(Bijector):
    """Invert(bijector, name='')."""

    def __init__(self, bijector: Any, name: str = "") -> None:
        param = dict(locals())
        validator.check_value_type("bijector", bijector, [Bijector], "Invert")
        name = name or ("Invert" + bijector.name)
        param["name"] = name
        super().__init__(is_constant_jacobian=bijector.is_constant_jacobian, is_injective=bijector.is_injective,
                         name=name, dtype=bijector.dtype, param=param)
        self._bijector = bijector
        self._batch_shape = bijector.batch_shape
        self._is_scalar_batch = bijector.is_scalar_batch

    @property
    def bijector(self) -> Bijector:
        return self._bijector

    def forward(self, x: Any) -> Any:  # type: ignore[override]
        return self.bijector.inverse(x)

    def inverse(self, y: Any) -> Any:  # type: ignore[override]
        return self.bijector.forward(y)

    def forward_log_jacobian(self, x: Any) -> Any:  # type: ignore[override]
        return self.bijector.inverse_log_jacobian(x)

    def inverse_log_jacobian(self, y: Any) -> Any:  # type: ignore[override]
        return self.bijector.forward_log_jacobian(y)
