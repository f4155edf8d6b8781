"""Parity of `mindspore.dataset.transforms.Unique` in a pipeline (first-seen order of the flattened input, int32
indices and counts, the input dtype kept; rank < 2 and string inputs refused at run time) and of the names
`mindspore.dataset.vision.transforms` holds (every vision transform, whichever module defines it)."""
import numpy as np

import mindspore.dataset as ds
import mindspore.dataset.transforms as T
import mindspore.dataset.vision as vision
import mindspore.dataset.vision.transforms as vt

COMPILED_PASS = False  # dataset pipelines: no network to compile


def _unique_rows(data):
    dset = ds.NumpySlicesDataset([data], column_names=["x"], shuffle=False)
    dset = dset.map(operations=T.Unique(), input_columns=["x"], output_columns=["x", "y", "z"])
    try:
        return [{k: {"value": v, "dtype": v.dtype.str} for k, v in row.items()}
                for row in dset.create_dict_iterator(output_numpy=True)]
    except Exception as exc:  # noqa: BLE001 - the error type is the result
        return {"error": type(exc).__name__}


def case_unique_in_pipeline():
    return {"int64_2d": _unique_rows(np.array([[3, 3], [1, 3]], np.int64)),
            "float_3d": _unique_rows(np.array([[[1.5, 0.5], [1.5, 2.0]]], np.float32)),
            "int32_2d": _unique_rows(np.array([[7, 2, 7, 9], [2, 2, 9, 0]], np.int32)),
            "rank1": _unique_rows(np.array([5, 2, 5], np.int32)),
            "string": _unique_rows(np.array([["a", "b"], ["a", "c"]]))}


def case_vision_transforms_module_names():
    names = ["RandomCropDecodeResize", "RandomAffine", "RandomPerspective", "Affine", "Perspective", "AutoAugment",
             "RandAugment", "TrivialAugmentWide", "UniformAugment", "MixUp", "MixUpBatch", "CutMixBatch",
             "RandomSelectSubpolicy", "BoundingBoxAugment", "ResizeWithBBox", "RandomCropWithBBox",
             "RandomHorizontalFlipWithBBox", "RandomVerticalFlipWithBBox", "RandomResizedCropWithBBox",
             "RandomResizeWithBBox", "GaussianBlur", "NormalizePad", "RandomColor", "RandomSharpness",
             "AdjustSharpness", "RandomAdjustSharpness", "RandomLighting", "RandomResize", "SlicePatches",
             "FiveCrop", "TenCrop", "HsvToRgb", "RgbToHsv", "LinearTransformation", "Decode", "Resize"]
    return {n: getattr(vt, n) is getattr(vision, n) for n in names}
