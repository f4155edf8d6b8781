"""MindSpore's `repr(Tensor)` text, reproduced from its observed output (MindSpore 2.10).

    Tensor(shape=[2, 3], dtype=Float32, value=
    [[ 0.00000000e+00,  1.00000000e+00,  2.00000000e+00],
     [ 3.00000000e+00,  4.00000000e+00,  5.00000000e+00]])

Rules (checked by tests/parity/cases/common_tensor.py): `value=` is followed by a newline for rank
>= 2 and by a space otherwise; float16 elements print as `%11.4e`, float32/float64 as `%15.8e`,
bool as `%5s`, integers right-aligned to the widest printed one; a 0-d tensor prints `%g`/int/
`True`, complex `%g%+gj`. Summarisation: the last axis shows 3 + ` ... ` + 3 elements when it is longer than 6 (longer
than 1000 for 1-D tensors); outer axes show 3 rows, `...`, 3 rows when longer than 6. A 1-D tensor
breaks its line (`\\n `) after every 12 floats/bools or 24 integers. `print(tensor)` is numpy's
`str(tensor.asnumpy())` in MindSpore and is not handled here.
"""
from __future__ import annotations

import re

import numpy as np

_EDGE = 3
_THRESHOLD = 6
_THRESHOLD_1D = 1000


def _element_formatter(arr: np.ndarray, dtype_name: str):
    if arr.dtype == np.bool_:
        return lambda v: "%5s" % ("True" if v else "False")
    if dtype_name in ("Float16",):
        return lambda v: "%11.4e" % float(v)
    if dtype_name in ("Float32", "Float64"):
        return lambda v: "%15.8e" % float(v)
    if arr.dtype.kind == "c":
        return _complex_text
    # integers (and BFloat16, which MindSpore prints like an integer column): "#" marks padding
    as_text = (lambda v: "%g" % float(v)) if arr.dtype.kind == "f" else (lambda v: str(int(v)))

    def padded(v) -> str:
        text = as_text(v)
        return "#" * len(text) + text
    return padded


def _complex_text(v: complex) -> str:
    """C++'s default stream format of each part, the imaginary one signed: 1.5-2.25j, 1e+10+1j."""
    return f"{v.real:g}{v.imag:+g}j"


def _line_break_every(arr: np.ndarray, dtype_name: str) -> int:
    if arr.dtype == np.bool_ or dtype_name in ("Float16", "Float32", "Float64"):
        return 2 * _THRESHOLD
    return 4 * _THRESHOLD


def _elements(values: np.ndarray, fmt, ndim: int, every: int) -> str:
    parts = []
    n = len(values)
    for i, v in enumerate(values):
        parts.append(fmt(v))
        if i != n - 1:
            parts.append(", ")
        if ndim == 1 and n > _EDGE and (i + 1) % every == 0:
            parts.append("\n ")
    return "".join(parts)


def _block(arr: np.ndarray, depth: int, ndim: int, fmt, every: int) -> str:
    n = arr.shape[0]
    if arr.ndim == 1:
        if (ndim > 1 and n > _THRESHOLD) or (ndim == 1 and n > _THRESHOLD_1D):
            body = (_elements(arr[:_EDGE], fmt, ndim, every) + " ... "
                    + _elements(arr[n - _EDGE:], fmt, ndim, every))
        else:
            body = _elements(arr, fmt, ndim, every)
        return "[" + body + "]"
    indent = " " * (depth + 1)
    out = ["["]
    for i in range(min(_EDGE, n)):
        if i > 0:
            out.append(",\n" + indent)
        out.append(_block(arr[i], depth + 1, ndim, fmt, every))
    if n > _THRESHOLD:
        out.append(",\n" + indent + "...")
    tail = min(n - _EDGE, _EDGE)
    for j in range(max(tail, 0)):
        out.append(("," if (j != 0 or n <= _THRESHOLD) else "") + "\n" + indent)
        out.append(_block(arr[n - tail + j], depth + 1, ndim, fmt, every))
    out.append("]")
    return "".join(out)


def _value_text(arr: np.ndarray, dtype_name: str) -> str:
    if arr.size == 0:
        return ""
    if arr.ndim == 0:
        v = arr.item()
        if isinstance(v, bool):
            return "True" if v else "False"
        if isinstance(v, float):
            return "%g" % v
        if isinstance(v, complex):
            return _complex_text(v)
        return str(v)
    text = _block(arr, 0, arr.ndim, _element_formatter(arr, dtype_name), _line_break_every(arr, dtype_name))
    if "#" in text:
        width = max(len(m) for m in re.findall(r"#+", text))
        text = re.sub(r"#+", lambda m: " " * (width - len(m.group())), text)
    return text


def tensor_str(arr: np.ndarray, dtype_name: str) -> str:
    """`print(tensor)`: numpy's text of the values, except BFloat16 (numpy has no such type), whose elements
    MindSpore prints as `%f` (0.100098) in numpy's layout."""
    if dtype_name == "BFloat16":
        return np.array2string(arr, formatter={"float_kind": lambda v: "%f" % v})
    return str(arr)


def tensor_repr(arr: np.ndarray, dtype_name: str) -> str:
    shape = "[" + ", ".join(str(s) for s in arr.shape) + "]"
    separator = "\n" if arr.ndim > 1 else " "
    return f"Tensor(shape={shape}, dtype={dtype_name}, value={separator}{_value_text(arr, dtype_name)})"


def graph_print_text(arr: np.ndarray, dtype_name: str) -> str:
    """A tensor as MindSpore's Print prints it inside a compiled graph: a 0-d tensor as its bare value, others
    as the repr without the commas between elements (and no space after `value=`)."""
    if arr.ndim == 0:
        return _value_text(arr, dtype_name)
    shape = "[" + ", ".join(str(s) for s in arr.shape) + "]"
    separator = "\n" if arr.ndim > 1 else ""
    return f"Tensor(shape={shape}, dtype={dtype_name}, value={separator}{_value_text(arr, dtype_name).replace(',', '')})"
