"""serialize / deserialize / show / compare: MindSpore's JSON description of a pipeline.

A node becomes {"op_type": ..., "children": [...], <its arguments>} with MindSpore's key names; a source
records its directory (made absolute), usage and sampler; a map records each operation as
{"tensor_op_name", "tensor_op_params"} (Python callables as {"python_module", "tensor_op_name"}, which,
as in MindSpore, cannot be deserialized). Covered: the Mnist/FashionMnist/Cifar10/Cifar100/ImageFolder
sources (GeneratorDataset/NumpySlicesDataset are described but, as in MindSpore, cannot be rebuilt), Map (TypeCast, OneHot, Rescale, Normalize, Resize, HWC2CHW, Decode), Batch, Repeat, Shuffle, Skip,
Take, Project, Rename, Zip, Concat, Filter; other nodes raise RuntimeError.
"""
from __future__ import annotations

import json
import logging
import os
from typing import Any

import numpy as np

from mindshim.dataset.core import config
from mindshim.dataset.engine import samplers as S
from mindshim.dataset.engine.datasets import Dataset

_QUEUE = 16
_INTER_TO_JSON = {"LINEAR": 0, "BILINEAR": 0, "NEAREST": 1, "CUBIC": 2, "BICUBIC": 2, "AREA": 3, "PILCUBIC": 4}
_JSON_TO_INTER = {0: "LINEAR", 1: "NEAREST", 2: "CUBIC", 3: "AREA", 4: "PILCUBIC"}


def _f32(values: Any) -> list:
    return [float(np.float32(v)) for v in np.ravel(values)]


def _sampler(s: Any) -> dict:
    n = s.num_samples or 0
    if isinstance(s, S.PKSampler):
        out = {"num_samples": n, "num_val": s.num_val, "sampler_name": "PKSampler", "shuffle": s.shuffle}
    elif isinstance(s, S.DistributedSampler):
        out = {"even_dist": True, "num_samples": n, "num_shards": s.num_shards, "offset": -1,
               "sampler_name": "DistributedSampler", "seed": config.get_seed(), "shard_id": s.shard_id,
               "shuffle_mode": 2 if s.shuffle else 0}
    elif isinstance(s, S.RandomSampler):
        replacement = s.replacement or bool(getattr(s, "_from_arguments", False) and n)
        out = {"num_samples": n, "replacement": replacement, "reshuffle_each_epoch": True,
               "sampler_name": "RandomSampler", "shuffle_mode": 2}
    elif isinstance(s, S.SubsetRandomSampler):
        out = {"indices": list(s.subset), "num_samples": n, "sampler_name": "SubsetRandomSampler"}
    elif isinstance(s, S.SubsetSampler):
        out = {"indices": list(s.subset), "num_samples": n, "sampler_name": "SubsetSampler"}
    elif isinstance(s, S.WeightedRandomSampler):
        out = {"num_samples": n, "replacement": s.replacement, "sampler_name": "WeightedRandomSampler",
               "weights": [float(w) for w in s.weights]}
    elif isinstance(s, S.SequentialSampler):
        out = {"num_samples": n, "sampler_name": "SequentialSampler", "start_index": s.start_index}
    else:
        raise RuntimeError(f"serialize: sampler {type(s).__name__} cannot be serialized.")
    if getattr(s, "child", None) is not None:
        out["child_sampler"] = [_sampler(s.child)]
    return out


def _operation(op: Any) -> dict:
    name = type(op).__name__
    if name == "TypeCast":
        return {"tensor_op_name": "TypeCast", "tensor_op_params": {"data_type": str(np.dtype(op.np_dtype))}}
    if name == "OneHot":
        return {"tensor_op_name": "OneHot", "tensor_op_params": {"num_classes": op.num_classes,
                                                                  "smoothing_rate": float(op.smoothing_rate)}}
    if name == "Rescale":
        return {"tensor_op_name": "Rescale", "tensor_op_params": {"rescale": float(op.rescale),
                                                                   "shift": float(op.shift)}}
    if name == "Normalize":
        return {"tensor_op_name": "Normalize", "tensor_op_params": {
            "device_target": "CPU", "is_hwc": bool(op.is_hwc), "mean": _f32(op.mean), "std": _f32(op.std)}}
    if name == "Resize" and op.interpolation.name in _INTER_TO_JSON:
        size = [op.size] if isinstance(op.size, int) else list(op.size)
        return {"tensor_op_name": "Resize", "tensor_op_params": {
            "device_target": "CPU", "interpolation": _INTER_TO_JSON[op.interpolation.name], "size": size}}
    if name == "HWC2CHW":
        return {"tensor_op_name": "HwcToChw", "tensor_op_params": None}
    if name == "Decode" and hasattr(op, "to_pil") and not op.to_pil:
        return {"tensor_op_name": "Decode", "tensor_op_params": {"device_target": "CPU", "rgb": True}}
    if not type(op).__module__.startswith("mindshim."):  # a user's Python callable
        return {"python_module": "mindspore.dataset.transforms.py_transforms_util",
                "tensor_op_name": getattr(op, "__name__", name)}
    raise RuntimeError(f"serialize: the operation {name} cannot be serialized.")


def _workers(node: Any) -> int:
    return getattr(node, "_given_workers", None) or config.get_num_parallel_workers()


def _source(node: Any) -> dict:
    args = getattr(node, "_init_args", {})
    kind = getattr(node, "_name", type(node).__name__)
    out = {"children": [], "connector_queue_size": _QUEUE,
           "dataset_dir": os.path.realpath(args.get("dataset_dir", "")),
           "num_parallel_workers": args.get("num_parallel_workers") or config.get_num_parallel_workers(),
           "op_type": kind, "sampler": _sampler(node.sampler)}
    if kind == "ImageFolderDataset":
        out.update({"class_indexing": dict(args.get("class_indexing") or {}), "decode": bool(args.get("decode")),
                    "extensions": list(args.get("extensions") or []), "recursive": False})
    else:
        out["usage"] = args.get("usage") or "all"
    return out


_SOURCES = ("MnistDataset", "FashionMnistDataset", "Cifar10Dataset", "Cifar100Dataset", "ImageFolderDataset")


def node_json(node: Dataset) -> dict:
    kind = type(node).__name__
    kids = [node_json(c) for c in node.children]
    if kind in _SOURCES:
        return _source(node)
    if kind in ("_RandomAccess", "_Iterable", "_Slices"):  # GeneratorDataset/NumpySlicesDataset: never rebuilt
        return {"children": [], "connector_queue_size": _QUEUE, "num_parallel_workers": 1,
                "op_type": "GeneratorDataset"}
    if kind == "CallbackDataset":  # map(callbacks=...): folded into its map
        inner = kids[0]
        inner["callback"] = [type(cb).__name__ for cb, _ in node.callbacks]
        return inner
    base = {"children": kids, "op_type": None}
    if kind == "MapDataset":
        base.update({"callback": [], "connector_queue_size": _QUEUE, "input_columns": node._given_in,
                     "num_parallel_workers": _workers(node), "op_type": "Map",
                     "operations": [_operation(op) for op in node.operations], "output_columns": node._given_out})
    elif kind == "BatchDataset":
        base.update({"batch_size": node.batch_size, "connector_queue_size": _QUEUE,
                     "drop_remainder": bool(node.drop_remainder), "input_columns": node.input_columns or [],
                     "num_parallel_workers": _workers(node), "op_type": "Batch",
                     "output_columns": node.output_columns or []})
    elif kind == "RepeatDataset":
        base.update({"count": node.count, "op_type": "Repeat"})
    elif kind == "ShuffleDataset":
        base.update({"buffer_size": node.buffer_size, "op_type": "Shuffle", "reset_each_epoch": True})
    elif kind in ("SkipDataset", "TakeDataset"):
        base.update({"count": node.count, "op_type": kind[:-7]})
    elif kind == "ProjectDataset":
        base.update({"columns": list(node.columns), "op_type": "Project"})
    elif kind == "RenameDataset":
        base.update({"input_columns": node._given_in, "op_type": "Rename", "output_columns": node._given_out})
    elif kind == "ZipDataset":
        base.update({"connector_queue_size": _QUEUE, "num_parallel_workers": config.get_num_parallel_workers(),
                     "op_type": "Zip"})
    elif kind == "ConcatDataset":
        sizes = [c._size() for c in node.children]
        base.update({"children_flag_and_nums": [[0, n] for n in sizes], "children_sizes": sizes,
                     "children_start_end_index": [[-1, -1] for _ in sizes], "op_type": "Concat",
                     "sampler": _sampler(node.sampler or S.SequentialSampler())})
    elif kind == "FilterDataset":
        base.update({"input_columns": node._given_in, "num_parallel_workers": _workers(node),
                     "op_type": "Filter", "predicate": "pyfunc"})
    else:
        raise RuntimeError(f"serialize: the pipeline node {kind} cannot be serialized.")
    return base


def to_json(dataset: Dataset, filename: str = "") -> dict:
    out = node_json(dataset)
    if filename:
        with open(os.path.realpath(filename), "w") as f:
            json.dump(out, f, indent=2)
    return out


def serialize(dataset: Dataset, json_filepath: str = "") -> dict:
    """The pipeline as MindSpore's JSON dict (also written to `json_filepath` when given)."""
    return dataset.to_json(json_filepath)


# ----- deserialize -----
def _make_sampler(d: dict | None) -> Any:
    if d is None:
        return None
    name, n = d["sampler_name"], d.get("num_samples") or None
    if name == "SequentialSampler":
        s = S.SequentialSampler(d.get("start_index", 0), n)
    elif name == "RandomSampler":
        s = S.RandomSampler(d.get("replacement", False), n)
    elif name == "DistributedSampler":
        s = S.DistributedSampler(d["num_shards"], d["shard_id"], d.get("shuffle_mode", 0) != 0, n)
    elif name == "SubsetRandomSampler":
        s = S.SubsetRandomSampler(d["indices"], n)
    elif name == "SubsetSampler":
        s = S.SubsetSampler(d["indices"], n)
    elif name == "WeightedRandomSampler":
        s = S.WeightedRandomSampler(d["weights"], n, d.get("replacement", True))
    elif name == "PKSampler":
        s = S.PKSampler(d["num_val"], None, d.get("shuffle", False), num_samples=n)
    else:
        raise RuntimeError(f"deserialize: unknown sampler {name!r}.")
    for child in d.get("child_sampler", []):
        s.add_child(_make_sampler(child))
    return s


def _make_op(d: dict) -> Any:
    from mindshim.dataset import transforms as T, vision as V
    name, p = d.get("tensor_op_name"), d.get("tensor_op_params") or {}
    if "python_module" in d or name is None:
        raise RuntimeError(f"deserialize: the Python function {name!r} cannot be rebuilt from its JSON description.")
    makers = {
        "TypeCast": lambda: T.TypeCast(np.dtype(p["data_type"])),
        "OneHot": lambda: T.OneHot(p["num_classes"], p.get("smoothing_rate", 0.0)),
        "Rescale": lambda: V.Rescale(p["rescale"], p["shift"]),
        "Normalize": lambda: V.Normalize(p["mean"], p["std"], p.get("is_hwc", True)),
        "Resize": lambda: V.Resize(p["size"][0] if len(p["size"]) == 1 else list(p["size"]),
                                   V.Inter[_JSON_TO_INTER[p.get("interpolation", 0)]]),
        "HwcToChw": lambda: V.HWC2CHW(),
        "Decode": lambda: V.Decode(),
    }
    if name not in makers:
        raise RuntimeError(f"deserialize: the operation {name!r} is not supported.")
    return makers[name]()


def _build(d: dict) -> Dataset:
    import mindshim.dataset as ds
    kind = d["op_type"]
    kids = [_build(c) for c in d.get("children", [])]
    if kind in _SOURCES:
        cls = getattr(ds, kind)
        kw: dict = {"num_parallel_workers": d.get("num_parallel_workers"), "sampler": _make_sampler(d.get("sampler"))}
        if kind == "ImageFolderDataset":
            kw.update({"decode": d.get("decode", False), "extensions": d.get("extensions") or None,
                       "class_indexing": d.get("class_indexing") or None})
        else:
            kw["usage"] = d.get("usage", "all")
        return cls(d["dataset_dir"], **kw)
    child = kids[0] if kids else None
    if kind == "Map":
        return child.map([_make_op(o) for o in d["operations"]], d.get("input_columns") or None,
                         d.get("output_columns") or None, num_parallel_workers=d.get("num_parallel_workers"))
    if kind == "Batch":
        return child.batch(d["batch_size"], d.get("drop_remainder", False), d.get("num_parallel_workers"))
    if kind == "Repeat":
        return child.repeat(d["count"])
    if kind == "Shuffle":
        return child.shuffle(d["buffer_size"])
    if kind == "Skip":
        return child.skip(d["count"])
    if kind == "Take":
        return child.take(d["count"])
    if kind == "Project":
        return child.project(d["columns"])
    if kind == "Rename":
        return child.rename(d["input_columns"], d["output_columns"])
    if kind == "Zip":
        return kids[0].zip(tuple(kids[1:]))
    if kind == "Concat":
        return kids[0].concat(kids[1:])
    raise RuntimeError(f"deserialize: the pipeline node {kind!r} is not supported.")


def deserialize(input_dict: dict | None = None, json_filepath: str | None = None) -> Dataset | None:
    """Rebuild a pipeline from `serialize`'s dict or JSON file."""
    data = None
    if input_dict:
        data = _build(input_dict)
    if json_filepath:
        with open(os.path.realpath(json_filepath)) as f:
            data = _build(json.load(f))
    return data


def show(dataset: Dataset, indentation: int | None = 2) -> None:
    """Log the pipeline's JSON at INFO level (MindSpore writes it to its log, not stdout)."""
    logging.getLogger("mindspore").info(json.dumps(dataset.to_json(), indent=indentation))


def compare(pipeline1: Dataset, pipeline2: Dataset) -> bool:
    """Whether two pipelines have the same JSON description."""
    return pipeline1.to_json() == pipeline2.to_json()


__all__ = ["serialize", "deserialize", "show", "compare"]
