"""mindspore.nn.probability.distribution.Gumbel: parameters are fixed at construction (no per-call ones)."""
from __future__ import annotations

import math
from typing import Any

import numpy as np
import torch

from mindshim.common import dtype as mstype
from mindshim.common.tensor import plain, wrap
from mindshim.nn.probability.distribution import _helpers as h
from mindshim.nn.probability.distribution._common import LocScale
from mindshim.nn.probability.distribution.transformed_distribution import TransformedDistribution
from mindshim.nn.probability.distribution.uniform import Uniform


class Gumbel(LocScale, TransformedDistribution):
    """Gumbel(loc, scale, seed=0, dtype=mstype.float32, name='Gumbel')."""

    _dist_type = "Gumbel"
    _call_names = ()
    _reparameterized = True

    def __init__(self, loc: Any, scale: Any, seed: Any = 0, dtype: Any = mstype.float32, name: str = "Gumbel") -> None:
        from mindshim.nn.probability.bijector import GumbelCDF, Invert
        gumbel_cdf = GumbelCDF(loc, scale)
        super().__init__(distribution=Uniform(0.0, 1.0, dtype=dtype), bijector=Invert(gumbel_cdf), seed=seed,
                         name=name)
        self._reset_parameters()
        self._add_loc_scale(loc, scale, check_scale=False)
        self._gumbel_bijector = gumbel_cdf

    def _own(self) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        loc, scale = plain(self._loc), plain(self._scale)
        ones = torch.ones(self._broadcast_shape, dtype=scale.dtype, device=scale.device)
        return loc, scale, ones

    def _get_dist_args(self, loc: Any = None, scale: Any = None) -> Any:
        return (h.check_tensor(loc, "loc") if loc is not None else self._loc,
                h.check_tensor(scale, "scale") if scale is not None else self._scale)

    def _m_mean(self) -> torch.Tensor:
        loc, scale, _ = self._own()
        return loc + scale * np.euler_gamma

    def _m_mode(self) -> torch.Tensor:
        loc, scale, _ = self._own()
        return loc * torch.ones_like(scale)

    def _m_sd(self) -> torch.Tensor:
        _, scale, ones = self._own()
        return scale * ones * math.pi / math.sqrt(6.0)

    def _m_entropy(self) -> torch.Tensor:
        _, scale, ones = self._own()
        return 1.0 + torch.log(scale * ones) + np.euler_gamma

    def _m_log_prob(self, x: torch.Tensor) -> torch.Tensor:
        loc, scale, _ = self._own()
        z = (x - loc) / scale
        return -(z + torch.exp(-z)) - torch.log(scale)

    def _m_cdf(self, x: torch.Tensor) -> torch.Tensor:
        loc, scale, _ = self._own()
        return torch.exp(-torch.exp(-(x - loc) / scale))

    def _kl_loss(self, dist: Any, loc_b: Any, scale_b: Any) -> Any:
        h.check_dist_name(dist, "Gumbel")
        h.check_tensor(loc_b, "loc_b")
        h.check_tensor(scale_b, "scale_b")
        target = mstype.to_torch(self.parameter_type)
        lb, sb = plain(loc_b).to(target), plain(scale_b).to(target)
        loc, scale, _ = self._own()
        return wrap(torch.log(sb / scale) + np.euler_gamma * (scale / sb - 1.0) + (loc - lb) / sb
                    + torch.expm1((lb - loc) / sb + torch.lgamma(scale / sb + 1.0)))

    def _cross_entropy(self, dist: Any, loc_b: Any, scale_b: Any) -> Any:
        h.check_dist_name(dist, "Gumbel")
        return self._entropy() + self._kl_loss(dist, loc_b, scale_b)

    def _sample_batch_shape(self, params: tuple) -> tuple:
        return tuple(self._broadcast_shape)

    def _m_sample(self, shape: tuple, gen: Any) -> torch.Tensor:
        loc, scale, _ = self._own()
        u = torch.rand(shape, generator=gen, dtype=scale.dtype, device=scale.device)
        return loc - scale * torch.log(-torch.log(u))
