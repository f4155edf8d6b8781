"""In-place functions of `ops.auto_generate` (`inplace_add_ext`, `masked_fill_scalar_`, `floor_`, ...).

Each computes the out-of-place result and writes it back into `input` (cast to `input`'s dtype),
returning `input`. A leaf that requires grad (a Parameter) is written without recording."""
from __future__ import annotations

from typing import Any, Callable

import torch
import torch.nn.functional as F

from mindshim.ops.auto_generate import _ext_array as A
from mindshim.ops.auto_generate import _ext_linalg as L
from mindshim.ops.auto_generate import _ext_math as M
from mindshim.ops.auto_generate import _ext_nn as N
from mindshim.ops.auto_generate._util import dt, ref_update


def _check_tensor(name: str, x: Any) -> torch.Tensor:
    if not isinstance(x, torch.Tensor):
        raise TypeError(f"For '{name}', the input must be a Tensor, but got {type(x).__name__}.")
    return x


def inplace(fn: Callable, name: str) -> Callable:
    def op(input: Any, *args: Any, **kwargs: Any) -> Any:
        x = _check_tensor(name, input)
        src = x.clone() if x.requires_grad and not x.is_leaf else x.detach() if x.requires_grad else x
        return ref_update(x, fn(src, *args, **kwargs))

    op.__name__ = op.__qualname__ = name
    return op


def _fill(x: torch.Tensor, value: Any) -> torch.Tensor:
    return torch.full_like(x, value.item() if isinstance(value, torch.Tensor) else value)


def _fill_diagonal(x: torch.Tensor, fill_value: Any, wrap: bool = False) -> torch.Tensor:
    return x.clone().fill_diagonal_(fill_value, wrap)


def _index_put(x: torch.Tensor, indices: Any, values: Any, accumulate: bool = False) -> torch.Tensor:
    idx = tuple(i if dt(i) == torch.bool else A._idx("IndexPut", i, x.shape[d]) for d, i in enumerate(indices))
    return torch.index_put(x, idx, values, accumulate)


def _masked_fill(x: torch.Tensor, mask: Any, value: Any) -> torch.Tensor:
    return torch.masked_fill(x, mask.bool(), value)


def _index_copy(x: torch.Tensor, dim: int, index: Any, tensor: Any) -> torch.Tensor:
    return torch.index_copy(x, dim, A._idx("InplaceIndexCopy", index, x.shape[dim]), tensor)


def _put(x: torch.Tensor, index: Any, source: Any, accumulate: bool = False) -> torch.Tensor:
    return x.put(A._idx("InplacePut", index, x.numel()), source, accumulate)


def _scatter_reduce(x: torch.Tensor, dim: int, index: Any, src: Any, reduce: str) -> torch.Tensor:
    return A.scatter(x, dim, index, src, reduce)


def _copy(x: torch.Tensor, src: Any, non_blocking: bool = False) -> torch.Tensor:
    return torch.broadcast_to(src if isinstance(src, torch.Tensor) else torch.tensor(src), x.shape)


_TABLE: dict[str, Callable] = {
    "inplace_add_ext": M.add_ext, "inplace_adds_ext": M.add_ext, "inplace_addmm": L.addmm, "inplace_addr": L.addr,
    "inplace_clamp_scalar": M.clamp_scalar, "inplace_clamp_tensor": M.clamp_tensor, "inplace_copy": _copy,
    "inplace_div": torch.div, "inplace_divs": torch.div, "inplace_divmod": M.divmod_, "inplace_divmods": M.divmod_,
    "inplace_elu": N.elu_ext, "inplace_erfinv": torch.erfinv, "inplace_exp": torch.exp,
    "inplace_fill_diagonal": _fill_diagonal, "inplace_fill_scalar": _fill, "inplace_fill_tensor": _fill,
    "inplace_floor": torch.floor, "inplace_floor_divide": torch.floor_divide, "inplace_hardtanh": N.hardtanh,
    "inplace_index_add_ext": A.index_add_ext, "inplace_index_copy": _index_copy,
    "inplace_index_fill": A.index_fill, "inplace_index_put": _index_put, "inplace_log": torch.log,
    "inplace_masked_fill": _masked_fill, "inplace_masked_scatter": A.masked_scatter, "inplace_mul": torch.mul,
    "inplace_muls": torch.mul, "inplace_put": _put, "inplace_relu": torch.relu, "inplace_remainder": torch.remainder,
    "inplace_scatter_add": A.scatter_add_ext, "inplace_scatter_src": A.scatter, "inplace_scatter_value": A.scatter,
    "inplace_scatter_reduce": _scatter_reduce, "inplace_silu": F.silu, "inplace_sigmoid": torch.sigmoid,
    "inplace_sign": torch.sign, "inplace_sub_ext": M.sub_ext, "inplace_sub_scalar": M.sub_ext,
    "inplace_tanh": torch.tanh, "inplace_threshold": N.threshold, "inplace_zero": torch.zeros_like,
}
OPS = {name: inplace(fn, name) for name, fn in _TABLE.items()}
