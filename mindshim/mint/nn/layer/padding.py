"""mint.nn constant / zero / reflection / replication padding layers (1d, 2d, 3d)."""
from __future__ import annotations

from typing import Any

from mindshim.mint.nn import functional as F
from mindshim.nn.cell import Cell


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _check_length(cls_name: str, padding: Any, length: int) -> None:
    if len(padding) != length:
        raise ValueError(f"For '{cls_name}', the length of parameter 'padding' with tuple type must equal to "
                         f"{length}, but got {len(padding)}.")


class _ConstantPadNd(Cell):
    _length = 2

    def __init__(self, padding: Any, value: Any = None) -> None:
        super().__init__()
        name = type(self).__name__
        if _is_int(padding):
            padding = (padding,) * self._length
        elif isinstance(padding, (tuple, list)):
            _check_length(name, padding, self._length)
            for i, p in enumerate(padding):
                if not _is_int(p):
                    raise TypeError(f"For '{name}', the 'padding[{i}]' must be int, but got {type(p).__name__}.")
        else:
            raise ValueError(f"For '{name}', 'padding' must be integer or tuple/list of {self._length} integers, "
                             f"but got {padding}.")
        self.padding = padding
        self.value = value

    def construct(self, input):
        return F.pad(input, self.padding, mode="constant", value=self.value)


class _ModePadNd(Cell):
    _length = 2
    _mode = "reflect"

    def __init__(self, padding: Any) -> None:
        super().__init__()
        name = type(self).__name__
        if _is_int(padding):
            if padding <= 0:
                raise ValueError(f"For '{name}', the 'padding' must be a positive int, but got {padding}.")
            padding = (padding,) * self._length
        elif isinstance(padding, (tuple, list)):
            _check_length(name, padding, self._length)
            if not all(_is_int(p) and p >= 0 for p in padding):
                raise ValueError(f"For '{name}', the 'padding' must be a sequence of non-negative int, "
                                 f"but got {padding}.")
        else:
            raise ValueError(f"For '{name}', 'padding' must be positive integer or tuple/list of {self._length} "
                             f"positive integers, but got {padding}.")
        self.padding = padding

    def construct(self, input):
        return F.pad(input, self.padding, mode=self._mode)


def _classes() -> dict:
    out = {}
    for nd in (1, 2, 3):
        length = 2 * nd

        def const_init(self, padding: Any, value: Any) -> None:
            _ConstantPadNd.__init__(self, padding, value)

        def zero_init(self, padding: Any) -> None:
            _ConstantPadNd.__init__(self, padding, 0)

        specs = ((f"ConstantPad{nd}d", _ConstantPadNd, {"__init__": const_init}),
                 (f"ZeroPad{nd}d", _ConstantPadNd, {"__init__": zero_init}),
                 (f"ReflectionPad{nd}d", _ModePadNd, {"_mode": "reflect"}),
                 (f"ReplicationPad{nd}d", _ModePadNd, {"_mode": "replicate"}))
        for name, base, attrs in specs:
            doc = f"mint.nn.{name}(padding{', value' if name.startswith('Constant') else ''})."
            out[name] = type(name, (base,), {"_length": length, "__module__": __name__, "__doc__": doc, **attrs})
    return out


globals().update(_classes())

__all__ = ["ConstantPad1d", "ConstantPad2d", "ConstantPad3d", "ZeroPad1d", "ZeroPad2d", "ZeroPad3d",
           "ReflectionPad1d", "ReflectionPad2d", "ReflectionPad3d", "ReplicationPad1d", "ReplicationPad2d",
           "ReplicationPad3d"]
