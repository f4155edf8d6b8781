"""More `ops.auto_generate` ops: addcmul/addcdiv/any ext forms, casts, lstsq, slice copy, max pooling with
indices, LayerNormV3, the explicit backward ops, and the random ops that take MindSpore's `(seed, offset)`
generator state. mindshim draws random numbers from torch's generator (seeded by `mindspore.set_seed`),
as its other random ops do, so `seed`/`offset` are accepted and not used."""
from __future__ import annotations

from types import FunctionType
from typing import Any

import torch
import torch.nn.functional as F

from mindshim._backend import device as _device
from mindshim.common.tensor import wrap
from mindshim.ops.auto_generate._ext_array import _shape
from mindshim.ops.auto_generate._util import dims, dt, ref_update, t, tdtype, wrap_module
from mindshim.ops.primitive import Primitive


def addcdiv_ext(input: Any, tensor1: Any, tensor2: Any, value: Any = 1) -> Any:
    return torch.addcdiv(t(input), t(tensor1), t(tensor2), value=value)


def addcmul_ext(input: Any, tensor1: Any, tensor2: Any, value: Any = 1) -> Any:
    return torch.addcmul(t(input), t(tensor1), t(tensor2), value=value)


def any_(input: Any) -> Any:
    return torch.any(t(input))


def any_ext(input: Any, dim: Any, keepdim: bool = False) -> Any:
    x, d = t(input), dims(dim)
    if d is None:
        out = torch.any(x)
        return out.reshape((1,) * x.dim()) if keepdim else out
    return torch.any(x, d, keepdim=keepdim)


def masked_fill(input: Any, mask: Any, value: Any) -> Any:
    return torch.masked_fill(t(input), t(mask).bool(), value)


def inner_unique(input: Any, sorted: bool = True, return_inverse: bool = False) -> Any:
    out, inv = torch.unique(t(input), sorted=sorted, return_inverse=True)
    return out, inv


def lstsq_v2(A: Any, B: Any, driver: Any = None) -> Any:
    out = torch.linalg.lstsq(t(A), t(B), driver=driver)
    return out[0], out[1], out[2], out[3]


def tensor_copy_slices(x: Any, value: Any, begin: Any, end: Any, strides: Any) -> Any:
    out = t(x).clone()
    idx = tuple(slice(b, e, s) for b, e, s in zip(begin, end, strides))
    out[idx] = value
    return out


def to_dtype(input: Any, dtype: Any = None, non_blocking: bool = False, copy: bool = False) -> Any:
    x = t(input)
    return x.to(tdtype(dtype) or dt(x), copy=copy)


def to_other(input: Any, other: Any, non_blocking: bool = False, copy: bool = False) -> Any:
    return t(input).to(dt(t(other)), copy=copy)


def to_device(input: Any, device: Any = None, dtype: Any = None, non_blocking: bool = False, copy: bool = False) -> Any:
    return to_dtype(input, dtype, non_blocking, copy)


def inplace_stop_gradient(input: Any) -> Any:
    if isinstance(input, torch.Tensor) and input.requires_grad:
        input.detach_()
    return input


def softmax_backward(dout: Any, out: Any, dim: int = -1) -> Any:
    g, y = t(dout), t(out)
    return y * (g - (g * y).sum(dim, keepdim=True))


def l1_loss_backward_ext(grad_output: Any, input: Any, target: Any, reduction: str = "mean") -> Any:
    x = t(input)
    g = torch.sign(x - t(target)) * t(grad_output)
    return g / x.numel() if reduction == "mean" else g


def embedding_dense_backward(grad: Any, indices: Any, num_weights: int, padding_idx: Any = None,
                             scale_grad_by_freq: bool = False) -> Any:
    return torch.ops.aten.embedding_dense_backward(t(grad), t(indices).long(), num_weights,
                                                   -1 if padding_idx is None else padding_idx, scale_grad_by_freq)


def adaptive_avg_pool2d_grad_ext(grad_output: Any, x: Any) -> Any:
    return torch.ops.aten._adaptive_avg_pool2d_backward(t(grad_output), t(x))


class MaxPoolWithIndices(Primitive):
    """Max pooling returning (output, argmax) with argmax as flat indices into each H*W plane."""

    def __init__(self, kernel_size: Any, strides: Any = None, pads: Any = 0, dilation: Any = (1, 1),
                 ceil_mode: bool = False, argmax_type: Any = None) -> None:
        super().__init__()
        self.kernel_size, self.strides, self.pads = kernel_size, strides, pads
        self.dilation, self.ceil_mode, self.argmax_type = dilation, ceil_mode, argmax_type

    def __call__(self, x: Any) -> Any:
        out, idx = F.max_pool2d(t(x), self.kernel_size, self.strides or self.kernel_size, self.pads, self.dilation,
                                self.ceil_mode, return_indices=True)
        return out, idx if self.argmax_type is None else idx.to(tdtype(self.argmax_type))


class LayerNormV3(Primitive):
    def __init__(self, begin_norm_axis: int = 1, begin_params_axis: int = 1, epsilon: float = 1e-7) -> None:
        super().__init__()
        for name, v in (("begin_norm_axis", begin_norm_axis), ("begin_params_axis", begin_params_axis)):
            if not isinstance(v, int) or isinstance(v, bool):
                raise TypeError(f"For 'LayerNormV3', '{name}' must be an int, but got {type(v).__name__}.")
        if not isinstance(epsilon, float):
            raise TypeError(f"For 'LayerNormV3', 'epsilon' must be a float, but got {type(epsilon).__name__}.")
        self.begin_norm_axis, self.begin_params_axis, self.epsilon = begin_norm_axis, begin_params_axis, epsilon

    def __call__(self, input_x: Any, gamma: Any, beta: Any) -> Any:
        x = t(input_x)
        axis = self.begin_norm_axis % x.dim()
        y, mean, rstd = torch.native_layer_norm(x, list(x.shape[axis:]), t(gamma).reshape(x.shape[axis:]),
                                                t(beta).reshape(x.shape[axis:]), self.epsilon)
        keep = list(x.shape[:axis]) + [1] * (x.dim() - axis)
        return y, mean.reshape(keep), rstd.reshape(keep)


def _dev(input: Any = None) -> torch.device:
    return input.device if isinstance(input, torch.Tensor) else _device.current()


def rand_ext(shape: Any, seed: Any, offset: Any, dtype: Any = None, device: Any = None) -> Any:
    return wrap(torch.rand(_shape(shape), dtype=tdtype(dtype) or torch.float32, device=_dev()))


def randn(shape: Any, seed: Any, offset: Any, dtype: Any = None, device: Any = None) -> Any:
    return wrap(torch.randn(_shape(shape), dtype=tdtype(dtype) or torch.float32, device=_dev()))


def rand_like_ext(tensor: Any, seed: Any, offset: Any, dtype: Any = None, device: Any = None) -> Any:
    return torch.rand_like(t(tensor), dtype=tdtype(dtype))


def randn_like(input: Any, seed: Any, offset: Any, dtype: Any = None, device: Any = None) -> Any:
    return torch.randn_like(t(input), dtype=tdtype(dtype))


def rand_int(low: int, high: int, shape: Any, seed: Any, offset: Any, dtype: Any = None, device: Any = None) -> Any:
    return wrap(torch.randint(low, high, _shape(shape), dtype=tdtype(dtype) or torch.int64, device=_dev()))


def rand_int_like(input: Any, low: int, high: int, seed: Any, offset: Any, dtype: Any = None,
                  device: Any = None) -> Any:
    return torch.randint_like(t(input), low, high, dtype=tdtype(dtype))


def randperm_ext(n: int, seed: Any, offset: Any, dtype: Any = None) -> Any:
    return wrap(torch.randperm(n, dtype=tdtype(dtype) or torch.int64, device=_dev()))


def uniform_ext(tensor: Any, a: Any, b: Any, seed: Any, offset: Any) -> Any:
    x = t(tensor)
    return torch.empty_like(x).uniform_(float(a), float(b))


def normal(mean: Any, std: Any, *rest: Any) -> Any:
    """NormalTensorTensor/TensorFloat/FloatTensor(mean, std, seed, offset), NormalFloatFloat(mean, std, size, ...)."""
    if not isinstance(mean, torch.Tensor) and not isinstance(std, torch.Tensor):
        return wrap(torch.normal(float(mean), float(std), _shape(rest[0]), device=_dev()))
    m = t(mean) if isinstance(mean, torch.Tensor) else mean
    s = t(std) if isinstance(std, torch.Tensor) else std
    ref = m if isinstance(m, torch.Tensor) else s
    return torch.normal(torch.broadcast_to(torch.as_tensor(m, dtype=dt(ref), device=ref.device),
                                           torch.broadcast_shapes(torch.Size(getattr(m, "shape", ())),
                                                                  torch.Size(getattr(s, "shape", ())))),
                        torch.as_tensor(s, dtype=dt(ref), device=ref.device))


def multinomial_ext(input: Any, num_samples: int, replacement: bool, seed: Any, offset: Any) -> Any:
    return torch.multinomial(t(input), num_samples, replacement)


def bernoulli_ext(input: Any, seed: Any, offset: Any) -> Any:
    return torch.bernoulli(t(input))


def _fill_random(fn: Any) -> Any:
    def op(input: Any, *args: Any) -> Any:
        x = t(input)
        return ref_update(x, fn(x.detach().clone(), *args))

    op.__name__ = op.__qualname__ = fn.__name__
    return op


@_fill_random
def inplace_normal(x: torch.Tensor, mean: Any, std: Any, seed: Any, offset: Any) -> torch.Tensor:
    return x.normal_(float(mean), float(std))


@_fill_random
def inplace_uniform(x: torch.Tensor, from_: Any, to: Any, seed: Any, offset: Any) -> torch.Tensor:
    return x.uniform_(float(from_), float(to))


@_fill_random
def inplace_random(x: torch.Tensor, from_: int = 0, to: Any = None, seed: Any = 0, offset: Any = 0) -> torch.Tensor:
    return x.random_(int(from_), None if to is None else int(to))


@_fill_random
def inplace_exponential(x: torch.Tensor, lambd: Any, seed: Any, offset: Any) -> torch.Tensor:
    return x.exponential_(float(lambd))


@_fill_random
def inplace_bernoulli(x: torch.Tensor, p: Any, seed: Any, offset: Any) -> torch.Tensor:
    return x.bernoulli_(p)


def _check_p(name: str, p: Any) -> None:
    if not 0.0 <= float(p) <= 1.0:
        raise ValueError(f"For '{name}', p must be in [0, 1], but got {p}.")


def func_dropout_ext(input: Any, p: Any, training: bool, inplace: bool, seed: Any, offset: Any) -> Any:
    _check_p("FuncDropoutExt", p)
    x = t(input)
    out = F.dropout(x, float(p), training)
    return ref_update(x, out) if inplace and training else out


def dropout2d_ext(input: Any, p: Any, training: bool, inplace: bool, seed: Any, offset: Any) -> Any:
    _check_p("Dropout2dExt", p)
    x = t(input)
    out = F.dropout2d(x, float(p), training)
    return ref_update(x, out) if inplace and training else out


def extract_image_patches(input_x: Any, ksizes: Any, strides: Any, rates: Any, padding: str = "VALID") -> Any:
    from mindshim.ops import ExtractImagePatches

    return ExtractImagePatches(ksizes, strides, rates, padding)(input_x)


wrap_module(globals(), [_n for _n, _v in list(globals().items())
                        if isinstance(_v, FunctionType) and _v.__module__ == __name__ and not _n.startswith("_")])
