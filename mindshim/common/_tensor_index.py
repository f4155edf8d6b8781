"""Tensor indexing methods with MindSpore's overloads: gather/select/scatter_add/index_add pick the MindSpore form
when the first argument is a Tensor and the torch form when it is a dim; take/choose are numpy-style (clip/wrap);
scatter_{sub,mul,div,max,min} are tensor_scatter_* (N-d indices). Indices are checked on the host."""
from __future__ import annotations

from typing import Any

import torch

from mindshim.common import dtype as mstype
from mindshim.common._tensor_methods import from_function, ms_method

_TB = torch._C.TensorBase


def _tdtype(t: torch.Tensor) -> torch.dtype:
    return _TB.dtype.__get__(t)


def _as_index(name: str, index: Any, n: int, device: Any, low: int | None = None,
              error: type = RuntimeError) -> torch.Tensor:
    """An int64 copy of `index`, checked on the host to lie in [low, n) (low defaults to -n) and made non-negative."""
    idx = index if isinstance(index, torch.Tensor) else torch.tensor(index, device=device)
    if _tdtype(idx) not in (torch.int32, torch.int64, torch.int16, torch.int8, torch.uint8):
        raise TypeError(f"For '{name}', the index must be an integer Tensor, but got "
                        f"{mstype.from_torch(_tdtype(idx))}.")
    idx = idx.long()
    low = -n if low is None else low
    if idx.numel() and bool(((idx < low) | (idx >= n)).any()):
        raise error(f"For '{name}', the index must be in range [{low}, {n}), but got {idx.reshape(-1).tolist()}.")
    return torch.where(idx < 0, idx + n, idx).to(device)


def _dim_index(name: str, x: torch.Tensor, dim: int, index: Any) -> torch.Tensor:
    rank = max(x.dim(), 1)
    if not -rank <= dim < rank:
        raise ValueError(f"For '{name}', 'dim' must be in range [{-rank}, {rank}), but got {dim}.")
    return _as_index(name, index, x.shape[dim] if x.dim() else 1, x.device)


def _write_into(self, out: torch.Tensor) -> None:
    """MindSpore's IndexAdd updates its input in place (the out-of-place call too)."""
    if not self.requires_grad:
        with torch.no_grad():
            torch.Tensor.copy_(self, out)


def gather(self, *args, **kwargs):
    """gather(input_indices, axis, batch_dims=0) (MindSpore's Gather) or gather(dim, index) (torch's)."""
    if "input_indices" in kwargs or (args and isinstance(args[0], torch.Tensor)):
        from mindshim.ops.function.array_func import gather as _gather
        return _gather(self, *args, **kwargs)
    params = dict(zip(("dim", "index"), args), **kwargs)
    dim = params["dim"]
    return torch.gather(self, dim, _dim_index("GatherD", self, dim, params["index"]))


def gather_nd(self, indices):
    if not isinstance(indices, torch.Tensor):
        raise TypeError(f"For 'Tensor.gather_nd', 'indices' must be a Tensor, but got {type(indices).__name__}.")
    from mindshim.ops.function.indexing_func import gather_nd as _gather_nd
    return _gather_nd(self, indices)


def gather_elements(self, dim: int, index):
    if not isinstance(index, torch.Tensor):
        raise TypeError(f"For 'Tensor.gather_elements', 'index' must be a Tensor, but got {type(index).__name__}.")
    return torch.gather(self, dim, _dim_index("GatherD", self, dim, index))


def index_select(self, axis=None, index=None, *, dim=None):
    axis = dim if dim is not None else axis
    return torch.index_select(self, axis, _dim_index("Gather", self, axis, index))


def _clip_or_wrap(idx: torch.Tensor, n: int, mode: str, allow_negative: bool) -> torch.Tensor:
    if mode == "raise":
        raise NotImplementedError('"raise" mode is not implemented')
    if mode == "wrap":
        return torch.remainder(idx, n)
    idx = torch.clamp(idx, -n if allow_negative else 0, n - 1)
    return torch.where(idx < 0, idx + n, idx)


def take(self, indices, axis=None, mode: str = "clip"):
    if mode not in ("raise", "wrap", "clip"):
        raise ValueError(f"For 'Tensor.take', the argument 'mode' should be one of in ['raise', 'wrap', 'clip'], "
                         f"but got {mode}.")
    a = torch.reshape(self, (-1,)) if axis is None else self
    axis = 0 if axis is None else axis
    rank = a.dim()
    if not -rank <= axis < rank:
        raise ValueError(f"For 'Tensor.take', 'axis' must be in range [{-rank}, {rank}), but got {axis}.")
    axis %= rank
    idx = indices if isinstance(indices, torch.Tensor) else torch.tensor(indices, device=self.device)
    idx = _clip_or_wrap(idx.long(), a.shape[axis], mode, True)
    out = torch.index_select(a, axis, idx.reshape(-1))
    return torch.reshape(out, tuple(a.shape[:axis]) + tuple(idx.shape) + tuple(a.shape[axis + 1:]))


def _broadcast_to(t: torch.Tensor, shape: tuple) -> torch.Tensor:
    try:
        ok = tuple(torch.broadcast_shapes(tuple(t.shape), shape)) == shape
    except RuntimeError:
        ok = False
    if not ok:
        raise ValueError(f"For 'BroadcastTo', the shape {tuple(t.shape)} cannot be broadcast to {shape}.")
    return torch.broadcast_to(t, shape)


def _broadcast_shape(*shapes: tuple) -> tuple:
    try:
        return tuple(torch.broadcast_shapes(*shapes))
    except RuntimeError as err:
        raise ValueError(f"For 'Tensor.choose', the shapes {shapes} cannot be broadcast together.") from err


def choose(self, choices, mode: str = "clip"):
    """numpy's choose, as MindSpore computes it: the choices go through int32 and back to their dtype."""
    if isinstance(choices, torch.Tensor):
        if choices.dim() == 0:
            raise ValueError("For 'Tensor.choose', the argument 'choices' cannot be a scalar.")
        shape = _broadcast_shape(tuple(self.shape), tuple(choices.shape[1:]))
        stacked = _broadcast_to(choices, (choices.shape[0],) + shape)
    else:
        items = [c if isinstance(c, torch.Tensor) else torch.tensor(c, device=self.device) for c in choices]
        shape = _broadcast_shape(tuple(self.shape), *(tuple(c.shape) for c in items))
        stacked = torch.stack([_broadcast_to(c, shape) for c in items], 0)
    if self.dim() == 0:
        raise ValueError("For 'Tensor.choose', the original tensor cannot be a scalar.")
    a = _clip_or_wrap(torch.broadcast_to(self, shape).to(torch.int32).long(), stacked.shape[0], mode, False)
    out = torch.gather(stacked.to(torch.int32), 0, a.unsqueeze(0)).squeeze(0)
    return out.to(_tdtype(stacked))


def select(self, *args, **kwargs):
    """select(condition, y) (MindSpore's Select) or select(dim, index) (torch's)."""
    if "condition" in kwargs or (args and isinstance(args[0], torch.Tensor)):
        params = dict(zip(("condition", "y"), args), **kwargs)
        return where(self, params["condition"], params["y"])
    params = dict(zip(("dim", "index"), args), **kwargs)
    dim, index = params["dim"], params["index"]
    n = self.shape[dim]
    if not -n <= index < n:
        raise IndexError(f"For 'Tensor.select', 'index' must be in range [{-n}, {n}), but got {index}.")
    return torch.select(self, dim, index)


def where(self, condition, y):
    if not isinstance(y, torch.Tensor):
        y = torch.tensor(y, dtype=torch.float32 if isinstance(y, float) else None, device=self.device)
    return torch.where(condition, self, y)


def index_add(self, *args, **kwargs):
    """index_add(indices, y, axis, use_lock=True, check_index_bound=True): MindSpore's IndexAdd, Int32 indices,
    which also updates `self` in place; or torch's index_add(dim, index, source, *, alpha=1), out of place."""
    if "indices" in kwargs or (args and isinstance(args[0], torch.Tensor)):
        params = dict(zip(("indices", "y", "axis", "use_lock", "check_index_bound"), args), **kwargs)
        dim, index = params["axis"], params["indices"]
        if not isinstance(index, torch.Tensor) or _tdtype(index) != torch.int32:
            raise TypeError("For 'IndexAdd', the 'indices' must be an Int32 Tensor.")
        out = torch.index_add(self, dim, _dim_index("IndexAdd", self, dim, index), params["y"])
        _write_into(self, out)
        return out
    params = dict(zip(("dim", "index", "source"), args), **kwargs)
    dim = params["dim"]
    return torch.index_add(self, dim, _dim_index("IndexAdd", self, dim, params["index"]), params["source"],
                           alpha=params.get("alpha", 1))


def index_fill(self, axis: int, index, value):
    return torch.index_fill(self, axis, _dim_index("IndexFill", self, axis, index), value)


def index_put(self, indices, values, accumulate: bool = False):
    if not isinstance(accumulate, bool):
        raise TypeError(f"For 'Tensor.index_put', 'accumulate' must be a bool, but got {type(accumulate).__name__}.")
    idx = tuple(_as_index("IndexPut", i, self.shape[d], self.device) for d, i in enumerate(indices))
    return torch.index_put(self, idx, values, accumulate)


def index(self, indices):
    """Advanced indexing by a list of index tensors, one per leading dim (None: the whole dim)."""
    idx = tuple(slice(None) if i is None else _as_index("Index", i, self.shape[d], self.device, error=IndexError)
                for d, i in enumerate(indices))
    return self[idx]


def index_put_(self, indices, values, accumulate: bool = False):
    if not isinstance(accumulate, bool):
        raise TypeError(f"For 'Tensor.index_put_', 'accumulate' must be a bool, but got {type(accumulate).__name__}.")
    idx = tuple(_as_index("IndexPut", i, self.shape[d], self.device) for d, i in enumerate(indices))
    return torch.Tensor.index_put_(self, idx, values, accumulate)


def scatter(self, *args, reduce: str | None = None, **kwargs):
    params = dict(zip(("dim", "index", "src"), args), **kwargs)
    dim = params.pop("dim", params.pop("axis", None))
    src = params.pop("src", params.pop("value", None))
    index = _dim_index("Scatter", self, dim, params["index"])
    if reduce is not None:
        return torch.scatter(self, dim, index, src, reduce=reduce)
    return torch.scatter(self, dim, index, src)


def scatter_add(self, *args, **kwargs):
    """scatter_add(indices, updates) (tensor_scatter_add) or scatter_add(dim, index, src) (torch's)."""
    if "indices" in kwargs or (args and isinstance(args[0], torch.Tensor)):
        from mindshim.ops.function.indexing_func import tensor_scatter_add
        return tensor_scatter_add(self, *args, **kwargs)
    params = dict(zip(("dim", "index", "src"), args), **kwargs)
    dim = params["dim"]
    return torch.scatter_add(self, dim, _dim_index("ScatterAdd", self, dim, params["index"]), params["src"])


def unique(self, sorted: bool = True, return_inverse: bool = False, return_counts: bool = False, dim=None):
    out = torch.unique(self, sorted=True, return_inverse=True, return_counts=True, dim=dim)
    picked = (out[0],) + ((out[1],) if return_inverse else ()) + ((out[2],) if return_counts else ())
    return picked[0] if len(picked) == 1 else picked


def nonzero(self, *, as_tuple: bool = False):
    out = torch.nonzero(self)
    return tuple(torch.unbind(out, 1)) if as_tuple else out


def _inplace(name: str, has_dim: bool):
    """A torch in-place method whose index argument (after `dim` when `has_dim`) is checked on the host."""
    torch_impl = getattr(torch.Tensor, name)
    names = ("dim", "index") if has_dim else ("index",)

    def method(self, *args, **kwargs):
        params = dict(zip(names, args), **{k: v for k, v in kwargs.items() if k in names})
        rest, kwargs = args[len(names):], {k: v for k, v in kwargs.items() if k not in names}
        dim = params.get("dim")
        n = self.numel() if dim is None else (self.shape[dim] if self.dim() else 1)
        params["index"] = _as_index(name, params["index"], n, self.device)
        return torch_impl(self, *(params[k] for k in names), *rest, **kwargs)

    method.__name__ = name
    return method


def _new(name: str):
    torch_impl = getattr(torch.Tensor, name)

    def method(self, *args, dtype=None, **kwargs):
        if dtype is not None:
            kwargs["dtype"] = mstype.to_torch(dtype)
        return torch_impl(self, *args, **kwargs)

    method.__name__ = name
    return method


def fill_diagonal(self, fill_value, wrap: bool = False):
    out = torch.clone(self)
    fill_diagonal_(out, fill_value, wrap)
    return out


def fill_diagonal_(self, fill_value, wrap: bool = False):
    """numpy's fill_diagonal: a tall matrix restarts the diagonal every (cols + 1) rows when `wrap`."""
    shape = tuple(self.shape)
    if len(shape) < 2 or (len(shape) > 2 and len(set(shape)) != 1):
        raise ValueError("For 'fill_diagonal', the tensor must be 2-D or have all dimensions equal.")
    if len(shape) == 2:
        step, end = shape[1] + 1, (shape[0] * shape[1] if wrap else min(shape) * shape[1])
    else:
        step, end = sum(shape[0] ** k for k in range(len(shape))), self.numel()
    idx = torch.arange(0, end, step, device=self.device)
    filled = torch.index_fill(torch.reshape(self, (-1,)), 0, idx, fill_value)
    torch.Tensor.copy_(self, torch.reshape(filled, shape))
    return self


def fill(self, value):
    if value is None:
        raise TypeError("For 'Tensor.fill', the argument 'value' must not be None.")
    return torch.full_like(self, value.item() if isinstance(value, torch.Tensor) else value)


_FORWARD = {
    "masked_fill": "array_func:masked_fill", "masked_select": "array_func:masked_select",
    "masked_scatter": "mindshim.ops.auto_generate._ext_array:masked_scatter",
    "select_scatter": "array_more_func:select_scatter", "slice_scatter": "array_more_func:slice_scatter",
    "diagonal_scatter": "array_more_func:diagonal_scatter", "argwhere": "indexing_func:argwhere",
    "unique_consecutive": "indexing_func:unique_consecutive", "unique_with_pad": "nn_extra_func:unique_with_pad",
    "unsorted_segment_max": "array_more_func:unsorted_segment_max",
    "unsorted_segment_min": "array_more_func:unsorted_segment_min",
    "unsorted_segment_prod": "array_more_func:unsorted_segment_prod",
    "reverse_sequence": "array_extra_func:reverse_sequence", "fills": "array_more_func:fills",
    "inplace_update": "mindshim.ops.operations.inplace_ops:inplace_update",
    "scatter_sub": "mindshim.ops:tensor_scatter_sub", "scatter_mul": "mindshim.ops:tensor_scatter_mul",
    "scatter_div": "mindshim.ops:tensor_scatter_div", "scatter_max": "mindshim.ops:tensor_scatter_max",
    "scatter_min": "mindshim.ops:tensor_scatter_min",
}


def _path(path: str) -> str:
    return path if path.startswith("mindshim.") else "mindshim.ops.function." + path


METHODS: dict[str, Any] = {name: ms_method(fn, name) for name, fn in {
    "gather": gather, "gather_nd": gather_nd, "gather_elements": gather_elements, "index_select": index_select,
    "take": take, "choose": choose, "select": select, "where": where, "index_add": index_add,
    "index_fill": index_fill, "index_put": index_put, "index": index, "index_put_": index_put_, "scatter": scatter,
    "scatter_add": scatter_add, "unique": unique, "nonzero": nonzero, "fill_diagonal": fill_diagonal,
    "fill_diagonal_": fill_diagonal_, "fill": fill,
}.items()}
METHODS.update({name: ms_method(_inplace(name, name != "put_"), name) for name in (
    "index_add_", "index_copy_", "index_fill_", "scatter_", "scatter_add_", "put_")})
METHODS.update({name: ms_method(_new(name), name) for name in ("new_zeros", "new_ones", "new_empty", "new_full")})
METHODS.update({name: from_function(_path(path), name) for name, path in _FORWARD.items()})
