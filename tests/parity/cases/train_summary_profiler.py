"""Summaries (SummaryRecord, SummaryCollector, the summary operators) and the profiler (Profiler, profile,
schedule, tensorboard_trace_handler): argument checks, which tags and steps a Model.train run records, the
profiler's schedule and output layout.

The event files are compared by what both formats share: each record's step (field 2) and the tags (Summary=5,
Value=1, tag=1) of its values. mindshim writes TensorBoard's Event protobuf, MindSpore MindInsight's; both put
these at the same field numbers.
"""
import json
import os
import re
import struct
import tempfile

import numpy as np

import mindspore as ms
import mindspore.dataset as ds
import mindspore.profiler as prof
from mindspore import Profiler, SummaryCollector, SummaryRecord, Tensor, nn, ops, train
from mindspore.profiler import (AicoreMetrics, ExportType, HostSystem, ProfilerActivity, ProfilerLevel, schedule,
                                tensorboard_trace_handler)

COMPILED_PASS = False


def _err(fn):
    """Exception type and message of fn(), or "no error"."""
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type is the result
        return [type(e).__name__, str(e).split("\n")[0]]
    return "no error"


def _varint(buf, pos):
    result = shift = 0
    while True:
        byte = buf[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return result, pos


def _fields(buf):
    pos, out = 0, []
    while pos < len(buf):
        key, pos = _varint(buf, pos)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, pos = _varint(buf, pos)
        elif wire == 1:
            value, pos = buf[pos:pos + 8], pos + 8
        elif wire == 5:
            value, pos = buf[pos:pos + 4], pos + 4
        else:
            size, pos = _varint(buf, pos)
            value, pos = buf[pos:pos + size], pos + size
        out.append((number, value))
    return out


def _steps_and_tags(path):
    """[[step, [tags]]] of each record that holds summary values."""
    data, pos, rows = open(path, "rb").read(), 0, []
    while pos < len(data):
        size = struct.unpack("<Q", data[pos:pos + 8])[0]
        payload = data[pos + 12:pos + 12 + size]
        pos += 16 + size
        fields = _fields(payload)
        step = next((v for n, v in fields if n == 2), 0)
        tags = [dict(_fields(value)).get(1, b"").decode() for n, summary in fields if n == 5
                for _, value in _fields(summary)]
        if tags:
            rows.append([step, tags])
    return rows


def _summary_file(folder):
    files = [f for f in os.listdir(folder) if f.endswith("_MS")]
    return os.path.join(folder, files[0]) if len(files) == 1 else None


class _ConvNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 2, 3, weight_init="ones")
        self.flat = nn.Flatten()
        self.fc = nn.Dense(2 * 4 * 4, 3, weight_init="ones")

    def construct(self, x):
        return self.fc(self.flat(self.conv(x)))


def _train(summary_dir, epochs=2, **collector_kwargs):
    rng = np.random.RandomState(0)
    x = rng.rand(8, 1, 4, 4).astype(np.float32)
    y = rng.randint(0, 3, (8,)).astype(np.int32)
    data = ds.NumpySlicesDataset({"x": x, "y": y}, shuffle=False).batch(4)
    net = _ConvNet()
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    model = train.Model(net, loss, nn.Momentum(net.trainable_params(), 0.01, 0.9))
    collector = SummaryCollector(summary_dir, **collector_kwargs)
    model.train(epochs, data, callbacks=[collector], dataset_sink_mode=False)


def case_summary_collector_default_tags_and_steps():
    with tempfile.TemporaryDirectory() as tmp:
        _train(tmp, collect_freq=1)
        path = _summary_file(tmp)
        name = os.path.basename(path)
        ckpts = sorted(os.listdir(os.path.join(tmp, "ckpt_dir")))
        with open(os.path.join(tmp, "ckpt_dir", "train_metadata.json")) as f:
            meta = json.load(f)
        return {"rows": _steps_and_tags(path), "name_start": name.split(".")[0], "suffix": name[-3:],
                "ckpts": ckpts, "meta_keys": sorted(meta), "step_per_epoch": meta["step_per_epoch"],
                "files": sorted(meta["model_params_file_map"])}


def case_summary_collector_freq_and_filters():
    with tempfile.TemporaryDirectory() as tmp:
        _train(tmp, epochs=3, collect_freq=2,
               collect_specified_data={"collect_input_data": False, "histogram_regular": "^fc",
                                       "collect_landscape": None})
        return {"rows": _steps_and_tags(_summary_file(tmp)), "ckpt_dir": os.path.isdir(os.path.join(tmp, "ckpt_dir"))}


def case_summary_collector_argument_errors():
    with tempfile.TemporaryDirectory() as tmp:
        return [_err(lambda kw=kw: SummaryCollector(tmp, **kw)) for kw in (
            {"collect_freq": 0}, {"collect_freq": "1"}, {"collect_freq": True},
            {"collect_specified_data": {"nope": True}}, {"collect_specified_data": {"collect_metric": 1}},
            {"collect_specified_data": {"histogram_regular": "("}},
            {"collect_specified_data": {"collect_landscape": {"landscape_size": 2}}},
            {"collect_specified_data": {"collect_landscape": {"unit": "day"}}},
            {"collect_specified_data": {"collect_landscape": {"intervals": [[1, 2]]}}},
            {"keep_default_action": 1}, {"max_file_size": -1}, {"export_options": {"x": "npy"}},
            {"custom_lineage_data": {"a": [1]}})] + [
            # its message lists a set, whose order changes between processes: the type only
            _err(lambda: SummaryCollector(tmp, export_options={"tensor_format": "csv"}))[0]]


def case_summary_record_values_and_errors():
    with tempfile.TemporaryDirectory() as tmp:
        errors = [_err(lambda kw=kw: SummaryRecord(tmp, **kw)) for kw in (
            {"file_prefix": 1}, {"file_prefix": "a b"}, {"max_file_size": "1"}, {"raise_exception": 1})]
        errors.append(_err(lambda: SummaryRecord(1)))
        with SummaryRecord(tmp, file_prefix="run", file_suffix="_x") as record:
            errors.append(_err(lambda: SummaryRecord(tmp)))
            errors.append(_err(lambda: record.add_value("text", "a", Tensor(1.0))))
            errors.append(_err(lambda: record.add_value("scalar", "", Tensor(1.0))))
            errors.append(_err(lambda: record.add_value("scalar", "a", 1.0)))
            errors.append(_err(lambda: record.add_value("scalar", "a", Tensor([1.0, 2.0]))))
            errors.append(_err(lambda: record.add_value("image", "a", Tensor(np.ones((2, 2), np.float32)))))
            errors.append(_err(lambda: record.add_value("histogram", "a", Tensor(1.0))))
            errors.append(_err(lambda: record.set_mode("test")))
            errors.append(_err(lambda: record.record("1")))
            record.add_value("scalar", "lr", Tensor(0.5))
            record.add_value("histogram", "w", Tensor(np.arange(12, dtype=np.float32)))
            record.add_value("image", "img", Tensor(np.ones((2, 3, 4, 4), np.float32)))
            record.add_value("tensor", "t", Tensor(np.ones((2, 2), np.float32)))
            ok = record.record(3)
            record.add_value("scalar", "lr", Tensor(0.25))
            record.add_value("tensor", "t", Tensor(np.ones((2, 2), np.float32)))
            filtered = record.record(4, plugin_filter=lambda plugin: plugin != "tensor")
            record.set_mode("eval")
            record.add_value("scalar", "eval_only", Tensor(1.0))
            record.record(5)
            record.flush()
            name = os.path.basename(record.log_dir)
        files = [f for f in os.listdir(tmp) if f.startswith("run.")]
        rows = _steps_and_tags(os.path.join(tmp, name))
        closed = record.record(6)
        return {"errors": errors, "ok": ok, "filtered": filtered, "closed": closed, "rows": rows,
                "name_parts": [name.split(".")[0], name.endswith("_x"), name in files]}


class _SummaryNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.scalar = ops.ScalarSummary()
        self.tensor = ops.TensorSummary()
        self.image = ops.ImageSummary()
        self.histogram = ops.HistogramSummary()

    def construct(self, x):
        y = x * 2
        self.scalar("s", y.sum())
        self.tensor("t", y)
        self.image("i", y.reshape((1, 1, 2, 2)))
        self.histogram("h", y)
        return y


def case_summary_ops_recorded_at_record():
    with tempfile.TemporaryDirectory() as tmp:
        with SummaryRecord(tmp) as record:
            net = _SummaryNet()
            out = net(Tensor(np.array([[1.0, 2.0], [3.0, 4.0]], np.float32)))
            record.record(1)
            net(Tensor(np.ones((2, 2), np.float32)))
            record.set_mode("eval")
            record.record(2)
            record.set_mode("train")
            record.record(3)
            name = os.path.basename(record.log_dir)
        rows = _steps_and_tags(os.path.join(tmp, name))
        return {"out": out.asnumpy().tolist(), "rows": [[s, sorted(t)] for s, t in rows]}


def case_profiler_schedule_actions():
    sched = schedule(wait=1, warmup=1, active=2, repeat=2, skip_first=1)
    reset = schedule(wait=-1, active=0, warmup=1.5, repeat=True, skip_first="2")
    return {"actions": [sched(step).name for step in range(12)], "repr": repr(sched), "dict": sched.to_dict(),
            "reset": reset.to_dict(), "negative": _err(lambda: sched(-1)),
            "no_repeat": [schedule(wait=0, active=2)(step).value for step in range(5)]}


def case_profiler_enums():
    return {cls.__name__: [[m.name, m.value] for m in cls]
            for cls in (ProfilerLevel, ProfilerActivity, AicoreMetrics, ExportType, HostSystem)}


def _layout(root):
    runs = [d for d in os.listdir(root) if d.endswith("_ascend_ms")]
    out = []
    for run in runs:
        trace = os.path.join(root, run, "ASCEND_PROFILER_OUTPUT", "trace_view.json")
        with open(trace) as f:
            events = json.load(f)
        out.append({"name": bool(re.fullmatch(r".+_\d+_\d{17}_ascend_ms", run)), "list": isinstance(events, list),
                    "has_ops": any(e.get("ph") == "X" for e in events)})
    return out


def case_profiler_output_layout():
    net = nn.Dense(4, 3)
    x = Tensor(np.ones((2, 4), np.float32))
    with tempfile.TemporaryDirectory() as tmp:
        profiler = Profiler(output_path=tmp)
        for _ in range(2):
            net(x)
        profiler.analyse()
        legacy = _layout(tmp)
    with tempfile.TemporaryDirectory() as tmp:
        with prof.profile(activities=[ProfilerActivity.CPU],
                          schedule=schedule(wait=0, warmup=1, active=1, repeat=2),
                          on_trace_ready=tensorboard_trace_handler(tmp)) as p:
            for _ in range(5):
                net(x)
                p.step()
        scheduled = _layout(tmp)
    return {"legacy": legacy, "scheduled": scheduled, "top": ms.Profiler is Profiler}
