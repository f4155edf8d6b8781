"""mint.nn BatchNorm1d/2d/3d, SyncBatchNorm and GroupNorm with torch's arguments. Parameters are MindSpore's:
`weight`, `bias`, `running_mean`, `running_var` and `num_batches_tracked` (int64, 0-d), the last three not
trainable; `momentum=None` uses the cumulative average 1 / num_batches_tracked."""
from __future__ import annotations

from typing import Any

import numpy as np
import torch

from mindshim.common import dtype as mstype
from mindshim.common.parameter import Parameter
from mindshim.common.tensor import Tensor
from mindshim.mint.nn import _func_nn
from mindshim.nn.cell import Cell
from mindshim.ops import group_norm


class _BatchNorm(Cell):
    _ranks: tuple = ()

    def __init__(self, num_features: int, eps: float = 1e-5, momentum: Any = 0.1, affine: bool = True,
                 track_running_stats: bool = True, dtype: Any = None) -> None:
        super().__init__()
        self.num_features, self.eps, self.momentum = num_features, eps, momentum
        self.affine, self.track_running_stats = affine, track_running_stats
        self.dtype = mstype.float32 if dtype is None else dtype
        self.weight = self.bias = self.running_mean = self.running_var = self.num_batches_tracked = None
        if affine:
            self.weight = Parameter(Tensor(np.ones(num_features), dtype=self.dtype), name="weight")
            self.bias = Parameter(Tensor(np.zeros(num_features), dtype=self.dtype), name="bias")
        if track_running_stats:
            self.running_mean = Parameter(Tensor(np.zeros(num_features), dtype=self.dtype), name="running_mean",
                                          requires_grad=False)
            self.running_var = Parameter(Tensor(np.ones(num_features), dtype=self.dtype), name="running_var",
                                         requires_grad=False)
            self.num_batches_tracked = Parameter(Tensor(0, dtype=mstype.int64), name="num_batches_tracked",
                                                 requires_grad=False)

    def reset_running_stats(self) -> None:
        if self.track_running_stats:
            self.running_mean.set_data(Tensor(np.zeros(self.num_features), dtype=self.dtype))
            self.running_var.set_data(Tensor(np.ones(self.num_features), dtype=self.dtype))
            self.num_batches_tracked.set_data(Tensor(0, dtype=mstype.int64))

    def reset_parameters(self) -> None:
        self.reset_running_stats()
        if self.affine:
            self.weight.set_data(Tensor(np.ones(self.num_features), dtype=self.dtype))
            self.bias.set_data(Tensor(np.zeros(self.num_features), dtype=self.dtype))

    def _check_input_dim(self, input) -> None:
        if input.ndim not in self._ranks:
            want = " or ".join(f"{r}D" for r in self._ranks)
            raise ValueError(f"expected {want} input, but got {input.ndim}D input")

    def _factor(self) -> float:
        factor = 0.0 if self.momentum is None else self.momentum
        if self.training and self.track_running_stats and self.num_batches_tracked is not None:
            torch.Tensor.add_(self.num_batches_tracked, 1)  # in place: also valid inside a compiled region
            if self.momentum is None:
                factor = 1.0 / float(self.num_batches_tracked)
        return factor

    def _stats(self) -> tuple:
        use = not self.training or self.track_running_stats
        bn_training = self.training or (self.running_mean is None and self.running_var is None)
        return (self.running_mean if use else None), (self.running_var if use else None), bn_training

    def construct(self, input):
        self._check_input_dim(input)
        factor = self._factor()
        mean, var, bn_training = self._stats()
        return _func_nn.batch_norm(input, mean, var, self.weight, self.bias, bn_training, factor, self.eps)

    def extend_repr(self) -> str:
        return (f"num_features={self.num_features}, eps={self.eps}, momentum={self.momentum}, "
                f"affine={self.affine}, track_running_stats={self.track_running_stats}")


class BatchNorm1d(_BatchNorm):
    """mint.nn.BatchNorm1d(num_features, eps=1e-5, momentum=0.1, affine=True, track_running_stats=True,
    dtype=None): (N, C) or (N, C, L) input."""

    _ranks = (2, 3)


class BatchNorm2d(_BatchNorm):
    """mint.nn.BatchNorm2d(num_features, eps=1e-5, momentum=0.1, affine=True, track_running_stats=True,
    dtype=None): (N, C, H, W) input."""

    _ranks = (4,)


class BatchNorm3d(_BatchNorm):
    """mint.nn.BatchNorm3d(num_features, eps=1e-5, momentum=0.1, affine=True, track_running_stats=True,
    dtype=None): (N, C, D, H, W) input."""

    _ranks = (5,)


class SyncBatchNorm(_BatchNorm):
    """mint.nn.SyncBatchNorm(num_features, eps=1e-5, momentum=0.1, affine=True, track_running_stats=True,
    process_group=None, dtype=None). On one device it is BatchNorm over the local batch; statistics across
    devices need torch.distributed, which mindshim's communication layer does not wire into this layer."""

    def __init__(self, num_features: int, eps: float = 1e-5, momentum: Any = 0.1, affine: bool = True,
                 track_running_stats: bool = True, process_group: Any = None, dtype: Any = None) -> None:
        from mindshim.communication import GlobalComm, get_group_size
        super().__init__(num_features, eps, momentum, affine, track_running_stats, dtype)
        self.process_group = process_group if process_group else GlobalComm.WORLD_COMM_GROUP
        self.world_size = get_group_size(self.process_group)

    def _check_input_dim(self, input) -> None:
        if input.ndim < 2:
            raise ValueError(f"expected at least 2D input (got {input.ndim}D input)")

    def construct(self, input):
        self._check_input_dim(input)
        if input.shape[1] == 0:
            raise ValueError("SyncBatchNorm number of input channels should be non-zero")
        factor = self._factor()
        mean, var, bn_training = self._stats()
        if bn_training and self.training and self.world_size > 1:
            from mindshim._errors import unsupported
            raise unsupported("mindspore.mint.nn.SyncBatchNorm across devices")
        if mean is None or var is None:
            raise ValueError("running mean or running var can't be none for batch_norm.")
        return _func_nn.batch_norm(input, mean, var, self.weight, self.bias, bn_training, factor, self.eps)


class GroupNorm(Cell):
    """mint.nn.GroupNorm(num_groups, num_channels, eps=1e-5, affine=True, dtype=None); `weight` (ones) and
    `bias` (zeros) are always created, trainable only when affine."""

    def __init__(self, num_groups: int, num_channels: int, eps: float = 1e-5, affine: bool = True,
                 dtype: Any = None) -> None:
        super().__init__()
        name = type(self).__name__
        for arg, v in (("num_groups", num_groups), ("num_channels", num_channels)):
            if not isinstance(v, int) or isinstance(v, bool):
                raise TypeError(f"For '{name}', the '{arg}' must be int, but got {type(v).__name__}.")
            if v <= 0:
                raise ValueError(f"For '{name}', the '{arg}' must be positive, but got {v}.")
        if num_channels % num_groups:
            raise ValueError(f"For '{name}', the 'num_channels' must be divided by 'num_groups', but got "
                             f"'num_channels': {num_channels}, 'num_groups': {num_groups}.")
        if not isinstance(eps, float):
            raise TypeError(f"For '{name}', the 'eps' must be float, but got {type(eps).__name__}.")
        if not isinstance(affine, bool):
            raise TypeError(f"For '{name}', the 'affine' must be bool, but got {type(affine).__name__}.")
        self.num_groups, self.num_channels, self.eps, self.affine = num_groups, num_channels, eps, affine
        dtype = mstype.float32 if dtype is None else dtype
        self.weight = Parameter(Tensor(np.ones(num_channels), dtype=dtype), name="weight", requires_grad=affine)
        self.bias = Parameter(Tensor(np.zeros(num_channels), dtype=dtype), name="bias", requires_grad=affine)

    def extend_repr(self) -> str:
        return f"num_groups={self.num_groups}, num_channels={self.num_channels}, eps={self.eps}, affine={self.affine}"

    def construct(self, input):
        return group_norm(input, self.num_groups, self.weight, self.bias, self.eps)


__all__ = ["BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "GroupNorm", "SyncBatchNorm"]
