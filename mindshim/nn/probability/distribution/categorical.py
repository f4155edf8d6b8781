"""mindspore.nn.probability.distribution.Categorical: `probs` holds the classes on its last axis."""
from __future__ import annotations

from typing import Any

import numpy as np
import torch

from mindshim.common import dtype as mstype
from mindshim.nn.probability.distribution import _helpers as h
from mindshim.nn.probability.distribution._common import Probs, family_args
from mindshim.nn.probability.distribution.distribution import Distribution

_VALID = mstype.uint_type + mstype.int_type + mstype.float_type


def _check_probs(probs: Any) -> None:
    arr = h._host(probs)
    if arr.ndim == 0:
        raise ValueError("probs for Categorical distribution must have rank >= 1.")
    h.check_prob(probs)
    total = arr.sum(axis=-1)
    eps = np.finfo(total.dtype).eps
    if not np.allclose(total, np.ones(total.shape), rtol=eps * 10, atol=eps):
        raise ValueError("Probabilities for each category should sum to one for Categorical distribution.")


def _squeeze_all(x: torch.Tensor) -> torch.Tensor:
    return x.squeeze() if x.dim() else x


class Categorical(Probs, Distribution):
    """Categorical(probs=None, seed=None, dtype=mstype.int32, name='Categorical')."""

    _dist_type = "Categorical"

    def __init__(self, probs: Any = None, seed: Any = None, dtype: Any = mstype.int32,
                 name: str = "Categorical") -> None:
        param = family_args(self, locals(), ("probs",), _VALID)
        super().__init__(seed, dtype, name, param)
        self._add_probs(probs, _check_probs)
        if self._probs is not None:
            if tuple(self._probs.shape[:-1]) == ():
                self._is_scalar_batch = True
            self._broadcast_shape = self._broadcast_shape[:-1]

    def _m_mean(self, p: torch.Tensor) -> torch.Tensor:
        index = torch.arange(p.shape[-1], dtype=p.dtype, device=p.device)
        return (index * p).sum(-1, keepdim=True)

    def _m_mode(self, p: torch.Tensor) -> torch.Tensor:
        return p.argmax(-1).to(mstype.to_torch(self.dtype))

    def _m_var(self, p: torch.Tensor) -> torch.Tensor:
        index = torch.arange(p.shape[-1], dtype=p.dtype, device=p.device)
        return (torch.square(index) * p).sum(-1, keepdim=True) - torch.square((index * p).sum(-1, keepdim=True))

    def _m_entropy(self, p: torch.Tensor) -> torch.Tensor:
        return _squeeze_all(-(torch.log(p) * p).sum(-1))

    def _m_kl(self, pa: torch.Tensor, pb: torch.Tensor) -> torch.Tensor:
        la, lb = torch.log(pa), torch.log(pb)
        return _squeeze_all((torch.softmax(la, -1) * (torch.log_softmax(la, -1) - torch.log_softmax(lb, -1))).sum(-1))

    def _lookup(self, x: torch.Tensor, table: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, bool]:
        """Each value's entry of `table` (..., classes), the clipped class index, and whether to drop a dim."""
        x = torch.where((x < 0) & (x > -1), torch.zeros_like(x), torch.floor(x))
        drop = x.dim() == 0 and table.dim() == 1
        if drop:
            x = x.unsqueeze(-1)
        x = x.unsqueeze(-1)
        shape = torch.broadcast_shapes(x.shape, table.shape)
        classes = shape[-1]
        value = x.expand(shape)[..., :1]
        index = value.clamp(0, classes - 1).long()
        picked = torch.gather(table.expand(shape), -1, index).squeeze(-1)
        return picked, value.squeeze(-1), drop

    def _m_log_prob(self, x: torch.Tensor, p: torch.Tensor) -> torch.Tensor:
        picked, value, drop = self._lookup(x, torch.log(p))
        out = torch.where((value < 0) | (value > p.shape[-1] - 1), torch.full_like(picked, np.nan), picked)
        return _squeeze_all(out) if drop else out

    def _m_cdf(self, x: torch.Tensor, p: torch.Tensor) -> torch.Tensor:
        picked, value, drop = self._lookup(x, torch.cumsum(p, -1))
        out = torch.where(value < 0, torch.zeros_like(picked), picked)
        return _squeeze_all(out) if drop else out

    def _batch_of(self, params: tuple) -> list:
        return [p[..., 0] for p in params]

    def _sample_batch_shape(self, params: tuple) -> tuple:
        return tuple(params[0].shape[:-1])

    def _m_sample(self, shape: tuple, gen: Any, p: torch.Tensor) -> torch.Tensor:
        batch = tuple(p.shape[:-1])
        count = int(np.prod(shape[:len(shape) - len(batch)], dtype=np.int64))
        flat = p.reshape(-1, p.shape[-1])
        draws = torch.multinomial(flat, count, replacement=True, generator=gen)  # (batch, count)
        return draws.transpose(0, 1).reshape(shape)
