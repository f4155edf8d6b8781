"""Parity of the readers whose annotations are MATLAB .mat files (SVHN, Flowers102, Caltech101): each case writes
level-5 .mat files (plain and zlib-compressed, written by hand below) and images into a temporary folder."""
import io
import os
import struct
import tempfile
import zlib

import numpy as np
from PIL import Image

import mindspore.dataset as ds

COMPILED_PASS = False
TOLERANCES = {}

_CLASSES = {np.dtype("uint8"): (9, 2), np.dtype("float64"): (6, 9), np.dtype("int32"): (12, 5),
            np.dtype("uint16"): (11, 4)}


def _el(kind, data):
    out = struct.pack("<II", kind, len(data)) + data
    return out + b"\0" * (-len(out) % 8)


def _savemat(path, arrays, compress=False, stored_as=None):
    """MATLAB 5.0 file; `stored_as` maps a name to a narrower element type for its data (as MATLAB does)."""
    body = b""
    for name, arr in arrays.items():
        arr = np.asarray(arr)
        arr = arr.reshape(1, -1) if arr.ndim < 2 else arr
        cls, mi = _CLASSES[arr.dtype]
        data = arr.tobytes(order="F")
        if stored_as and name in stored_as:
            mi, data = 2, arr.astype(np.uint8).tobytes(order="F")
        sub = (_el(6, struct.pack("<II", cls, 0)) + _el(5, np.asarray(arr.shape, "<i4").tobytes())
               + _el(1, name.encode()) + _el(mi, data))
        elem = _el(14, sub)
        if compress:
            packed = zlib.compress(elem)
            elem = struct.pack("<II", 15, len(packed)) + packed
        body += elem
    header = b"MATLAB 5.0 MAT-file, written by a parity case".ljust(116, b" ") + b"\0" * 8 + struct.pack("<H", 0x0100)
    with open(path, "wb") as f:
        f.write(header + b"IM" + body)


def _img(h, w, seed, fmt="JPEG"):
    arr = np.random.RandomState(seed).randint(0, 256, (h, w, 3), dtype=np.uint8)
    buf = io.BytesIO()
    Image.fromarray(arr).save(buf, format=fmt)
    return buf.getvalue()


def _write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


def _raises(fn):
    """The exception type fn() raises: a message naming a temporary path would change every run."""
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type is the result
        return type(e).__name__
    return "no error"


def _rows(dataset):
    return [dict(row) for row in dataset.create_dict_iterator(output_numpy=True, num_epochs=1)]


def _summary(dataset):
    return {"rows": _rows(dataset), "size": dataset.get_dataset_size(), "cols": dataset.get_col_names()}


def _svhn():
    root = tempfile.mkdtemp()
    for k, (usage, n) in enumerate((("train", 3), ("test", 2), ("extra", 2))):
        x = np.random.RandomState(k).randint(0, 256, (32, 32, 3, n), dtype=np.uint8)
        y = np.asarray([[10.0], [3.0], [1.0]][:n])
        _savemat(os.path.join(root, usage + "_32x32.mat"), {"X": x, "y": y}, compress=usage == "test",
                 stored_as={"y"} if usage == "extra" else None)
    return root


def case_svhn_train():
    return _summary(ds.SVHNDataset(_svhn(), usage="train", shuffle=False))


def case_svhn_all():
    d = ds.SVHNDataset(_svhn(), shuffle=False)
    rows = _rows(d)
    return {"size": d.get_dataset_size(), "labels": [r["label"] for r in rows],
            "sums": [int(r["image"].astype(np.int64).sum()) for r in rows]}


def case_svhn_shards():
    d = ds.SVHNDataset(_svhn(), usage="train", num_shards=2, shard_id=1, shuffle=False)
    return {"size": d.get_dataset_size(), "labels": [r["label"] for r in _rows(d)]}


def case_svhn_bad_usage():
    return ds.SVHNDataset(_svhn(), usage="valid")


def case_svhn_missing_file():
    root = _svhn()
    os.remove(os.path.join(root, "extra_32x32.mat"))
    return _raises(lambda: ds.SVHNDataset(root, usage="all"))


def _flowers(segm=True):
    root = tempfile.mkdtemp()
    n = 6
    for i in range(1, n + 1):
        _write(os.path.join(root, "jpg", f"image_{i:05d}.jpg"), _img(4, 3 + i % 3, i))
        if segm:
            _write(os.path.join(root, "segmim", f"segmim_{i:05d}.jpg"), _img(4, 3 + i % 3, 50 + i))
    _savemat(os.path.join(root, "imagelabels.mat"), {"labels": np.asarray([[1.0, 102.0, 5.0, 5.0, 2.0, 7.0]])},
             compress=True)
    ids = {"trnid": [[2, 5]], "tstid": [[6, 1, 3]], "valid": [[4]]}
    _savemat(os.path.join(root, "setid.mat"), {k: np.asarray(v, dtype=np.uint16) for k, v in ids.items()})
    return root


def case_flowers102_all():
    return _summary(ds.Flowers102Dataset(_flowers(), shuffle=False))


def case_flowers102_test_decode():
    return _summary(ds.Flowers102Dataset(_flowers(), usage="test", decode=True, shuffle=False))


def case_flowers102_segmentation():
    return _summary(ds.Flowers102Dataset(_flowers(), task="Segmentation", usage="valid", decode=True, shuffle=False))


def case_flowers102_bad_task():
    return ds.Flowers102Dataset(_flowers(), task="Detection")


def case_flowers102_no_segmim():
    root = _flowers(segm=False)
    return _raises(lambda: ds.Flowers102Dataset(root, task="Segmentation"))


def _caltech101():
    root = tempfile.mkdtemp()
    spec = {"Faces": 2, "BACKGROUND_Google": 1, "accordion": 1, "ant": 2}
    k = 0
    for cls, n in spec.items():
        for i in range(1, n + 1):
            _write(os.path.join(root, "101_ObjectCategories", cls, f"image_{i:04d}.jpg"), _img(3, 4, k))
            folder = {"Faces": "Faces_2"}.get(cls, cls)
            os.makedirs(os.path.join(root, "Annotations", folder), exist_ok=True)
            contour = np.arange(2 * (i + 1), dtype=np.float64).reshape(2, i + 1) + k / 4
            _savemat(os.path.join(root, "Annotations", folder, f"annotation_{i:04d}.mat"),
                     {"box_coord": np.asarray([[1, 2, 3, 4]], dtype=np.uint16), "obj_contour": contour},
                     compress=k % 2 == 1)
            k += 1
    return root


def case_caltech101_category():
    return _summary(ds.Caltech101Dataset(_caltech101(), shuffle=False))


def case_caltech101_all_decode():
    return _summary(ds.Caltech101Dataset(_caltech101(), target_type="all", decode=True, shuffle=False))


def case_caltech101_annotation_sampler():
    d = ds.Caltech101Dataset(_caltech101(), target_type="annotation", sampler=ds.SequentialSampler(1, 2))
    return _summary(d)


def case_caltech101_bad_target():
    return ds.Caltech101Dataset(_caltech101(), target_type="box")
