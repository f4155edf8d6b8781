"""mindspore.nn.probability.distribution.StudentT (prob and log_prob only, as in MindSpore)."""
from __future__ import annotations

import math
from typing import Any

import torch

from mindshim.common import dtype as mstype
from mindshim.nn.probability.distribution import _helpers as h
from mindshim.nn.probability.distribution._common import MeanSd, family_args
from mindshim.nn.probability.distribution.distribution import Distribution


class StudentT(MeanSd, Distribution):
    """StudentT(df=None, mean=None, sd=None, seed=None, dtype=mstype.float32, name='StudentT')."""

    def __init__(self, df: Any = None, mean: Any = None, sd: Any = None, seed: Any = None,
                 dtype: Any = mstype.float32, name: str = "StudentT") -> None:
        param = family_args(self, locals(), ("df", "mean", "sd"))
        super().__init__(seed, dtype, name, param)
        self._df_value = self._add_parameter(df, "df")
        self._add_mean_sd(mean, sd)
        if self._df_value is not None:
            h.check_greater_zero(self._df_value, "Degrees of freedom")

    def _m_log_prob(self, x: torch.Tensor, df: torch.Tensor, mean: torch.Tensor, sd: torch.Tensor) -> torch.Tensor:
        y = (x - mean) / sd
        unnormalized = -0.5 * (df + 1.0) * torch.log1p(y ** 2.0 / df)
        normalization = (torch.log(torch.abs(sd)) + 0.5 * torch.log(df) + 0.5 * math.log(math.pi)
                         + torch.lgamma(0.5 * df) - torch.lgamma(0.5 * (df + 1.0)))
        return unnormalized - normalization
