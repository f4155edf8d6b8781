"""mindspore.nn.probability.bijector.PowerTransform: Y = (1 + X * c)^(1 / c), Y = exp(X) at c = 0."""
from __future__ import annotations

from typing import Any

import torch

from mindshim.nn.probability.bijector.bijector import Bijector, ones_for
from mindshim.nn.probability.distribution import _helpers as h


class PowerTransform(Bijector):
    """PowerTransform(power=0., name='PowerTransform')."""

    _repr_template = "power = {}"

    def __init__(self, power: Any = 0., name: str = "PowerTransform") -> None:
        param = dict(locals())
        param["param_dict"] = {"power": power}
        super().__init__(name=name, param=param)
        self._power = self._add_parameter(power, "power")
        h.check_greater_equal_zero(self._power, "Power")

    @property
    def power(self) -> Any:
        return self._power

    def _m_forward(self, x: torch.Tensor, power: torch.Tensor) -> torch.Tensor:
        ones = ones_for(x, power)
        power, x = power * ones, x * ones
        zero = power == 0
        safe = torch.where(zero, ones, power)
        return torch.where(zero, torch.exp(x), torch.exp(torch.log1p(x * safe) / safe))

    def _m_inverse(self, y: torch.Tensor, power: torch.Tensor) -> torch.Tensor:
        ones = ones_for(y, power)
        power, y = power * ones, y * ones
        zero = power == 0
        safe = torch.where(zero, ones, power)
        return torch.where(zero, torch.log(y), torch.expm1(torch.log(y) * safe) / safe)

    def _m_forward_log_jacobian(self, x: torch.Tensor, power: torch.Tensor) -> torch.Tensor:
        ones = ones_for(x, power)
        power, x = power * ones, x * ones
        return torch.where(power == 0, x, (1.0 / power - 1) * torch.log1p(x * power))

    def _m_inverse_log_jacobian(self, y: torch.Tensor, power: torch.Tensor) -> torch.Tensor:
        return (power - 1) * torch.log(y)
