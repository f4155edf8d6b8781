"""Tensor shape and layout methods with MindSpore's meaning (transpose with a full permutation, view as a
reshape, flatten(order=), diag as ops.diag, resize/sum_to_size, ...), torch-style overloads kept."""
from __future__ import annotations

import torch

from mindshim.common import dtype as mstype
from mindshim.common._tensor_methods import from_function, ms_method

_TB = torch._C.TensorBase


def _shape_args(shape: tuple, name: str) -> tuple:
    if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
        shape = tuple(shape[0])
    if len(shape) == 1 and isinstance(shape[0], torch.Tensor):
        shape = tuple(int(s) for s in shape[0].tolist())
    for s in shape:  # ints, numpy ints and torch SymInts pass
        if s is None or isinstance(s, (bool, float, str, tuple, list, torch.Tensor)):
            raise TypeError(f"For '{name}', the shape must be a tuple of int, but got {shape}.")
    return shape


def _check_axis(axis: int, rank: int, name: str) -> int:
    if isinstance(axis, bool) or not isinstance(axis, int):
        raise TypeError(f"For '{name}', the axis must be an int, but got {type(axis).__name__}.")
    bound = max(rank, 1)
    if not -bound <= axis < bound:
        raise ValueError(f"For '{name}', the axis must be in range [{-bound}, {bound}), but got {axis}.")
    return axis % bound


def _reshape(self, shape: tuple, name: str):
    shape = _shape_args(shape, name)
    try:
        return torch.reshape(self, shape)
    except RuntimeError as err:  # torch: "shape '[5]' is invalid for input of size 6"
        raise ValueError(f"For '{name}', the shape {shape} does not fit the tensor's size {self.numel()}.") from err


def transpose(self, *axes, dim0=None, dim1=None):
    if dim0 is not None or dim1 is not None:
        axes = (dim0, dim1)
    if len(axes) == 1 and isinstance(axes[0], (tuple, list)):
        axes = tuple(axes[0])
    if axes == (None,):  # numpy's `np.transpose(t)` calls `t.transpose(None)`
        axes = ()
    rank = self.dim()
    if not axes:
        return self.permute(*reversed(range(rank)))
    axes = tuple(_check_axis(a, rank, "Tensor.transpose") for a in axes)
    if len(axes) == 2 and rank != 2:
        return torch.transpose(self, axes[0], axes[1])
    if sorted(axes) != list(range(rank)):
        raise ValueError(f"For 'Tensor.transpose', the axes {axes} are not a permutation of the tensor's dims.")
    return torch.permute(self, axes)


def permute(self, *axis, dims=None):
    if dims is not None:
        axis = (dims,)
    if len(axis) == 1 and isinstance(axis[0], (tuple, list)):
        axis = tuple(axis[0])
    rank = self.dim()
    axis = tuple(_check_axis(a, rank, "Tensor.permute") for a in axis)
    if sorted(axis) != list(range(rank)):
        raise ValueError(f"For 'Tensor.permute', the axes {axis} are not a permutation of the tensor's dims.")
    return torch.permute(self, axis)


def t(self):
    return torch.transpose(self, 0, 1) if self.dim() == 2 else self


def expand_dims(self, axis: int) -> "Tensor":
    if isinstance(axis, bool) or not isinstance(axis, int):
        raise TypeError(f"For 'Tensor.expand_dims', 'axis' must be an int, but got {type(axis).__name__}.")
    rank = self.dim()
    if not -rank - 1 <= axis <= rank:
        raise ValueError(f"The 'axis' must be in range of [{-rank - 1}, {rank + 1}), but got {axis}.")
    return torch.unsqueeze(self, axis)


def squeeze(self, *axis, dim=None):
    if dim is not None:
        axis = (dim,)
    if len(axis) == 1:
        axis = axis[0]
    if axis is None or axis == ():
        return torch.squeeze(self)
    return torch.squeeze(self, tuple(axis) if isinstance(axis, list) else axis)


def flatten(self, order="C", *args, start_dim: int = 0, end_dim: int = -1):
    if isinstance(order, int) and not isinstance(order, bool):  # torch-style flatten(start_dim[, end_dim])
        start_dim, order = order, "C"
        if args:
            end_dim = args[0]
    if order not in ("C", "F"):
        raise ValueError(f"For Tensor.flatten, the parameter 'order' must be 'C' or 'F', but got '{order}'")
    if self.dim() == 0:
        return torch.reshape(self, (1,))
    rank = self.dim()
    if (start_dim % rank) > (end_dim % rank):
        raise ValueError("For 'flatten', 'start_dim' cannot come after 'end_dim'.")
    if order == "F":
        return torch.flatten(self.permute(*reversed(range(rank))))
    return torch.flatten(self, start_dim, end_dim)


def ravel(self):
    return torch.reshape(self, (-1,))


def reshape(self, *shape, **kwargs):
    unknown = set(kwargs) - {"shape"}
    if unknown:  # (numpy's `np.reshape(t, s)` passes order=: MindSpore's TypeError makes numpy reshape an ndarray)
        raise TypeError(f"reshape() got an unexpected keyword argument '{unknown.pop()}'.")
    return _reshape(self, shape or (kwargs.pop("shape"),), "Tensor.reshape")


def view(self, *shape, **kwargs):
    """A reshape: MindSpore copies when the layout needs it (a transposed tensor views fine)."""
    if kwargs:
        shape = (kwargs.pop("shape", None) or kwargs.pop("dtype"),)
    if len(shape) == 1 and isinstance(shape[0], (mstype.Type, torch.dtype)):
        return torch.Tensor.view(self, mstype.to_torch(shape[0]))
    return _reshape(self, shape, "Tensor.view")


def view_as(self, other):
    return _reshape(self, tuple(other.shape), "Tensor.view_as")


def reshape_as(self, other):
    return _reshape(self, tuple(other.shape), "Tensor.reshape_as")


def swapaxes(self, axis0: int, axis1: int):
    return torch.transpose(self, axis0, axis1)


def broadcast_to(self, *shape, **kwargs):
    shape = _shape_args(shape or (kwargs.pop("shape"),), "Tensor.broadcast_to")
    have = tuple(self.shape)
    lead = len(shape) - len(have)
    target = [have[i - lead] if s == -1 and i >= lead else s for i, s in enumerate(shape)]
    if lead < 0 or any(s < 0 or (have[i] != 1 and have[i] != target[i + lead]) for i, s in
                       [(i, target[i + lead]) for i in range(len(have))]) or any(s < 0 for s in target):
        raise ValueError(f"For 'broadcast_to', the shape {have} cannot be broadcast to {tuple(shape)}.")
    return torch.broadcast_to(self, target)


def expand(self, *size):
    if not size:
        raise TypeError("Tensor.expand() missing required argument: 'size'")
    return broadcast_to(self, *size)


def expand_as(self, other=None, *, x=None):
    other = other if other is not None else x
    if not isinstance(other, torch.Tensor):
        raise TypeError(f"For 'Tensor.expand_as', 'other' must be a Tensor, but got {type(other).__name__}.")
    return broadcast_to(self, tuple(other.shape))


def H(self):
    if self.dim() != 2:
        raise ValueError(f"For tensor.H, only 2-D Tensor is supported, but got {self.dim()}-D.")
    out = torch.transpose(self, 0, 1)
    return out.conj().resolve_conj() if out.is_complex() else out


def mT(self):
    return torch.transpose(self, -2, -1)


def mH(self):
    return adjoint(self)


def adjoint(self):
    out = torch.transpose(self, -2, -1)
    return out.conj().resolve_conj() if out.is_complex() else out


def diag(self, diagonal: int = 0):
    if diagonal != 0:
        raise ValueError(f"For 'Tensor.diag', the argument 'diagonal' should be '0', but got {diagonal}.")
    if _TB.dtype.__get__(self) in (torch.int8, torch.uint8, torch.uint16, torch.uint32, torch.uint64, torch.bool):
        raise TypeError(f"For 'Diag', the dtype {self.dtype} of the input is not supported.")
    flat = torch.reshape(self, (-1,))
    return torch.reshape(torch.diag(flat), tuple(self.shape) * 2)  # ops.diag: output shape is shape + shape


def diagonal(self, offset: int = 0, axis1: int = 0, axis2: int = 1):
    return torch.diagonal(self, offset, axis1, axis2)


def resize(self, *new_shape):
    if not new_shape:
        return self
    if len(new_shape) == 1 and isinstance(new_shape[0], (tuple, list)):
        new_shape = tuple(new_shape[0])
    flat = torch.reshape(self, (-1,))
    size = 1
    for s in new_shape:
        size *= s
    if size > flat.numel():
        flat = torch.cat((flat, torch.zeros(size - flat.numel(), dtype=_TB.dtype.__get__(flat), device=flat.device)))
    return torch.reshape(flat[:size], new_shape)


def sum_to_size(self, *size):
    if len(size) == 1 and isinstance(size[0], (tuple, list)):
        size = tuple(size[0])
    shape = tuple(self.shape)
    if len(size) > len(shape):
        raise ValueError(f"For sum_to_size, size {size} is not expandable to the tensor size {shape}.")
    lead = len(shape) - len(size)
    axes = list(range(lead))
    for i, s in enumerate(size):
        if s != shape[i + lead]:
            if s != 1:
                raise ValueError(f"For sum_to_size, size {size} is not expandable to the tensor size {shape}.")
            axes.append(i + lead)
    if not axes:
        return self
    return torch.reshape(torch.sum(self, tuple(axes), keepdim=True), size)


def narrow(self, axis: int, start: int, length: int):
    from mindshim.ops.function.shape_func import narrow as _narrow
    return _narrow(self, axis, start, length)


def split(self, split_size_or_sections=None, axis: int = 0, *, dim=None, split_size=None):
    sections = split_size if split_size is not None else split_size_or_sections
    from mindshim.ops.function.array_func import split as _split
    return _split(self, sections, dim if dim is not None else axis)


def chunk(self, chunks: int, axis: int = 0, *, dim=None):
    from mindshim.ops.function.array_func import chunk as _chunk
    return _chunk(self, chunks, dim if dim is not None else axis)


def unbind(self, dim: int = 0):
    return tuple(torch.unbind(self, dim))


_FORWARD = {
    "swapdims": "array_more_func:swapdims", "moveaxis": "shape_func:movedim", "movedim": "shape_func:movedim",
    "reverse": "array_more_func:reverse", "rot90": "array_more_func:rot90", "diagflat": "array_more_func:diagflat",
    "tensor_split": "shape_func:tensor_split", "hsplit": "shape_func:hsplit", "vsplit": "shape_func:vsplit",
    "dsplit": "array_more_func:dsplit", "fliplr": "shape_func:fliplr", "flipud": "shape_func:flipud",
    "fold": "conv_pool_func:fold", "unfold": "conv_pool_func:unfold", "col2im": "image_func:col2im",
}

METHODS = {name: ms_method(fn, name) for name, fn in {
    "transpose": transpose, "permute": permute, "t": t, "expand_dims": expand_dims, "squeeze": squeeze,
    "flatten": flatten, "ravel": ravel, "reshape": reshape, "view": view, "view_as": view_as,
    "reshape_as": reshape_as, "swapaxes": swapaxes, "broadcast_to": broadcast_to, "expand": expand,
    "expand_as": expand_as, "adjoint": adjoint, "diag": diag, "diagonal": diagonal, "resize": resize,
    "sum_to_size": sum_to_size, "narrow": narrow, "split": split, "chunk": chunk, "unbind": unbind,
}.items()}
METHODS.update({name: from_function(f"mindshim.ops.function.{path}", name) for name, path in _FORWARD.items()})
METHODS.update({"H": property(H), "mT": property(mT), "mH": property(mH)})
