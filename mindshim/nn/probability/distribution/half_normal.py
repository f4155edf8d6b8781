"""mindspore.nn.probability.distribution.HalfNormal (prob and log_prob only, as in MindSpore)."""
from __future__ import annotations

import math
from typing import Any

import torch

from mindshim.common import dtype as mstype
from mindshim.nn.probability.distribution._common import MeanSd, family_args
from mindshim.nn.probability.distribution.distribution import Distribution


class HalfNormal(MeanSd, Distribution):
    """HalfNormal(mean=None, sd=None, seed=None, dtype=mstype.float32, name='HalfNormal')."""

    def __init__(self, mean: Any = None, sd: Any = None, seed: Any = None, dtype: Any = mstype.float32,
                 name: str = "HalfNormal") -> None:
        param = family_args(self, locals(), ("mean", "sd"))
        super().__init__(seed, dtype, name, param)
        self._add_mean_sd(mean, sd)

    def _m_prob(self, x: torch.Tensor, mean: torch.Tensor, sd: torch.Tensor) -> torch.Tensor:
        pdf = math.sqrt(2.0 / math.pi) / sd * torch.exp(-0.5 * torch.square((x - mean) / sd))
        return pdf * (x >= 0).to(pdf.dtype)
