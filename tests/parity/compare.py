"""The one comparison helper for parity tests: `assert_parity(actual, golden, rtol, atol)`.

`actual` is what the case returned under mindshim (raw: arrays, scalars, strings, lists, dicts);
`golden` is the decoded golden from real MindSpore. Both go through the same codec first, so a
tuple and a list compare equal and numpy scalars count as 0-d arrays. Checked: same keys, same
Python scalar types (bool/int/float), same numpy dtypes and shapes, float/complex values within
tolerance (`allclose`, NaNs equal), integers/bools/strings exactly.
"""
from __future__ import annotations

from typing import Any

import numpy as np

import importlib.util
import pathlib
import sys

if "parity_codec" not in sys.modules:  # loaded by file path: tests/ is not a package
    _spec = importlib.util.spec_from_file_location("parity_codec", pathlib.Path(__file__).with_name("codec.py"))
    sys.modules["parity_codec"] = importlib.util.module_from_spec(_spec)
    _spec.loader.exec_module(sys.modules["parity_codec"])
codec = sys.modules["parity_codec"]

DEFAULT_RTOL = 1e-5
DEFAULT_ATOL = 1e-6
# Half-precision results are checked at their own resolution unless a case says otherwise.
HALF_RTOL = 1e-3
HALF_ATOL = 1e-3


class ParityError(AssertionError):
    pass


def assert_parity(actual: Any, golden: Any, rtol: float | None = None, atol: float | None = None) -> None:
    canonical = codec.decode(codec.encode(actual))
    _compare(canonical, golden, "result", rtol, atol)


def _fail(where: str, message: str) -> None:
    raise ParityError(f"{where}: {message}")


def _compare(actual: Any, golden: Any, where: str, rtol: float | None, atol: float | None) -> None:
    if isinstance(golden, np.ndarray):
        if not isinstance(actual, np.ndarray):
            _fail(where, f"expected an array ({golden.dtype}{list(golden.shape)}), got {type(actual).__name__}: "
                         f"{actual!r}")
        _compare_arrays(actual, golden, where, rtol, atol)
    elif isinstance(golden, dict):
        if not isinstance(actual, dict):
            _fail(where, f"expected a dict, got {type(actual).__name__}")
        if set(actual) != set(golden):
            _fail(where, f"keys differ: missing {sorted(set(golden) - set(actual))}, "
                         f"extra {sorted(set(actual) - set(golden))}")
        for key in sorted(golden):
            _compare(actual[key], golden[key], f"{where}.{key}", rtol, atol)
    elif isinstance(golden, list):
        if not isinstance(actual, list) or len(actual) != len(golden):
            _fail(where, f"expected a list of {len(golden)}, got {actual!r}")
        for i, (a, g) in enumerate(zip(actual, golden)):
            _compare(a, g, f"{where}[{i}]", rtol, atol)
    elif isinstance(golden, float):
        if type(actual) not in (float, np.float64):  # the codec records np.float64 as float, as json must
            _fail(where, f"expected float {golden!r}, got {type(actual).__name__} {actual!r}")
        r, a = rtol if rtol is not None else DEFAULT_RTOL, atol if atol is not None else DEFAULT_ATOL
        if not np.allclose(actual, golden, rtol=r, atol=a, equal_nan=True):
            _fail(where, f"expected {golden!r}, got {actual!r} (rtol={r}, atol={a})")
    else:  # bool, int, str, None: exact, and the same type (True is not 1)
        if type(actual) is not type(golden) or actual != golden:
            _fail(where, f"expected {type(golden).__name__} {golden!r}, got {type(actual).__name__} {actual!r}")


def _compare_arrays(actual: np.ndarray, golden: np.ndarray, where: str,
                    rtol: float | None, atol: float | None) -> None:
    if actual.dtype != golden.dtype:
        _fail(where, f"dtype {actual.dtype}, expected {golden.dtype}")
    if actual.shape != golden.shape:
        _fail(where, f"shape {list(actual.shape)}, expected {list(golden.shape)}")
    if golden.dtype.kind in "fc":
        half = golden.dtype.itemsize <= 2
        r = rtol if rtol is not None else (HALF_RTOL if half else DEFAULT_RTOL)
        a = atol if atol is not None else (HALF_ATOL if half else DEFAULT_ATOL)
        if not np.allclose(actual, golden, rtol=r, atol=a, equal_nan=True):
            diff = np.abs(actual.astype(np.float64) - golden.astype(np.float64))
            worst = np.unravel_index(np.nanargmax(np.where(np.isnan(diff), -1, diff)), diff.shape) if diff.size else ()
            _fail(where, f"values differ beyond rtol={r}, atol={a}; max |diff| {np.nanmax(diff):.3g} at "
                         f"{tuple(int(i) for i in worst)}\n  actual: {actual!r}\n  golden: {golden!r}")
    elif not np.array_equal(actual, golden):
        _fail(where, f"values differ\n  actual: {actual!r}\n  golden: {golden!r}")
