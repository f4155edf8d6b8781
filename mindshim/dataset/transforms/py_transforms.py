"""r1.x path mindspore.dataset.transforms.py_transforms: the same objects as mindspore.dataset.transforms."""
from mindshim.dataset.transforms.transforms import (
    Compose, Concatenate, Duplicate, Fill, Mask, OneHot, PadEnd, RandomApply, RandomChoice, RandomOrder, Relational,
    Slice, TypeCast,
)

__all__ = ["TypeCast", "OneHot", "Fill", "Duplicate", "Concatenate", "Compose", "RandomApply", "RandomChoice",
           "RandomOrder", "Mask", "PadEnd", "Slice", "Relational"]
