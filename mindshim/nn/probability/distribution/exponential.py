"""mindspore.nn.probability.distribution.Exponential."""
from __future__ import annotations

from typing import Any

import numpy as np
import torch

from mindshim.common import dtype as mstype
from mindshim.nn.probability.distribution._common import Rate, family_args
from mindshim.nn.probability.distribution.distribution import Distribution


class Exponential(Rate, Distribution):
    """Exponential(rate=None, seed=None, dtype=mstype.float32, name='Exponential')."""

    _dist_type = "Exponential"

    def __init__(self, rate: Any = None, seed: Any = None, dtype: Any = mstype.float32,
                 name: str = "Exponential") -> None:
        param = family_args(self, locals(), ("rate",))
        super().__init__(seed, dtype, name, param)
        self._add_rate(rate)

    def _m_log_prob(self, x: torch.Tensor, rate: torch.Tensor) -> torch.Tensor:
        out = torch.log(rate) - rate * x
        return torch.where(x < 0, torch.full_like(out, -np.inf), out)

    def _m_cdf(self, x: torch.Tensor, rate: torch.Tensor) -> torch.Tensor:
        out = 1.0 - torch.exp(-1.0 * rate * x)
        return torch.where(x < 0, torch.zeros_like(out), out)

    def _m_log_survival(self, x: torch.Tensor, rate: torch.Tensor) -> torch.Tensor:
        out = -1.0 * rate * x
        return torch.where(x < 0, torch.zeros_like(out), out)

    def _m_mean(self, rate: torch.Tensor) -> torch.Tensor:
        return 1.0 / rate

    _m_sd = _m_mean

    def _m_mode(self, rate: torch.Tensor) -> torch.Tensor:
        return torch.zeros(rate.shape, dtype=mstype.to_torch(self.dtype), device=rate.device)

    def _m_entropy(self, rate: torch.Tensor) -> torch.Tensor:
        return 1.0 - torch.log(rate)

    def _m_kl(self, rate_a: torch.Tensor, rate_b: torch.Tensor) -> torch.Tensor:
        return torch.log(rate_a) - torch.log(rate_b) + rate_b / rate_a - 1.0

    def _m_sample(self, shape: tuple, gen: Any, rate: torch.Tensor) -> torch.Tensor:
        u = torch.rand(shape, generator=gen, dtype=rate.dtype, device=rate.device).clamp_min(
            torch.finfo(rate.dtype).tiny)
        return -torch.log(u) / rate
