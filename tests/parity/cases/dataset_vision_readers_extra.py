"""Parity of SUN397Dataset and WIDERFaceDataset: each case writes a tiny dataset in the documented on-disk layout
into a temporary folder."""
import io
import os
import tempfile

import numpy as np
from PIL import Image

import mindspore.dataset as ds

COMPILED_PASS = False
TOLERANCES = {}


def _img(h, w, seed, fmt="JPEG"):
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
    return [{k: ((v.dtype.kind, v.shape, v.tolist()) if v.dtype.kind in "US" else v) for k, v in row.items()}
            for row in dataset.create_dict_iterator(output_numpy=True, num_epochs=1)]


def _summary(dataset):
    return {"rows": _rows(dataset), "size": dataset.get_dataset_size(), "cols": dataset.get_col_names()}


# ---------------- SUN397 ----------------
def _sun397():
    root = tempfile.mkdtemp()
    _write(os.path.join(root, "ClassName.txt"), "/a/abbey\n/b/apartment_building/outdoor\n/c/cafe\n")
    files = {"a/abbey": ["sun_b.jpg", "sun_a.jpg", "other.jpg", "sun_c.png"],
             "b/apartment_building/outdoor": ["sun_z.jpg"], "c/cafe": ["sun_q.jpg", "sun_p.jpg"]}
    k = 0
    for folder, names in files.items():
        for n in names:
            _write(os.path.join(root, folder, n), _img(3 + k % 3, 4, k))
            k += 1
    return root


def case_sun397_all():
    return _summary(ds.SUN397Dataset(_sun397(), shuffle=False))


def case_sun397_decode():
    return _summary(ds.SUN397Dataset(_sun397(), decode=True, shuffle=False))


def case_sun397_num_samples():
    return _summary(ds.SUN397Dataset(_sun397(), num_samples=3, shuffle=False))


def case_sun397_shards():
    root = _sun397()
    return [_summary(ds.SUN397Dataset(root, num_shards=2, shard_id=i, shuffle=False)) for i in range(2)]


def case_sun397_sampler():
    return _summary(ds.SUN397Dataset(_sun397(), decode=True, sampler=ds.SequentialSampler(1, 2)))


def case_sun397_pipeline():
    d = ds.SUN397Dataset(_sun397(), decode=True, shuffle=False).project(["label"]).repeat(2).batch(3)
    return [r["label"] for r in d.create_dict_iterator(output_numpy=True)]


def case_sun397_no_classfile():
    root = _sun397()
    os.remove(os.path.join(root, "ClassName.txt"))
    return _raises(lambda: ds.SUN397Dataset(root, shuffle=False).get_dataset_size())


def case_sun397_missing_dir():
    return _raises(lambda: ds.SUN397Dataset(os.path.join(tempfile.mkdtemp(), "nope")))


def case_sun397_bad_args():
    root = _sun397()
    return {"decode": _raises(lambda: ds.SUN397Dataset(root, decode=1)),
            "shuffle_sampler": _raises(lambda: ds.SUN397Dataset(root, shuffle=False,
                                                                sampler=ds.SequentialSampler())),
            "shard_id": _raises(lambda: ds.SUN397Dataset(root, num_shards=2, shard_id=2)),
            "num_samples": _raises(lambda: ds.SUN397Dataset(root, num_samples=-1))}


# ---------------- WIDERFace ----------------
def _wider():
    root = tempfile.mkdtemp()
    _write(root + "/WIDER_train/images/0--Parade/0_a.jpg", _img(4, 5, 0))
    _write(root + "/WIDER_train/images/2--Dancing/2_b.jpg", _img(5, 5, 1))
    _write(root + "/WIDER_train/images/1--Handshaking/1_c.jpg", _img(4, 6, 2))
    _write(root + "/WIDER_val/images/0--Parade/0_v.jpg", _img(4, 4, 3))
    _write(root + "/WIDER_test/images/0--Parade/0_t.jpg", _img(3, 4, 4))
    _write(root + "/WIDER_test/images/1--Handshaking/1_t.jpg", _img(3, 5, 5))
    _write(root + "/wider_face_split/wider_face_train_bbx_gt.txt",
           "1--Handshaking/1_c.jpg\n2\n1 2 3 4 0 1 0 0 1 2 \n5 6 7 8 2 0 1 1 0 0 \n"
           "2--Dancing/2_b.jpg\n1\n10 11 12 13 1 0 0 0 2 1 \n"
           "0--Parade/0_a.jpg\n0\n0 0 0 0 0 0 0 0 0 0 \n")
    _write(root + "/wider_face_split/wider_face_val_bbx_gt.txt",
           "0--Parade/0_v.jpg\n3\n9 8 7 6 1 1 1 0 2 1 \n1 1 1 1 0 0 0 1 0 0 \n2 2 2 2 2 1 0 0 1 0 \n")
    _write(root + "/wider_face_split/wider_face_test_filelist.txt",
           "0--Parade/0_t.jpg\n1--Handshaking/1_t.jpg\n")
    return root


def case_wider_train():
    return _summary(ds.WIDERFaceDataset(_wider(), usage="train", shuffle=False))


def case_wider_valid_decode():
    return _summary(ds.WIDERFaceDataset(_wider(), usage="valid", decode=True, shuffle=False))


def case_wider_test():
    return _summary(ds.WIDERFaceDataset(_wider(), usage="test", decode=True, shuffle=False))


def case_wider_tuple_shards():
    root = _wider()
    out = []
    for i in range(2):
        d = ds.WIDERFaceDataset(root, usage="train", num_shards=2, shard_id=i, shuffle=False)
        out.append([[c.shape for c in row] for row in d.create_tuple_iterator(output_numpy=True)])
    return out


def case_wider_num_samples():
    return _summary(ds.WIDERFaceDataset(_wider(), usage="train", num_samples=2, shuffle=False))


def case_wider_sampler():
    return _summary(ds.WIDERFaceDataset(_wider(), usage="train", sampler=ds.SequentialSampler(2)))


def case_wider_cols():
    root = _wider()
    return {u: ds.WIDERFaceDataset(root, usage=u).get_col_names() for u in ("train", "valid", "test", "all")}


def case_wider_bad_usage():
    return _raises(lambda: ds.WIDERFaceDataset(_wider(), usage="val"))


def case_wider_usage_type():
    return _raises(lambda: ds.WIDERFaceDataset(_wider(), usage=1))


def case_wider_missing_dir():
    return _raises(lambda: ds.WIDERFaceDataset(os.path.join(tempfile.mkdtemp(), "nope")))


def case_wider_missing_split():
    root = _wider()
    os.remove(root + "/wider_face_split/wider_face_train_bbx_gt.txt")
    return _summary(ds.WIDERFaceDataset(root, usage="train", shuffle=False))


def case_wider_unlisted_image():
    root = _wider()
    _write(root + "/WIDER_val/images/3--Riot/3_x.jpg", _img(4, 4, 9))
    return _summary(ds.WIDERFaceDataset(root, usage="valid", shuffle=False))


def case_wider_bad_args():
    root = _wider()
    return {"decode": _raises(lambda: ds.WIDERFaceDataset(root, decode="yes")),
            "shard": _raises(lambda: ds.WIDERFaceDataset(root, shard_id=0)),
            "workers": _raises(lambda: ds.WIDERFaceDataset(root, num_parallel_workers=0))}


# ---------------- KITTI ----------------
_KITTI_LABELS = [
    "Van 0.00 0 -1.58 587.01 173.33 614.12 200.12 1.65 1.67 3.64 -0.65 1.71 46.70 -1.59\n"
    "Pedestrian 0.50 1 0.2 1 2 3 4 5 6 7 8 9 10 11\n",
    "DontCare -1 -1 -10 503.89 169.71 590.61 190.13 -1 -1 -1 -1000 -1000 -1000 -10\n"
    "Car 0 2 0.5 1 1 2 2 1.5 1.5 1.5 3 3 3 0.25\n",
    "Cyclist 0.25 3 0 4 4 8 8 1 2 3 4 5 6 7\n",
]


def _kitti():
    root = tempfile.mkdtemp()
    for i, text in enumerate(_KITTI_LABELS):
        _write(root + "/data_object_image_2/training/image_2/%06d.png" % i, _img(4, 5 + i, i, "PNG"))
        _write(root + "/data_object_label_2/training/label_2/%06d.txt" % i, text)
    for i in range(2):
        _write(root + "/data_object_image_2/testing/image_2/%06d.png" % i, _img(3 + i, 4, 7 + i, "PNG"))
    return root


def case_kitti_train():
    return _summary(ds.KITTIDataset(_kitti(), shuffle=False))


def case_kitti_train_decode():
    return _summary(ds.KITTIDataset(_kitti(), usage="train", decode=True, shuffle=False))


def case_kitti_test():
    return _summary(ds.KITTIDataset(_kitti(), usage="test", decode=True, shuffle=False))


def case_kitti_shards_samples():
    root = _kitti()
    return {"shard": [_summary(ds.KITTIDataset(root, num_shards=2, shard_id=i, shuffle=False)) for i in range(2)],
            "num_samples": _summary(ds.KITTIDataset(root, num_samples=1, shuffle=False)),
            "sampler": _summary(ds.KITTIDataset(root, sampler=ds.SequentialSampler(1, 1)))}


def case_kitti_missing_label():
    root = _kitti()
    os.remove(root + "/data_object_label_2/training/label_2/000001.txt")
    return _raises(lambda: ds.KITTIDataset(root, shuffle=False).get_dataset_size())


def case_kitti_bad_args():
    root = _kitti()
    return {"usage": _raises(lambda: ds.KITTIDataset(root, usage="valid")),
            "usage_type": _raises(lambda: ds.KITTIDataset(root, usage=["train"])),
            "decode": _raises(lambda: ds.KITTIDataset(root, decode=0)),
            "dir": _raises(lambda: ds.KITTIDataset(os.path.join(root, "nope"))),
            "shard": _raises(lambda: ds.KITTIDataset(root, num_shards=2))}


# ---------------- Flickr ----------------
def _flickr(text="b.jpg#0\tA dog runs .\nb.jpg#1\tTwo  dogs\na.jpg#0\tA cat\nb.jpg#2\tx y\nc.jpg#0\tz\n"):
    root = tempfile.mkdtemp()
    for k, n in enumerate(["b.jpg", "a.jpg", "c.jpg"]):
        _write(os.path.join(root, "imgs", n), _img(4, 5 + k, k))
    _write(os.path.join(root, "ann.txt"), text)
    return os.path.join(root, "imgs"), os.path.join(root, "ann.txt")


def case_flickr_all():
    return _summary(ds.FlickrDataset(*_flickr(), shuffle=False))


def case_flickr_decode():
    return _summary(ds.FlickrDataset(*_flickr(), decode=True, shuffle=False))


def case_flickr_shards_samples():
    d, a = _flickr()
    return {"shard": [_summary(ds.FlickrDataset(d, a, num_shards=2, shard_id=i, shuffle=False)) for i in range(2)],
            "num_samples": _summary(ds.FlickrDataset(d, a, num_samples=2, shuffle=False)),
            "sampler": _summary(ds.FlickrDataset(d, a, sampler=ds.SequentialSampler(1)))}


def case_flickr_missing_image():
    return _raises(lambda: ds.FlickrDataset(*_flickr("b.jpg#0\tok\nmissing.jpg#0\tq\n"), shuffle=False)
                   .get_dataset_size())


def case_flickr_bad_args():
    d, a = _flickr()
    return {"annotation": _raises(lambda: ds.FlickrDataset(d, a + ".nope")),
            "dir": _raises(lambda: ds.FlickrDataset(d + "_nope", a)),
            "decode": _raises(lambda: ds.FlickrDataset(d, a, decode=1)),
            "shuffle_sampler": _raises(lambda: ds.FlickrDataset(d, a, shuffle=True, sampler=ds.SequentialSampler()))}


# ---------------- Cityscapes ----------------
def _png(seed, channels):
    shape = (4, 5, channels) if channels > 1 else (4, 5)
    buf = io.BytesIO()
    Image.fromarray(np.random.RandomState(seed).randint(0, 256, shape, dtype=np.uint8)).save(buf, format="PNG")
    return buf.getvalue()


def _cityscapes(mode="fine", splits=("train", "val", "test")):
    import json
    root = tempfile.mkdtemp()
    gt = "gtFine" if mode == "fine" else "gtCoarse"
    k = 0
    for split in splits:
        for city in ["bochum", "aachen"]:
            for i in [1, 0]:
                base = f"{city}_{i:06d}_000019"
                _write(f"{root}/leftImg8bit/{split}/{city}/{base}_leftImg8bit.png", _png(k, 3))
                _write(f"{root}/{gt}/{split}/{city}/{base}_{gt}_color.png", _png(k + 1, 4))
                _write(f"{root}/{gt}/{split}/{city}/{base}_{gt}_instanceIds.png", _png(k + 2, 1))
                _write(f"{root}/{gt}/{split}/{city}/{base}_{gt}_labelIds.png", _png(k + 3, 1))
                poly = {"objects": [{"polygon": [[i, 1], [2, 3]], "label": city + " " + split}], "imgWidth": 5,
                        "imgHeight": 4}
                _write(f"{root}/{gt}/{split}/{city}/{base}_{gt}_polygons.json", json.dumps(poly, indent=2))
                k += 4
    return root


def case_cityscapes_tasks():
    root = _cityscapes()
    return {t: _summary(ds.CityscapesDataset(root, usage="train", task=t, shuffle=False))
            for t in ("instance", "semantic", "color", "polygon")}


def case_cityscapes_tasks_decode():
    root = _cityscapes()
    return {t: _summary(ds.CityscapesDataset(root, usage="val", task=t, decode=True, shuffle=False))
            for t in ("instance", "semantic", "color", "polygon")}


def case_cityscapes_all_fine():
    d = ds.CityscapesDataset(_cityscapes(), usage="all", task="polygon", shuffle=False)
    return [r["task"].tolist() for r in d.create_dict_iterator(output_numpy=True)]


def case_cityscapes_coarse():
    root = _cityscapes("coarse", ("train", "train_extra", "val"))
    d = ds.CityscapesDataset(root, usage="all", quality_mode="coarse", task="polygon", shuffle=False)
    return {"all": [r["task"].tolist() for r in d.create_dict_iterator(output_numpy=True)],
            "extra": _summary(ds.CityscapesDataset(root, usage="train_extra", quality_mode="coarse", decode=True,
                                                   task="semantic", shuffle=False))}


def case_cityscapes_shards_samples():
    root = _cityscapes(splits=("train",))
    return {"shard": [_summary(ds.CityscapesDataset(root, num_shards=3, shard_id=i, shuffle=False)) for i in range(3)],
            "num_samples": _summary(ds.CityscapesDataset(root, num_samples=1, shuffle=False)),
            "sampler": _summary(ds.CityscapesDataset(root, sampler=ds.SequentialSampler(2, 1)))}


def case_cityscapes_missing_split():
    root = _cityscapes(splits=("train",))
    return _raises(lambda: ds.CityscapesDataset(root, usage="val", shuffle=False).get_dataset_size())


def case_cityscapes_bad_args():
    root = _cityscapes(splits=("train",))
    return {"task": _raises(lambda: ds.CityscapesDataset(root, task="depth")),
            "mode": _raises(lambda: ds.CityscapesDataset(root, quality_mode="medium")),
            "coarse_test": _raises(lambda: ds.CityscapesDataset(root, usage="test", quality_mode="coarse")),
            "fine_extra": _raises(lambda: ds.CityscapesDataset(root, usage="train_extra")),
            "usage_type": _raises(lambda: ds.CityscapesDataset(root, usage=None)),
            "dir": _raises(lambda: ds.CityscapesDataset(root + "/nope"))}


# ---------------- RenderedSST2 ----------------
def _sst2():
    root = tempfile.mkdtemp()
    k = 0
    for u in ["train", "val", "test"]:
        for c in ["positive", "negative"]:
            for n in ["0002.png", "0001.png", "notes.txt", "0003.jpg"]:
                _write(f"{root}/{u}/{c}/{n}", "text" if n.endswith(".txt") else _img(4, 5 + k % 3, k, "PNG"))
                k += 1
    return root


def case_sst2_usages():
    root = _sst2()
    return {u: _summary(ds.RenderedSST2Dataset(root, usage=u, shuffle=False)) for u in ("train", "val", "test")}


def case_sst2_decode():
    return _summary(ds.RenderedSST2Dataset(_sst2(), usage="val", decode=True, shuffle=False))


def case_sst2_all():
    d = ds.RenderedSST2Dataset(_sst2(), shuffle=False)
    return {"size_before": d.get_dataset_size(), "rows": _rows(d)}


def case_sst2_shards_samples():
    root = _sst2()
    return {"shard": [_summary(ds.RenderedSST2Dataset(root, usage="train", num_shards=2, shard_id=i, shuffle=False))
                      for i in range(2)],
            "num_samples": _summary(ds.RenderedSST2Dataset(root, usage="test", num_samples=3, shuffle=False)),
            "sampler": _summary(ds.RenderedSST2Dataset(root, usage="train", sampler=ds.SequentialSampler(1, 2)))}


def case_sst2_bad_args():
    root = _sst2()
    return {"usage": _raises(lambda: ds.RenderedSST2Dataset(root, usage="valid")),
            "usage_type": _raises(lambda: ds.RenderedSST2Dataset(root, usage=0)),
            "decode": _raises(lambda: ds.RenderedSST2Dataset(root, decode="no")),
            "dir": _raises(lambda: ds.RenderedSST2Dataset(root + "/nope"))}
