"""mindspore.nn.probability.distribution.LogNormal: exp(X) for a Normal X(loc, scale)."""
from __future__ import annotations

import math
from typing import Any

import torch

from mindshim.common import dtype as mstype
from mindshim.nn.probability.distribution.normal import Normal
from mindshim.nn.probability.distribution._common import LocScale
from mindshim.nn.probability.distribution.transformed_distribution import TransformedDistribution


class LogNormal(LocScale, TransformedDistribution):
    """LogNormal(loc=None, scale=None, seed=0, dtype=mstype.float32, name='LogNormal')."""

    _dist_type = "LogNormal"
    _kl_names = ("loc_a", "scale_a")
    _reparameterized = True

    def __init__(self, loc: Any = None, scale: Any = None, seed: Any = 0, dtype: Any = mstype.float32,
                 name: str = "LogNormal") -> None:
        from mindshim.nn.probability.bijector import Exp
        super().__init__(distribution=Normal(loc, scale, dtype=dtype), bijector=Exp(), seed=seed, name=name)
        self._reset_parameters()
        self._add_loc_scale(loc, scale, check_scale=False)

    def _m_mean(self, m: torch.Tensor, s: torch.Tensor) -> torch.Tensor:
        return torch.exp(m + 0.5 * torch.square(s))

    def _m_mode(self, m: torch.Tensor, s: torch.Tensor) -> torch.Tensor:
        return torch.exp(m - torch.square(s))

    def _m_var(self, m: torch.Tensor, s: torch.Tensor) -> torch.Tensor:
        var = torch.square(s)
        return torch.expm1(var) * torch.exp(2.0 * m + var)

    def _m_entropy(self, m: torch.Tensor, s: torch.Tensor) -> torch.Tensor:
        return m + 0.5 + torch.log(s) + 0.5 * math.log(2 * math.pi)

    def _m_cdf(self, x: torch.Tensor, m: torch.Tensor, s: torch.Tensor) -> torch.Tensor:
        cdf = 0.5 * (1.0 + torch.erf((torch.log(x) - m) / (s * math.sqrt(2.0))))
        return torch.where(x > 0.0, cdf, torch.zeros_like(cdf))

    def _m_log_prob(self, x: torch.Tensor, m: torch.Tensor, s: torch.Tensor) -> torch.Tensor:
        return Normal._m_log_prob(self, torch.log(x), m, s) - torch.log(x)

    def _m_kl(self, ma: torch.Tensor, sa: torch.Tensor, mb: torch.Tensor, sb: torch.Tensor) -> torch.Tensor:
        return Normal._m_kl(self, ma, sa, mb, sb)

    def _m_sample(self, shape: tuple, gen: Any, m: torch.Tensor, s: torch.Tensor) -> torch.Tensor:
        return torch.exp(Normal._m_sample(self, shape, gen, m, s))
