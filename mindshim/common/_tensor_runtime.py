"""Tensor runtime and bookkeeping members with MindSpore's defaults: init/init_flag/const_arg/param_info flags,
backward hooks with a `hooks()` list, move_to/to_/delete_ device memory, offload to a file, pipeline syncs."""
from __future__ import annotations

from typing import Any, Callable

import weakref

import numpy as np
import torch

from mindshim.common._tensor_methods import ms_method
from mindshim.common._user_code import call_user

_Plain = torch.Tensor
_MOVE_TARGETS = {"CPU": "cpu", "GPU": "cuda"}


class TensorHookHandle:
    """What `Tensor.register_hook` returns: `remove()` unregisters the hook."""

    def __init__(self, tensor: Any, hook: Callable, handle: Any) -> None:
        self._tensor, self._hook, self._handle = tensor, hook, handle
        self.id = id(handle)
        _HANDLES[self.id] = self

    def remove(self) -> None:
        if self._handle is not None:
            self._handle.remove()
            hooks = self._tensor.__dict__.get("_ms_hooks", [])
            if self._hook in hooks:
                hooks.remove(self._hook)
            self._handle = None


def register_hook(self, hook: Callable) -> TensorHookHandle:
    if not callable(hook):
        raise TypeError(f"Tensor hook function must be callable, but got {type(hook).__name__}.")
    if not self.requires_grad:
        raise RuntimeError("The tensor requires grad is false, which can not register tensor hook")
    handle = torch.Tensor.register_hook(self, lambda grad: call_user(hook, grad))
    self.__dict__.setdefault("_ms_hooks", []).append(hook)
    return TensorHookHandle(self, hook, handle)


def hooks(self) -> list:
    return list(self.__dict__.get("_ms_hooks", []))


_HANDLES: "weakref.WeakValueDictionary[int, TensorHookHandle]" = weakref.WeakValueDictionary()


def remove_hook(handle_id: Any) -> None:
    """Static: remove a hook by its handle's id (or the handle itself)."""
    handle = handle_id if isinstance(handle_id, TensorHookHandle) else _HANDLES.get(handle_id)
    if handle is not None:
        handle.remove()


def set_param_info(tensor: Any, param_info: Any) -> None:
    """Static: attach a parameter's bookkeeping object to `tensor`."""
    tensor.param_info = param_info


def set_const_arg(self, const_arg: bool = True):
    if not isinstance(const_arg, bool):
        raise TypeError(f"For 'set_const_arg', the type of 'const_arg' should be 'bool', but got type "
                        f"'{type(const_arg).__name__}'.")
    self.const_arg = const_arg
    return self


def set_init_flag(self, flag: bool) -> None:
    self.init_flag = flag


def is_init(self) -> bool:
    return bool(self.init_flag)


def set_cast_dtype(self, dtype: Any = None) -> None:
    self.__dict__["_ms_cast_dtype"] = dtype


def has_init(self) -> bool:
    return self.init is not None


def init_data(self, slice_index: Any = None, shape: Any = None, opt_shard_group: Any = None):
    """Materialise a pending initializer (`self.init`). mindshim creates `Tensor(init=...)` data eagerly, so a tensor
    without a pending initializer is returned as it is."""
    init = self.init
    if init is None:
        return self
    from mindshim.common.initializer import initializer
    data = initializer(init, tuple(shape or self.shape), self.dtype).init_data()
    torch.Tensor.data.__set__(self, data.detach().as_subclass(_Plain).to(self.device))
    self.init = None
    return self


def _check_bool(name: str, value: Any) -> None:
    if not isinstance(value, bool):
        raise ValueError(f"The type of '{name}' must be bool, but got {value}")


def move_to(self, to: str, blocking: bool = True):
    _check_bool("blocking", blocking)
    if to not in ("Ascend", "GPU", "CPU"):
        raise ValueError(f"The value of 'to' must be one of ['Ascend', 'GPU', 'CPU'], but got {to}")
    if to == "Ascend":
        from mindshim._errors import unsupported
        raise unsupported("Tensor.move_to('Ascend')", "mindshim runs on CPU or CUDA")
    return torch.Tensor.to(self, _MOVE_TARGETS[to], non_blocking=not blocking, copy=True)


def to_(self, device: str | None = None, non_blocking: bool = False):
    """In place: this tensor's data moves to `device` ('CPU' or 'GPU')."""
    _check_bool("non_blocking", non_blocking)
    if device not in ("Ascend", "CPU", "GPU"):
        raise ValueError(f"The value of 'to' must be one of ['Ascend', 'CPU'], but got {device}")
    moved = move_to(self, device, not non_blocking)
    torch.Tensor.data.__set__(self, moved.detach().as_subclass(_Plain))
    return self


def delete_(self, non_blocking: bool = False):
    """Release this tensor's memory: it is left empty (no elements)."""
    _check_bool("non_blocking", non_blocking)
    with torch.no_grad():
        torch.Tensor.set_(self)
    return self


def offload(self, file_path: str) -> bool:
    """Write the tensor's bytes to `file_path` (MindSpore's offload target); the data stays readable here."""
    if not isinstance(file_path, str):
        raise TypeError(f"offload(): argument 'file_path' must be str, but got {type(file_path).__name__}.")
    np.ascontiguousarray(self.asnumpy()).tofile(file_path)
    self.__dict__["_ms_offload_path"] = file_path
    return True


def offload_file_path(self) -> str:
    return self.__dict__.get("_ms_offload_path", "")


def data_sync(self, need_wait: bool = True) -> None:
    if need_wait and self.is_cuda:
        torch.cuda.synchronize(self.device)


def wait_pipeline(self) -> None:
    if self.is_cuda:
        torch.cuda.synchronize(self.device)


def flush_from_cache(self) -> None:
    return None


METHODS: dict[str, Any] = {name: ms_method(fn, name) for name, fn in {
    "register_hook": register_hook, "hooks": hooks, "set_const_arg": set_const_arg, "set_init_flag": set_init_flag,
    "is_init": is_init, "set_cast_dtype": set_cast_dtype, "init_data": init_data, "move_to": move_to, "to_": to_,
    "delete_": delete_, "offload": offload, "offload_file_path": offload_file_path, "data_sync": data_sync,
    "wait_pipeline": wait_pipeline, "flush_from_cache": flush_from_cache,
}.items()}
METHODS.update({
    "remove_hook": staticmethod(remove_hook), "set_param_info": staticmethod(set_param_info),
    "has_init": property(has_init),
    # per-tensor bookkeeping MindSpore keeps on every tensor: class defaults, set per instance
    "init": None, "init_flag": False, "init_finished": True, "const_arg": False, "virtual_flag": False,
    "parent_tensor_": None, "index_of_parent_": None, "param_info": None, "symbolic_shape": None, "delta_seed": 0,
})
