"""Assorted public names without a case elsewhere: initializers (deterministic properties), WithGradCell,
the abstract amp.LossScaler, CIFAR-100 / Fashion-MNIST readers on tiny files, probability-1 vision ops
against their deterministic twins, mindrecord write/read/page/ImageNet conversion, and the single-process
communication names (no init)."""
import os
import struct
import tempfile

import numpy as np

import mindspore as ms
import mindspore.dataset as ds
import mindspore.dataset.vision as vision
from mindspore import Tensor, amp, communication, mindrecord, nn
from mindspore.common import initializer as init

COMPILED_PASS = False
TOLERANCES = {}


def _same(a, b):
    a, b = np.asarray(a), np.asarray(b)
    return bool(a.shape == b.shape and a.dtype == b.dtype and np.array_equal(a, b))


def _img(h=6, w=7, seed=0):
    return np.random.RandomState(seed).randint(0, 256, (h, w, 3)).astype(np.uint8)


# ---------------------------------------------------------------- initializers
def case_init_dirac_values():
    out = {}
    for shape, groups, dt in (([4, 2, 3], 1, ms.float32), ([4, 2, 3, 3], 2, ms.float16), ([2, 2, 1, 3, 3], 1,
                                                                                            ms.float64)):
        t = init.initializer(init.Dirac(groups), shape, dt)
        out[str(shape)] = [str(t.dtype), t.asnumpy()]
    return out


def case_init_dirac_rank_error():
    return init.initializer(init.Dirac(), [4, 3], ms.float32).asnumpy()


def case_init_dirac_groups_error():
    return init.initializer(init.Dirac(3), [4, 2, 3], ms.float32).asnumpy()


def case_init_orthogonal_properties():
    out = {}
    for shape, gain in (([6, 4], 1.0), ([4, 6], 2.0), ([5, 2, 3], 0.5)):
        a = init.initializer(init.Orthogonal(gain), shape, ms.float32).asnumpy().astype(np.float64)
        m = a.reshape(shape[0], -1)
        g = m.T @ m if m.shape[0] >= m.shape[1] else m @ m.T
        out[str(shape)] = [list(a.shape), str(a.dtype), bool(np.allclose(g, np.eye(len(g)) * gain ** 2, atol=1e-5))]
    return out


def case_init_orthogonal_rank_error():
    return init.initializer(init.Orthogonal(), [5], ms.float32).asnumpy()


def _stats(a):
    a = np.asarray(a, np.float64)
    return float(np.abs(a).max()), float(a.std()), float(abs(a.mean()))


def case_init_xavier_he_statistics():
    fan = 256
    out = {}
    xu = init.initializer(init.XavierUniform(2.0), [fan, fan], ms.float32).asnumpy()
    bound = 2.0 * np.sqrt(6.0 / (2 * fan))
    m, s, mu = _stats(xu)
    out["xavier_uniform"] = [str(xu.dtype), m <= bound, abs(s - bound / np.sqrt(3)) < 0.03 * bound, mu < 0.02]
    xn = init.initializer(init.XavierNormal(1.5), [fan, fan], ms.float32).asnumpy()
    m, s, mu = _stats(xn)
    out["xavier_normal"] = [str(xn.dtype), abs(s - 1.5 * np.sqrt(2.0 / (2 * fan))) < 0.03 * s, mu < 0.01]
    hu = init.initializer(init.HeUniform(), [fan, fan], ms.float32).asnumpy()
    bound = np.sqrt(2.0) * np.sqrt(3.0 / fan)
    m, s, mu = _stats(hu)
    out["he_uniform"] = [m <= bound + 1e-6, abs(s - bound / np.sqrt(3)) < 0.03 * bound]
    hn = init.initializer(init.HeNormal(0.2, "fan_out", "leaky_relu"), [fan, fan], ms.float16).asnumpy()
    m, s, mu = _stats(hn)
    std = np.sqrt(2.0 / (1 + 0.04)) / np.sqrt(fan)
    out["he_normal"] = [str(hn.dtype), abs(s - std) < 0.03 * std]
    hr = init.initializer(init.HeNormal(mode="fan_in", nonlinearity="relu"), [8, 4, 3, 3], ms.float64).asnumpy()
    out["he_normal_conv"] = [list(hr.shape), str(hr.dtype)]
    return out


def case_init_he_uniform_mode_error():
    return init.initializer(init.HeUniform(mode="fan_avg"), [4, 4], ms.float32).asnumpy()


def case_init_he_normal_nonlinearity_error():
    return init.initializer(init.HeNormal(nonlinearity="gelu"), [4, 4], ms.float32).asnumpy()


def case_init_xavier_rank_error():
    return init.initializer(init.XavierUniform(), [7], ms.float32).asnumpy()


# ---------------------------------------------------------------- WithGradCell / LossScaler
def case_with_grad_cell_dense():
    net = nn.Dense(3, 2, weight_init=Tensor(np.array([[0.1, -0.2, 0.3], [0.4, 0.5, -0.6]], np.float32)),
                   bias_init=Tensor(np.array([0.05, -0.05], np.float32)))
    cell = nn.WithGradCell(net, nn.MSELoss())
    x = Tensor(np.array([[1.0, 2.0, 3.0], [-1.0, 0.5, 2.0]], np.float32))
    y = Tensor(np.array([[0.5, -0.5], [1.0, 0.0]], np.float32))
    grads = cell(x, y)
    return {"n": len(grads), "grads": [g.asnumpy() for g in grads], "dtypes": [str(g.dtype) for g in grads]}


def case_loss_scaler_abstract_error():
    return amp.LossScaler()


def case_loss_scaler_subclass():
    class Fixed(amp.LossScaler):
        def __init__(self, v):
            self.v = v

        def scale(self, inputs):
            return inputs * self.v

        def unscale(self, inputs):
            return inputs / self.v

        def adjust(self, grads_finite):
            return bool(grads_finite)

    s = Fixed(4.0)
    t = Tensor(np.array([1.0, 2.0], np.float32))
    return {"scale": s.scale(t).asnumpy(), "unscale": s.unscale(t).asnumpy(), "adjust": s.adjust(True),
            "isinstance": isinstance(s, amp.LossScaler)}


def case_loss_scaler_partial_subclass_error():
    class Half(amp.LossScaler):
        def scale(self, inputs):
            return inputs

    return Half()


# ---------------------------------------------------------------- dataset readers
def _rows(d, n=None):
    return [[(list(x.shape), str(x.dtype), x.ravel()[:5].tolist(), int(x.astype(np.int64).sum())) for x in r]
            for r in d.create_tuple_iterator(output_numpy=True)][:n]


def case_cifar100_test_file():
    root = tempfile.mkdtemp()
    i = np.arange(10000)  # MindSpore reads 10,000 records from test.bin
    rec = np.concatenate([(i % 20)[:, None], (i % 100)[:, None], (i[:, None] * 7 + np.arange(3072)) % 256], 1)
    rec.astype(np.uint8).tofile(os.path.join(root, "test.bin"))
    d = ds.Cifar100Dataset(root, usage="test", shuffle=False, num_samples=4)
    return {"cols": d.get_col_names(), "size": d.get_dataset_size(), "rows": _rows(d)}


def case_fashion_mnist_files():
    root = tempfile.mkdtemp()
    n = 3
    with open(os.path.join(root, "t10k-images-idx3-ubyte"), "wb") as f:
        f.write(struct.pack(">IIII", 2051, n, 28, 28) + (np.arange(n * 784) % 251).astype(np.uint8).tobytes())
    with open(os.path.join(root, "t10k-labels-idx1-ubyte"), "wb") as f:
        f.write(struct.pack(">II", 2049, n) + bytes([3, 7, 9]))
    d = ds.FashionMnistDataset(root, usage="test", shuffle=False)
    return {"cols": d.get_col_names(), "size": d.get_dataset_size(), "rows": _rows(d)}


def case_fashion_mnist_usage_error():
    return ds.FashionMnistDataset(tempfile.mkdtemp(), usage="valid")


# ---------------------------------------------------------------- vision
def case_vision_random_prob_one():
    img = _img()
    pil = vision.ToPIL()(img)
    return {"autocontrast": _same(vision.RandomAutoContrast(5.0, None, 1.0)(img), vision.AutoContrast(5.0)(img)),
            "autocontrast_p0": _same(vision.RandomAutoContrast(prob=0.0)(img), img),
            "equalize": _same(vision.RandomEqualize(1.0)(img), vision.Equalize()(img)),
            "invert": _same(vision.RandomInvert(1.0)(img), vision.Invert()(img)),
            "invert_p0": _same(vision.RandomInvert(0.0)(img), img),
            "posterize": _same(vision.RandomPosterize((3, 3))(img), vision.Posterize(3)(img)),
            "grayscale": _same(np.asarray(vision.RandomGrayscale(1.0)(pil)), np.asarray(vision.Grayscale(3)(pil))),
            "grayscale_p0": _same(np.asarray(vision.RandomGrayscale(0.0)(pil)), img)}


def case_vision_random_solarize_fixed_threshold():
    img = _img()
    return {"fixed": _same(vision.RandomSolarize((100, 100))(img), vision.Solarize(100.0)(img)),
            "full_range_meta": [list(vision.RandomSolarize()(img).shape), str(vision.RandomSolarize()(img).dtype)]}


def case_vision_adjust_gamma_uint8():
    img = _img(3, 4, 1)
    return {"g05": vision.AdjustGamma(0.5)(img), "g2_gain": vision.AdjustGamma(2.0, 0.8)(img)}


def case_vision_adjust_gamma_float():
    img = _img(3, 4, 1)
    return {"g15": vision.AdjustGamma(1.5)(img.astype(np.float32) / 255.0),
            "g07_gain": vision.AdjustGamma(0.7, 1.2)(img.astype(np.float32) / 255.0)}


def case_vision_adjust_gamma_negative_error():
    return vision.AdjustGamma(-1.0)


def case_vision_pad_to_size_values():
    img = _img(3, 4, 2)
    return {"plain": vision.PadToSize((5, 6))(img),
            "offset_fill": vision.PadToSize([4, 7], offset=(1, 2), fill_value=(9, 8, 7))(img),
            "edge": vision.PadToSize(6, offset=1, padding_mode=vision.Border.EDGE)(img),
            "reflect": vision.PadToSize((5, 5), offset=(1, 0), padding_mode=vision.Border.REFLECT)(img)}


def case_vision_pad_to_size_too_small_error():
    return vision.PadToSize((2, 9))(_img(3, 4))


# ---------------------------------------------------------------- mindrecord
_SCHEMA = {"id": {"type": "int32"}, "label": {"type": "int64"}, "name": {"type": "string"},
           "vec": {"type": "float32", "shape": [2]}, "data": {"type": "bytes"}}


def _write_mindrecord():
    path = os.path.join(tempfile.mkdtemp(), "tiny.mindrecord")
    w = mindrecord.FileWriter(path, shard_num=1, overwrite=True)
    w.add_schema(_SCHEMA, "tiny")
    w.add_index(["label"])
    rows = [{"id": i, "label": i % 2, "name": "row%d" % i, "vec": np.array([i, -i], np.float32),
             "data": bytes([i, i + 1, i + 2])} for i in range(3)]
    return path, [w.write_raw_data(rows), w.commit()]


def _plain(v):
    if isinstance(v, np.ndarray):
        return [str(v.dtype), v.tolist()]
    if isinstance(v, bytes):
        return list(v)
    return v


def case_mindrecord_write_read():
    path, status = _write_mindrecord()
    r = mindrecord.FileReader(path)
    rows = [{k: _plain(v) for k, v in sorted(row.items())} for row in r.get_next()]
    r.close()
    return {"status": [str(s) for s in status], "SUCCESS": str(mindrecord.SUCCESS), "FAILED": str(mindrecord.FAILED),
            "is_success": [s == mindrecord.SUCCESS for s in status], "distinct": mindrecord.SUCCESS != mindrecord.FAILED,
            "rows": sorted(rows, key=lambda x: x["id"]),
            "files": sorted(os.listdir(os.path.dirname(path)))}


def case_mindrecord_reader_columns():
    path, _ = _write_mindrecord()
    r = mindrecord.FileReader(path, columns=["id", "name"])
    rows = [{k: _plain(v) for k, v in sorted(row.items())} for row in r.get_next()]
    r.close()
    return sorted(rows, key=lambda x: x["id"])


def case_mindrecord_writer_exists_error():
    path, _ = _write_mindrecord()
    w = mindrecord.FileWriter(path, overwrite=False)
    w.add_schema(_SCHEMA, "again")
    w.write_raw_data([{"id": 9, "label": 0, "name": "x", "vec": np.zeros(2, np.float32), "data": b"z"}])
    return str(w.commit())


def case_mindrecord_mindpage():
    path, _ = _write_mindrecord()
    page = mindrecord.MindPage(path)
    fields = page.candidate_fields
    page.category_field = "label"
    info = page.read_category_info()
    got = page.read_at_page_by_id(1, 0, 5)
    by_name = page.read_at_page_by_name("0", 0, 5)
    return {"fields": sorted(fields), "field": page.category_field, "info": info,
            "by_id": sorted([{k: _plain(v) for k, v in sorted(r.items())} for r in got], key=lambda x: x["id"]),
            "by_name_ids": sorted(int(r["id"]) for r in by_name)}


def case_mindrecord_mindpage_bad_field_error():
    path, _ = _write_mindrecord()
    page = mindrecord.MindPage(path)
    page.category_field = "nope"
    return page.category_field


def case_mindrecord_imagenet_to_mr():
    root = tempfile.mkdtemp()
    imgs = os.path.join(root, "images")
    for k, syn in enumerate(("n0001", "n0002")):
        os.makedirs(os.path.join(imgs, syn))
        with open(os.path.join(imgs, syn, "img%d.JPEG" % k), "wb") as f:
            f.write(bytes(vision.encode_jpeg(_img(4, 5, k), 90)))
    with open(os.path.join(root, "labels.txt"), "w") as f:
        f.write("n0001 0\nn0002 1\n")
    dest = os.path.join(root, "out.mindrecord")
    status = mindrecord.ImageNetToMR(os.path.join(root, "labels.txt"), imgs, dest, 1).transform()
    r = mindrecord.FileReader(dest)
    rows = sorted(([os.path.relpath(str(row["file_name"]), root), int(row["label"]), len(row["image"]) > 0, sorted(row)] for row in r.get_next()))
    r.close()
    return {"status": str(status), "rows": rows}


# ---------------------------------------------------------------- communication (single process, no init)
def case_communication_names():
    return {"groups": [communication.HCCL_WORLD_COMM_GROUP, communication.NCCL_WORLD_COMM_GROUP,
                       communication.MCCL_WORLD_COMM_GROUP],
            "inited": communication.GlobalComm.INITED,
            "rank": communication.get_rank(), "group_size": communication.get_group_size(),
            "local_rank": communication.get_local_rank(), "local_rank_size": communication.get_local_rank_size()}


def case_communication_global_comm_defaults():
    g = communication.GlobalComm
    return {"backend": g.BACKEND, "world": g.WORLD_COMM_GROUP, "check_envs": g.CHECK_ENVS}


def case_communication_release():
    return communication.release()
