"""mindspore._extends.utils: `cell_attr_register` (its r1.x home; MindSpore 2.10 defines it in
`mindspore.graph._utils.cell_attr_register` and re-exports it here and at `mindspore._extends`)."""
from __future__ import annotations

import functools
import inspect
from typing import Any, Callable


def cell_attr_register(fn: Callable | None = None, attrs: list[str] | str | None = None) -> Callable:
    """Decorator for a Cell's `__init__`: records `cell_init_args` = class name + the constructor's arguments
    (or, with `attrs`, the values of those attributes after `__init__`)."""

    def wrap_cell(init: Callable) -> Callable:
        @functools.wraps(init)
        def deco(self, *args: Any, **kwargs: Any) -> None:
            arguments: Any = []
            if attrs is None:
                bound = inspect.signature(init).bind(self, *args, **kwargs).arguments
                del bound["self"]
                arguments = bound.values()
            init(self, *args, **kwargs)
            if isinstance(attrs, list):
                for item in attrs:
                    if not isinstance(item, str):
                        raise ValueError("attr must be a string")
                    if hasattr(self, item):
                        arguments.append(getattr(self, item))
            elif isinstance(attrs, str):
                if hasattr(self, attrs):
                    arguments = getattr(self, attrs)
            elif attrs is not None:
                raise ValueError("attrs must be list or string")
            self.cell_init_args = type(self).__name__ + str(arguments)

        return deco

    return wrap_cell(fn) if fn is not None else wrap_cell
