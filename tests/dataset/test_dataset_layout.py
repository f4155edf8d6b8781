"""mindspore.dataset's module layout: one home per name, r1.x legacy paths re-export the same objects."""
from __future__ import annotations

import importlib

import pytest

import mindshim

LEGACY = {
    "mindspore.dataset.transforms.c_transforms": "mindshim.dataset.transforms",
    "mindspore.dataset.transforms.py_transforms": "mindshim.dataset.transforms",
    "mindspore.dataset.vision.c_transforms": "mindshim.dataset.vision",
    "mindspore.dataset.vision.py_transforms": "mindshim.dataset.vision",
}


@pytest.fixture(autouse=True)
def _alias():
    mindshim.install_alias()


@pytest.mark.parametrize("legacy,home", sorted(LEGACY.items()))
def test_legacy_paths_reexport_same_objects(legacy: str, home: str) -> None:
    old, new = importlib.import_module(legacy), importlib.import_module(home)
    names = [n for n in old.__all__ if hasattr(new, n)]
    assert names and len(names) == len(old.__all__)
    for name in names:
        assert getattr(old, name) is getattr(new, name), name


def test_seed001_import_lines_resolve() -> None:
    import mindspore.dataset as ds
    import mindspore.dataset.transforms.c_transforms as C
    import mindspore.dataset.vision.c_transforms as CV
    from mindspore.dataset.vision import Inter
    assert ds.MnistDataset is importlib.import_module("mindshim.dataset.engine.datasets_vision").MnistDataset
    assert CV.Resize is importlib.import_module("mindshim.dataset.vision.transforms").Resize
    assert C.TypeCast is importlib.import_module("mindshim.dataset.transforms.transforms").TypeCast
    assert Inter.LINEAR == Inter.BILINEAR == 2 and Inter.NEAREST == 0  # MindSpore 2.10's values


@pytest.mark.parametrize("path,names", [
    ("mindspore.dataset", ["GeneratorDataset", "NumpySlicesDataset", "MnistDataset", "FashionMnistDataset",
                           "Cifar10Dataset", "Cifar100Dataset", "ImageFolderDataset", "RandomSampler",
                           "SequentialSampler", "DistributedSampler", "SubsetRandomSampler", "WeightedRandomSampler",
                           "config", "transforms", "vision"]),
    ("mindspore.dataset.core.config", ["set_seed", "get_seed", "set_num_parallel_workers", "get_num_parallel_workers",
                                  "set_prefetch_size", "get_prefetch_size"]),
    ("mindspore.dataset.transforms", ["TypeCast", "OneHot", "Compose", "Fill", "Duplicate", "Concatenate",
                                      "RandomApply", "RandomChoice"]),
    ("mindspore.dataset.vision", ["Decode", "Resize", "Inter", "Rescale", "Normalize", "HWC2CHW", "ToTensor",
                                  "CenterCrop", "RandomCrop", "RandomResizedCrop", "RandomHorizontalFlip",
                                  "RandomVerticalFlip", "RandomRotation", "RandomColorAdjust", "Pad", "ConvertColor"]),
])
def test_public_names_exist(path: str, names: list[str]) -> None:
    module = importlib.import_module(path)
    assert [n for n in names if not hasattr(module, n)] == []


def test_config_is_global_state_with_reset() -> None:
    import mindspore.dataset as ds
    assert ds.config is importlib.import_module("mindspore.dataset.core.config")  # as in MindSpore: no .config module
    ds.config.set_seed(5)
    ds.config.set_num_parallel_workers(3)
    ds.config.set_prefetch_size(4)
    assert (ds.config.get_seed(), ds.config.get_num_parallel_workers(), ds.config.get_prefetch_size()) == (5, 3, 4)
    with pytest.raises(ValueError):
        ds.config.set_seed(-1)
    with pytest.raises(ValueError):
        ds.config.set_num_parallel_workers(0)


@pytest.mark.parametrize("path,names", [  # names the r1.8 modules held that model-zoo scripts call
    ("mindspore.dataset.vision.c_transforms", ["RandomCropDecodeResize", "RandomColor", "RandomSharpness",
                                               "UniformAugment", "RandomAffine", "CutMixBatch", "MixUpBatch",
                                               "BoundingBoxAugment", "ResizeWithBBox", "AutoAugment", "RandomResize",
                                               "GaussianBlur", "NormalizePad", "SlicePatches", "RandomLighting"]),
    ("mindspore.dataset.vision.py_transforms", ["FiveCrop", "TenCrop", "HsvToRgb", "RgbToHsv", "MixUp",
                                                "LinearTransformation", "RandomPerspective", "RandomAffine"]),
    ("mindspore.dataset.transforms.c_transforms", ["Unique", "Relational", "Mask", "PadEnd"]),
])
def test_r1_module_names_exist(path: str, names: list[str]) -> None:
    module = importlib.import_module(path)
    assert [n for n in names if n not in module.__all__ or not hasattr(module, n)] == []
