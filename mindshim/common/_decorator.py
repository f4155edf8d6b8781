"""mindspore.common._decorator: `deprecated`, the decorator MindSpore (and scripts copying its style) puts
on deprecated operators and functions; it logs one warning per name and version."""
from __future__ import annotations

import functools
from typing import Any, Callable

from mindshim import log as logger

DEPRECATE_SET: set[str] = set()
_TENSOR_CLASSES = ("Tensor.", "COOTensor.", "CSRTensor.")


def _api_name(func: Callable, args: tuple) -> str:
    """Tensor methods by qualified name, other methods by the instance's class, functions by their name."""
    qualname = getattr(func, "__qualname__", "") or ""
    if qualname.startswith(_TENSOR_CLASSES):
        return qualname
    cls = getattr(args[0], "__class__", None) if args else None
    if "." in qualname and cls is not None:
        return cls.__name__
    return func.__name__


def deprecated(version: str, substitute: str | None, use_substitute_name: bool = False,
               module_prefix: str = "") -> Callable[[Callable], Callable]:
    def decorate(func: Callable) -> Callable:
        @functools.wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            name = _api_name(func, args)
            if name + version not in DEPRECATE_SET:
                message = f"'{module_prefix}{name}' is deprecated from version {version} and will be removed in a " \
                          "future version"
                logger.warning(f"{message}, use '{substitute}' instead." if substitute else f"{message}.")
                DEPRECATE_SET.add(name + version)
            cls = getattr(args[0], "__class__", None) if args else None
            if cls is not None and use_substitute_name and substitute:
                cls.substitute_name = substitute
            return func(*args, **kwargs)

        return wrapper

    return decorate
