"""mindspore.Profiler / mindspore.profiler.profile on torch.profiler: MindSpore's output layout with a Chrome
trace that holds the profiled step's (torch) operators, and the schedule's recording windows."""
from __future__ import annotations

import csv
import json
import logging
import os
import re

import numpy as np
import pytest

import mindshim as ms
from mindshim import Tensor, nn
from mindshim import profiler as prof
from mindshim._errors import UnsupportedError


@pytest.fixture(autouse=True)
def _cpu():
    ms.set_context(device_target="CPU")


def _runs(root) -> list[str]:
    return sorted(os.path.join(root, d) for d in os.listdir(root) if d.endswith("_ascend_ms"))


def _trace(run: str) -> list[dict]:
    with open(os.path.join(run, "ASCEND_PROFILER_OUTPUT", "trace_view.json"), encoding="utf-8") as f:
        return json.load(f)


def test_profiler_analyse_writes_trace_with_the_steps_ops(tmp_path):
    net = nn.Dense(4, 3)
    x = Tensor(np.ones((2, 4), np.float32))
    profiler = ms.Profiler(output_path=str(tmp_path))
    for _ in range(3):
        net(x)
    profiler.analyse()
    (run,) = _runs(tmp_path)
    assert re.fullmatch(r".+_\d+_\d{17}_ascend_ms", os.path.basename(run))
    events = _trace(run)
    ops = [e for e in events if e.get("ph") == "X" and e["name"] == "aten::addmm"]
    assert len(ops) == 3 and all(float(e["dur"]) >= 0 for e in ops)  # one matmul per call of the Dense
    torch_trace = [f for f in os.listdir(os.path.join(run, "ASCEND_PROFILER_OUTPUT")) if f.endswith(".pt.trace.json")]
    with open(os.path.join(run, "ASCEND_PROFILER_OUTPUT", torch_trace[0]), encoding="utf-8") as f:
        assert "traceEvents" in json.load(f)
    with open(os.path.join(run, "FRAMEWORK", "cpu_op_type_info_0.csv"), encoding="utf-8") as f:
        rows = {r["op_type"]: r for r in csv.DictReader(f)}
    assert rows["aten::addmm"]["type_occurrences"] == "3"
    with open(os.path.join(run, "profiler_metadata.json"), encoding="utf-8") as f:
        assert json.load(f)["framework"].startswith("mindshim")


def test_nothing_recorded_before_start_or_after_stop(tmp_path):
    net = nn.Dense(4, 3)
    x = Tensor(np.ones((2, 4), np.float32))
    profiler = ms.Profiler(output_path=str(tmp_path), start_profile=False)
    net(x)
    profiler.start()
    net(x)
    profiler.stop()
    net(x)
    profiler.analyse()
    (run,) = _runs(tmp_path)
    assert sum(e.get("name") == "aten::addmm" for e in _trace(run)) == 1


def test_schedule_windows_go_to_tensorboard_trace_handler(tmp_path):
    net = nn.Dense(4, 3)
    x = Tensor(np.ones((2, 4), np.float32))
    sched = prof.schedule(wait=1, warmup=1, active=2, repeat=2, skip_first=1)
    with prof.profile(activities=[prof.ProfilerActivity.CPU], schedule=sched,
                      on_trace_ready=prof.tensorboard_trace_handler(str(tmp_path), worker_name="w0")) as p:
        for _ in range(12):
            net(x)
            p.step()
    runs = _runs(tmp_path)
    assert len(runs) == 2 and all(os.path.basename(r).startswith("w0_") for r in runs)
    windows = [sorted(int(e["name"].split("#")[1]) for e in _trace(r) if e.get("name", "").startswith("ProfilerStep#"))
               for r in runs]
    # skip 1, then (wait 1, warm-up 1, record 2) twice: steps 3-4 and 7-8 are recorded
    assert windows == [[3, 4], [7, 8]]
    assert [sched(s).name for s in range(4)] == ["NONE", "NONE", "WARM_UP", "RECORD"]


def test_profile_without_handler_writes_at_stop(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    net = nn.Dense(4, 3)
    with prof.profile(activities=[prof.ProfilerActivity.CPU]):
        net(Tensor(np.ones((2, 4), np.float32)))
    (run,) = _runs(tmp_path / "data")
    assert any(e.get("name") == "aten::addmm" for e in _trace(run))


def test_schedule_resets_bad_values_and_misuse_only_logs(tmp_path, caplog):
    with caplog.at_level(logging.WARNING, logger="mindshim"):
        sched = prof.schedule(wait=-1, active=0, warmup=2)
    assert sched.to_dict() == {"wait": 0, "active": 1, "warmup": 2, "repeat": 0, "skip_first": 0}
    assert "Parameter 'wait' should be of type int" in caplog.text
    with pytest.raises(ValueError, match="must be not less than 0"):
        sched(-1)
    p = prof.profile(start_profile=False)
    with caplog.at_level(logging.ERROR, logger="mindshim"):
        p.step()
        p.stop()
    assert "profile is stopped, step takes no effect!" in caplog.text
    with pytest.raises(UnsupportedError, match="offline_analyse"):
        ms.Profiler.offline_analyse(str(tmp_path))


def test_mstx_ranges_and_marks_appear_in_the_trace(tmp_path):
    net = nn.Dense(4, 3)
    profiler = ms.Profiler(output_path=str(tmp_path))
    range_id = prof.mstx.range_start("forward", domain="train")
    net(Tensor(np.ones((2, 4), np.float32)))
    prof.mstx.range_end(range_id, domain="train")
    prof.mstx.mark("done")
    assert prof.mstx.range_start("") == 0  # invalid message: logged, no range
    profiler.analyse()
    names = {e.get("name") for e in _trace(_runs(tmp_path)[0])}
    assert {"train::forward", "default::done", "aten::addmm"} <= names
