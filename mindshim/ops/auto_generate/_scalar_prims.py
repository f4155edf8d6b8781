"""Python-scalar primitives of `ops.auto_generate.gen_ops_def` (`ScalarAdd()(x, y)`, `ScalarLog()(x)`, ...)."""
from __future__ import annotations

import math
import operator
from typing import Any, Callable

from mindshim.ops.auto_generate._util import prims


def _scalar(x: Any) -> Any:
    return x.item() if hasattr(x, "item") and not isinstance(x, (int, float, bool)) else x


def _lift(fn: Callable, name: str) -> Callable:
    def op(*args: Any) -> Any:
        return fn(*[_scalar(a) for a in args])

    op.__name__ = op.__qualname__ = name
    return op


_TABLE = {
    "ScalarAdd": operator.add, "ScalarSub": operator.sub, "ScalarMul": operator.mul, "ScalarDiv": operator.truediv,
    "ScalarFloorDiv": operator.floordiv, "ScalarMod": operator.mod, "ScalarPow": operator.pow,
    "ScalarEq": operator.eq, "ScalarGe": operator.ge, "ScalarGt": operator.gt, "ScalarLe": operator.le,
    "ScalarLt": operator.lt, "ScalarMax": max, "ScalarMin": min, "ScalarLog": math.log, "ScalarBool": bool,
    "ScalarUadd": operator.pos, "ScalarUsub": operator.neg,
}
CLASSES = prims({n: _lift(f, n.lower()) for n, f in _TABLE.items()}, "mindshim.ops.auto_generate.gen_ops_def")
