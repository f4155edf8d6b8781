"""Plain regions: what torch.compile sees of a MindSpore-semantics call.

torch.compile (dynamo) cannot trace mindshim's Tensor subclass: its `dtype`, `shape`, `size` and
`requires_grad` are MindSpore's, and its results are re-classed by `__class__` assignment. A compiled
region therefore runs on plain torch tensors: for the duration of the call every Parameter, buffer and
Tensor attribute of the cells it reaches is re-classed to torch's own class (the same object, so
autograd, in-place optimizer updates and `id`s are untouched), inputs become plain aliases, subclass
dispatch is off, and the outputs are re-classed on the way out. Inside, a `construct` has torch's
Tensor methods: a MindSpore-only method (`x.sum(axis=1, keep_dims=True)`) fails to trace and the
region falls back to eager (see engine.Region).

The MindSpore-shaped layer passes in what this needs to know of it (`register_tensor_class`: its Tensor class
and the plain/wrap converters); cells are found as torch Modules.
"""
from __future__ import annotations

import functools
import itertools
import types
from typing import Any, Callable, Iterable

import torch

_no_subclass = torch._C.DisableTorchFunctionSubclass
_MAX_DEPTH = 4
# Set by mindshim.common.tensor when it is imported (the class re-classed here and its converters).
_tensor_class: type = torch.Tensor
_plain: Callable[[Any], Any] = lambda x: x
_wrap: Callable[[Any], Any] = lambda x: x


def register_tensor_class(cls: type, plain: Callable[[Any], Any], wrap: Callable[[Any], Any]) -> None:
    """The MindSpore-semantics tensor class, `plain` (to torch tensors) and `wrap` (back)."""
    global _tensor_class, _plain, _wrap
    _tensor_class, _plain, _wrap = cls, plain, wrap


def _reach(value: Any, depth: int, seen: set[int], cells: list, functions: list) -> None:
    """Collect the Cells and Python functions a function or object reaches through closures, globals,
    bound selves, partials and lists."""
    if depth > _MAX_DEPTH or id(value) in seen:
        return
    seen.add(id(value))
    if isinstance(value, torch.nn.Module):
        cells.append(value)
    elif isinstance(value, types.MethodType):
        _reach(value.__self__, depth, seen, cells, functions)
        _reach(value.__func__, depth, seen, cells, functions)
    elif isinstance(value, functools.partial):
        for item in (value.func, *value.args, *value.keywords.values()):
            _reach(item, depth + 1, seen, cells, functions)
    elif isinstance(value, types.FunctionType):
        functions.append(value)
        code = value.__code__
        for name in code.co_names:
            if name in value.__globals__:
                _reach(value.__globals__[name], depth + 1, seen, cells, functions)
        for cell in value.__closure__ or ():
            try:
                _reach(cell.cell_contents, depth + 1, seen, cells, functions)
            except ValueError:  # an empty closure cell
                pass
        wrapped = getattr(value, "__wrapped__", None)
        if wrapped is not None:
            _reach(wrapped, depth + 1, seen, cells, functions)
    elif isinstance(value, (list, tuple)) and len(value) < 64:
        for item in value:
            _reach(item, depth + 1, seen, cells, functions)
    elif callable(value) and hasattr(value, "__dict__") and not isinstance(value, type):
        for item in vars(value).values():  # e.g. GradOperation objects holding a network
            _reach(item, depth + 1, seen, cells, functions)


def reachable(roots: Iterable[Any]) -> tuple[list, list]:
    """(cells, functions) reachable from `roots`; cells include every sub-cell."""
    cells: list = []
    functions: list = []
    seen: set[int] = set()
    for root in roots:
        _reach(root, 0, seen, cells, functions)
    every: dict[int, Any] = {}
    for top in cells:
        for cell in top.modules():
            every[id(cell)] = cell
    return list(every.values()), functions


def tensors_of(cells: Iterable[Any]) -> list[torch.Tensor]:
    """Every mindshim tensor a compiled call may touch: Parameters, buffers, Tensor attributes of cells."""
    found: dict[int, torch.Tensor] = {}
    for cell in cells:
        for t in (*cell._parameters.values(), *cell._buffers.values(), *_tensor_attrs(cell)):
            if isinstance(t, _tensor_class):
                found[id(t)] = t
    return list(found.values())


def _tensor_attrs(cell: Any) -> Iterable[Any]:
    for value in vars(cell).values():
        if isinstance(value, (list, tuple)):
            yield from value
        else:
            yield value


class PlainView:
    """Re-classes a fixed set of tensors to torch's classes for the duration of a `with` block."""

    def __init__(self, tensors: list[torch.Tensor]) -> None:
        self.tensors = tensors
        self._items = [(t, type(t), torch.nn.Parameter if isinstance(t, torch.nn.Parameter) else torch.Tensor)
                       for t in tensors]

    def __enter__(self) -> "PlainView":
        for t, _, plain_cls in self._items:
            t.__class__ = plain_cls
        return self

    def __exit__(self, *exc: Any) -> None:
        for t, cls, _ in self._items:
            t.__class__ = cls


_requires_grad = torch._C.TensorBase.requires_grad.__get__


def _input(x: Any) -> Any:
    """A compiled call's input as a plain tensor, and one that is not a view where no gradient flows through it.
    Every mindshim Tensor (and `as_subclass` alias) is a view of its data, and dynamo guards a view input on its
    base (`x._base.size()` with dynamic shapes): a call with inputs that are not views, such as a step graph's
    static copies, would then fail those guards and recompile (inside a CUDA graph capture, fatal to it)."""
    with _no_subclass():  # (once for all inputs: this runs on every compiled call)
        return _detached(x)


def _detached(x: Any) -> Any:
    if isinstance(x, torch.Tensor):
        return _plain(x) if _requires_grad(x) else torch.Tensor.detach(x)
    if type(x) is tuple:
        return tuple([_detached(i) for i in x])
    if type(x) is list:
        return [_detached(i) for i in x]
    return x


def call_plain(fn: Callable, view: PlainView, args: tuple, kwargs: dict, dynamic_dims: tuple = ()) -> Any:
    """Run `fn` (typically a torch.compile'd function) on plain tensors; return MindSpore tensors.
    `dynamic_dims[i]` lists the dimensions of positional input i to compile as dynamic from the first call."""
    plain_args = _input(args)
    if dynamic_dims:
        for arg, dims in zip(plain_args, dynamic_dims):
            for d in dims:
                torch._dynamo.maybe_mark_dynamic(arg, d)
    with view, _no_subclass():
        out = fn(*plain_args, **{k: _input(v) for k, v in kwargs.items()}) if kwargs else fn(*plain_args)
    return _wrap(out)


def plain_args(args: tuple) -> tuple:
    """The positional inputs of a region call as the compiled call gets them (see `_input`)."""
    return _input(args)


def no_subclass() -> Any:
    """Subclass dispatch off (inside a region: the tensors are plain)."""
    return _no_subclass()


_regions = itertools.count()


def own_code(fn: Callable) -> Callable:
    """`fn` with a code object of its own. torch.compile caches graphs per code object and counts
    recompiles against it; regions that share one (every Cell's construct wrapper, every optimizer of a
    class) would evict each other and hit dynamo's recompile limit after a handful of networks."""
    code = fn.__code__.replace(co_name=f"{fn.__code__.co_name}_region{next(_regions)}")
    fresh = types.FunctionType(code, fn.__globals__, fn.__name__, fn.__defaults__, fn.__closure__)
    fresh.__qualname__ = fn.__qualname__
    fresh.__kwdefaults__ = fn.__kwdefaults__
    return fresh


def updates_parameters(cells: Iterable[Any]) -> bool:
    """Whether the region contains an optimizer (so it is a training step): optimizer classes say so with a
    class attribute `updates_parameters_in_place = True` (nn.Optimizer, mint.optim's Optimizer)."""
    return any(getattr(type(cell), "updates_parameters_in_place", False) for cell in cells)


def _map_tensors(fn: Callable[[torch.Tensor], Any], out: Any) -> Any:
    if isinstance(out, torch.Tensor):
        return fn(out)
    if isinstance(out, (tuple, list)):
        return type(out)(_map_tensors(fn, o) for o in out)
    return out


def detached(out: Any) -> Any:
    """`out` with every tensor in it detached."""
    return _map_tensors(torch.Tensor.detach, out)


def detaching(fn: Callable) -> Callable:
    """`fn` with every tensor it returns detached."""
    @functools.wraps(fn)
    def run(*args: Any, **kwargs: Any) -> Any:
        return detached(fn(*args, **kwargs))
    return run


def cloned(out: Any) -> Any:
    """Copies of the tensors in `out` (CUDA-graph outputs live in buffers the next replay overwrites)."""
    return _map_tensors(lambda t: _wrap(t.clone()), out)
