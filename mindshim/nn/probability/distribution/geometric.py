"""mindspore.nn.probability.distribution.Geometric."""
from __future__ import annotations

from typing import Any

import torch

from mindshim.common import dtype as mstype
from mindshim.nn.probability.distribution._common import Probs, family_args
from mindshim.nn.probability.distribution.distribution import Distribution

_VALID = mstype.int_type + mstype.uint_type + mstype.float_type


class Geometric(Probs, Distribution):
    """Geometric(probs=None, seed=None, dtype=mstype.int32, name='Geometric'): failures before the first success."""

    _dist_type = "Geometric"
    _call_names = ("probs1",)

    def __init__(self, probs: Any = None, seed: Any = None, dtype: Any = mstype.int32, name: str = "Geometric") -> None:
        param = family_args(self, locals(), ("probs",), _VALID)
        super().__init__(seed, dtype, name, param)
        self._add_probs(probs)

    def _m_prob(self, x: torch.Tensor, p: torch.Tensor) -> torch.Tensor:
        x = torch.floor(x)
        pmf = torch.exp(torch.log(1.0 - p) * x + torch.log(p))
        return torch.where(x < 0, torch.zeros_like(pmf), pmf)

    def _m_cdf(self, x: torch.Tensor, p: torch.Tensor) -> torch.Tensor:
        x = torch.floor(x)
        cdf = 1.0 - torch.pow(1.0 - p, x + 1.0)
        return torch.where(x < 0, torch.zeros_like(cdf), cdf)

    def _m_mean(self, p: torch.Tensor) -> torch.Tensor:
        return (1.0 - p) / p

    def _m_mode(self, p: torch.Tensor) -> torch.Tensor:
        return torch.zeros(p.shape, dtype=mstype.to_torch(self.dtype), device=p.device)

    def _m_var(self, p: torch.Tensor) -> torch.Tensor:
        return (1.0 - p) / torch.square(p)

    def _m_entropy(self, p: torch.Tensor) -> torch.Tensor:
        q = 1.0 - p
        return (-q * torch.log(q) - p * torch.log(p)) / p

    def _m_kl(self, pa: torch.Tensor, pb: torch.Tensor) -> torch.Tensor:
        qa, qb = 1.0 - pa, 1.0 - pb
        return torch.log(pa / pb) + (qa / pa) * torch.log(qa / qb)

    def _m_sample(self, shape: tuple, gen: Any, p: torch.Tensor) -> torch.Tensor:
        u = torch.rand(shape, generator=gen, dtype=p.dtype, device=p.device).clamp_min(torch.finfo(p.dtype).tiny)
        return torch.floor(torch.log(u) / torch.log(1.0 - p))
