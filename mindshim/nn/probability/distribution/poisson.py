"""mindspore.nn.probability.distribution.Poisson."""
from __future__ import annotations

from typing import Any

import numpy as np
import torch

from mindshim.common import dtype as mstype
from mindshim.nn.probability.distribution import _helpers as h
from mindshim.nn.probability.distribution._common import Rate, family_args
from mindshim.nn.probability.distribution.distribution import Distribution

_VALID = mstype.int_type + mstype.uint_type + mstype.float_type


class Poisson(Rate, Distribution):
    """Poisson(rate=None, seed=None, dtype=mstype.float32, name='Poisson')."""

    _dist_type = "Poisson"

    def __init__(self, rate: Any = None, seed: Any = None, dtype: Any = mstype.float32, name: str = "Poisson") -> None:
        param = family_args(self, locals(), ("rate",), _VALID, no_scalar=("rate",))
        super().__init__(seed, dtype, name, param)
        self._add_rate(rate)

    def _m_log_prob(self, x: torch.Tensor, rate: torch.Tensor) -> torch.Tensor:
        safe = torch.where(x < 0, torch.zeros_like(x), x)
        y = torch.log(rate) * safe - torch.lgamma(safe + 1.0)
        return torch.where(x == safe, y, torch.full_like(y, -np.inf)) - rate

    def _m_cdf(self, x: torch.Tensor, rate: torch.Tensor) -> torch.Tensor:
        safe = torch.where(x < 0, torch.zeros_like(x), x)
        cdf = 1.0 - h.gammainc(1.0 + safe, rate)
        return torch.where(x < 0, torch.zeros_like(cdf), cdf)

    def _m_mean(self, rate: torch.Tensor) -> torch.Tensor:
        return rate

    _m_var = _m_mean

    def _m_mode(self, rate: torch.Tensor) -> torch.Tensor:
        return torch.floor(rate)

    def _m_sample(self, shape: tuple, gen: Any, rate: torch.Tensor) -> torch.Tensor:
        wide = rate.to(torch.float32 if rate.dtype != torch.float64 else rate.dtype)
        return torch.poisson(wide.expand(shape).contiguous(), generator=gen)
