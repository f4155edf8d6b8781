"""mindspore.nn.probability.distribution.Cauchy."""
from __future__ import annotations

import math
from typing import Any

import torch

from mindshim.common import dtype as mstype
from mindshim.nn.probability.distribution._common import LocScale, family_args
from mindshim.nn.probability.distribution.distribution import Distribution


def _undefined(what: str) -> Any:
    def method(self: Distribution, *args: Any, **kwargs: Any) -> Any:
        raise ValueError(f"{what} is undefined for Cauchy distribution.")
    return method


class Cauchy(LocScale, Distribution):
    """Cauchy(loc=None, scale=None, seed=None, dtype=mstype.float32, name='Cauchy'): mean, sd and var undefined."""

    _dist_type = "Cauchy"
    _kl_names = ("loc_a", "scale_a")
    _repr_template = "location = {}, scale = {}"
    _reparameterized = True

    def __init__(self, loc: Any = None, scale: Any = None, seed: Any = None, dtype: Any = mstype.float32,
                 name: str = "Cauchy") -> None:
        param = family_args(self, locals(), ("loc", "scale"))
        super().__init__(seed, dtype, name, param)
        self._add_loc_scale(loc, scale)

    _mean = _undefined("mean")
    _sd = _undefined("standard deviation")
    _var = _undefined("variance")

    def _m_mode(self, loc: torch.Tensor, scale: torch.Tensor) -> torch.Tensor:
        return loc

    def _m_entropy(self, loc: torch.Tensor, scale: torch.Tensor) -> torch.Tensor:
        return torch.log(scale) + math.log(4 * math.pi)

    def _m_log_prob(self, x: torch.Tensor, loc: torch.Tensor, scale: torch.Tensor) -> torch.Tensor:
        z = (x - loc) / scale
        return -torch.log(torch.square(z) + 1.0) - torch.log(math.pi * scale)

    def _m_cdf(self, x: torch.Tensor, loc: torch.Tensor, scale: torch.Tensor) -> torch.Tensor:
        return torch.atan((x - loc) / scale) / math.pi + 0.5

    def _m_log_cdf(self, x: torch.Tensor, loc: torch.Tensor, scale: torch.Tensor) -> torch.Tensor:
        return torch.log(2.0 * torch.atan((x - loc) / scale) / math.pi + 1.0) - math.log(2.0)

    def _m_kl(self, loc_a: torch.Tensor, scale_a: torch.Tensor, loc_b: torch.Tensor,
              scale_b: torch.Tensor) -> torch.Tensor:
        total = torch.square(scale_a + scale_b) + torch.square(loc_a - loc_b)
        return torch.log(total) - math.log(4.0) - torch.log(scale_a) - torch.log(scale_b)

    def _m_sample(self, shape: tuple, gen: Any, loc: torch.Tensor, scale: torch.Tensor) -> torch.Tensor:
        u = torch.rand(shape, generator=gen, dtype=loc.dtype, device=loc.device)
        return loc + scale * torch.tan(math.pi * (u - 0.5))
