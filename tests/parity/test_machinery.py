"""The parity machinery itself: the codec round-trips and assert_parity catches each kind of drift."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import numpy as np
import pytest

_spec = importlib.util.spec_from_file_location("parity_loader", Path(__file__).with_name("loader.py"))
loader = sys.modules.setdefault("parity_loader", importlib.util.module_from_spec(_spec))
if not hasattr(loader, "case_modules"):
    _spec.loader.exec_module(loader)
codec = loader.load_helper("codec")
compare = loader.load_helper("compare")
capture = loader.load_helper("capture")

GOLDEN = {"a": np.arange(6, dtype=np.float32).reshape(2, 3), "n": 3, "f": 0.5, "ok": True, "s": "Float32",
          "l": ["x", 1], "nested": {"i": np.array([1, 2], np.int64)}}


def _golden():
    return codec.decode(codec.encode(GOLDEN))


def test_codec_round_trips_arrays_exactly():
    decoded = _golden()
    assert decoded["a"].dtype == np.float32 and decoded["a"].shape == (2, 3)
    np.testing.assert_array_equal(decoded["a"], GOLDEN["a"])
    assert decoded["nested"]["i"].dtype == np.int64


def test_identical_results_pass_and_tuples_equal_lists():
    actual = dict(GOLDEN, l=("x", 1))
    compare.assert_parity(actual, _golden())


@pytest.mark.parametrize("change", [
    {"a": np.arange(6, dtype=np.float64).reshape(2, 3)},          # dtype
    {"a": np.arange(6, dtype=np.float32)},                        # shape
    {"a": np.arange(6, dtype=np.float32).reshape(2, 3) + 1e-3},   # value
    {"n": 3.0},                                                   # int vs float
    {"ok": 1},                                                    # bool vs int
    {"s": "Float64"},                                             # string
    {"l": ["x", 1, 2]},                                           # list length
    {"nested": {"i": np.array([1, 3], np.int64)}},                # exact ints
    {"extra": 1},                                                 # keys
])
def test_each_kind_of_drift_fails(change):
    with pytest.raises(compare.ParityError):
        compare.assert_parity(dict(GOLDEN, **change), _golden())


def test_tolerance_override_and_nan_equality():
    golden = codec.decode(codec.encode({"v": np.array([1.0, np.nan], np.float32)}))
    compare.assert_parity({"v": np.array([1.0 + 1e-3, np.nan], np.float32)}, golden, rtol=1e-2, atol=0)
    with pytest.raises(compare.ParityError):
        compare.assert_parity({"v": np.array([1.0 + 1e-3, np.nan], np.float32)}, golden)


def test_unrecordable_values_are_rejected():
    with pytest.raises(TypeError, match="cannot record"):
        codec.encode({"t": object()})


def test_errors_record_type_and_first_line():
    recorded = codec.encode_error(ValueError("bad input\n----- C++ stack -----"))
    assert codec.is_error(recorded) and codec.error_type(recorded) == "ValueError"
    assert recorded[codec.ERROR_KEY] == "ValueError: bad input"


def test_captured_stdout_returns_printed_lines():
    with capture.captured_stdout() as lines:
        print("a\nb")
        print(1)
    assert lines == ["a", "b", "1"]
