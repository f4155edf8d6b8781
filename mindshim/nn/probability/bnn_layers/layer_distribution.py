"""mindspore.nn.probability.bnn_layers NormalPrior and NormalPosterior: the Normal distributions of a Bayesian
layer's weights (a fixed prior, and a posterior with trainable mean and softplus-transformed scale)."""
from __future__ import annotations

from typing import Any

import numpy as np
import torch

from mindshim.common import dtype as mstype
from mindshim.common.parameter import Parameter
from mindshim.common.tensor import Tensor, plain, wrap
from mindshim.nn.cell import Cell
from mindshim.nn.probability.distribution.normal import Normal

__all__ = ["NormalPrior", "NormalPosterior"]


def _is_number(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float))


class NormalPrior(Cell):
    """NormalPrior(dtype=mstype.float32, mean=0, std=0.1): calls go to its `normal` distribution."""

    def __init__(self, dtype: Any = mstype.float32, mean: Any = 0, std: Any = 0.1) -> None:
        super().__init__()
        self.normal = Normal(mean, std, dtype=dtype)

    def construct(self, *inputs: Any) -> Any:
        return self.normal(*inputs)


class NormalPosterior(Cell):
    """NormalPosterior(name, shape, dtype=mstype.float32, loc_mean=0, loc_std=0.1, untransformed_scale_mean=-5,
    untransformed_scale_std=0.1): Parameters `<name>_mean` and `<name>_untransformed_std` drawn from numpy's global
    generator (as MindSpore does); sd = 1e-6 + softplus(untransformed_std)."""

    def __init__(self, name: str, shape: Any, dtype: Any = mstype.float32, loc_mean: Any = 0, loc_std: Any = 0.1,
                 untransformed_scale_mean: Any = -5, untransformed_scale_std: Any = 0.1) -> None:
        super().__init__()
        if not isinstance(name, str):
            raise TypeError("The type of `name` must be `str`")
        if not isinstance(shape, (tuple, list)):
            raise TypeError("The type of `shape` must be `tuple` or `list`")
        if not _is_number(loc_mean):
            raise TypeError("The type of `loc_mean` must be `int` or `float`")
        if not _is_number(untransformed_scale_mean):
            raise TypeError("The type of `untransformed_scale_mean` must be `int` or `float`")
        if not (_is_number(loc_std) and loc_std >= 0):
            raise TypeError("The type of `loc_std` must be `int` or `float` and its value must > 0")
        if isinstance(loc_std, bool) or not (_is_number(untransformed_scale_std) and untransformed_scale_std >= 0):
            raise TypeError("The type of `untransformed_scale_std` must be `int` or `float` and its value must > 0")
        self.mean = Parameter(Tensor(np.random.normal(loc_mean, loc_std, shape), dtype=dtype), name=name + "_mean")
        self.untransformed_std = Parameter(
            Tensor(np.random.normal(untransformed_scale_mean, untransformed_scale_std, shape), dtype=dtype),
            name=name + "_untransformed_std")
        self.normal = Normal()

    def _std_trans(self, std_pre: Any) -> Any:
        return wrap(1e-6 + torch.log(torch.exp(plain(std_pre)) + 1))

    def construct(self, *inputs: Any) -> Any:
        return self.normal(*inputs, mean=self.mean, sd=self._std_trans(self.untransformed_std))


def normal_post_fn(name: str, shape: Any) -> NormalPosterior:
    return NormalPosterior(name=name, shape=shape)
