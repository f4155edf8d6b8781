"""Dynamic-shape placeholders: `Tensor(shape=[None, 3], dtype=ms.float32)`.

MindSpore declares a network's variable input dimensions with such placeholders and `Cell.set_inputs`;
a placeholder has shape `(-1, 3)` and no data. Here it is an empty tensor (0 in each unknown dimension)
that reports MindSpore's shape. `Cell.set_inputs` hands the unknown dimensions to the execution engine,
which compiles them as dynamic dimensions from the first call (one graph for every batch size), and
checks each real input against its placeholder's rank, dtype and known dimensions.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import torch

from mindshim.common import dtype as mstype
from mindshim.common.tensor import Tensor


class ShapePlaceholder(Tensor):
    """A Tensor of declared shape with -1 in its unknown dimensions; it holds no data."""

    _declared: tuple = ()

    @property
    def shape(self) -> tuple:
        return self._declared

    def asnumpy(self) -> np.ndarray:
        raise ValueError("negative dimensions are not allowed")

    def __repr__(self) -> str:
        return f"Tensor(shape={list(self._declared)}, dtype={self.dtype}, value=\n)"


def is_unknown(dim: Any) -> bool:
    return dim is None or (isinstance(dim, int) and dim < 0)


def placeholder(shape: tuple, dtype: Any, device: torch.device) -> ShapePlaceholder:
    declared = tuple(-1 if is_unknown(d) else int(d) for d in shape)
    data = torch.zeros([0 if d < 0 else d for d in declared], dtype=mstype.to_torch(dtype or mstype.float32),
                       device=device)
    out = data.as_subclass(ShapePlaceholder)
    out._declared = declared
    return out


def dynamic_dims(inputs: tuple) -> tuple[tuple[int, ...], ...]:
    """For each declared input, the dimensions that are unknown."""
    return tuple(tuple(i for i, d in enumerate(x.shape) if d < 0) if isinstance(x, ShapePlaceholder) else ()
                 for x in inputs)


def check_inputs(cell_name: str, declared: tuple, actual: tuple) -> None:
    """MindSpore's check of real inputs against `set_inputs` placeholders (ValueError / TypeError)."""
    if len(actual) != len(declared):
        raise ValueError(f"For '{cell_name}', the number of inputs set by set_inputs ({len(declared)}) is not "
                         f"equal to the number of inputs of construct ({len(actual)}).")
    for i, (want, got) in enumerate(zip(declared, actual)):
        if not isinstance(want, Tensor) or not isinstance(got, torch.Tensor):
            continue
        if want.dtype != got.dtype:
            raise TypeError(f"For '{cell_name}', the dtype of input {i} set by set_inputs is {want.dtype}, "
                            f"but the actual input's dtype is {got.dtype}.")
        shape, real = tuple(want.shape), tuple(got.shape)
        if len(shape) != len(real) or any(d >= 0 and d != r for d, r in zip(shape, real)):
            raise ValueError(f"For '{cell_name}', the shape of input {i} set by set_inputs is {list(shape)}, "
                             f"but the actual input's shape is {list(real)}.")
