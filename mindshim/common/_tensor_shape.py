"""Tensor shape methods with MindSpore's meaning (transpose with a full permutation, view as reshape, ...)."""
from __future__ import annotations

import torch

from mindshim.common import _unsigned
from mindshim.common import dtype as mstype
from mindshim.common._tensor_methods import is_integer as _is_integer, reduce_axis as _reduce_axis, ms_method

_TB = torch._C.TensorBase


def transpose(self, *axes):
    if len(axes) == 1 and isinstance(axes[0], (tuple, list)):
        axes = tuple(axes[0])
    if not axes:
        return self.permute(*reversed(range(self.dim())))
    if len(axes) == 2 and self.dim() != 2:
        return torch.transpose(self, axes[0], axes[1])
    return self.permute(*axes)

def expand_dims(self, axis: int) -> "Tensor":
    return self.unsqueeze(axis)

def squeeze(self, axis=None, *, dim=None):
    axis = dim if dim is not None else axis
    if axis is None:
        return torch.squeeze(self)
    return torch.squeeze(self, tuple(axis) if isinstance(axis, list) else axis)

def flatten(self, order: str = "C", *, start_dim: int = 0, end_dim: int = -1):
    if isinstance(order, int):  # torch-style flatten(start_dim, end_dim)
        start_dim, order = order, "C"
    if order == "F":
        return torch.flatten(self.permute(*reversed(range(self.dim()))))
    return torch.flatten(self, start_dim, end_dim)

def ravel(self):
    return torch.flatten(self)

def reshape(self, *shape):
    if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
        shape = tuple(shape[0])
    return torch.reshape(self, shape)

def view(self, *shape):
    if len(shape) == 1 and isinstance(shape[0], (mstype.Type, torch.dtype)):
        return torch.Tensor.view(self, mstype.to_torch(shape[0]))
    if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
        shape = tuple(shape[0])
    return torch.Tensor.view(self, *shape)

def swapaxes(self, axis0: int, axis1: int):
    return torch.transpose(self, axis0, axis1)


METHODS = {name: ms_method(fn, name) for name, fn in {
    "transpose": transpose,
    "expand_dims": expand_dims,
    "squeeze": squeeze,
    "flatten": flatten,
    "ravel": ravel,
    "reshape": reshape,
    "view": view,
    "swapaxes": swapaxes,
}.items()}
