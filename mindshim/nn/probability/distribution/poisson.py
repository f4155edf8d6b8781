"""mindspore.nn.probability.distribution.Poisson."""
from __future__ import annotations

from typing import Any

import numpy as np
import torch

from mindshim import _checkparam as validator
from mindshim.common import dtype as mstype
from mindshim.nn.probability.distribution import _helpers as h
from mindshim.nn.probability.distribution.distribution import Distribution

_VALID = mstype.int_type + mstype.uint_type + mstype.float_type


class Poisson(Distribution):
    """Poisson(rate=None, seed=None, dtype=mstype.float32, name='Poisson')."""

    _dist_type = "Poisson"
    _repr_template = "rate = {}"

    def __init__(self, rate: Any = None, seed: Any = None, dtype: Any = mstype.float32, name: str = "Poisson") -> None:
        param = dict(locals())
        param["param_dict"] = {"rate": rate}
        validator.check_type_name("dtype", dtype, _VALID, type(self).__name__)
        if isinstance(rate, (int, float)):
            raise TypeError("Input rate can't be scalar")
        super().__init__(seed, dtype, name, param)
        self._rate = self._add_parameter(rate, "rate")
        if self._rate is not None:
            h.check_greater_zero(self._rate, "rate")

    @property
    def rate(self) -> Any:
        return self._rate

    def _m_log_prob(self, x: torch.Tensor, rate: torch.Tensor) -> torch.Tensor:
        safe = torch.where(x < 0, torch.zeros_like(x), x)
        y = torch.log(rate) * safe - torch.lgamma(safe + 1.0)
        return torch.where(x == safe, y, torch.full_like(y, -np.inf)) - rate

    def _m_cdf(self, x: torch.Tensor, rate: torch.Tensor) -> torch.Tensor:
        safe = torch.where(x < 0, torch.zeros_like(x), x)
        cdf = 1.0 - h.gammainc(1.0 + safe, rate)
        return torch.where(x < 0, torch.zeros_like(cdf), cdf)

    def _m_mean(self, rate: torch.Tensor) -> torch.Tensor:
        return rate

    _m_var = _m_mean

    def _m_mode(self, rate: torch.Tensor) -> torch.Tensor:
        return torch.floor(rate)

    def _m_sample(self, shape: tuple, gen: Any, rate: torch.Tensor) -> torch.Tensor:
        wide = rate.to(torch.float32 if rate.dtype != torch.float64 else rate.dtype)
        return torch.poisson(wide.expand(shape).contiguous(), generator=gen)
