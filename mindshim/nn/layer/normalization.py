"""mindspore.nn normalization layers: BatchNorm1d/2d/3d, SyncBatchNorm, InstanceNorm1d/2d/3d, LayerNorm,
GroupNorm.

Mapping decisions:
- BatchNorm parameters are MindSpore's: `moving_mean`, `moving_variance` (not trainable, created
  with the names "mean"/"variance" that a parent cell's prefixing replaces by the attribute path,
  exactly as MindSpore does), `gamma`, `beta`; parameter order is moving_mean, moving_variance,
  gamma, beta.
- Momentum: MindSpore's `momentum=0.9` is the weight of the old moving value
  (`moving = momentum * moving + (1 - momentum) * batch`); torch's momentum is `1 - momentum`.
- `use_batch_statistics=None` follows the train/eval mode; True always normalises with (and
  updates) batch statistics; False always uses the moving statistics.
- LayerNorm(normalized_shape, begin_norm_axis=-1, begin_params_axis=-1, epsilon=1e-7):
  statistics over axes `begin_norm_axis:`, `gamma`/`beta` broadcast from `begin_params_axis`.
  When the two axes coincide this is `torch.layer_norm`.
- GroupNorm(num_groups, num_channels, eps=1e-5, affine=True) is `torch.group_norm`.
- BatchNorm3d holds a BatchNorm2d child named `bn2d` (parameter names `bn2d.moving_mean`, ...) and
  takes 5-D input only, as MindSpore does.
- SyncBatchNorm in one process is BatchNorm over 2-D or 4-D input (parameters named like BatchNorm's);
  `process_groups` may only name rank 0.
- InstanceNorm1d/2d/3d use instance statistics in train and eval (MindSpore's rule); `momentum=0.1`
  has torch's meaning. MindSpore has no CPU kernel for them (a CPU forward raises RuntimeError
  there); mindshim computes them with `torch.instance_norm`, which also updates the moving
  statistics on every call (batch mean of the per-instance statistics, unbiased variance), as
  MindSpore's GPU kernel does.
"""
from __future__ import annotations

import numbers

import torch

from mindshim.common import dtype as mstype
from mindshim.common.initializer import Initializer, initializer
from mindshim.common.parameter import Parameter
from mindshim.nn.cell import Cell


class _BatchNorm(Cell):
    _fast = True
    _ranks: tuple = ()  # the input ranks MindSpore accepts (empty: not checked here)

    def __init__(self, num_features: int, eps: float = 1e-5, momentum: float = 0.9, affine: bool = True,
                 gamma_init="ones", beta_init="zeros", moving_mean_init="zeros", moving_var_init="ones",
                 use_batch_statistics: bool | None = None, data_format: str = "NCHW", dtype=mstype.float32) -> None:
        super().__init__()
        api = type(self).__name__
        if not isinstance(num_features, int) or isinstance(num_features, bool):
            raise TypeError(f"For '{api}', the 'num_features' must be int, but got {type(num_features).__name__}.")
        if num_features < 1:
            raise ValueError(f"For '{api}', the 'num_features' must be at least 1, but got {num_features}.")
        if momentum < 0 or momentum > 1:
            raise ValueError(f"For '{api}', the 'momentum' must be a number in range [0, 1], but got {momentum}.")
        if data_format != "NCHW":
            raise ValueError(f"For '{api}', the 'NHWC' format only support in GPU target, but got device target CPU.")
        if use_batch_statistics is not None and not isinstance(use_batch_statistics, bool):
            raise ValueError(f"For '{api}', the 'use_batch_statistics' must be a boolean value or None, "
                             f"but got {use_batch_statistics}.")
        if not isinstance(affine, bool):
            raise TypeError("The argument `requires_grad` must be bool type")  # MindSpore's Parameter check
        self.use_batch_statistics = use_batch_statistics
        self.num_features = num_features
        self.eps = eps
        self.format = data_format
        self.moving_mean = Parameter(initializer(moving_mean_init, num_features, dtype=dtype), name="mean",
                                     requires_grad=False)
        self.moving_variance = Parameter(initializer(moving_var_init, num_features, dtype=dtype), name="variance",
                                         requires_grad=False)
        self.gamma = Parameter(initializer(gamma_init, num_features, dtype=dtype), name="gamma",
                               requires_grad=affine)
        self.beta = Parameter(initializer(beta_init, num_features, dtype=dtype), name="beta", requires_grad=affine)
        self.momentum = 1.0 - momentum  # MindSpore stores it this way too (repr shows 1 - momentum)

    def construct(self, x):
        if self._ranks and x.dim() not in self._ranks:
            raise ValueError(f"For '{type(self).__name__}', the input must have "
                             f"{' or '.join(map(str, self._ranks))} dims, but got {x.dim()}.")
        use_batch = self.training if self.use_batch_statistics is None else self.use_batch_statistics
        return torch.batch_norm(x, self.gamma, self.beta, self.moving_mean, self.moving_variance, use_batch,
                                self.momentum, self.eps, False)

    def extend_repr(self) -> str:
        return (f"num_features={self.num_features}, eps={self.eps}, momentum={1.0 - self.momentum}, "
                f"gamma={self.gamma}, beta={self.beta}, moving_mean={self.moving_mean}, "
                f"moving_variance={self.moving_variance}")


class BatchNorm1d(_BatchNorm):
    """mindspore.nn.BatchNorm1d(num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init='ones',
    beta_init='zeros', moving_mean_init='zeros', moving_var_init='ones', use_batch_statistics=None,
    data_format='NCHW', dtype=float32); input (N, C) or (N, C, L)."""

    _ranks = (2, 3)


class BatchNorm2d(_BatchNorm):
    """mindspore.nn.BatchNorm2d(...); input (N, C, H, W)."""

    _ranks = (4,)


class BatchNorm3d(Cell):
    """mindspore.nn.BatchNorm3d(num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init='ones',
    beta_init='zeros', moving_mean_init='zeros', moving_var_init='ones', use_batch_statistics=None,
    dtype=float32); input (N, C, D, H, W)."""

    _fast = True

    def __init__(self, num_features: int, eps: float = 1e-5, momentum: float = 0.9, affine: bool = True,
                 gamma_init="ones", beta_init="zeros", moving_mean_init="zeros", moving_var_init="ones",
                 use_batch_statistics: bool | None = None, dtype=mstype.float32) -> None:
        super().__init__()
        self.bn2d = BatchNorm2d(num_features, eps, momentum, affine, gamma_init, beta_init, moving_mean_init,
                                moving_var_init, use_batch_statistics, dtype=dtype)

    def construct(self, x):
        if x.dim() != 5:
            raise ValueError(f"For 'BatchNorm3d', the in_shape must have 5 dims, but got {x.dim()}.")
        n, c, d, h, w = x.shape
        return self.bn2d.construct(x.reshape(n, c, d * h, w)).reshape(n, c, d, h, w)


class SyncBatchNorm(_BatchNorm):
    """mindspore.nn.SyncBatchNorm(num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init='ones',
    beta_init='zeros', moving_mean_init='zeros', moving_var_init='ones', use_batch_statistics=None,
    process_groups=None, dtype=float32); one process: BatchNorm over (N, C) or (N, C, H, W)."""

    def __init__(self, num_features: int, eps: float = 1e-5, momentum: float = 0.9, affine: bool = True,
                 gamma_init="ones", beta_init="zeros", moving_mean_init="zeros", moving_var_init="ones",
                 use_batch_statistics: bool | None = None, process_groups=None, dtype=mstype.float32) -> None:
        super().__init__(num_features, eps, momentum, affine, gamma_init, beta_init, moving_mean_init,
                         moving_var_init, use_batch_statistics, dtype=dtype)
        if process_groups is not None:
            ranks = [r for group in process_groups for r in group]  # a non-list group raises TypeError here
            if any(r != 0 for r in ranks):
                from mindshim._errors import unsupported_arg
                raise unsupported_arg("nn.SyncBatchNorm", "process_groups", process_groups)
        self.process_groups = process_groups

    def construct(self, x):
        if x.dim() not in (2, 4):
            raise ValueError(f"For 'SyncBatchNorm', the must have 2 dims or 4 dims, but got {x.dim()}.")
        return super().construct(x)


class _InstanceNorm(Cell):
    _fast = True
    _rank = 4

    def __init__(self, num_features: int, eps: float = 1e-5, momentum: float = 0.1, affine: bool = True,
                 gamma_init="ones", beta_init="zeros", dtype=mstype.float32) -> None:
        super().__init__()
        api = type(self).__name__
        for arg, v, kind in (("num_features", num_features, int), ("eps", eps, float), ("momentum", momentum, float),
                             ("affine", affine, bool)):
            if not isinstance(v, kind) or (kind is not bool and isinstance(v, bool)):
                raise TypeError(f"For '{api}', the type of '{arg}' should be '{kind.__name__}', "
                                f"but got type '{type(v).__name__}'.")
        for arg, v in (("gamma_init", gamma_init), ("beta_init", beta_init)):
            if not isinstance(v, (torch.Tensor, numbers.Number, str, Initializer)):
                raise TypeError(f"For '{api}', the type of '{arg}' must be in [Tensor, numbers.Number, str, "
                                f"Initializer], but got type {type(v).__name__}.")
        if num_features < 1:
            raise ValueError(f"For '{api}', the 'num_features' must be at least 1, but got {num_features}.")
        if momentum < 0 or momentum > 1:
            raise ValueError(f"For '{api}', the 'momentum' must be a number in range [0, 1], but got {momentum}.")
        self.num_features = num_features
        self.eps = eps
        self.momentum = momentum
        self.moving_mean = Parameter(initializer("zeros", num_features, dtype=dtype), name="mean", requires_grad=False)
        self.moving_variance = Parameter(initializer("ones", num_features, dtype=dtype), name="variance",
                                         requires_grad=False)
        self.gamma = Parameter(initializer(gamma_init, num_features, dtype=dtype), name="gamma", requires_grad=affine)
        self.beta = Parameter(initializer(beta_init, num_features, dtype=dtype), name="beta", requires_grad=affine)

    def construct(self, x):
        if x.dim() != self._rank:
            raise ValueError(f"For '{type(self).__name__}', the in_shape must have {self._rank} dims, "
                             f"but got {x.dim()}.")
        return torch.instance_norm(x, self.gamma, self.beta, self.moving_mean, self.moving_variance, True,
                                   self.momentum, self.eps, False)

    def extend_repr(self) -> str:
        return (f"num_features={self.num_features}, eps={self.eps}, momentum={self.momentum}, "
                f"gamma={self.gamma}, beta={self.beta}, moving_mean={self.moving_mean}, "
                f"moving_variance={self.moving_variance}")


class InstanceNorm1d(_InstanceNorm):
    """mindspore.nn.InstanceNorm1d(num_features, eps=1e-5, momentum=0.1, affine=True, gamma_init='ones',
    beta_init='zeros', dtype=float32); input (N, C, L)."""

    _rank = 3


class InstanceNorm2d(_InstanceNorm):
    """mindspore.nn.InstanceNorm2d(...); input (N, C, H, W)."""


class InstanceNorm3d(_InstanceNorm):
    """mindspore.nn.InstanceNorm3d(...); input (N, C, D, H, W)."""

    _rank = 5


class LayerNorm(Cell):
    """mindspore.nn.LayerNorm(normalized_shape, begin_norm_axis=-1, begin_params_axis=-1, gamma_init='ones',
    beta_init='zeros', epsilon=1e-7, dtype=float32)."""

    _fast = True

    def __init__(self, normalized_shape, begin_norm_axis: int = -1, begin_params_axis: int = -1,
                 gamma_init="ones", beta_init="zeros", epsilon: float = 1e-7, dtype=mstype.float32) -> None:
        super().__init__()
        if not isinstance(normalized_shape, (tuple, list)):
            raise TypeError(f"For 'LayerNorm', the type of 'normalized_shape' must be tuple[int] or list[int], "
                            f"but got {normalized_shape} and the type is {type(normalized_shape)}.")
        if not normalized_shape:
            raise ValueError("Expected normalized_shape to be at least 1-dimensional, i.e., containing at least "
                             f"one element, but got normalized_shape = {normalized_shape}")
        self.normalized_shape = normalized_shape
        self.begin_norm_axis = begin_norm_axis
        self.begin_params_axis = begin_params_axis
        self.epsilon = epsilon
        self.gamma = Parameter(initializer(gamma_init, normalized_shape, dtype=dtype), name="gamma")
        self.beta = Parameter(initializer(beta_init, normalized_shape, dtype=dtype), name="beta")

    def construct(self, input_x):
        rank = input_x.dim()
        if not -rank <= self.begin_norm_axis < rank:  # MindSpore's kernel raises it (RuntimeError)
            raise RuntimeError(f"For primitive[LayerNorm], input_x's rank is {rank}, while the 'begin_norm_axis' "
                               f"value should be in the range [{-rank}, {rank}), but got {self.begin_norm_axis}")
        norm_axis = self.begin_norm_axis % rank
        params_axis = self.begin_params_axis % rank
        if tuple(input_x.shape[params_axis:]) != tuple(self.gamma.shape):
            raise ValueError(f"For 'LayerNorm', gamma or beta shape must match input shape, but got input shape: "
                             f"{tuple(input_x.shape)}, gamma shape: {tuple(self.gamma.shape)}.")
        gamma = self.gamma.to(input_x.dtype)
        beta = self.beta.to(input_x.dtype)
        if norm_axis == params_axis:
            return torch.layer_norm(input_x, input_x.shape[norm_axis:], gamma, beta, self.epsilon)
        dims = tuple(range(norm_axis, rank))
        var, mean = torch.var_mean(input_x, dims, correction=0, keepdim=True)
        y = (input_x - mean) * torch.rsqrt(var + self.epsilon)
        return y * gamma + beta

    def extend_repr(self) -> str:
        return (f"normalized_shape={self.normalized_shape}, begin_norm_axis={self.begin_norm_axis}, "
                f"begin_params_axis={self.begin_params_axis}, gamma{self.gamma}, beta={self.beta}")


class GroupNorm(Cell):
    """mindspore.nn.GroupNorm(num_groups, num_channels, eps=1e-5, affine=True, gamma_init='ones',
    beta_init='zeros', dtype=float32)."""

    _fast = True

    def __init__(self, num_groups: int, num_channels: int, eps: float = 1e-5, affine: bool = True,
                 gamma_init="ones", beta_init="zeros", dtype=mstype.float32) -> None:
        super().__init__()
        for arg, v in (("num_groups", num_groups), ("num_channels", num_channels)):
            if not isinstance(v, int) or v <= 0:
                raise ValueError(f"For 'GroupNorm', the '{arg}' must be a positive int, but got {v}.")
        if num_channels % num_groups != 0:
            raise ValueError(f"For 'GroupNorm', the 'num_channels' must be divided by 'num_groups', "
                             f"but got 'num_channels': {num_channels}, 'num_groups': {num_groups}.")
        if not isinstance(eps, float):
            raise TypeError(f"For 'GroupNorm', the 'eps' must be float, but got {type(eps).__name__}.")
        if not isinstance(affine, bool):
            raise TypeError(f"For 'GroupNorm', the 'affine' must be a bool, but got {type(affine).__name__}.")
        self.num_groups = num_groups
        self.num_channels = num_channels
        self.eps = eps
        self.affine = affine
        self.gamma = Parameter(initializer(gamma_init, num_channels, dtype=dtype), name="gamma", requires_grad=affine)
        self.beta = Parameter(initializer(beta_init, num_channels, dtype=dtype), name="beta", requires_grad=affine)

    def construct(self, x):
        if x.shape[1] != self.num_channels:
            raise ValueError(f"For 'GroupNorm', the channel(the second dim of the input 'x') must be equal to "
                             f"num_channels, but got channel: {x.shape[1]}, num_channels: {self.num_channels}.")
        return torch.group_norm(x, self.num_groups, self.gamma.to(x.dtype), self.beta.to(x.dtype), self.eps)

    def extend_repr(self) -> str:
        return f"num_groups={self.num_groups}, num_channels={self.num_channels}"


__all__ = ["BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "SyncBatchNorm", "InstanceNorm1d", "InstanceNorm2d",
           "InstanceNorm3d", "LayerNorm", "GroupNorm"]
