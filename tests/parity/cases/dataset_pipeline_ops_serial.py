"""serialize / deserialize / show / compare (MindSpore's JSON pipeline format: keys and op names, with the
machine-dependent dataset_dir and worker counts left out), DSCallback / WaitedDSCallback, sync_wait /
sync_update, and save to MindRecord read back with MindDataset."""
import json
import os
import struct
import tempfile

import numpy as np

import mindspore as ms
import mindspore.dataset as ds
import mindspore.dataset.transforms as T
import mindspore.dataset.vision as V
from mindspore import nn
from mindspore.dataset.callback import DSCallback, WaitedDSCallback

COMPILED_PASS = False
_MNIST = {}


def _mnist():
    if "dir" not in _MNIST:
        root = tempfile.mkdtemp()
        n = 4
        images = np.arange(n * 28 * 28, dtype=np.uint8).reshape(n, 28, 28)
        with open(os.path.join(root, "train-images-idx3-ubyte"), "wb") as f:
            f.write(struct.pack(">IIII", 2051, n, 28, 28) + images.tobytes())
        with open(os.path.join(root, "train-labels-idx1-ubyte"), "wb") as f:
            f.write(struct.pack(">II", 2049, n) + np.array([0, 1, 2, 1], np.uint8).tobytes())
        _MNIST["dir"] = root
    return _MNIST["dir"]


def _m(**kw):
    return ds.MnistDataset(_mnist(), **kw)


def _n(n=5):
    return ds.NumpySlicesDataset({"a": np.arange(n, dtype=np.int32)}, shuffle=False)


def _strip(node):
    """The JSON without what depends on the machine (the temporary folder, the default worker count)."""
    if isinstance(node, dict):
        return {k: _strip(v) for k, v in node.items() if k not in ("dataset_dir", "num_parallel_workers", "seed")}
    if isinstance(node, list):
        return [_strip(v) for v in node]
    return node


def _labels(d):
    return [int(r["label"]) for r in d.create_dict_iterator(output_numpy=True, num_epochs=1)]


def _err(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type is the result
        return type(e).__name__
    return "no error"


# ----- serialize / deserialize -----
def case_serialize_mnist_pipeline():
    p = _m(shuffle=False).map(T.TypeCast(ms.int32), input_columns=["label"]).batch(2, drop_remainder=True).repeat(2)
    s = ds.serialize(p)
    back = ds.deserialize(input_dict=s)
    return {"json": _strip(s), "dir_is_abs": os.path.isabs(s["children"][0]["children"][0]["children"][0]
                                                           ["dataset_dir"]),
            "rows": [r["label"].tolist() for r in back.create_dict_iterator(output_numpy=True, num_epochs=1)]}


def case_serialize_samplers():
    out = {}
    for name, kw in [("seq", {"shuffle": False}), ("rand", {"num_samples": 3}), ("rand_all", {}),
                     ("dist", {"num_shards": 2, "shard_id": 1, "shuffle": False}),
                     ("subset", {"sampler": ds.SubsetSampler([0, 2])}),
                     ("subset_rand", {"sampler": ds.SubsetRandomSampler([0, 2])}),
                     ("weighted", {"sampler": ds.WeightedRandomSampler([1, 1, 1, 1], 2)}),
                     ("pk", {"sampler": ds.PKSampler(2)})]:
        out[name] = _strip(ds.serialize(_m(**kw))["sampler"])
    return out


def case_serialize_ops():
    out = {"ops": _m(shuffle=False).skip(1).take(2).project(["label", "image"]).rename(["label"], ["lab"]),
           "zip": _m(shuffle=False).zip(_m(shuffle=False).rename(["image", "label"], ["i2", "l2"])),
           "concat": _m(shuffle=False) + _m(shuffle=False),
           "filter": _m(shuffle=False).filter(lambda x: True, input_columns=["label"]),
           "pyfunc": _m(shuffle=False).map(lambda x: x, input_columns="label"),
           "vision": _m(shuffle=False).map([V.Rescale(1 / 255., 0.), V.HWC2CHW()], input_columns="image").shuffle(4),
           "mix": _m(shuffle=False).map([V.Resize((4, 4)), V.Normalize([0.1], [0.2]), T.OneHot(3)],
                                        input_columns="image"),
           "generator": ds.NumpySlicesDataset({"a": np.arange(3)}, shuffle=False).batch(2).repeat(1),
           "nearest": _m(shuffle=False).map([V.Resize(3, V.Inter.NEAREST)], input_columns="image").batch(
               2, num_parallel_workers=1)}
    return {k: _strip(ds.serialize(v)) for k, v in out.items()}


def case_deserialize_ops_rows():
    p = _m(shuffle=False).skip(1).take(2).rename(["label"], ["lab"]).project(["lab"])
    q = _m(shuffle=False).map([V.Rescale(0.5, 1.0), V.HWC2CHW()], input_columns="image") + _m(shuffle=False).map(
        [V.Rescale(0.5, 1.0), V.HWC2CHW()], input_columns="image")
    p2, q2 = ds.deserialize(input_dict=ds.serialize(p)), ds.deserialize(input_dict=ds.serialize(q))
    rows = list(q2.create_dict_iterator(output_numpy=True, num_epochs=1))
    return {"p": [int(r["lab"]) for r in p2.create_dict_iterator(output_numpy=True, num_epochs=1)],
            "p_cols": p2.get_col_names(), "q_size": q2.get_dataset_size(), "q_shape": list(rows[0]["image"].shape),
            "q_dtype": str(rows[0]["image"].dtype), "q_sum": float(sum(r["image"].sum() for r in rows)),
            "compare_p": ds.compare(p, p2), "compare_q": ds.compare(q, q2)}


def case_serialize_file_round_trip():
    path = os.path.join(tempfile.mkdtemp(), "pipe.json")
    p = _m(shuffle=False).map(T.OneHot(3), input_columns=["label"]).batch(3)
    s = ds.serialize(p, json_filepath=path)
    with open(path) as f:
        on_disk = json.load(f)
    back = ds.deserialize(json_filepath=path)
    return {"same": on_disk == s, "rows": [r["label"].tolist() for r in
                                           back.create_dict_iterator(output_numpy=True, num_epochs=1)],
            "none": ds.deserialize() is None}


def case_compare_and_show():
    a = _m(shuffle=False).batch(2)
    b = _m(shuffle=False).batch(2)
    c = _m(shuffle=False).batch(3)
    return {"same": ds.compare(a, b), "differ": ds.compare(a, c), "show": ds.show(a), "show_flat": ds.show(c, None)}


def case_deserialize_generator():
    p = ds.deserialize(input_dict=ds.serialize(_n(3).batch(2)))
    return [r[0].tolist() for r in p.create_tuple_iterator(output_numpy=True, num_epochs=1)]


def case_deserialize_python_function():
    p = ds.deserialize(input_dict=ds.serialize(_m(shuffle=False).map(lambda x: x, input_columns="label")))
    return [r for r in p.create_tuple_iterator(output_numpy=True, num_epochs=1)][0][1].tolist()


# ----- DSCallback / WaitedDSCallback -----
class _Events(DSCallback):
    def __init__(self, step_size=1):
        super().__init__(step_size)
        self.ev = {"b": [], "eb": [], "ee": [], "sb": [], "se": []}

    def _add(self, kind, c):
        self.ev[kind].append([c.cur_epoch_num, c.cur_step_num_in_epoch, c.cur_step_num])

    def ds_begin(self, c):
        self._add("b", c)

    def ds_epoch_begin(self, c):
        self._add("eb", c)

    def ds_epoch_end(self, c):
        self._add("ee", c)

    def ds_step_begin(self, c):
        self._add("sb", c)

    def ds_step_end(self, c):
        self._add("se", c)


def case_dscallback_events():
    out = {}
    for step_size in (1, 2):
        cb = _Events(step_size)
        d = _n(5).map(lambda x: x, input_columns="a", callbacks=cb, num_parallel_workers=1)
        it = d.create_tuple_iterator(num_epochs=2, output_numpy=True)
        rows = [[int(r[0]) for r in it] for _ in range(2)]
        out[str(step_size)] = {"events": cb.ev, "rows": rows}
    return out


def case_dscallback_list_and_batch():
    a, b = _Events(), _Events(3)
    d = _n(6).map(lambda x: x + 1, input_columns="a", callbacks=[a, b]).batch(2)
    rows = [r[0].tolist() for r in d.create_tuple_iterator(num_epochs=1, output_numpy=True)]
    return {"rows": rows, "a_sb": a.ev["sb"], "b_sb": b.ev["sb"], "b_ee": b.ev["ee"]}


def case_dscallback_errors():
    class Empty(DSCallback):
        pass
    return {"zero": _err(lambda: DSCallback(0)), "float": _err(lambda: DSCallback(1.0)),
            "bool": _err(lambda: DSCallback(True)), "not_cb": _err(lambda: _n(3).map(lambda x: x, callbacks=5)),
            "not_cb_list": _err(lambda: _n(3).map(lambda x: x, callbacks=[5])), "empty": _err(lambda: list(_n(3).map(lambda x: x,
                                                                                       callbacks=Empty())))}


class _Waited(WaitedDSCallback):
    def __init__(self, events, step_size=1):
        super().__init__(step_size)
        self.events = events

    def sync_epoch_begin(self, train_run_context, ds_run_context):
        cb = train_run_context.original_args()
        self.events.append(["ds_epoch", ds_run_context.cur_epoch_num, ds_run_context.cur_step_num,
                            cb.cur_epoch_num, cb.cur_step_num])

    def sync_step_begin(self, train_run_context, ds_run_context):
        cb = train_run_context.original_args()
        self.events.append(["ds_step", ds_run_context.cur_epoch_num, ds_run_context.cur_step_num,
                            cb.cur_epoch_num, cb.cur_step_num])


class _Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(ms.Tensor(np.ones((1,), np.float32)), name="w")

    def construct(self, x):
        return (x * self.w).sum()


def case_waited_dscallback_with_model_train():
    events = []
    cb = _Waited(events, step_size=2)
    data = ds.NumpySlicesDataset({"x": np.arange(6, dtype=np.float32).reshape(6, 1)}, shuffle=False)
    data = data.map(lambda x: x, input_columns="x", callbacks=cb).batch(2)
    net = _Net()
    model = ms.Model(nn.TrainOneStepCell(net, nn.SGD(net.trainable_params(), 0.0)))
    model.train(2, data, callbacks=[cb], dataset_sink_mode=False)
    return {"events": events, "ended": cb.training_ended}


def case_waited_dscallback_no_override():
    class Empty(WaitedDSCallback):
        pass
    return list(_n(3).map(lambda x: x, callbacks=Empty()))


# ----- sync_wait / sync_update -----
def case_sync_wait_update():
    seen = []
    d = _n(8).sync_wait("policy", num_batch=1, callback=seen.append).map(lambda x: x * 2, input_columns="a").batch(2)
    rows = []
    for i, r in enumerate(d.create_tuple_iterator(num_epochs=1, output_numpy=True)):
        rows.append(r[0].tolist())
        d.sync_update("policy", data={"step": i})
    return {"rows": rows, "seen": seen}


def case_sync_wait_unbatched_num_batch():
    seen = []
    d = _n(6).sync_wait("c", num_batch=2, callback=seen.append)
    rows = []
    for i, r in enumerate(d.create_tuple_iterator(num_epochs=1, output_numpy=True)):
        rows.append(int(r[0]))
        if i % 2 == 1:
            d.sync_update("c", data=i)
    return {"rows": rows, "seen": seen}


def case_sync_errors():
    d = _n(4).sync_wait("c")
    return {"unknown": _err(lambda: d.sync_update("other")), "name_int": _err(lambda: d.sync_update(3)),
            "shuffle_after": _err(lambda: _n(4).sync_wait("c").shuffle(2)),
            "zero": _err(lambda: _n(4).sync_wait("c", num_batch=0)),
            "twice": _err(lambda: _n(4).sync_wait("c").sync_wait("c")),
            "update_zero": _err(lambda: d.sync_update("c", num_batch=0)),
            "update_float": _err(lambda: d.sync_update("c", num_batch=1.5)),
            "num_batch_str": _err(lambda: _n(4).sync_wait("c", num_batch="x")),
            "name_type": _err(lambda: _n(4).sync_wait(5))}


# ----- save -----
def case_save_mindrecord_read_back():
    path = os.path.join(tempfile.mkdtemp(), "saved.mindrecord")
    d = ds.NumpySlicesDataset({"i8": np.arange(4, dtype=np.int8), "f": np.arange(4, dtype=np.float64) / 2,
                               "v": np.arange(12, dtype=np.float32).reshape(4, 3),
                               "u": np.arange(4, dtype=np.uint32), "b": np.array([True, False, True, True])},
                              shuffle=False)
    d.save(path)
    back = ds.MindDataset(path, shuffle=False)
    rows = list(back.create_dict_iterator(output_numpy=True, num_epochs=1))
    return {"cols": sorted(back.get_col_names()), "size": back.get_dataset_size(),
            "dtypes": {k: str(v.dtype) for k, v in rows[0].items()},
            "values": {k: [r[k].tolist() for r in rows] for k in rows[0]}}


def case_save_errors():
    p = os.path.join(tempfile.mkdtemp(), "x.mindrecord")
    return {"type": _err(lambda: _n(2).save(p, file_type="tfrecord")), "files": _err(lambda: _n(2).save(p, 0)),
            "name": _err(lambda: _n(2).save(5))}
