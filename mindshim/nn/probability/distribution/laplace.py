"""mindspore.nn.probability.distribution.Laplace (prob and log_prob only, as in MindSpore)."""
from __future__ import annotations

from typing import Any

import torch

from mindshim import _checkparam as validator
from mindshim.common import dtype as mstype
from mindshim.nn.probability.distribution import _helpers as h
from mindshim.nn.probability.distribution.distribution import Distribution


class Laplace(Distribution):
    """Laplace(mean=None, sd=None, seed=None, dtype=mstype.float32, name='Laplace'): `sd` is the scale b."""

    def __init__(self, mean: Any = None, sd: Any = None, seed: Any = None, dtype: Any = mstype.float32,
                 name: str = "Laplace") -> None:
        param = dict(locals())
        param["param_dict"] = {"mean": mean, "sd": sd}
        validator.check_type_name("dtype", dtype, mstype.float_type, type(self).__name__)
        super().__init__(seed, dtype, name, param)
        self._mean_value = self._add_parameter(mean, "mean")
        self._sd_value = self._add_parameter(sd, "sd")
        if self._sd_value is not None:
            h.check_greater_zero(self._sd_value, "Standard deviation")

    def _m_log_prob(self, x: torch.Tensor, mean: torch.Tensor, sd: torch.Tensor) -> torch.Tensor:
        return -1.0 * torch.abs((x - mean) / sd) - torch.log(2.0 * sd)
