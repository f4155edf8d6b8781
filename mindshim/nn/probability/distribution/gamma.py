"""mindspore.nn.probability.distribution.Gamma."""
from __future__ import annotations

from typing import Any

import numpy as np
import torch

from mindshim.common import dtype as mstype
from mindshim.nn.probability.distribution import _helpers as h
from mindshim.nn.probability.distribution._common import add_positive, family_args
from mindshim.nn.probability.distribution.distribution import Distribution


def standard_gamma(alpha: torch.Tensor, shape: tuple, gen: Any) -> torch.Tensor:
    from mindshim.ops.function.random_extra_func import standard_gamma as draw
    return draw(alpha.detach().expand(shape).contiguous(), gen)


class Gamma(Distribution):
    """Gamma(concentration=None, rate=None, seed=None, dtype=mstype.float32, name='Gamma')."""

    _dist_type = "Gamma"
    _kl_names = ("concentration_a", "rate_a")
    _repr_template = "concentration = {}, rate = {}"

    def __init__(self, concentration: Any = None, rate: Any = None, seed: Any = None, dtype: Any = mstype.float32,
                 name: str = "Gamma") -> None:
        param = family_args(self, locals(), ("concentration", "rate"), no_scalar=("concentration", "rate"))
        super().__init__(seed, dtype, name, param)
        self._concentration, self._rate = add_positive(self, {"concentration": concentration, "rate": rate})
        from mindshim.nn.layer.math_cells import DiGamma
        self.digamma = DiGamma()

    @property
    def concentration(self) -> Any:
        return self._concentration

    @property
    def rate(self) -> Any:
        return self._rate

    def _m_mean(self, c: torch.Tensor, r: torch.Tensor) -> torch.Tensor:
        return c / r

    def _m_var(self, c: torch.Tensor, r: torch.Tensor) -> torch.Tensor:
        return c / torch.square(r)

    def _m_sd(self, c: torch.Tensor, r: torch.Tensor) -> torch.Tensor:
        return torch.sqrt(c) / r

    def _m_mode(self, c: torch.Tensor, r: torch.Tensor) -> torch.Tensor:
        return torch.where(c > 1.0, (c - 1.0) / r, torch.full_like(c, np.nan))

    def _m_entropy(self, c: torch.Tensor, r: torch.Tensor) -> torch.Tensor:
        return c - torch.log(r) + torch.lgamma(c) + (1.0 - c) * torch.digamma(c)

    def _m_log_prob(self, x: torch.Tensor, c: torch.Tensor, r: torch.Tensor) -> torch.Tensor:
        return (c - 1.0) * torch.log(x) - r * x - (torch.lgamma(c) - c * torch.log(r))

    def _m_cdf(self, x: torch.Tensor, c: torch.Tensor, r: torch.Tensor) -> torch.Tensor:
        return h.gammainc(c, r * x)

    def _m_kl(self, ca: torch.Tensor, ra: torch.Tensor, cb: torch.Tensor, rb: torch.Tensor) -> torch.Tensor:
        return ((ca - cb) * torch.digamma(ca) + torch.lgamma(cb) - torch.lgamma(ca)
                + cb * torch.log(ra) - cb * torch.log(rb) + ca * (rb / ra - 1.0))

    def _m_sample(self, shape: tuple, gen: Any, c: torch.Tensor, r: torch.Tensor) -> torch.Tensor:
        return standard_gamma(c, shape, gen) / r
