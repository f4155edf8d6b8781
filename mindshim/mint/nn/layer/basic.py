"""mint.nn Flatten, and the `mindspore.nn` layers that mint.nn re-exports under torch names which mindshim.nn
does not define yet (MindSpore's `nn.Fold`, `nn.UnfoldExt`, `nn.UpsampleExt`, `nn.SoftmaxExt`): they keep
MindSpore's class names."""
from __future__ import annotations

from typing import Any

from mindshim.mint.nn import functional as F
from mindshim.nn.cell import Cell


class Flatten(Cell):
    """mint.nn.Flatten(start_dim=1, end_dim=-1)."""

    def __init__(self, start_dim: int = 1, end_dim: int = -1) -> None:
        super().__init__()
        self.start_dim = start_dim
        self.end_dim = end_dim

    def construct(self, input):
        return F.flatten(input, self.start_dim, self.end_dim)


_REQUIRED = object()


class _Stored(Cell):
    """A Cell that stores its constructor arguments as attributes and calls `_fn(input, *args)`."""

    _args: tuple = ()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__()
        names = [n for n, _ in self._args]
        if len(args) > len(names):
            raise TypeError(f"{type(self).__name__}() takes at most {len(names)} arguments")
        values = dict(self._args)
        values.update(zip(names, args))
        for k, v in kwargs.items():
            if k not in values:
                raise TypeError(f"{type(self).__name__}() got an unexpected keyword argument '{k}'")
            values[k] = v
        for k in names:
            if values[k] is _REQUIRED:
                raise TypeError(f"{type(self).__name__}() missing required argument '{k}'")
            setattr(self, k, values[k])

    def construct(self, input):
        return type(self)._fn(input, *(getattr(self, n) for n, _ in self._args))


def _stored(name: str, fn: Any, args: tuple, doc: str) -> type:
    return type(name, (_Stored,), {"_fn": staticmethod(fn), "_args": args, "__module__": __name__,
                                   "__doc__": doc})


Fold = _stored("Fold", F.fold, (("output_size", _REQUIRED), ("kernel_size", _REQUIRED), ("dilation", 1),
                                ("padding", 0), ("stride", 1)),
               "mindspore.nn.Fold(output_size, kernel_size, dilation=1, padding=0, stride=1).")
UnfoldExt = _stored("UnfoldExt", F.unfold, (("kernel_size", _REQUIRED), ("dilation", 1), ("padding", 0),
                                            ("stride", 1)),
                    "mindspore.nn.UnfoldExt(kernel_size, dilation=1, padding=0, stride=1).")
UpsampleExt = _stored("UpsampleExt", F.interpolate, (("size", None), ("scale_factor", None), ("mode", "nearest"),
                                                     ("align_corners", None), ("recompute_scale_factor", None)),
                      "mindspore.nn.UpsampleExt(size=None, scale_factor=None, mode='nearest', align_corners=None, "
                      "recompute_scale_factor=None).")
SoftmaxExt = _stored("SoftmaxExt", F.softmax, (("dim", None),), "mindspore.nn.SoftmaxExt(dim=None).")


__all__ = ["Flatten", "Fold", "SoftmaxExt", "UnfoldExt", "UpsampleExt"]
