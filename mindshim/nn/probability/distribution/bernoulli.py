"""mindspore.nn.probability.distribution.Bernoulli."""
from __future__ import annotations

from typing import Any

import torch

from mindshim import _checkparam as validator
from mindshim.common import dtype as mstype
from mindshim.nn.probability.distribution import _helpers as h
from mindshim.nn.probability.distribution.distribution import Distribution

_VALID = mstype.int_type + mstype.uint_type + mstype.float_type


def _clamp(p: torch.Tensor) -> torch.Tensor:
    eps = torch.finfo(p.dtype).eps
    return p.clamp(eps, 1 - eps)


class Bernoulli(Distribution):
    """Bernoulli(probs=None, seed=None, dtype=mstype.int32, name='Bernoulli')."""

    _dist_type = "Bernoulli"
    _call_names = ("probs1",)
    _repr_template = "probs = {}"

    def __init__(self, probs: Any = None, seed: Any = None, dtype: Any = mstype.int32, name: str = "Bernoulli") -> None:
        param = dict(locals())
        param["param_dict"] = {"probs": probs}
        validator.check_type_name("dtype", dtype, _VALID, type(self).__name__)
        super().__init__(seed, dtype, name, param)
        self._probs = self._add_parameter(probs, "probs")
        if self._probs is not None:
            h.check_prob(self._probs)

    @property
    def probs(self) -> Any:
        return self._probs

    def _m_log_prob(self, x: torch.Tensor, p: torch.Tensor) -> torch.Tensor:
        p = _clamp(p)
        return torch.log(p) * x + torch.log(1.0 - p) * (1.0 - x)

    def _m_cdf(self, x: torch.Tensor, p: torch.Tensor) -> torch.Tensor:
        x = torch.floor(x)
        shape = torch.broadcast_shapes(x.shape, p.shape)
        q = (1.0 - p).expand(shape)
        return torch.where(x < 1.0, torch.where(x < 0.0, torch.zeros_like(q), q), torch.ones_like(q))

    def _m_mean(self, p: torch.Tensor) -> torch.Tensor:
        return p

    def _m_mode(self, p: torch.Tensor) -> torch.Tensor:
        return (p > 0.5).to(mstype.to_torch(self.dtype))

    def _m_var(self, p: torch.Tensor) -> torch.Tensor:
        return torch.exp(torch.log(1.0 - p) + torch.log(p))

    def _m_entropy(self, p: torch.Tensor) -> torch.Tensor:
        q = 1.0 - p
        return -(q * torch.log(q)) - p * torch.log(p)

    def _m_kl(self, pa: torch.Tensor, pb: torch.Tensor) -> torch.Tensor:
        qa, qb = 1.0 - pa, 1.0 - pb
        return pa * torch.log(pa / pb) + qa * torch.log(qa / qb)

    def _m_sample(self, shape: tuple, gen: Any, p: torch.Tensor) -> torch.Tensor:
        return torch.rand(shape, generator=gen, dtype=p.dtype, device=p.device) < p
