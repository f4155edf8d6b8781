"""mindspore.dataset.transforms."""
from mindshim.dataset.transforms.transforms import (
    Compose, Concatenate, Duplicate, Fill, Mask, OneHot, PadEnd, PyTensorOperation, RandomApply, RandomChoice,
    RandomOrder, Relational, Slice, TensorOperation, TypeCast, Unique, not_random,
)

__all__ = ["TensorOperation", "PyTensorOperation", "TypeCast", "OneHot", "Fill", "Duplicate", "Concatenate",
           "Compose", "RandomApply", "RandomChoice", "RandomOrder", "Mask", "PadEnd", "Slice", "Unique", "Relational",
           "not_random"]
