"""mindspore.dataset.transforms: general data transforms on numpy columns."""
from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from mindshim.common import dtype as mstype
from mindshim.dataset.core import config


class TensorOperation:
    """Base of every transform: called with one column value (or several), returns numpy."""

    # Ops that set _batch_ok also implement _batch_apply(stack): the same numbers for a stack of
    # equal-shaped rows (leading axis N), so a map can transform a chunk of rows in one numpy call.
    _batch_ok = False

    def __call__(self, *args: Any) -> Any:
        raise NotImplementedError

    def _batch_apply(self, stack: np.ndarray) -> np.ndarray:
        return np.stack([self(row) for row in stack])

    def _rng(self) -> np.random.Generator:
        in_row = config.row_rng((type(self).__name__,))
        if in_row is not None:
            return in_row
        self._calls = getattr(self, "_calls", 0) + 1
        return config.rng((type(self).__name__, id(self) if config.get_seed_or_none() is None else 0, self._calls))


PyTensorOperation = TensorOperation


def _np_dtype(dtype: Any):
    if isinstance(dtype, mstype.Type):
        return mstype.dtype_to_nptype(dtype)
    return np.dtype(dtype)


class TypeCast(TensorOperation):
    _batch_ok = True

    def __init__(self, data_type: Any) -> None:
        try:
            self.np_dtype = np.dtype(_np_dtype(data_type))
        except TypeError:  # mstype.string: a valid target that no numeric column can be cast to
            self.np_dtype = np.dtype(np.str_)

    def __call__(self, x: Any) -> np.ndarray:
        x = np.asarray(x)
        if x.dtype.kind in "USO" or self.np_dtype.kind in "USO":  # MindSpore casts numbers only
            from mindshim.dataset.engine.datasets import _pipeline_error
            raise _pipeline_error(f"TypeCast: only numeric data can be cast, but got input type {x.dtype} and "
                                  f"target type {self.np_dtype}.")
        return x.astype(self.np_dtype)

    _batch_apply = __call__


class OneHot(TensorOperation):
    def __init__(self, num_classes: int, smoothing_rate: float = 0.0) -> None:
        self.num_classes, self.smoothing_rate = num_classes, smoothing_rate

    def __call__(self, label: Any) -> np.ndarray:
        label = np.asarray(label)
        if label.ndim and label.shape[-1] == 1:  # MindSpore treats a trailing axis of 1 as the class index
            label = label[..., 0]
        out = np.eye(self.num_classes, dtype=label.dtype)[label]
        if self.smoothing_rate:
            out = out.astype(np.float64) * (1 - self.smoothing_rate) + self.smoothing_rate / self.num_classes
        return out


class Fill(TensorOperation):
    def __init__(self, fill_value: Any) -> None:
        self.fill_value = fill_value

    def __call__(self, x: Any) -> np.ndarray:
        x = np.asarray(x)
        return np.full_like(x, self.fill_value)


class Duplicate(TensorOperation):
    def __call__(self, x: Any) -> tuple:
        x = np.asarray(x)
        return x, x.copy()


class Concatenate(TensorOperation):
    def __init__(self, axis: int = 0, prepend: Any = None, append: Any = None) -> None:
        self.axis, self.prepend, self.append = axis, prepend, append

    def __call__(self, *xs: Any) -> np.ndarray:
        parts = ([np.asarray(self.prepend)] if self.prepend is not None else []) + [np.asarray(x) for x in xs] + (
            [np.asarray(self.append)] if self.append is not None else [])
        return np.concatenate(parts, axis=self.axis)


class Compose(TensorOperation):
    def __init__(self, transforms: Sequence) -> None:
        self.transforms = list(transforms)

    def __call__(self, *args: Any) -> Any:
        out: Any = args
        for t in self.transforms:
            out = t(*out) if isinstance(out, tuple) else t(out)
        return out


class RandomApply(TensorOperation):
    def __init__(self, transforms: Sequence, prob: float = 0.5) -> None:
        self.transforms, self.prob = Compose(transforms), prob

    def __call__(self, *args: Any) -> Any:
        if self._rng().random() < self.prob:
            return self.transforms(*args)
        return args[0] if len(args) == 1 else args


class RandomChoice(TensorOperation):
    def __init__(self, transforms: Sequence) -> None:
        self.transforms = list(transforms)

    def __call__(self, *args: Any) -> Any:
        return self.transforms[self._rng().integers(len(self.transforms))](*args)


class RandomOrder(TensorOperation):
    def __init__(self, transforms: Sequence) -> None:
        self.transforms = list(transforms)

    def __call__(self, *args: Any) -> Any:
        order = self._rng().permutation(len(self.transforms))
        return Compose([self.transforms[i] for i in order])(*args)


class Mask(TensorOperation):
    def __init__(self, operator: Any, constant: Any, dtype: Any = mstype.bool_) -> None:
        import operator as op
        self.fn = {"==": op.eq, "!=": op.ne, ">": op.gt, ">=": op.ge, "<": op.lt, "<=": op.le}.get(
            getattr(operator, "value", operator), op.eq)
        self.constant, self.np_dtype = constant, _np_dtype(dtype)

    def __call__(self, x: Any) -> np.ndarray:
        return self.fn(np.asarray(x), self.constant).astype(self.np_dtype)


class PadEnd(TensorOperation):
    def __init__(self, pad_shape: Sequence[int], pad_value: Any = None) -> None:
        self.pad_shape, self.pad_value = list(pad_shape), pad_value

    def __call__(self, x: Any) -> np.ndarray:
        x = np.asarray(x)
        out = np.full(self.pad_shape, self.pad_value if self.pad_value is not None else 0, dtype=x.dtype)
        sl = tuple(slice(0, min(a, b)) for a, b in zip(x.shape, self.pad_shape))
        out[sl] = x[sl]
        return out


class Slice(TensorOperation):
    def __init__(self, *slices: Any) -> None:
        self.slices = slices

    def __call__(self, x: Any) -> np.ndarray:
        return np.asarray(x)[tuple(s if not isinstance(s, list) else np.asarray(s) for s in self.slices)]


class Unique(TensorOperation):
    """The distinct values of the flattened input in first-seen order, each element's index into them and each
    value's count (int32). MindSpore's kernel refuses inputs of rank < 2 and non-numeric ones."""

    def __call__(self, x: Any) -> tuple:
        x = np.asarray(x)
        if x.dtype.kind in "USO":
            raise RuntimeError("Unique: only support numeric datatype of input, got string.")
        if x.ndim < 2:
            raise RuntimeError(f"Unique: input must be at least 2-D in order to do unique op, got rank:{x.ndim}")
        flat = x.reshape(-1)
        values, first, inverse, counts = np.unique(flat, return_index=True, return_inverse=True, return_counts=True)
        order = np.argsort(first, kind="stable")
        rank = np.empty_like(order)
        rank[order] = np.arange(order.size)
        return values[order], rank[inverse.reshape(-1)].astype(np.int32), counts[order].astype(np.int32)


class Relational:
    EQ, NE, GT, GE, LT, LE = "==", "!=", ">", ">=", "<", "<="


def not_random(func: Any) -> Any:
    """Marks a Python function as deterministic (a pipeline may then cache its results)."""
    func.random = False
    return func


__all__ = ["not_random", "TensorOperation", "PyTensorOperation", "TypeCast", "OneHot", "Fill", "Duplicate", "Concatenate",
           "Compose", "RandomApply", "RandomChoice", "RandomOrder", "Mask", "PadEnd", "Slice", "Unique", "Relational"]
