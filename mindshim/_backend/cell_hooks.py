"""Run a module's registered forward and backward hooks around a call that is not torch's `Module.__call__`.

mindshim's Cell has its own `__call__` (the engine, mixed precision, MindSpore's bprop), so torch never runs the
hooks kept in the module's registries; this does, in torch's order: forward pre-hooks (may replace the inputs),
the call, forward hooks (may replace the output), with torch's full backward (pre-)hooks attached to the inputs
and outputs.
"""
from __future__ import annotations

from typing import Any, Callable

import torch
from torch.utils.hooks import BackwardHook


def has_hooks(module: torch.nn.Module) -> bool:
    return bool(module._forward_pre_hooks or module._forward_hooks or module._backward_hooks
                or module._backward_pre_hooks)


def call_with_hooks(module: torch.nn.Module, call: Callable[[tuple, dict], Any], args: tuple, kwargs: dict) -> Any:
    for hook_id, hook in list(module._forward_pre_hooks.items()):
        if hook_id in module._forward_pre_hooks_with_kwargs:
            res = hook(module, args, kwargs)
            if res is not None:
                args, kwargs = res
            continue
        res = hook(module, args)
        if res is not None:
            args = res if isinstance(res, tuple) else (res,)
    backward = None
    if module._backward_hooks or module._backward_pre_hooks:
        backward = BackwardHook(module, list(module._backward_hooks.values()),
                                list(module._backward_pre_hooks.values()))
        args = backward.setup_input_hook(args)
    out = call(args, kwargs)
    for hook_id, hook in list(module._forward_hooks.items()):
        if hook_id in module._forward_hooks_with_kwargs:
            res = hook(module, args, kwargs, out)
        else:
            res = hook(module, args, out)
        if res is not None:
            out = res
    if backward is not None:
        out = backward.setup_output_hook(out)
    return out
