"""mindspore.nn.probability.bijector.Softplus: Y = log(1 + exp(k * X)) / k."""
from __future__ import annotations

from typing import Any

import torch
import torch.nn.functional as F

from mindshim.nn.probability.bijector.bijector import Bijector
from mindshim.nn.probability.distribution import _helpers as h


class Softplus(Bijector):
    """Softplus(sharpness=1.0, name='Softplus')."""

    _repr_template = "sharpness = {}"

    def __init__(self, sharpness: Any = 1.0, name: str = "Softplus") -> None:
        param = dict(locals())
        param["param_dict"] = {"sharpness": sharpness}
        super().__init__(name=name, dtype=None, param=param)
        self._sharpness = self._add_parameter(sharpness, "sharpness")
        from mindshim.nn import LogSigmoid
        self.log_sigmoid = LogSigmoid()

    @property
    def sharpness(self) -> Any:
        return self._sharpness

    def _m_forward(self, x: torch.Tensor, k: torch.Tensor) -> torch.Tensor:
        return h.softplus(k * x) / k

    def _m_inverse(self, y: torch.Tensor, k: torch.Tensor) -> torch.Tensor:
        return h.inverse_softplus(k * y) / k

    def _m_forward_log_jacobian(self, x: torch.Tensor, k: torch.Tensor) -> torch.Tensor:
        return F.logsigmoid(k * x)

    def _m_inverse_log_jacobian(self, y: torch.Tensor, k: torch.Tensor) -> torch.Tensor:
        scaled = k * y
        return scaled - h.inverse_softplus(scaled)
