"""mindspore.nn.probability.distribution.Normal."""
from __future__ import annotations

import math
from typing import Any

import torch

from mindshim.common import dtype as mstype
from mindshim.nn.probability.distribution._common import MeanSd, family_args
from mindshim.nn.probability.distribution.distribution import Distribution

_HALF_LOG_2PI = 0.5 * math.log(2.0 * math.pi)


class Normal(MeanSd, Distribution):
    """Normal(mean=None, sd=None, seed=None, dtype=mstype.float32, name='Normal')."""

    _dist_type = "Normal"
    _repr_template = "mean = {}, standard deviation = {}"
    _reparameterized = True

    def __init__(self, mean: Any = None, sd: Any = None, seed: Any = None, dtype: Any = mstype.float32,
                 name: str = "Normal") -> None:
        param = family_args(self, locals(), ("mean", "sd"))
        super().__init__(seed, dtype, name, param)
        self._add_mean_sd(mean, sd)

    def _m_log_prob(self, x: torch.Tensor, mean: torch.Tensor, sd: torch.Tensor) -> torch.Tensor:
        return -0.5 * torch.square((x - mean) / sd) - _HALF_LOG_2PI - torch.log(sd)

    def _m_cdf(self, x: torch.Tensor, mean: torch.Tensor, sd: torch.Tensor) -> torch.Tensor:
        return 0.5 * (1.0 + torch.erf((x - mean) / (sd * math.sqrt(2.0))))

    def _m_mean(self, mean: torch.Tensor, sd: torch.Tensor) -> torch.Tensor:
        return mean

    _m_mode = _m_mean

    def _m_sd(self, mean: torch.Tensor, sd: torch.Tensor) -> torch.Tensor:
        return sd

    def _m_entropy(self, mean: torch.Tensor, sd: torch.Tensor) -> torch.Tensor:
        return 0.5 * math.log(2.0 * math.pi * math.e) + torch.log(sd)

    def _m_kl(self, mean_a: torch.Tensor, sd_a: torch.Tensor, mean_b: torch.Tensor, sd_b: torch.Tensor) -> torch.Tensor:
        diff_log_scale = torch.log(sd_a) - torch.log(sd_b)
        return (0.5 * torch.square(mean_a / sd_b - mean_b / sd_b) + 0.5 * torch.expm1(2 * diff_log_scale)
                - diff_log_scale)

    def _m_sample(self, shape: tuple, gen: Any, mean: torch.Tensor, sd: torch.Tensor) -> torch.Tensor:
        noise = torch.randn(shape, generator=gen, dtype=mean.dtype, device=mean.device)
        return mean + sd * noise
