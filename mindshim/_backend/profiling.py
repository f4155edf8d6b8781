"""torch.profiler under MindSpore's profiler API: one recording session and the files written from it.

The schedule is a callable step -> 0..3 (none, warm-up, record, record-and-save: the values of both MindSpore's and
torch's ProfilerAction); torch runs it and calls `on_ready(session)` when a recording window ends or at stop.
"""
from __future__ import annotations

import csv
import json
import os
import warnings
from typing import Any, Callable

import torch
import torch.profiler as tprof


class TorchSession:
    def __init__(self, cuda: bool, record_shapes: bool, profile_memory: bool, with_stack: bool,
                 schedule: Callable[[int], int] | None, on_ready: Callable[["TorchSession"], None]) -> None:
        activities = [tprof.ProfilerActivity.CPU]
        if cuda and torch.cuda.is_available():
            activities.append(tprof.ProfilerActivity.CUDA)
        kwargs: dict[str, Any] = {}
        if schedule is not None:
            kwargs["schedule"] = lambda step: tprof.ProfilerAction(int(schedule(step)))
        self._on_ready = on_ready
        self._prof = tprof.profile(activities=activities, record_shapes=record_shapes, profile_memory=profile_memory,
                                   with_stack=with_stack, on_trace_ready=self._ready, **kwargs)
        self.ready: Any = None  # the torch profile whose data is ready to write
        self.running = False

    def _ready(self, prof: Any) -> None:
        self.ready = prof
        self._on_ready(self)

    def start(self) -> None:
        self._prof.start()
        self.running = True

    def step(self) -> None:
        with warnings.catch_warnings():  # torch's notice that each window starts empty: that is the intent here
            warnings.filterwarnings("ignore", message=".*clears events at the end of each cycle")
            self._prof.step()

    def stop(self) -> None:
        if self.running:
            self.running = False
            self._prof.stop()


def _op_rows(prof: Any) -> list[dict[str, Any]]:
    rows = [e for e in prof.key_averages() if e.count]
    total = sum(e.self_cpu_time_total for e in rows) or 1.0
    return [{"op_type": e.key, "type_occurrences": e.count, "execution_frequency(per-step)": e.count,
             "total_compute_time": round(e.self_cpu_time_total / 1000.0, 6),
             "avg_time(ms)": round(e.self_cpu_time_total / 1000.0 / e.count, 6),
             "percent": round(e.self_cpu_time_total / total, 6)}
            for e in sorted(rows, key=lambda e: -e.self_cpu_time_total)]


def write_outputs(prof: Any, out_dir: str, worker: str, metadata: dict[str, Any]) -> dict[str, str]:
    """Write `out_dir`'s files: ASCEND_PROFILER_OUTPUT/trace_view.json (the Chrome trace as a JSON list of events,
    MindSpore's shape), ASCEND_PROFILER_OUTPUT/<worker>.pt.trace.json (torch's own trace, which TensorBoard's
    profiler plugin reads), FRAMEWORK/cpu_op_type_info_0.csv (per-op totals) and profiler_metadata.json."""
    output = os.path.join(out_dir, "ASCEND_PROFILER_OUTPUT")
    framework = os.path.join(out_dir, "FRAMEWORK")
    os.makedirs(output, exist_ok=True)
    os.makedirs(framework, exist_ok=True)
    torch_trace = os.path.join(output, f"{worker}.pt.trace.json")
    prof.export_chrome_trace(torch_trace)
    with open(torch_trace, encoding="utf-8") as f:
        events = json.load(f).get("traceEvents", [])
    trace_view = os.path.join(output, "trace_view.json")
    with open(trace_view, "w", encoding="utf-8") as f:
        json.dump(events, f)
    stats = os.path.join(framework, "cpu_op_type_info_0.csv")
    rows = _op_rows(prof)
    with open(stats, "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=["op_type", "type_occurrences", "execution_frequency(per-step)",
                                               "total_compute_time", "avg_time(ms)", "percent"])
        writer.writeheader()
        writer.writerows(rows)
    meta = os.path.join(out_dir, "profiler_metadata.json")
    with open(meta, "w", encoding="utf-8") as f:
        json.dump(metadata, f)
    return {"trace_view": trace_view, "torch_trace": torch_trace, "op_statistic": stats, "metadata": meta}
