"""Parity of the classification-style vision readers (CelebA, the MNIST variants, STL10, Places365, USPS,
Semeion): each case writes a tiny dataset in the documented on-disk layout into a temporary folder."""
import io
import os
import struct
import tempfile

import numpy as np
from PIL import Image

import mindspore.dataset as ds

COMPILED_PASS = False
TOLERANCES = {}


def _img(h, w, seed, fmt="PNG"):
    arr = np.random.RandomState(seed).randint(0, 256, (h, w, 3), dtype=np.uint8)
    buf = io.BytesIO()
    Image.fromarray(arr).save(buf, format=fmt)
    return buf.getvalue()


def _write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb" if isinstance(data, bytes) else "w") as f:
        f.write(data)


def _raises(fn):
    """The exception type fn() raises: a message naming a temporary path would change every run."""
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type is the result
        return type(e).__name__
    return "no error"


def _rows(dataset):
    return [{k: (v.tolist() if v.dtype.kind in "US" else v) for k, v in row.items()}
            for row in dataset.create_dict_iterator(output_numpy=True, num_epochs=1)]


def _summary(dataset):
    return {"rows": _rows(dataset), "size": dataset.get_dataset_size(), "cols": dataset.get_col_names()}


# ---------------- CelebA ----------------
def _celeba(partition=True):
    root = tempfile.mkdtemp()
    names = ["000001.jpg", "000002.jpg", "000003.jpg", "000004.png"]
    for k, n in enumerate(names):
        _write(os.path.join(root, n), _img(4 + k, 5, k))
    attrs = [[1, -1, 1], [-1, -1, 1], [1, 1, -1], [-1, 1, 1]]
    lines = [str(len(names)), "Smiling Young Male"]
    lines += [n + "  " + " ".join("%2d" % a for a in at) for n, at in zip(names, attrs)]
    _write(os.path.join(root, "list_attr_celeba.txt"), "\n".join(lines) + "\n")
    if partition:
        _write(os.path.join(root, "list_eval_partition.txt"), "000001.jpg 0\n000002.jpg 1\n000003.jpg 2\n000004.png 0\n")
    return root


def case_celeba_all():
    return _summary(ds.CelebADataset(_celeba(), shuffle=False))


def case_celeba_decode_train():
    return _summary(ds.CelebADataset(_celeba(), usage="train", decode=True, shuffle=False))


def case_celeba_usages():
    root = _celeba()
    return {u: ds.CelebADataset(root, usage=u, shuffle=False).get_dataset_size() for u in ("valid", "test", "all")}


def case_celeba_extensions():
    return _summary(ds.CelebADataset(_celeba(), extensions=[".png"], shuffle=False))


def case_celeba_shards():
    d = ds.CelebADataset(_celeba(), num_shards=3, shard_id=2, shuffle=False)
    return {"size": d.get_dataset_size(), "attr": [r["attr"] for r in _rows(d)]}


def case_celeba_bad_usage():
    return ds.CelebADataset(_celeba(), usage="val")


def case_celeba_no_partition():
    return _summary(ds.CelebADataset(_celeba(partition=False), usage="train", shuffle=False))


# ---------------- MNIST variants ----------------
def _idx_images(path, n, seed, h=28, w=28):
    data = np.random.RandomState(seed).randint(0, 256, (n, h, w), dtype=np.uint8)
    _write(path, struct.pack(">IIII", 2051, n, h, w) + data.tobytes())


def _idx_labels(path, labels):
    _write(path, struct.pack(">II", 2049, len(labels)) + np.asarray(labels, np.uint8).tobytes())


def _emnist():
    root = tempfile.mkdtemp()
    for name, n in (("letters", 3), ("digits", 2)):
        _idx_images(os.path.join(root, f"emnist-{name}-train-images-idx3-ubyte"), n, n)
        _idx_labels(os.path.join(root, f"emnist-{name}-train-labels-idx1-ubyte"), list(range(1, n + 1)))
        _idx_images(os.path.join(root, f"emnist-{name}-test-images-idx3-ubyte"), 2, 9)
        _idx_labels(os.path.join(root, f"emnist-{name}-test-labels-idx1-ubyte"), [7, 9])
    return root


def case_emnist_letters_all():
    return _summary(ds.EMnistDataset(_emnist(), name="letters", shuffle=False))


def case_emnist_digits_usages():
    root = _emnist()
    out = {u: ds.EMnistDataset(root, "digits", usage=u, shuffle=False).get_dataset_size() for u in ("train", "test")}
    out["test_rows"] = _rows(ds.EMnistDataset(root, "digits", usage="test", shuffle=False))
    return out


def case_emnist_bad_name():
    return ds.EMnistDataset(_emnist(), name="byletter")


def case_emnist_missing_split():
    return _summary(ds.EMnistDataset(_emnist(), name="balanced", shuffle=False))


def _kmnist():
    root = tempfile.mkdtemp()
    _idx_images(os.path.join(root, "train-images-idx3-ubyte"), 3, 1)
    _idx_labels(os.path.join(root, "train-labels-idx1-ubyte"), [4, 0, 9])
    _idx_images(os.path.join(root, "t10k-images-idx3-ubyte"), 2, 2)
    _idx_labels(os.path.join(root, "t10k-labels-idx1-ubyte"), [1, 2])
    return root


def case_kmnist_all():
    return _summary(ds.KMnistDataset(_kmnist(), shuffle=False))


def case_kmnist_test_num_samples():
    return _summary(ds.KMnistDataset(_kmnist(), usage="test", num_samples=1, shuffle=False))


def case_kmnist_bad_usage():
    return ds.KMnistDataset(_kmnist(), usage="valid")


def _qlabels(path, rows):
    rows = np.asarray(rows, dtype=">i4")
    _write(path, struct.pack(">III", 3074, rows.shape[0], rows.shape[1]) + rows.tobytes())


def _qmnist():
    root = tempfile.mkdtemp()
    spec = {"qmnist-train": 3, "qmnist-test": 4, "xnist": 2}
    for k, (prefix, n) in enumerate(spec.items()):
        _idx_images(os.path.join(root, prefix + "-images-idx3-ubyte"), n, 30 + k)
        lab = [[(i + k) % 10, 100 + i, 1000 + i, 7, 8, 9, 10 + k, 20 + i] for i in range(n)]
        _qlabels(os.path.join(root, prefix + "-labels-idx2-int"), lab)
    return root


def case_qmnist_train_compat():
    return _summary(ds.QMnistDataset(_qmnist(), usage="train", shuffle=False))


def case_qmnist_test_full():
    return _summary(ds.QMnistDataset(_qmnist(), usage="test", compat=False, shuffle=False))


def case_qmnist_sizes():
    root = _qmnist()
    return {u: ds.QMnistDataset(root, usage=u, shuffle=False).get_dataset_size()
            for u in ("train", "test", "nist", "all")}


def case_qmnist_all_labels():
    return [r["label"] for r in _rows(ds.QMnistDataset(_qmnist(), usage="all", shuffle=False))]


def case_qmnist_nist_labels():
    d = ds.QMnistDataset(_qmnist(), usage="nist", compat=False, shuffle=False)
    return [r["label"] for r in _rows(d)]


# ---------------- STL10 ----------------
def _stl10():
    root = tempfile.mkdtemp()
    for k, (usage, n) in enumerate((("train", 2), ("test", 1), ("unlabeled", 2))):
        x = np.random.RandomState(k).randint(0, 256, n * 3 * 96 * 96, dtype=np.uint8)
        _write(os.path.join(root, usage + "_X.bin"), x.tobytes())
        if usage != "unlabeled":
            _write(os.path.join(root, usage + "_y.bin"), np.arange(1, n + 1, dtype=np.uint8).tobytes()[::-1])
    return root


def case_stl10_train():
    return _summary(ds.STL10Dataset(_stl10(), usage="train", shuffle=False))


def case_stl10_usages():
    root = _stl10()
    out = {}
    for u in ("test", "unlabeled", "train+unlabeled", "all"):
        d = ds.STL10Dataset(root, usage=u, shuffle=False)
        out[u] = {"size": d.get_dataset_size(), "labels": [r["label"] for r in _rows(d)]}
    return out


def case_stl10_missing_file():
    root = _stl10()
    os.remove(os.path.join(root, "test_y.bin"))
    return _raises(lambda: ds.STL10Dataset(root, usage="test"))


# ---------------- Places365 ----------------
def _places():
    root = tempfile.mkdtemp()
    _write(os.path.join(root, "categories_places365.txt"), "/a/airfield 0\n/b/bakery/shop 1\n/c/canal 2\n")
    train = ["/a/airfield/00000001.jpg 0", "/c/canal/00000002.jpg 2", "/b/bakery/shop/00000003.jpg 1"]
    _write(os.path.join(root, "places365_train_standard.txt"), "\n".join(train) + "\n")
    for k, line in enumerate(train):
        _write(os.path.join(root, "data_256_standard") + line.split()[0], _img(256, 256, k, "JPEG"))
    val = ["Places365_val_00000001.jpg 2", "Places365_val_00000002.jpg 0"]
    _write(os.path.join(root, "places365_val.txt"), "\n".join(val) + "\n")
    for k, line in enumerate(val):
        _write(os.path.join(root, "val_256", line.split()[0]), _img(256, 256, 10 + k, "JPEG"))
    return root


def case_places365_train():
    d = ds.Places365Dataset(_places(), usage="train-standard", shuffle=False)
    rows = _rows(d)
    return {"size": d.get_dataset_size(), "cols": d.get_col_names(), "labels": [r["label"] for r in rows],
            "images": [(r["image"].shape, r["image"].dtype.name) for r in rows], "first": rows[0]["image"]}


def case_places365_val_decode():
    d = ds.Places365Dataset(_places(), usage="val", decode=True, shuffle=False)
    rows = _rows(d)
    return {"size": d.get_dataset_size(), "labels": [r["label"] for r in rows],
            "shapes": [r["image"].shape for r in rows], "sums": [int(r["image"].astype(np.int64).sum()) for r in rows]}


def case_places365_no_categories():
    root = _places()
    os.remove(os.path.join(root, "categories_places365.txt"))
    return ds.Places365Dataset(root, usage="val", shuffle=False).get_dataset_size()


def case_places365_bad_usage():
    return ds.Places365Dataset(_places(), usage="train")


# ---------------- USPS / Semeion ----------------
def _usps():
    root = tempfile.mkdtemp()
    rng = np.random.RandomState(3)
    for name, n in (("usps", 3), ("usps.t", 2)):
        lines = []
        for i in range(n):
            vals = np.round(rng.uniform(-1, 1, 256), 6)
            lines.append(f"{(i * 3) % 10 + 1} " + " ".join(f"{j + 1}:{v:.6f}" for j, v in enumerate(vals)) + " ")
        _write(os.path.join(root, name), "\n".join(lines) + "\n")
    return root


def case_usps_all():
    return _summary(ds.USPSDataset(_usps(), shuffle=False))


def case_usps_one_worker():
    d = ds.USPSDataset(_usps(), shuffle=False, num_parallel_workers=1)
    return [r["label"] for r in _rows(d)]


def case_usps_test():
    return _summary(ds.USPSDataset(_usps(), usage="test", shuffle=False))


def case_usps_no_trailing_space():
    root = _usps()
    with open(os.path.join(root, "usps")) as f:
        text = f.read()
    _write(os.path.join(root, "usps"), text.replace(" \n", "\n"))
    return _rows(ds.USPSDataset(root, usage="train", shuffle=False))


def case_usps_shards():
    d = ds.USPSDataset(_usps(), num_shards=2, shard_id=1, shuffle=False)
    return {"size": d.get_dataset_size(), "labels": [r["label"] for r in _rows(d)]}


def case_usps_bad_usage():
    return ds.USPSDataset(_usps(), usage="valid")


def _semeion():
    root = tempfile.mkdtemp()
    rng = np.random.RandomState(4)
    lines = []
    for i in range(3):
        bits = rng.randint(0, 2, 256)
        onehot = np.eye(10, dtype=int)[(i * 4) % 10]
        lines.append(" ".join("%.4f" % b for b in bits) + " " + " ".join(str(o) for o in onehot) + " ")
    _write(os.path.join(root, "semeion.data"), "\n".join(lines) + "\n")
    return root


def case_semeion():
    return _summary(ds.SemeionDataset(_semeion(), shuffle=False))


def case_semeion_sampler():
    d = ds.SemeionDataset(_semeion(), sampler=ds.SubsetSampler([2, 0]))
    return {"size": d.get_dataset_size(), "labels": [r["label"] for r in _rows(d)]}


def case_semeion_missing():
    return _summary(ds.SemeionDataset(tempfile.mkdtemp(), shuffle=False))
