"""mindspore.nn.probability.distribution.Bernoulli."""
from __future__ import annotations

from typing import Any

import torch

from mindshim.common import dtype as mstype
from mindshim.nn.probability.distribution._common import Probs, family_args
from mindshim.nn.probability.distribution.distribution import Distribution

_VALID = mstype.int_type + mstype.uint_type + mstype.float_type


def _clamp(p: torch.Tensor) -> torch.Tensor:
    eps = torch.finfo(p.dtype).eps
    return p.clamp(eps, 1 - eps)


class Bernoulli(Probs, Distribution):
    """Bernoulli(probs=None, seed=None, dtype=mstype.int32, name='Bernoulli')."""

    _dist_type = "Bernoulli"
    _call_names = ("probs1",)

    def __init__(self, probs: Any = None, seed: Any = None, dtype: Any = mstype.int32, name: str = "Bernoulli") -> None:
        param = family_args(self, locals(), ("probs",), _VALID)
        super().__init__(seed, dtype, name, param)
        self._add_probs(probs)

    def _m_log_prob(self, x: torch.Tensor, p: torch.Tensor) -> torch.Tensor:
        p = _clamp(p)
        return torch.log(p) * x + torch.log(1.0 - p) * (1.0 - x)

    def _m_cdf(self, x: torch.Tensor, p: torch.Tensor) -> torch.Tensor:
        x = torch.floor(x)
        shape = torch.broadcast_shapes(x.shape, p.shape)
        q = (1.0 - p).expand(shape)
        return torch.where(x < 1.0, torch.where(x < 0.0, torch.zeros_like(q), q), torch.ones_like(q))

    def _m_mean(self, p: torch.Tensor) -> torch.Tensor:
        return p

    def _m_mode(self, p: torch.Tensor) -> torch.Tensor:
        return (p > 0.5).to(mstype.to_torch(self.dtype))

    def _m_var(self, p: torch.Tensor) -> torch.Tensor:
        return torch.exp(torch.log(1.0 - p) + torch.log(p))

    def _m_entropy(self, p: torch.Tensor) -> torch.Tensor:
        q = 1.0 - p
        return -(q * torch.log(q)) - p * torch.log(p)

    def _m_kl(self, pa: torch.Tensor, pb: torch.Tensor) -> torch.Tensor:
        qa, qb = 1.0 - pa, 1.0 - pb
        return pa * torch.log(pa / pb) + qa * torch.log(qa / qb)

    def _m_sample(self, shape: tuple, gen: Any, p: torch.Tensor) -> torch.Tensor:
        return torch.rand(shape, generator=gen, dtype=p.dtype, device=p.device) < p
