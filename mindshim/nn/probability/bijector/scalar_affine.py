"""mindspore.nn.probability.bijector.ScalarAffine: Y = scale * X + shift."""
from __future__ import annotations

from typing import Any

import torch

from mindshim.nn.probability.bijector.bijector import Bijector


class ScalarAffine(Bijector):
    """ScalarAffine(scale=1.0, shift=0.0, name='ScalarAffine')."""

    _repr_template = "scale = {}, shift = {}"

    def __init__(self, scale: Any = 1.0, shift: Any = 0.0, name: str = "ScalarAffine") -> None:
        param = dict(locals())
        param["param_dict"] = {"scale": scale, "shift": shift}
        super().__init__(is_constant_jacobian=True, is_injective=True, name=name, dtype=None, param=param)
        self._scale = self._add_parameter(scale, "scale")
        self._shift = self._add_parameter(shift, "shift")

    @property
    def scale(self) -> Any:
        return self._scale

    @property
    def shift(self) -> Any:
        return self._shift

    def _m_forward(self, x: torch.Tensor, scale: torch.Tensor, shift: torch.Tensor) -> torch.Tensor:
        return scale * x + shift * torch.ones_like(x)

    def _m_inverse(self, y: torch.Tensor, scale: torch.Tensor, shift: torch.Tensor) -> torch.Tensor:
        return (y - shift) / scale

    def _m_forward_log_jacobian(self, x: torch.Tensor, scale: torch.Tensor, shift: torch.Tensor) -> torch.Tensor:
        return torch.log(torch.abs(scale))

    def _m_inverse_log_jacobian(self, y: torch.Tensor, scale: torch.Tensor, shift: torch.Tensor) -> torch.Tensor:
        return -1.0 * torch.log(torch.abs(scale))
