"""mindspore.nn.probability.distribution.Laplace (prob and log_prob only, as in MindSpore)."""
from __future__ import annotations

from typing import Any

import torch

from mindshim.common import dtype as mstype
from mindshim.nn.probability.distribution._common import MeanSd, family_args
from mindshim.nn.probability.distribution.distribution import Distribution


class Laplace(MeanSd, Distribution):
    """Laplace(mean=None, sd=None, seed=None, dtype=mstype.float32, name='Laplace'): `sd` is the scale b."""

    def __init__(self, mean: Any = None, sd: Any = None, seed: Any = None, dtype: Any = mstype.float32,
                 name: str = "Laplace") -> None:
        param = family_args(self, locals(), ("mean", "sd"))
        super().__init__(seed, dtype, name, param)
        self._add_mean_sd(mean, sd)

    def _m_log_prob(self, x: torch.Tensor, mean: torch.Tensor, sd: torch.Tensor) -> torch.Tensor:
        return -1.0 * torch.abs((x - mean) / sd) - torch.log(2.0 * sd)
