"""mindspore.nn.probability.distribution.Logistic."""
from __future__ import annotations

import math
from typing import Any

import torch

from mindshim.common import dtype as mstype
from mindshim.nn.probability.distribution import _helpers as h
from mindshim.nn.probability.distribution._common import LocScale, family_args
from mindshim.nn.probability.distribution.distribution import Distribution


class Logistic(LocScale, Distribution):
    """Logistic(loc=None, scale=None, seed=None, dtype=mstype.float32, name='Logistic')."""

    _dist_type = "Logistic"
    _repr_template = "location = {}, scale = {}"
    _reparameterized = True

    def __init__(self, loc: Any = None, scale: Any = None, seed: Any = None, dtype: Any = mstype.float32,
                 name: str = "Logistic") -> None:
        param = family_args(self, locals(), ("loc", "scale"))
        super().__init__(seed, dtype, name, param)
        self._add_loc_scale(loc, scale)

    def _m_mean(self, loc: torch.Tensor, scale: torch.Tensor) -> torch.Tensor:
        return loc

    _m_mode = _m_mean

    def _m_sd(self, loc: torch.Tensor, scale: torch.Tensor) -> torch.Tensor:
        return scale * (math.pi / math.sqrt(3.0))

    def _m_entropy(self, loc: torch.Tensor, scale: torch.Tensor) -> torch.Tensor:
        return torch.log(scale) + 2.0

    def _m_log_prob(self, x: torch.Tensor, loc: torch.Tensor, scale: torch.Tensor) -> torch.Tensor:
        z = (x - loc) / scale
        return -z - 2.0 * h.softplus(-z) - torch.log(scale)

    def _m_cdf(self, x: torch.Tensor, loc: torch.Tensor, scale: torch.Tensor) -> torch.Tensor:
        return torch.sigmoid((x - loc) / scale)

    def _m_log_cdf(self, x: torch.Tensor, loc: torch.Tensor, scale: torch.Tensor) -> torch.Tensor:
        return -h.softplus(-(x - loc) / scale)

    def _m_survival_function(self, x: torch.Tensor, loc: torch.Tensor, scale: torch.Tensor) -> torch.Tensor:
        return torch.sigmoid(-(x - loc) / scale)

    def _m_log_survival(self, x: torch.Tensor, loc: torch.Tensor, scale: torch.Tensor) -> torch.Tensor:
        return -h.softplus((x - loc) / scale)

    def _m_sample(self, shape: tuple, gen: Any, loc: torch.Tensor, scale: torch.Tensor) -> torch.Tensor:
        u = torch.rand(shape, generator=gen, dtype=loc.dtype, device=loc.device).clamp_min(
            torch.finfo(loc.dtype).tiny)
        return (torch.log(u) - torch.log1p(-u)) * scale + loc
