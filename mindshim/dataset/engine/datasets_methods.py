"""More Dataset methods (a base class of Dataset, kept apart so datasets.py stays small): output_shapes/types,
bucket_batch_by_length, sync_wait/sync_update, apply, save, to_json. Their nodes live in datasets_ops."""
from __future__ import annotations

from typing import Any, Callable

import numpy as np


def _column_type(value: Any) -> np.dtype:
    """MindSpore reports string and bytes columns without a length ('<U0', '|S0') and a dict column as object."""
    if isinstance(value, dict):
        return np.dtype(object)
    dtype = np.asarray(value).dtype
    return np.dtype(dtype.type) if dtype.kind in "US" else dtype


class DatasetMethods:
    """Methods every Dataset has; they rely on the node protocol (`_rows`, `children`)."""

    def output_shapes(self, estimate: bool = False) -> list:
        """The first row's shapes; with `estimate`, dimensions that vary over the epoch are None."""
        if not isinstance(estimate, bool):
            raise TypeError(f"Argument estimate with value {estimate} is not of type [<class 'bool'>], "
                            f"but got {type(estimate)}.")
        rows = self._rows(0)
        shapes = [list(np.shape(c)) for c in next(rows)]
        if estimate:
            for row in rows:
                for k, c in enumerate(row):
                    shp = np.shape(c)
                    shapes[k] = [d if len(shp) == len(shapes[k]) and d == e else None
                                 for d, e in zip(shapes[k], shp)]
        return shapes

    def output_types(self) -> list:
        row = next(self._rows(0))
        return [_column_type(c) for c in row]

    def bucket_batch_by_length(self, column_names: list, bucket_boundaries: list, bucket_batch_sizes: list,
                               element_length_function: Callable | None = None, pad_info: dict | None = None,
                               pad_to_bucket_boundary: bool = False, drop_remainder: bool = False) -> "DatasetMethods":
        from mindshim.dataset.engine.datasets_ops import BucketBatchByLengthDataset
        return BucketBatchByLengthDataset(self, column_names, bucket_boundaries, bucket_batch_sizes,
                                          element_length_function, pad_info, pad_to_bucket_boundary, drop_remainder)

    def sync_wait(self, condition_name: str, num_batch: int = 1, callback: Callable | None = None) -> "DatasetMethods":
        from mindshim.dataset.engine.datasets_ops import SyncWaitDataset
        return SyncWaitDataset(self, condition_name, num_batch, callback)

    def sync_update(self, condition_name: str, num_batch: int | None = None, data: Any = None) -> None:
        from mindshim.dataset.engine.datasets_ops import sync_update
        sync_update(self, condition_name, num_batch, data)

    def apply(self, apply_func: Callable) -> "DatasetMethods":
        if not callable(apply_func):
            raise TypeError("apply_func must be a function.")
        out = apply_func(self)
        if not isinstance(out, DatasetMethods):
            raise TypeError("apply_func must return a dataset.")
        return out

    def save(self, file_name: str, num_files: int = 1, file_type: str = "mindrecord") -> None:
        from mindshim.dataset.engine.datasets_ops import save
        save(self, file_name, num_files, file_type)

    def to_json(self, filename: str = "") -> dict:
        from mindshim.dataset.engine.serializer import to_json
        return to_json(self, filename)

