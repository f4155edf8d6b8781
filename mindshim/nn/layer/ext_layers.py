"""mindspore.nn `*Ext` layers (the torch-style signatures mint uses) and a few thin op cells: Linear,
AvgPool1dExt/2dExt/3dExt, MaxPool2dExt, DropoutExt, Dropout2dExt, EmbeddingExt, LayerNormExt, L1LossExt,
FractionalMaxPool3d, SparseToDense, SparseTensorDenseMatmul.

Mapping decisions:
- The Ext pools follow torch's pooling (stride None means kernel_size); MaxPool2dExt's indices are int64.
  MindSpore 2.10's CPU backend has no kernels for most Ext ops (AvgPool*Ext, MaxPool2dExt, Dropout2dExt,
  EmbeddingExt, L1LossExt); this is their documented math.
- Linear: weight (out, in) HeUniform(sqrt(5)), bias Uniform(1/sqrt(in)) by default, as MindSpore's.
- EmbeddingExt: weight Normal(sigma=1) with the `padding_idx` row zeroed; `sparse=True` is a ValueError.
- Dropout cells are the identity outside training or for p == 0.
"""
from __future__ import annotations

import math
from typing import Any

import torch
import torch.nn.functional as F

from mindshim import _checkparam as validator
from mindshim.common import dtype as mstype
from mindshim.common.initializer import HeUniform, Normal, Uniform, initializer
from mindshim.common.parameter import Parameter
from mindshim.common.tensor import Tensor
from mindshim.nn.cell import Cell
from mindshim.nn.loss.loss import LossBase


class Linear(Cell):
    """nn.Linear(in_features, out_features, bias=True, weight_init=None, bias_init=None, dtype=None)."""

    _fast = True

    def __init__(self, in_features: int, out_features: int, bias: bool = True, weight_init: Any = None,
                 bias_init: Any = None, dtype: Any = None) -> None:
        super().__init__()
        self.in_features = validator.check_positive_int(in_features, "in_features", "Linear")
        self.out_features = validator.check_positive_int(out_features, "out_features", "Linear")
        self.has_bias = validator.check_bool(bias, "has_bias", "Linear")
        dtype = mstype.float32 if dtype is None else dtype
        if isinstance(weight_init, torch.Tensor) and tuple(weight_init.shape) != (out_features, in_features):
            raise ValueError(f"For 'Linear', weight init shape error: expected {(out_features, in_features)}, "
                             f"but got {tuple(weight_init.shape)}.")
        if weight_init is None:
            weight_init = HeUniform(math.sqrt(5))
        self.weight = Parameter(initializer(weight_init, [out_features, in_features], dtype=dtype), name="weight")
        self.bias = None
        if self.has_bias:
            if isinstance(bias_init, torch.Tensor) and tuple(bias_init.shape) != (out_features,):
                raise ValueError(f"For 'Linear', bias init shape error: expected ({out_features},), "
                                 f"but got {tuple(bias_init.shape)}.")
            if bias_init is None:
                bias_init = Uniform(scale=1 / math.sqrt(in_features))
            self.bias = Parameter(initializer(bias_init, [out_features], dtype=dtype), name="bias")

    def construct(self, x):
        return F.linear(x, self.weight, self.bias)

    def extend_repr(self) -> str:
        s = f"input_features={self.in_features}, output_features={self.out_features}"
        return s + (f", has_bias={self.has_bias}" if self.has_bias else "")


class _PoolExt(Cell):
    _fast = True

    def __init__(self, kernel_size: Any, stride: Any = None, padding: Any = 0, ceil_mode: bool = False,
                 count_include_pad: bool = True, divisor_override: Any = None) -> None:
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride
        self.padding = padding
        self.ceil_mode = ceil_mode
        self.count_include_pad = count_include_pad
        self.divisor_override = divisor_override

    def _stride(self) -> Any:
        return self.kernel_size if self.stride is None else self.stride


class AvgPool1dExt(_PoolExt):
    """nn.AvgPool1dExt(kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True)."""

    def __init__(self, kernel_size: Any, stride: Any = None, padding: Any = 0, ceil_mode: bool = False,
                 count_include_pad: bool = True) -> None:
        super().__init__(kernel_size, stride, padding, ceil_mode, count_include_pad)

    def construct(self, input):
        return F.avg_pool1d(input, self.kernel_size, self._stride(), self.padding, self.ceil_mode,
                            self.count_include_pad)


class AvgPool2dExt(_PoolExt):
    """nn.AvgPool2dExt(kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
    divisor_override=None)."""

    def construct(self, input):
        return F.avg_pool2d(input, self.kernel_size, self._stride(), self.padding, self.ceil_mode,
                            self.count_include_pad, self.divisor_override)


class AvgPool3dExt(_PoolExt):
    """nn.AvgPool3dExt(kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
    divisor_override=None)."""

    def construct(self, input):
        return F.avg_pool3d(input, self.kernel_size, self._stride(), self.padding, self.ceil_mode,
                            self.count_include_pad, self.divisor_override)


class MaxPool2dExt(Cell):
    """nn.MaxPool2dExt(kernel_size=1, stride=None, padding=0, dilation=1, return_indices=False, ceil_mode=False)."""

    _fast = True

    def __init__(self, kernel_size: Any = 1, stride: Any = None, padding: Any = 0, dilation: Any = 1,
                 return_indices: bool = False, ceil_mode: bool = False) -> None:
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = kernel_size if stride is None else stride
        self.padding = padding
        self.dilation = dilation
        self.return_indices = return_indices
        self.ceil_mode = ceil_mode

    def construct(self, input):
        return F.max_pool2d(input, self.kernel_size, self.stride, self.padding, self.dilation, self.ceil_mode,
                            self.return_indices)


class _DropoutExt(Cell):
    _fast = True
    _fn = staticmethod(F.dropout)

    def __init__(self, p: float = 0.5, inplace: bool = False) -> None:
        super().__init__()
        self.p = p
        self.inplace = inplace

    def construct(self, input):
        if not self.training or self.p == 0:
            return input
        if not 0 <= self.p <= 1:
            raise ValueError(f"For '{type(self).__name__}', the 'p' must be in range [0, 1], but got {self.p}.")
        out = type(self)._fn(input, self.p, True, False)
        if self.inplace:
            input.copy_(out)
            return input
        return out


class DropoutExt(_DropoutExt):
    """nn.DropoutExt(p=0.5, inplace=False): elementwise dropout, kept values scaled by 1/(1-p)."""


class Dropout2dExt(_DropoutExt):
    """nn.Dropout2dExt(p=0.5, inplace=False): zeroes whole channels of (N, C, H, W) inputs."""

    _fn = staticmethod(F.dropout2d)


class EmbeddingExt(Cell):
    """nn.EmbeddingExt(num_embeddings, embedding_dim, padding_idx=None, max_norm=None, norm_type=2.0,
    scale_grad_by_freq=False, sparse=False, _weight=None, _freeze=False, dtype=None)."""

    def __init__(self, num_embeddings: int, embedding_dim: int, padding_idx: Any = None, max_norm: Any = None,
                 norm_type: float = 2.0, scale_grad_by_freq: bool = False, sparse: bool = False, _weight: Any = None,
                 _freeze: bool = False, dtype: Any = None) -> None:
        super().__init__()
        validator.check_value_type("sparse", sparse, [bool], "EmbeddingExt")
        if sparse:
            raise ValueError("For Embedding, the scenerio, where `sparse` is True, has not be supported.")
        self.num_embeddings = validator.check_value_type("num_embeddings", num_embeddings, [int], "EmbeddingExt")
        self.embedding_dim = validator.check_value_type("embedding_dim", embedding_dim, [int], "EmbeddingExt")
        self.dtype = mstype.float32 if dtype is None else dtype
        self.padding_idx = padding_idx
        if _weight is None:
            data = initializer(Normal(1, 0), [num_embeddings, embedding_dim], self.dtype)
            if padding_idx is not None:
                self.padding_idx = validator.check_int_range(padding_idx, -num_embeddings, num_embeddings,
                                                             validator.INC_LEFT, "padding_idx", "EmbeddingExt")
                data = data.as_subclass(torch.Tensor).clone()
                data[self.padding_idx] = 0
        else:
            if tuple(_weight.shape) != (num_embeddings, embedding_dim):
                raise ValueError(f"For Embedding, shape of weight should be match with num_embeddings and "
                                 f"embedding_dim, but got weight.shape: {tuple(_weight.shape)}, and "
                                 f"(num_embeddings, embedding_dim): ({num_embeddings}, {embedding_dim})")
            data = _weight
        self.weight = Parameter(data, name="weight", requires_grad=not _freeze)
        self.max_norm = None if max_norm is None else validator.check_value_type("max_norm", max_norm, [float],
                                                                                  "EmbeddingExt")
        self.norm_type = norm_type if norm_type is None else validator.check_value_type(
            "norm_type", norm_type, [float], "EmbeddingExt")
        self.scale_grad_by_freq = scale_grad_by_freq if scale_grad_by_freq is None else validator.check_value_type(
            "scale_grad_by_freq", scale_grad_by_freq, [bool], "EmbeddingExt")

    def construct(self, input):
        from mindshim.ops import embedding
        return embedding(input, self.weight, self.padding_idx, self.max_norm, self.norm_type,
                         self.scale_grad_by_freq)


class LayerNormExt(Cell):
    """nn.LayerNormExt(normalized_shape, eps=1e-5, elementwise_affine=True, bias=True, dtype=None)."""

    _fast = True

    def __init__(self, normalized_shape: Any, eps: float = 1e-5, elementwise_affine: bool = True, bias: bool = True,
                 dtype: Any = None) -> None:
        super().__init__()
        if isinstance(normalized_shape, int) and not isinstance(normalized_shape, bool):
            normalized_shape = (normalized_shape,)
        if not isinstance(normalized_shape, (tuple, list)):
            raise TypeError(f"For 'LayerNormExt', the type of 'normalized_shape' must be tuple[int] or list[int], "
                            f"but got {normalized_shape} and the type is {type(normalized_shape)}.")
        if not normalized_shape:
            raise ValueError("Expected normalized_shape to be at least 1-dimensional, i.e., containing at least one "
                             f"element, but got normalized_shape = {normalized_shape}")
        self.normalized_shape = tuple(normalized_shape)
        self.eps = eps
        self.elementwise_affine = elementwise_affine
        tdt = mstype.to_torch(mstype.float32 if dtype is None else dtype)
        self.weight = self.bias = None
        if elementwise_affine:
            self.weight = Parameter(Tensor(torch.ones(self.normalized_shape, dtype=tdt)), name="weight")
            if bias:
                self.bias = Parameter(Tensor(torch.zeros(self.normalized_shape, dtype=tdt)), name="bias")

    def construct(self, input):
        return F.layer_norm(input, self.normalized_shape, self.weight, self.bias, self.eps)

    def extend_repr(self) -> str:
        return f"normalized_shape={self.normalized_shape}, eps={self.eps}, elementwise_affine={self.elementwise_affine}"


class L1LossExt(LossBase):
    """nn.L1LossExt(reduction='mean'): |logits - labels| reduced ('mean', 'sum' or 'none')."""

    _fast = True

    def construct(self, logits, labels):
        return F.l1_loss(logits, labels, reduction=self.reduction)


class FractionalMaxPool3d(Cell):
    """nn.FractionalMaxPool3d(kernel_size, output_size=None, output_ratio=None, return_indices=False,
    _random_samples=None)."""

    def __init__(self, kernel_size: Any, output_size: Any = None, output_ratio: Any = None,
                 return_indices: bool = False, _random_samples: Any = None) -> None:
        super().__init__()
        self.kernel_size = kernel_size
        self.output_size = output_size
        self.output_ratio = output_ratio
        self.return_indices = return_indices
        self._random_samples = _random_samples

    def construct(self, input):
        from mindshim.ops import fractional_max_pool3d
        return fractional_max_pool3d(input, self.kernel_size, self.output_size, self.output_ratio,
                                     self.return_indices, self._random_samples)


class SparseToDense(Cell):
    """nn.SparseToDense(): a COOTensor to its dense Tensor."""

    def construct(self, sparse_tensor):
        from mindshim.ops.operations import SparseToDense as _P
        return _P()(sparse_tensor.indices, sparse_tensor.values, sparse_tensor.shape)


class SparseTensorDenseMatmul(Cell):
    """nn.SparseTensorDenseMatmul(adjoint_st=False, adjoint_dt=False): sparse (indices, values, shape) @ dense."""

    def __init__(self, adjoint_st: bool = False, adjoint_dt: bool = False) -> None:
        super().__init__()
        from mindshim.ops.operations import SparseTensorDenseMatmul as _P
        self.adj_st = adjoint_st
        self.adj_dt = adjoint_dt
        self.sparse_dense_matmul = _P(adjoint_st=adjoint_st, adjoint_dt=adjoint_dt)

    def construct(self, indices, values, sparse_shape, dense):
        from mindshim.common.tensor import plain
        # plain tensors: the primitive's torch-side arithmetic must not see MindSpore Tensor methods
        return self.sparse_dense_matmul(plain(indices), plain(values), sparse_shape, plain(dense))


__all__ = ["Linear", "AvgPool1dExt", "AvgPool2dExt", "AvgPool3dExt", "MaxPool2dExt", "DropoutExt", "Dropout2dExt",
           "EmbeddingExt", "LayerNormExt", "L1LossExt", "FractionalMaxPool3d", "SparseToDense",
           "SparseTensorDenseMatmul"]
