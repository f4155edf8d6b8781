"""Dataset iterators: tuple and dict rows, one epoch per `for` loop, `num_epochs` of them."""
from __future__ import annotations

from typing import Any, Iterator

import numpy as np


def _out(value: Any, output_numpy: bool) -> Any:
    if isinstance(value, dict):  # a dict column (a source or map returned a dict): its values are converted
        return {k: _out(np.asarray(v), output_numpy) for k, v in value.items()}
    if output_numpy or value.dtype.kind in "USO":  # MindSpore hands string columns over as numpy arrays
        return value
    from mindshim.common.tensor import Tensor
    return Tensor(np.require(value, requirements="C"))  # (ascontiguousarray makes a 0-d row 1-d)


def _check(num_epochs: Any, output_numpy: Any) -> None:
    """MindSpore's iterator argument checks; num_epochs=0 passes them and is refused when the pipeline is built."""
    from mindshim.dataset.engine.datasets import _pipeline_error
    from mindshim.dataset.engine.datasets_vision_base import type_check
    type_check(output_numpy, (bool,), "output_numpy")
    type_check(num_epochs, (int,), "num_epochs")
    if not -1 <= num_epochs <= 2147483647:
        raise ValueError("Input num_epochs is not within the required interval of [-1, 2147483647].")
    if num_epochs == 0:
        raise _pipeline_error(f"RootNode: num_epochs should be either -1 or positive integer, num_epochs: {num_epochs}")


class _Iterator:
    def __init__(self, dataset: Any, num_epochs: int, output_numpy: bool) -> None:
        _check(num_epochs, output_numpy)
        self.dataset = dataset
        self.num_epochs = num_epochs
        self.output_numpy = output_numpy
        self._epoch = 0
        self._rows: Iterator | None = None
        self._names = dataset.get_col_names()
        from mindshim.dataset.engine.samplers import bind
        bind(dataset)  # PKSampler reads its source's labels

    def __iter__(self):
        return self

    def __next__(self):
        if self._rows is None:
            # (MindSpore 2.10 raises RuntimeError "EOF buffer encountered" when iterated past its epochs; here the
            # iteration simply ends, which no working script can tell apart)
            if self.num_epochs != -1 and self._epoch >= self.num_epochs:
                raise StopIteration
            self._rows = self.dataset._rows(self._epoch)
        try:
            row = next(self._rows)
        except StopIteration:
            self._rows = None
            self._epoch += 1
            raise
        return self._format(row)

    def _format(self, row: tuple) -> Any:
        raise NotImplementedError

    def get_next(self) -> Any:
        return next(self)

    def stop(self) -> None:
        rows, self._rows = self._rows, None
        close = getattr(rows, "close", None)
        if close is not None:  # a pipeline computing ahead (worker threads) shuts down now
            try:
                close()
            except ValueError:  # running in another thread right now: it shuts down when dropped
                pass

    def __len__(self) -> int:
        return self.dataset.get_dataset_size()


class TupleIterator(_Iterator):
    def _format(self, row: tuple) -> list:
        return [_out(v, self.output_numpy) for v in row]


class DictIterator(_Iterator):
    def _format(self, row: tuple) -> dict:
        return {k: _out(v, self.output_numpy) for k, v in zip(self._names, row)}
