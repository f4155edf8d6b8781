"""mindspore.nn.probability.distribution.Beta."""
from __future__ import annotations

from typing import Any

import numpy as np
import torch

from mindshim.common import dtype as mstype
from mindshim.nn.probability.distribution import _helpers as h
from mindshim.nn.probability.distribution._common import add_positive, family_args
from mindshim.nn.probability.distribution.distribution import Distribution
from mindshim.nn.probability.distribution.gamma import standard_gamma


class Beta(Distribution):
    """Beta(concentration1=None, concentration0=None, seed=None, dtype=mstype.float32, name='Beta')."""

    _dist_type = "Beta"
    _kl_names = ("concentration1_a", "concentration0_a")
    _repr_template = "concentration1 = {}, concentration0 = {}"

    def __init__(self, concentration1: Any = None, concentration0: Any = None, seed: Any = None,
                 dtype: Any = mstype.float32, name: str = "Beta") -> None:
        param = family_args(self, locals(), ("concentration1", "concentration0"),
                            no_scalar=("concentration0", "concentration1"), scalar=(float,))
        super().__init__(seed, dtype, name, param)
        self._concentration1, self._concentration0 = add_positive(
            self, {"concentration1": concentration1, "concentration0": concentration0})
        from mindshim.nn.layer.math_cells import DiGamma, LBeta
        self.digamma = DiGamma()
        self.lbeta = LBeta()

    @property
    def concentration1(self) -> Any:
        return self._concentration1

    @property
    def concentration0(self) -> Any:
        return self._concentration0

    def _m_mean(self, c1: torch.Tensor, c0: torch.Tensor) -> torch.Tensor:
        return c1 / (c1 + c0)

    def _m_var(self, c1: torch.Tensor, c0: torch.Tensor) -> torch.Tensor:
        total = c1 + c0
        return c1 * c0 / (torch.pow(total, 2) * (total + 1.0))

    def _m_mode(self, c1: torch.Tensor, c0: torch.Tensor) -> torch.Tensor:
        mode = (c1 - 1.0) / (c1 + c0 - 2.0)
        return torch.where((c1 > 1.0) & (c0 > 1.0), mode, torch.full_like(mode, np.nan))

    def _m_entropy(self, c1: torch.Tensor, c0: torch.Tensor) -> torch.Tensor:
        total = c1 + c0
        return (h.lbeta(c1, c0) - (c1 - 1.0) * torch.digamma(c1) - (c0 - 1.0) * torch.digamma(c0)
                + (total - 2.0) * torch.digamma(total))

    def _m_log_prob(self, x: torch.Tensor, c1: torch.Tensor, c0: torch.Tensor) -> torch.Tensor:
        return (c1 - 1.0) * torch.log(x) + (c0 - 1.0) * torch.log1p(-x) - h.lbeta(c1, c0)

    def _m_kl(self, c1a: torch.Tensor, c0a: torch.Tensor, c1b: torch.Tensor, c0b: torch.Tensor) -> torch.Tensor:
        ta, tb = c1a + c0a, c1b + c0b
        return ((h.lbeta(c1b, c0b) - h.lbeta(c1a, c0a)) - torch.digamma(c1a) * (c1b - c1a)
                - torch.digamma(c0a) * (c0b - c0a) + torch.digamma(ta) * (tb - ta))

    def _m_sample(self, shape: tuple, gen: Any, c1: torch.Tensor, c0: torch.Tensor) -> torch.Tensor:
        g1, g0 = standard_gamma(c1, shape, gen), standard_gamma(c0, shape, gen)
        return g1 / (g1 + g0)
