"""Parity of the folder-style vision readers (Caltech256, Food101, LFW, SBU, Omniglot, DIV2K) and
FakeImageDataset: each case writes a tiny dataset in the documented layout into a temporary folder."""
import io
import os
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


def _rows(dataset):
    return [{k: (v.tolist() if v.dtype.kind in "US" else v) for k, v in row.items()}
            for row in dataset.create_dict_iterator(output_numpy=True, num_epochs=1)]


def _summary(dataset):
    return {"rows": _rows(dataset), "size": dataset.get_dataset_size(), "cols": dataset.get_col_names()}


def _caltech256():
    root = tempfile.mkdtemp()
    spec = {"001.ak47": 2, "003.backpack": 1, "257.clutter": 2}
    k = 0
    for folder, n in spec.items():
        for i in range(n):
            _write(os.path.join(root, folder, f"{folder[:3]}_{i + 1:04d}.jpg"), _img(3 + i, 4, k))
            k += 1
    _write(os.path.join(root, "003.backpack", "notes.txt"), "not an image")
    return root


def case_caltech256():
    return _summary(ds.Caltech256Dataset(_caltech256(), shuffle=False))


def case_caltech256_decode_shards():
    d = ds.Caltech256Dataset(_caltech256(), decode=True, num_shards=2, shard_id=0, shuffle=False)
    return _summary(d)


def case_caltech256_missing():
    return ds.Caltech256Dataset("/nonexistent/caltech_xyz")


def _food101():
    root = tempfile.mkdtemp()
    classes = ["apple_pie", "baby_back_ribs"]
    _write(os.path.join(root, "meta", "classes.txt"), "\n".join(classes) + "\n")
    _write(os.path.join(root, "meta", "train.txt"), "apple_pie/1005649\nbaby_back_ribs/1005293\napple_pie/1014775\n")
    _write(os.path.join(root, "meta", "test.txt"), "baby_back_ribs/1007102\n")
    for k, rel in enumerate(["apple_pie/1005649", "baby_back_ribs/1005293", "apple_pie/1014775",
                             "baby_back_ribs/1007102"]):
        _write(os.path.join(root, "images", rel + ".jpg"), _img(4, 3 + k, k))
    return root


def case_food101_all():
    return _summary(ds.Food101Dataset(_food101(), shuffle=False))


def case_food101_test_decode():
    return _summary(ds.Food101Dataset(_food101(), usage="test", decode=True, shuffle=False))


def case_food101_bad_usage():
    return ds.Food101Dataset(_food101(), usage="valid")


def _lfw():
    root = tempfile.mkdtemp()
    people = {"Aaron_Eckhart": 1, "Abbas_Kiarostami": 2, "Zico": 3}
    k = 0
    for image_set, folder in (("original", "lfw"), ("funneled", "lfw_funneled"), ("deepfunneled", "lfw-deepfunneled")):
        for name, n in people.items():
            for i in range(n):
                _write(os.path.join(root, folder, name, f"{name}_{i + 1:04d}.jpg"), _img(3, 3 + i, k))
                k += 1
    _write(os.path.join(root, "lfw-names.txt"), "".join(f"{n}\t{c}\n" for n, c in people.items()))
    _write(os.path.join(root, "peopleDevTrain.txt"), "2\nAbbas_Kiarostami\t2\nZico\t3\n")
    _write(os.path.join(root, "peopleDevTest.txt"), "1\nAaron_Eckhart\t1\n")
    _write(os.path.join(root, "people.txt"), "2\n1\nZico\t3\n2\nAaron_Eckhart\t1\nAbbas_Kiarostami\t2\n")
    _write(os.path.join(root, "pairsDevTrain.txt"), "1\nZico\t1\t3\nAaron_Eckhart\t1\tZico\t2\n")
    _write(os.path.join(root, "pairsDevTest.txt"), "1\nAbbas_Kiarostami\t1\t2\nAbbas_Kiarostami\t2\tZico\t1\n")
    _write(os.path.join(root, "pairs.txt"), "1\t1\nZico\t2\t3\nAaron_Eckhart\t1\tAbbas_Kiarostami\t1\n")
    return root


def case_lfw_people_default():
    return _summary(ds.LFWDataset(_lfw(), shuffle=False))


def case_lfw_people_train_original():
    return _summary(ds.LFWDataset(_lfw(), task="people", usage="train", image_set="original", shuffle=False))


def case_lfw_people_10fold():
    return _summary(ds.LFWDataset(_lfw(), task="people", usage="10fold", image_set="deepfunneled", shuffle=False))


def case_lfw_pairs_test_decode():
    return _summary(ds.LFWDataset(_lfw(), task="pairs", usage="test", decode=True, shuffle=False))


def case_lfw_pairs_all():
    return _summary(ds.LFWDataset(_lfw(), task="pairs", shuffle=False))


def case_lfw_pairs_10fold():
    return _summary(ds.LFWDataset(_lfw(), task="pairs", usage="10fold", shuffle=False))


def case_lfw_bad_task():
    return ds.LFWDataset(_lfw(), task="faces")


def _sbu():
    root = tempfile.mkdtemp()
    urls = ["http://static.flickr.com/2723/4385058960_b0f291553e.jpg",
            "http://static.flickr.com/3001/missing_one.jpg",
            "http://static.flickr.com/3205/3131316138_a2d3a2ab84.jpg"]
    caps = ["a small dog on grass", "never seen", " a red sky "]
    _write(os.path.join(root, "SBU_captioned_photo_dataset_urls.txt"), "\n".join(urls) + "\n")
    _write(os.path.join(root, "SBU_captioned_photo_dataset_captions.txt"), "\n".join(caps) + "\n")
    for k, u in enumerate(urls):
        if "missing" not in u:
            parts = u.split("/")
            _write(os.path.join(root, "sbu_images", "m_" + parts[-2] + "_" + parts[-1]), _img(3, 4, k, "JPEG"))
    return root


def case_sbu():
    return _summary(ds.SBUDataset(_sbu(), shuffle=False))


def case_sbu_decode():
    return _summary(ds.SBUDataset(_sbu(), decode=True, shuffle=False))


def _omniglot():
    root = tempfile.mkdtemp()
    k = 0
    for part in ("images_background", "images_evaluation"):
        for alpha in ("Greek", "Latin"):
            for ch in ("character01", "character02"):
                for i in range(2 if part == "images_background" else 1):
                    _write(os.path.join(root, part, alpha, ch, f"{k:04d}_{i + 1:02d}.png"), _img(3, 3, k))
                    k += 1
    return root


def case_omniglot_background():
    return _summary(ds.OmniglotDataset(_omniglot(), shuffle=False))


def case_omniglot_evaluation_decode():
    return _summary(ds.OmniglotDataset(_omniglot(), background=False, decode=True, shuffle=False))


def _div2k():
    root = tempfile.mkdtemp()
    k = 0
    for usage, ids in (("train", ["0001", "0002"]), ("valid", ["0801"])):
        for i in ids:
            _write(os.path.join(root, f"DIV2K_{usage}_HR", i + ".png"), _img(8, 8, k))
            _write(os.path.join(root, f"DIV2K_{usage}_LR_bicubic", "X2", i + "x2.png"), _img(4, 4, k + 50))
            _write(os.path.join(root, f"DIV2K_{usage}_LR_unknown", "X4", i + "x4.png"), _img(2, 2, k + 80))
            _write(os.path.join(root, f"DIV2K_{usage}_LR_mild", i + "x4m.png"), _img(2, 2, k + 90))
            k += 1
    return root


def case_div2k_train():
    return _summary(ds.DIV2KDataset(_div2k(), shuffle=False))


def case_div2k_all_unknown_decode():
    return _summary(ds.DIV2KDataset(_div2k(), usage="all", downgrade="unknown", scale=4, decode=True, shuffle=False))


def case_div2k_valid_mild():
    return _summary(ds.DIV2KDataset(_div2k(), usage="valid", downgrade="mild", scale=4, shuffle=False))


def case_div2k_bad_scale():
    return ds.DIV2KDataset(_div2k(), downgrade="mild", scale=2)


def case_fake_image():
    d = ds.FakeImageDataset(num_images=5, image_size=(4, 6, 3), num_classes=3, base_seed=1, shuffle=False)
    rows = _rows(d)
    return {"size": d.get_dataset_size(), "cols": d.get_col_names(),
            "shapes": [r["image"].shape for r in rows], "dtypes": [r["image"].dtype.name for r in rows],
            "label_dtypes": [r["label"].dtype.name for r in rows],
            "labels_in_range": all(0 <= int(r["label"]) < 3 for r in rows)}


def case_fake_image_bad_size():
    return ds.FakeImageDataset(num_images=2, image_size=(4, 6))
