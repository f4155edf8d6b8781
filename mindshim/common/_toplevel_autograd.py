"""Top-level autograd helpers: recompute (activation checkpointing), saved-tensor hooks, no-grad and the
custom autograd `_Function`, all on torch autograd. User callbacks (hooks, forward/backward) see mindshim
Tensors even when torch's autograd engine calls them from inside a region without subclass dispatch."""
from __future__ import annotations

import contextlib
import functools
import inspect
from typing import Any, Callable

import torch
import torch.utils.checkpoint

from mindshim._backend import streams as _streams
from mindshim.common.tensor import Tensor, plain


def _as_ms(t: Any) -> Any:
    if isinstance(t, (tuple, list)):
        return type(t)(_as_ms(i) for i in t)
    return t.as_subclass(Tensor) if isinstance(t, torch.Tensor) and not isinstance(t, Tensor) else t


def _as_plain(t: Any) -> Any:
    if isinstance(t, (tuple, list)):
        return type(t)(_as_plain(i) for i in t)
    return plain(t) if isinstance(t, Tensor) else t


def recompute(block: Callable, *args: Any, use_reentrant: bool = True, output_recompute: bool = False,
              early_stop: bool = True, context_fn: Callable | None = None, **kwargs: Any) -> Any:
    """Run `block(*args, **kwargs)` without keeping its activations; backward runs it again (torch checkpoint).
    With `use_reentrant=True` the block must be a Cell, as in MindSpore."""
    from mindshim.nn.cell import Cell

    if use_reentrant and not isinstance(block, Cell):
        raise TypeError("Recompute function now only support block which inherited from Cell when "
                        "use_reentrant=True!")
    if not callable(block):
        raise TypeError(f"'{type(block).__name__}' object is not callable")
    if not torch.is_grad_enabled():
        return block(*args, **kwargs)
    extra: dict[str, Any] = {"early_stop": early_stop}
    if context_fn is not None:
        extra["context_fn"] = context_fn
    # torch's non-reentrant checkpoint handles keyword arguments and parameters captured by the block alike.
    return torch.utils.checkpoint.checkpoint(block, *args, use_reentrant=False, **extra, **kwargs)


class saved_tensors_hooks:
    """`with saved_tensors_hooks(pack_hook, unpack_hook):` tensors that autograd saves for backward go through
    `pack_hook` when saved and `unpack_hook` when backward reads them back."""

    def __init__(self, pack_hook: Callable, unpack_hook: Callable) -> None:
        self.pack_hook = pack_hook
        self.unpack_hook = unpack_hook
        self._torch_hooks = torch.autograd.graph.saved_tensors_hooks(self._pack, self._unpack)

    def _pack(self, t: torch.Tensor) -> Any:
        return _streams.call_with_subclass_dispatch(self.pack_hook, _as_ms(t))

    def _unpack(self, packed: Any) -> torch.Tensor:
        return plain(_streams.call_with_subclass_dispatch(self.unpack_hook, _as_ms(packed)))

    def __enter__(self) -> None:
        self._torch_hooks.__enter__()

    def __exit__(self, *exc: Any) -> None:
        self._torch_hooks.__exit__(*exc)


def register_saved_tensors_hooks(pack_hook: Callable, unpack_hook: Callable) -> Callable[[Callable], Callable]:
    """Decorator recording pack/unpack hooks on a function for graph-mode compilation; like MindSpore, a call in
    PyNative mode does not apply them (use `saved_tensors_hooks` there)."""

    def decorator(func: Callable) -> Callable:
        inner = inspect.unwrap(func)
        inner._saved_tensors_pack_hook = pack_hook
        inner._saved_tensors_unpack_hook = unpack_hook
        return func

    return decorator


class _no_grad(contextlib.ContextDecorator):
    """Context manager / decorator: operations inside record nothing for gradients."""

    def __init__(self) -> None:
        self.prev_state = False

    def __enter__(self) -> None:
        self.prev_state = torch.is_grad_enabled()
        torch.set_grad_enabled(False)

    def __exit__(self, *exc: Any) -> bool:
        torch.set_grad_enabled(self.prev_state)
        return False


class _Ctx:
    """The autograd context as user code sees it: torch's, with `saved_tensors` as mindshim Tensors."""

    __slots__ = ("_ctx",)

    def __init__(self, ctx: Any) -> None:
        object.__setattr__(self, "_ctx", ctx)

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._ctx, name)
        return _as_ms(value) if name == "saved_tensors" else value

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self._ctx, name, value)


def _user_method(fn: Callable) -> staticmethod:
    @functools.wraps(fn)
    def run(ctx: Any, *args: Any, **kwargs: Any) -> Any:
        out = _streams.call_with_subclass_dispatch(lambda: fn(_Ctx(ctx), *_as_ms(args), **kwargs))
        return _as_plain(out)

    return staticmethod(run)


class _Function(torch.autograd.Function):
    """A custom differentiable function: subclass with static `forward(ctx, *args)` and `backward(ctx, *grads)`
    and call `apply`; `ctx.save_for_backward`/`saved_tensors`/`needs_input_grad`/`mark_dirty`/
    `mark_non_differentiable`/`set_materialize_grads` behave as in MindSpore (and torch)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name in ("forward", "backward", "setup_context"):
            member = cls.__dict__.get(name)
            if isinstance(member, staticmethod):
                setattr(cls, name, _user_method(member.__func__))

    @classmethod
    def apply(cls, *args: Any, **kwargs: Any) -> Any:
        with _streams.without_subclass_dispatch():
            out = super().apply(*_as_plain(args), **kwargs)
        return _as_ms(out)


__all__ = ["recompute", "saved_tensors_hooks", "register_saved_tensors_hooks", "_no_grad", "_Function"]
