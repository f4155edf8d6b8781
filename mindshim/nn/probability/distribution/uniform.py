"""mindspore.nn.probability.distribution.Uniform."""
from __future__ import annotations

from typing import Any

import numpy as np
import torch

from mindshim.common import dtype as mstype
from mindshim.nn.probability.distribution import _helpers as h
from mindshim.nn.probability.distribution._common import family_args
from mindshim.nn.probability.distribution.distribution import Distribution


class Uniform(Distribution):
    """Uniform(low=None, high=None, seed=None, dtype=mstype.float32, name='Uniform')."""

    _dist_type = "Uniform"
    _repr_template = "low = {}, high = {}"
    _reparameterized = True

    def __init__(self, low: Any = None, high: Any = None, seed: Any = None, dtype: Any = mstype.float32,
                 name: str = "Uniform") -> None:
        param = family_args(self, locals(), ("low", "high"))
        super().__init__(seed, dtype, name, param)
        self._low = self._add_parameter(low, "low")
        self._high = self._add_parameter(high, "high")
        if self._low is not None and self._high is not None:
            h.check_greater(self._low, self._high, "low", "high")

    @property
    def low(self) -> Any:
        return self._low

    @property
    def high(self) -> Any:
        return self._high

    def _m_prob(self, x: torch.Tensor, low: torch.Tensor, high: torch.Tensor) -> torch.Tensor:
        density = torch.exp(-1.0 * torch.log(high - low)).expand(torch.broadcast_shapes(x.shape, low.shape))
        zeros = torch.zeros_like(density)
        return torch.where(x <= high, torch.where(x < low, zeros, density), zeros)

    def _m_cdf(self, x: torch.Tensor, low: torch.Tensor, high: torch.Tensor) -> torch.Tensor:
        frac = (x - low) / (high - low)
        return torch.where(x < high, torch.where(x < low, torch.zeros_like(frac), frac), torch.ones_like(frac))

    def _m_mean(self, low: torch.Tensor, high: torch.Tensor) -> torch.Tensor:
        return (low + high) / 2.0

    def _m_var(self, low: torch.Tensor, high: torch.Tensor) -> torch.Tensor:
        return torch.square(high - low) / 12.0

    def _m_entropy(self, low: torch.Tensor, high: torch.Tensor) -> torch.Tensor:
        return torch.log(high - low)

    def _m_kl(self, low_a: torch.Tensor, high_a: torch.Tensor, low_b: torch.Tensor,
              high_b: torch.Tensor) -> torch.Tensor:
        kl = torch.log(high_b - low_b) - torch.log(high_a - low_a)
        inside = (low_b <= low_a) & (high_a <= high_b)
        return torch.where(inside, kl, torch.full_like(kl, np.inf))

    def _m_sample(self, shape: tuple, gen: Any, low: torch.Tensor, high: torch.Tensor) -> torch.Tensor:
        return (high - low) * torch.rand(shape, generator=gen, dtype=low.dtype, device=low.device) + low
