"""mindspore.nn.probability.distribution.HalfNormal (prob and log_prob only, as in MindSpore)."""
from __future__ import annotations

import math
from typing import Any

import torch

from mindshim import _checkparam as validator
from mindshim.common import dtype as mstype
from mindshim.nn.probability.distribution import _helpers as h
from mindshim.nn.probability.distribution.distribution import Distribution


class HalfNormal(Distribution):
    """HalfNormal(mean=None, sd=None, seed=None, dtype=mstype.float32, name='HalfNormal')."""

    def __init__(self, mean: Any = None, sd: Any = None, seed: Any = None, dtype: Any = mstype.float32,
                 name: str = "HalfNormal") -> None:
        param = dict(locals())
        param["param_dict"] = {"mean": mean, "sd": sd}
        validator.check_type_name("dtype", dtype, mstype.float_type, type(self).__name__)
        super().__init__(seed, dtype, name, param)
        self._mean_value = self._add_parameter(mean, "mean")
        self._sd_value = self._add_parameter(sd, "sd")
        if self._sd_value is not None:
            h.check_greater_zero(self._sd_value, "Standard deviation")

    def _m_prob(self, x: torch.Tensor, mean: torch.Tensor, sd: torch.Tensor) -> torch.Tensor:
        pdf = math.sqrt(2.0 / math.pi) / sd * torch.exp(-0.5 * torch.square((x - mean) / sd))
        return pdf * (x >= 0).to(pdf.dtype)
