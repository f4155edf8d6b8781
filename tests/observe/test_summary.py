"""SummaryRecord / SummaryCollector / summary operators write TensorBoard event files.

The files are read back with a reader written here (TFRecord framing with CRC32C checks, Event/Summary protobuf
decoding), and with tensorboard's own event reader when tensorboard is installed.
"""
from __future__ import annotations

import os
import stat
import struct
import zlib

import numpy as np
import pytest

import mindshim as ms
from mindshim import Tensor, nn, ops
from mindshim.dataset import NumpySlicesDataset
from mindshim.ops.operations import other_ops
from mindshim.train import LambdaCallback, Model, SummaryCollector, SummaryRecord


@pytest.fixture(autouse=True)
def _cpu():
    ms.set_context(device_target="CPU")


# ----- an independent reader -----
def _crc32c(data: bytes) -> int:
    crc = 0xFFFFFFFF
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ 0x82F63B78 if crc & 1 else crc >> 1
    return crc ^ 0xFFFFFFFF


def _masked(data: bytes) -> int:
    crc = _crc32c(data)
    return (((crc >> 15) | (crc << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def _varint(buf: bytes, pos: int) -> tuple[int, int]:
    result = shift = 0
    while True:
        byte = buf[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return result, pos


def _fields(buf: bytes) -> list[tuple[int, int, object]]:
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
        out.append((number, wire, value))
    return out


def _value(raw: bytes) -> dict:
    out: dict = {}
    for number, _, value in _fields(raw):
        if number == 1:
            out["tag"] = value.decode()
        elif number == 2:
            out["scalar"] = struct.unpack("<f", value)[0]
        elif number == 4:
            img = {n: v for n, _, v in _fields(value)}
            out["image"] = {"height": img[1], "width": img[2], "colorspace": img[3], "png": img[4]}
        elif number == 5:
            h = {n: v for n, _, v in _fields(value)}
            dbl = {k: struct.unpack("<d", h[k])[0] for k in (1, 2, 3, 4, 5)}
            out["histo"] = {"min": dbl[1], "max": dbl[2], "num": dbl[3], "sum": dbl[4], "sum_squares": dbl[5],
                            "limits": np.frombuffer(h[6], "<f8"), "counts": np.frombuffer(h[7], "<f8")}
        elif number == 8:
            t = {n: v for n, _, v in _fields(value)}
            dims = [dict((n, v) for n, _, v in _fields(d))[1] for n, _, d in _fields(t[2]) if n == 2]
            out["tensor"] = {"dtype": t[1], "shape": dims, "content": t[4]}
    return out


def read_events(path: str) -> list[dict]:
    data, pos, events = open(path, "rb").read(), 0, []
    while pos < len(data):
        header = data[pos:pos + 8]
        (size,) = struct.unpack("<Q", header)
        assert struct.unpack("<I", data[pos + 8:pos + 12])[0] == _masked(header)
        payload = data[pos + 12:pos + 12 + size]
        assert struct.unpack("<I", data[pos + 12 + size:pos + 16 + size])[0] == _masked(payload)
        pos += 16 + size
        event: dict = {"step": 0, "values": []}
        for number, _, value in _fields(payload):
            if number == 1:
                event["wall_time"] = struct.unpack("<d", value)[0]
            elif number == 2:
                event["step"] = value
            elif number == 3:
                event["file_version"] = value.decode()
            elif number == 5:
                event["values"] = [_value(v) for _, _, v in _fields(value)]
        events.append(event)
    return events


def _png_size(png: bytes) -> tuple[int, int]:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    idat = png[png.index(b"IDAT") + 4:png.index(b"IEND") - 8]
    assert len(zlib.decompress(idat)) == height * (1 + width * 3)  # filter byte + RGB rows
    return width, height


def _only_file(folder: str) -> str:
    names = [n for n in os.listdir(folder) if n.endswith("_MS")]
    assert len(names) == 1, names
    return os.path.join(folder, names[0])


# ----- tests -----
def test_crc32c_reference_value():
    from mindshim._backend.event_writer import crc32c
    assert _crc32c(b"123456789") == crc32c(b"123456789") == 0xE3069283
    big = np.random.RandomState(0).randint(0, 256, 16 * 4096 + 7).astype(np.uint8).tobytes()
    assert crc32c(big) == _crc32c(big)  # the chunked numpy path of large payloads


class _Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 2, 3)
        self.flat = nn.Flatten()
        self.fc = nn.Dense(2 * 4 * 4, 3)

    def construct(self, x):
        return self.fc(self.flat(self.conv(x)))


def _train(summary_dir: str, epochs: int = 2, **kwargs):
    rng = np.random.RandomState(0)
    x = rng.rand(8, 1, 4, 4).astype(np.float32)
    y = rng.randint(0, 3, (8,)).astype(np.int32)
    data = NumpySlicesDataset({"x": x, "y": y}, shuffle=False).batch(4)
    net = _Net()
    model = Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
                  nn.Momentum(net.trainable_params(), 0.1, 0.9))
    losses = {}
    spy = LambdaCallback(on_train_step_end=lambda rc: losses.__setitem__(
        rc.original_args().cur_step_num, float(rc.original_args().net_outputs.asnumpy())))
    model.train(epochs, data, callbacks=[SummaryCollector(summary_dir, **kwargs), spy], dataset_sink_mode=False)
    return net, losses


def test_model_train_with_summary_collector_writes_tags_and_steps(tmp_path):
    net, losses = _train(str(tmp_path), collect_freq=1)
    path = _only_file(str(tmp_path))
    assert ".out.tfevents.summary." in os.path.basename(path)
    events = read_events(path)
    assert events[0]["file_version"] == "brain.Event:2"
    rows = [(e["step"], [v["tag"] for v in e["values"]]) for e in events[1:]]
    tags = ["input_data/auto", "loss/auto", "conv.weight/auto", "fc.weight/auto", "fc.bias/auto"]
    # step_end collects every step; epoch_end collects again at the epoch's last step (as MindSpore does)
    assert rows == [(s, tags) for s in (1, 2, 2, 3, 4, 4)]
    for event in events[1:]:
        by_tag = {v["tag"]: v for v in event["values"]}
        assert by_tag["loss/auto"]["scalar"] == pytest.approx(losses[event["step"]], rel=1e-6)
        image = by_tag["input_data/auto"]["image"]  # 4 one-channel 4x4 images side by side, as RGB
        assert (image["width"], image["height"], image["colorspace"]) == (16, 4, 3)
        assert _png_size(image["png"]) == (16, 4)
        histo = by_tag["fc.bias/auto"]["histo"]
        assert histo["num"] == 3 and histo["counts"].sum() == 3 and histo["limits"][-1] == histo["max"]
    final = {v["tag"]: v for v in events[-1]["values"]}["fc.weight/auto"]["histo"]
    weight = net.fc.weight.asnumpy()
    assert final["min"] == pytest.approx(weight.min()) and final["max"] == pytest.approx(weight.max())
    assert final["sum"] == pytest.approx(weight.sum(), abs=1e-5)
    ckpts = sorted(os.listdir(tmp_path / "ckpt_dir"))
    assert ckpts == ["_Net_1_step.ckpt", "_Net_2_step.ckpt", "_Net_3_step.ckpt", "_Net_4_step.ckpt",
                     "train_metadata.json"]
    assert not os.stat(path).st_mode & stat.S_IWUSR  # closed files are left read-only, as MindSpore does


def test_collect_freq_and_histogram_regular(tmp_path):
    _train(str(tmp_path), epochs=3, collect_freq=4,
           collect_specified_data={"collect_input_data": False, "histogram_regular": "^conv",
                                   "collect_landscape": None})
    rows = [(e["step"], [v["tag"] for v in e["values"]]) for e in read_events(_only_file(str(tmp_path)))[1:]]
    # the first step, then steps divisible by 4; step 4 also ends epoch 2, whose epoch_end collects it again
    assert rows == [(s, ["loss/auto", "conv.weight/auto"]) for s in (1, 4, 4)]
    assert not (tmp_path / "ckpt_dir").exists()


def test_tensorboard_reads_the_files(tmp_path):
    ea = pytest.importorskip("tensorboard.backend.event_processing.event_accumulator",
                             reason="tensorboard (pip install mindshim[tensorboard]) is not installed")
    _, losses = _train(str(tmp_path), collect_freq=1)
    acc = ea.EventAccumulator(str(tmp_path), size_guidance={ea.SCALARS: 0, ea.HISTOGRAMS: 0, ea.IMAGES: 0})
    acc.Reload()
    tags = acc.Tags()
    assert tags["scalars"] == ["loss/auto"] and tags["images"] == ["input_data/auto"]
    assert sorted(tags["histograms"]) == ["conv.weight/auto", "fc.bias/auto", "fc.weight/auto"]
    assert [(s.step, pytest.approx(s.value, rel=1e-6)) for s in acc.Scalars("loss/auto")] == \
        [(s, losses[s]) for s in (1, 2, 2, 3, 4, 4)]


def test_summary_record_values_tensor_and_plugin_filter(tmp_path):
    with SummaryRecord(str(tmp_path), file_prefix="run", file_suffix="_x") as record:
        array = np.arange(6, dtype=np.float32).reshape(2, 3)
        record.add_value("tensor", "t", Tensor(array))
        record.add_value("scalar", "s", Tensor(np.array([2.5], np.float32)))
        assert record.record(7)
        record.add_value("tensor", "t", Tensor(array))
        record.add_value("histogram", "h", Tensor(np.array([1.0, np.nan, 3.0], np.float32)))
        assert record.record(8, plugin_filter=lambda plugin: plugin != "tensor")
        path = record.log_dir
    assert os.path.basename(path).startswith("run.out.tfevents.summary.") and path.endswith("_x")
    events = read_events(path)
    first = {v["tag"]: v for v in events[1]["values"]}
    assert events[1]["step"] == 7 and first["s"]["scalar"] == 2.5
    tensor = first["t"]["tensor"]
    assert tensor["dtype"] == 1 and tensor["shape"] == [2, 3]
    assert np.array_equal(np.frombuffer(tensor["content"], "<f4").reshape(2, 3), array)
    second = events[2]
    assert second["step"] == 8 and [v["tag"] for v in second["values"]] == ["h"]
    histo = second["values"][0]["histo"]
    assert (histo["num"], histo["min"], histo["max"], histo["counts"].sum()) == (3, 1.0, 3.0, 2)
    assert not record.record(9)  # closed: logged, returns False


def test_summary_record_single_instance_and_validation(tmp_path):
    with pytest.raises(TypeError, match="log_dir is invalid"):
        SummaryRecord(1)
    record = SummaryRecord(str(tmp_path))
    with pytest.raises(RuntimeError, match="only one instance"):
        SummaryRecord(str(tmp_path))
    with pytest.raises(ValueError, match='no such "plugin"'):
        record.add_value("text", "a", Tensor(1.0))
    with pytest.raises(ValueError, match="v rank must be less than or equal to 1"):
        record.add_value("scalar", "a", Tensor([1.0, 2.0]))
    with pytest.raises(ValueError, match="recognized mode"):
        record.set_mode("test")
    record.close()
    with SummaryRecord(str(tmp_path)):  # closing frees the single slot
        pass
    with pytest.raises(ValueError, match="has been closed"):
        record.__enter__()


def test_max_file_size_stops_writing(tmp_path):
    with SummaryRecord(str(tmp_path), max_file_size=200) as record:
        for step in range(5):
            record.add_value("tensor", "t", Tensor(np.ones(16, np.float32)))
            record.record(step)
        path = record.log_dir
    steps = [e["step"] for e in read_events(path)[1:]]
    assert os.path.getsize(path) <= 200 and 1 <= len(steps) < 5 and steps == list(range(len(steps)))


def test_export_options_npy(tmp_path):
    with SummaryRecord(str(tmp_path), export_options={"tensor_format": "npy"}) as record:
        record.add_value("tensor", "a/b", Tensor(np.arange(4, dtype=np.float32)))
        record.record(3)
    (export_dir,) = [d for d in os.listdir(tmp_path) if d.startswith("export_")]
    saved = np.load(tmp_path / export_dir / "tensor" / "a%2Fb_3.npy")
    assert np.array_equal(saved, np.arange(4, dtype=np.float32))


class _OpsNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.scalar = ops.ScalarSummary()
        self.histogram = ops.HistogramSummary()
        self.image = ops.ImageSummary()
        self.tensor = ops.TensorSummary()

    def construct(self, x):
        self.scalar("sum", x.sum())
        self.histogram("x", x)
        self.image("img", x.reshape((1, 1, 2, 2)))
        self.tensor("raw", x)
        return x * 2


def test_summary_operators_are_recorded_at_record_step(tmp_path):
    net = _OpsNet()
    x = Tensor(np.array([[1.0, 2.0], [3.0, 4.0]], np.float32))
    net(x)
    assert other_ops._SUMMARY_CACHE == []  # nothing is kept without an open SummaryRecord
    with SummaryRecord(str(tmp_path)) as record:
        out = net(x)
        record.record(5)
        path = record.log_dir
    assert np.array_equal(out.asnumpy(), x.asnumpy() * 2)
    (event,) = read_events(path)[1:]
    by_tag = {v["tag"]: v for v in event["values"]}
    assert event["step"] == 5 and sorted(by_tag) == ["img", "raw", "sum", "x"]
    assert by_tag["sum"]["scalar"] == 10.0 and by_tag["x"]["histo"]["num"] == 4
    assert np.array_equal(np.frombuffer(by_tag["raw"]["tensor"]["content"], "<f4"), [1, 2, 3, 4])


def test_summary_operator_bad_value_raises_at_record(tmp_path):
    with SummaryRecord(str(tmp_path)) as record:
        ops.ScalarSummary()("s", 1.0)
        with pytest.raises(TypeError, match='For "ScalarSummary", the parameter "value" expect to be Tensor'):
            record.record(1)


def test_summary_collector_argument_errors(tmp_path):
    with pytest.raises(ValueError, match="`collect_freq` should be greater than 0"):
        SummaryCollector(str(tmp_path), collect_freq=0)
    with pytest.raises(ValueError, match="of `collect_specified_data` are unsupported"):
        SummaryCollector(str(tmp_path), collect_specified_data={"nope": True})
    with pytest.raises(ValueError, match="not a valid regular expression"):
        SummaryCollector(str(tmp_path), collect_specified_data={"histogram_regular": "("})
