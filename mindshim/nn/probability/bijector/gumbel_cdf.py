"""mindspore.nn.probability.bijector.GumbelCDF: Y = exp(-exp(-(X - loc) / scale))."""
from __future__ import annotations

from typing import Any

import torch

from mindshim.nn.probability.bijector.bijector import Bijector
from mindshim.nn.probability.distribution._common import LocScale


class GumbelCDF(LocScale, Bijector):
    """GumbelCDF(loc=0.0, scale=1.0, name='GumbelCDF')."""

    def __init__(self, loc: Any = 0.0, scale: Any = 1.0, name: str = "GumbelCDF") -> None:
        param = dict(locals())
        param["param_dict"] = {"loc": loc, "scale": scale}
        super().__init__(name=name, param=param)
        self._add_loc_scale(loc, scale)

    def _m_forward(self, x: torch.Tensor, loc: torch.Tensor, scale: torch.Tensor) -> torch.Tensor:
        return torch.exp(-torch.exp(-(x - loc) / scale))

    def _m_inverse(self, y: torch.Tensor, loc: torch.Tensor, scale: torch.Tensor) -> torch.Tensor:
        return loc - scale * torch.log(-torch.log(y))

    def _m_forward_log_jacobian(self, x: torch.Tensor, loc: torch.Tensor, scale: torch.Tensor) -> torch.Tensor:
        z = (x - loc) / scale
        return -z - torch.exp(-z) - torch.log(scale)

    def _m_inverse_log_jacobian(self, y: torch.Tensor, loc: torch.Tensor, scale: torch.Tensor) -> torch.Tensor:
        return torch.log(scale / (-1.0 * y * torch.log(y)))
