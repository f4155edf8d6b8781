"""r1.x path mindspore.dataset.transforms.c_transforms: the same objects as mindspore.dataset.transforms."""
from mindshim.dataset.transforms.transforms import (
    Compose, Concatenate, Duplicate, Fill, Mask, OneHot, PadEnd, RandomApply, RandomChoice, RandomOrder, Relational,
    Slice, TypeCast, Unique,
)

__all__ = ["TypeCast", "OneHot", "Fill", "Duplicate", "Concatenate", "Compose", "RandomApply", "RandomChoice",
           "RandomOrder", "Mask", "PadEnd", "Slice", "Unique", "Relational"]
