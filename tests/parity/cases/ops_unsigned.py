"""Parity cases for unsigned integer tensors (uint8/16/32/64): MindSpore computes on them like any integer
type; torch lacks most uint16/32/64 kernels, which mindshim fills by widening (mindshim/common/_unsigned.py).
Each dtype runs the operators MindSpore 2.10's CPU backend has a kernel for at that dtype."""
import numpy as np

from mindspore import Tensor, ops

_OPS = {
    "add": lambda a, b: a + b, "sub": lambda a, b: a - b, "mul": lambda a, b: a * b,
    "floordiv": lambda a, b: a // b, "maximum": ops.maximum, "minimum": ops.minimum,
    "max": lambda a, b: a.max(), "argmax": lambda a, b: ops.argmax(a, 1), "sort": lambda a, b: ops.sort(a)[0],
    "matmul": lambda a, b: ops.matmul(a, b.T), "bmm": lambda a, b: ops.bmm(a.reshape(1, 2, 3), b.reshape(1, 3, 2)),
    "sum": lambda a, b: a.sum(), "cumsum": lambda a, b: ops.cumsum(a, 1), "square": lambda a, b: ops.square(a),
    "clamp": lambda a, b: ops.clamp(a, 1, 5), "where": lambda a, b: ops.where(a > b, a, b),
    "div": lambda a, b: a / b, "bitwise_and": lambda a, b: a & b, "prod": lambda a, b: a.prod(),
    "topk": lambda a, b: ops.topk(a, 2)[0], "concat": lambda a, b: ops.cat((a, b)),
    "gather": lambda a, b: ops.gather(a, Tensor(np.array([1, 0], np.int32)), 1), "tile": lambda a, b: ops.tile(a, (2, 1)),
    "amax": lambda a, b: ops.amax(a, 0), "mean": lambda a, b: a.mean(),
    "gt": ops.gt, "ge": ops.ge, "lt": ops.lt, "le": ops.le, "equal": ops.equal, "ne": ops.ne,
}
_COMMON = ["add", "sub", "mul", "floordiv", "minimum", "max", "argmax", "cumsum", "square", "where", "div",
           "bitwise_and", "prod", "topk", "concat", "gather", "tile", "amax", "gt", "ge", "lt", "le", "equal",
           "ne"]
# What MindSpore 2.10's CPU kernels accept beyond _COMMON at each dtype. (uint8 `mean` is left out: MindSpore's
# kernel accumulates in uint8 and wraps, [[1, 7, 3], [250, 0, 9]].mean() is 2; mindshim gives the true mean 45.)
_SUPPORTED = {
    np.uint8: ["maximum", "sort", "matmul", "bmm", "sum", "clamp"],
    np.uint16: ["mean"],
    np.uint32: ["maximum", "bmm", "sum", "mean"],
    np.uint64: ["maximum", "clamp", "mean"],
}


def _d(t):
    return {"dtype": str(t.dtype), "shape": list(t.shape), "value": t.asnumpy()}


def _run(dt):
    a = Tensor(np.array([[1, 7, 3], [250, 0, 9]], dt))
    b = Tensor(np.array([[2, 7, 1], [3, 4, 9]], dt))
    return {name: _d(_OPS[name](a, b)) for name in _COMMON + _SUPPORTED[dt]}


def case_uint8():
    return _run(np.uint8)


def case_uint16():
    return _run(np.uint16)


def case_uint32():
    return _run(np.uint32)


def case_uint64():
    return _run(np.uint64)


def case_inplace_add():
    out = {}
    for dt in _SUPPORTED:
        a = Tensor(np.array([1, 7, 3], dt))
        a += Tensor(np.array([2, 7, 1], dt))
        out[dt.__name__] = _d(a)
    return out
