"""Parity of the VOC and COCO readers: each case writes a tiny dataset in the on-disk layout MindSpore documents
(PNG/JPEG images written with PIL, XML/JSON annotations) into a temporary folder and reads it back."""
import io
import json
import os
import tempfile

import numpy as np
from PIL import Image

import mindspore.dataset as ds

COMPILED_PASS = False
TOLERANCES = {}


def _img(h, w, seed, fmt="PNG", mode="RGB"):
    rng = np.random.RandomState(seed)
    arr = rng.randint(0, 256, (h, w, 3) if mode == "RGB" else (h, w), dtype=np.uint8)
    buf = io.BytesIO()
    Image.fromarray(arr, mode).save(buf, format=fmt)
    return buf.getvalue()


def _write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb" if isinstance(data, bytes) else "w") as f:
        f.write(data)


_OBJ = ("<object><name>{name}</name><difficult>{d}</difficult><truncated>{t}</truncated>"
        "<bndbox><xmin>{x0}</xmin><ymin>{y0}</ymin><xmax>{x1}</xmax><ymax>{y1}</ymax></bndbox></object>")


def _voc(fmt="PNG", bad_box=False):
    root = tempfile.mkdtemp()
    ids = ["2007_000001", "2007_000002", "2007_000003"]
    objs = {ids[0]: [("dog", 0, 1, 1, 2, 5, 6), ("cat", 1, 0, 1, 1, 3, 4)],
            ids[1]: [("person", 0, 0, 2, 1, 7, 5)],
            ids[2]: [("cat", 0, 0, 1.5, 2.5, 6.5, 7), ("dog", 0, 1, 1, 1, 4, 4), ("bird", 1, 1, 2, 2, 3, 3)]}
    if bad_box:
        objs[ids[0]][1] = ("cat", 1, 0, 0, 0, 3, 4)
    for k, i in enumerate(ids):
        _write(os.path.join(root, "JPEGImages", i + ".jpg"), _img(6 + k, 8, k, fmt))
        _write(os.path.join(root, "SegmentationClass", i + ".png"), _img(6 + k, 8, 10 + k, "PNG", "L"))
        body = "".join(_OBJ.format(name=n, d=d, t=t, x0=a, y0=b, x1=c, y1=e) for n, d, t, a, b, c, e in objs[i])
        _write(os.path.join(root, "Annotations", i + ".xml"),
               f"<annotation><filename>{i}.jpg</filename><size><width>8</width><height>6</height>"
               f"<depth>3</depth></size>{body}</annotation>")
    for task in ("Segmentation", "Main"):
        _write(os.path.join(root, "ImageSets", task, "train.txt"), "\n".join(ids) + "\n")
        _write(os.path.join(root, "ImageSets", task, "val.txt"), ids[1] + "\n")
    return root


def _raises(fn):
    """The exception type fn() raises: a message naming a temporary path would change every run."""
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type is the result
        return type(e).__name__
    return "no error"


def _rows(dataset):
    out = []
    for row in dataset.create_dict_iterator(output_numpy=True, num_epochs=1):
        out.append({k: (v.tolist() if v.dtype.kind in "US" else v) for k, v in row.items()})
    return out


def _summary(dataset):
    return {"rows": _rows(dataset), "size": dataset.get_dataset_size(), "cols": dataset.get_col_names()}


def case_voc_segmentation_raw():
    return _summary(ds.VOCDataset(_voc(), task="Segmentation", usage="train", shuffle=False))


def case_voc_segmentation_decode():
    return _summary(ds.VOCDataset(_voc(), task="Segmentation", usage="train", decode=True, shuffle=False))


def case_voc_detection_raw():
    d = ds.VOCDataset(_voc(), task="Detection", usage="train", shuffle=False)
    return {**_summary(d), "classes": d.get_class_indexing()}


def case_voc_detection_decode_val():
    return _summary(ds.VOCDataset(_voc(), task="Detection", usage="val", decode=True, shuffle=False))


def case_voc_detection_class_indexing():
    d = ds.VOCDataset(_voc(), task="Detection", class_indexing={"cat": 5, "dog": 7, "person": 1, "bird": 0},
                      shuffle=False)
    return {**_summary(d), "classes": d.get_class_indexing()}


def case_voc_tuple_iterator_shards():
    d = ds.VOCDataset(_voc(), task="Detection", num_shards=2, shard_id=1, shuffle=False)
    rows = [[c.shape for c in r] for r in d.create_tuple_iterator(output_numpy=True, num_epochs=1)]
    return {"rows": rows, "size": d.get_dataset_size()}


def case_voc_num_samples():
    d = ds.VOCDataset(_voc(), task="Segmentation", num_samples=2, shuffle=False)
    return {"size": d.get_dataset_size(), "n": len(_rows(d))}


def case_voc_sampler():
    d = ds.VOCDataset(_voc(), task="Detection", sampler=ds.SequentialSampler(start_index=1))
    return {"size": d.get_dataset_size(), "labels": [r["label"] for r in _rows(d)]}


def case_voc_zero_bbox():
    return _rows(ds.VOCDataset(_voc(bad_box=True), task="Detection", shuffle=False))


def case_voc_jpeg_decode():
    return _summary(ds.VOCDataset(_voc("JPEG"), task="Segmentation", decode=True, shuffle=False))


def case_voc_extra_metadata():
    d = ds.VOCDataset(_voc(), task="Detection", shuffle=False, extra_metadata=True)
    return {"cols": d.get_col_names(), "names": [r["fn"] for r in _rows(d.rename("_meta-filename", "fn"))]}


def case_voc_extra_metadata_hidden():
    d = ds.VOCDataset(_voc(), task="Detection", shuffle=False, extra_metadata=True)
    return {"dict_keys": list(_rows(d)[0]),
            "tuple_len": len(next(d.create_tuple_iterator(output_numpy=True, num_epochs=1)))}


def case_voc_drop_unindexed():
    d = ds.VOCDataset(_voc(), task="Detection", class_indexing={"cat": 1, "dog": 2}, shuffle=False)
    return {**_summary(d), "classes": d.get_class_indexing()}


def case_voc_bad_task():
    return ds.VOCDataset(_voc(), task="Classification")


def case_voc_class_indexing_segmentation():
    return ds.VOCDataset(_voc(), task="Segmentation", class_indexing={"a": 1})


def case_voc_missing_usage():
    root = _voc()
    return _raises(lambda: ds.VOCDataset(root, task="Detection", usage="test"))


def case_voc_missing_dir():
    return ds.VOCDataset("/nonexistent/voc_dir_xyz")


def case_voc_sampler_and_shuffle():
    return ds.VOCDataset(_voc(), sampler=ds.SequentialSampler(), shuffle=False)


def case_voc_shard_id_range():
    return ds.VOCDataset(_voc(), num_shards=2, shard_id=2)


def case_voc_decode_type():
    return ds.VOCDataset(_voc(), decode=1)


def case_voc_segmentation_class_indexing_getter():
    return ds.VOCDataset(_voc(), task="Segmentation").get_class_indexing()


def _coco():
    root = tempfile.mkdtemp()
    img_dir = os.path.join(root, "images")
    names = ["000000000009.png", "000000000025.png", "000000000030.png"]
    images = []
    for k, n in enumerate(names):
        _write(os.path.join(img_dir, n), _img(5 + k, 7, 20 + k))
        images.append({"id": [9, 25, 30][k], "file_name": n, "height": 5 + k, "width": 7})
    cats = [{"id": 1, "name": "person", "supercategory": "human"}, {"id": 3, "name": "car", "supercategory": "v"},
            {"id": 7, "name": "dog", "supercategory": "animal"}]
    det = [{"id": 1, "image_id": 9, "category_id": 1, "bbox": [1.0, 2.0, 3.0, 2.5], "iscrowd": 0,
            "segmentation": [[1.0, 2.0, 4.0, 2.0, 4.0, 4.5]], "area": 3.0},
           {"id": 2, "image_id": 9, "category_id": 7, "bbox": [0.5, 0.0, 2.0, 1.0], "iscrowd": 1,
            "segmentation": {"counts": [3, 2, 4, 1, 5], "size": [5, 7]}, "area": 2.0},
           {"id": 3, "image_id": 25, "category_id": 3, "bbox": [2.0, 1.0, 1.0, 1.0], "iscrowd": 0,
            "segmentation": [[2.0, 1.0, 3.0, 1.0, 3.0, 2.0], [2.0, 2.0, 2.5, 2.0]], "area": 1.0},
           {"id": 4, "image_id": 30, "category_id": 1, "bbox": [0.0, 0.0, 7.0, 7.0], "iscrowd": 0,
            "segmentation": [[0.0, 0.0, 7.0, 0.0, 7.0, 7.0, 0.0, 7.0]], "area": 49.0,
            "keypoints": [1, 2, 2, 3, 4, 1, 0, 0, 0], "num_keypoints": 2}]
    ann = {"images": images, "annotations": det, "categories": cats}
    _write(os.path.join(root, "det.json"), json.dumps(ann))
    kp = {"images": images, "categories": cats,
          "annotations": [dict(a, keypoints=[1, 2, 2, 3, 4, 1, 0, 0, 0], num_keypoints=2) for a in det]}
    _write(os.path.join(root, "kp.json"), json.dumps(kp))
    pan = {"images": images, "categories": [dict(c, isthing=int(c["id"] != 3)) for c in cats],
           "annotations": [{"image_id": 9, "file_name": "a.png",
                            "segments_info": [{"id": 11, "category_id": 1, "iscrowd": 0, "bbox": [1, 2, 3, 4],
                                               "area": 12}, {"id": 12, "category_id": 3, "iscrowd": 1,
                                                             "bbox": [0, 0, 2, 2], "area": 4}]},
                           {"image_id": 25, "file_name": "b.png",
                            "segments_info": [{"id": 13, "category_id": 7, "iscrowd": 0, "bbox": [1, 1, 1, 1],
                                               "area": 1}]},
                           {"image_id": 30, "file_name": "c.png",
                            "segments_info": [{"id": 14, "category_id": 1, "iscrowd": 0, "bbox": [0, 0, 5, 5],
                                               "area": 25}]}]}
    _write(os.path.join(root, "pan.json"), json.dumps(pan))
    cap = {"images": images, "annotations": [{"id": 1, "image_id": 9, "caption": "a person"},
                                             {"id": 2, "image_id": 9, "caption": "a dog and a person"},
                                             {"id": 3, "image_id": 25, "caption": "red car"},
                                             {"id": 4, "image_id": 30, "caption": "someone"}]}
    _write(os.path.join(root, "cap.json"), json.dumps(cap))
    return root, img_dir


def _coco_case(task, ann, **kw):
    root, img_dir = _coco()
    d = ds.CocoDataset(img_dir, os.path.join(root, ann), task=task, shuffle=False, **kw)
    out = _summary(d)
    try:
        out["classes"] = d.get_class_indexing()
    except Exception as e:  # noqa: BLE001
        out["classes"] = type(e).__name__
    return out


def case_coco_detection():
    return _coco_case("Detection", "det.json")


def case_coco_detection_decode():
    return _coco_case("Detection", "det.json", decode=True)


def case_coco_stuff():
    return _coco_case("Stuff", "det.json")


def case_coco_keypoint():
    return _coco_case("Keypoint", "kp.json")


def case_coco_panoptic():
    return _coco_case("Panoptic", "pan.json")


def case_coco_captioning():
    return _coco_case("Captioning", "cap.json")


def case_coco_extra_metadata():
    root, img_dir = _coco()
    d = ds.CocoDataset(img_dir, os.path.join(root, "det.json"), shuffle=False, extra_metadata=True)
    d = d.rename("_meta-filename", "filename")
    return _summary(d)


def case_coco_image_order():
    root, img_dir = _coco()
    _write(os.path.join(img_dir, "000000000040.png"), _img(4, 4, 3))
    with open(os.path.join(root, "det.json")) as f:
        ann = json.load(f)
    ann["images"] = [ann["images"][2], ann["images"][0], {"id": 40, "file_name": "000000000040.png", "height": 4,
                                                         "width": 4}, ann["images"][1]]
    ann["annotations"] = [ann["annotations"][k] for k in (3, 2, 0, 1)]
    _write(os.path.join(root, "u.json"), json.dumps(ann))
    return _summary(ds.CocoDataset(img_dir, os.path.join(root, "u.json"), shuffle=False))


def case_coco_keypoint_missing():
    root, img_dir = _coco()
    return _rows(ds.CocoDataset(img_dir, os.path.join(root, "det.json"), task="Keypoint", shuffle=False))


def case_coco_shards():
    root, img_dir = _coco()
    d = ds.CocoDataset(img_dir, os.path.join(root, "det.json"), num_shards=2, shard_id=0, shuffle=False)
    return {"size": d.get_dataset_size(), "cats": [r["category_id"] for r in _rows(d)]}


def case_coco_bad_task():
    root, img_dir = _coco()
    return ds.CocoDataset(img_dir, os.path.join(root, "det.json"), task="Segmentation")


def case_coco_missing_annotation():
    root, img_dir = _coco()
    return _raises(lambda: ds.CocoDataset(img_dir, os.path.join(root, "none.json")))


def case_coco_missing_dir():
    root, _ = _coco()
    return ds.CocoDataset("/nonexistent/coco_xyz", os.path.join(root, "det.json"))
