"""Errors name the dataset/op/column/index, use MindSpore's exception types (checked against MindSpore
2.10 in tests/parity/cases/dataset_pipelines.py) and never hang, in serial, thread and process paths."""
from __future__ import annotations

import numpy as np
import pytest

import mindshim.dataset as ds


class _BadAt:
    def __init__(self, bad: int) -> None:
        self.bad = bad

    def __len__(self):
        return 12

    def __getitem__(self, i):
        if i == self.bad:
            raise KeyError("broken row")
        return (np.array(i),)


def test_missing_directory() -> None:
    for make in (ds.MnistDataset, ds.Cifar10Dataset, ds.ImageFolderDataset):
        with pytest.raises(ValueError, match="/no/such/dir"):
            make("/no/such/dir")


@pytest.mark.parametrize("workers", [1, 2])
def test_source_raising_at_index(workers: int) -> None:
    d = ds.GeneratorDataset(_BadAt(9), ["x"], shuffle=False, num_parallel_workers=workers)
    with pytest.raises(RuntimeError, match=r"GeneratorDataset.*index 9.*KeyError.*broken row"):
        list(d.create_tuple_iterator(num_epochs=1))


def test_wrong_column_names() -> None:
    d = ds.NumpySlicesDataset(np.arange(3), ["x"], shuffle=False)
    bad = d.map(lambda v: v, input_columns=["nope"])  # builds (its size is the child's), fails when it runs
    assert bad.get_dataset_size() == 3
    with pytest.raises(RuntimeError, match=r"'nope'.*\['x'\]"):
        list(bad.create_tuple_iterator(num_epochs=1))
    # project/rename of a missing column build, and fail when the pipeline runs (as in MindSpore)
    with pytest.raises(RuntimeError, match="column name: nope does not exist"):
        list(d.project(["nope"]).create_tuple_iterator(num_epochs=1))
    with pytest.raises(RuntimeError, match="column to be renamed does not exist"):
        d.rename(["nope"], ["y"]).get_col_names()


@pytest.mark.parametrize("workers,processes", [(1, False), (2, False), (2, True)])
def test_map_op_failing_or_returning_wrong_type(workers: int, processes: bool) -> None:
    def fails_on_5(x):
        if int(x) == 5:
            raise ValueError("bad value")
        return x
    d = ds.NumpySlicesDataset(np.arange(10), ["x"], shuffle=False)
    bad = d.map(fails_on_5, ["x"], num_parallel_workers=workers, python_multiprocessing=processes)
    with pytest.raises(RuntimeError, match=r"'fails_on_5'.*\['x'\].*row 5.*ValueError: bad value"):
        list(bad)
    none = d.map(lambda x: None, ["x"], num_parallel_workers=workers, python_multiprocessing=processes)
    with pytest.raises(RuntimeError, match="returned None"):
        list(none)
    objects = d.map(lambda x: object(), ["x"], num_parallel_workers=workers, python_multiprocessing=processes)
    with pytest.raises(RuntimeError, match="unsupported type for column 'x'"):
        list(objects)


def test_vectorised_map_reports_the_failing_row() -> None:
    import mindshim.dataset.vision as vision
    imgs = [np.zeros((4, 4, 1), np.uint8)] * 3 + [np.zeros((2, 2, 2, 2), np.uint8)]
    d = ds.GeneratorDataset(lambda: ((i,) for i in imgs), ["img"]).map(vision.Resize((3, 3)), ["img"])
    with pytest.raises(RuntimeError, match=r"'Resize'.*row 3"):
        list(d)


def test_bad_arguments() -> None:
    d = ds.NumpySlicesDataset(np.arange(3), ["x"], shuffle=False)
    with pytest.raises(ValueError):
        d.batch(0)
    with pytest.raises(ValueError):
        d.shuffle(1)
    with pytest.raises(ValueError):  # MindSpore 2.10's type
        d.map(operations=[3], input_columns=["x"])
    with pytest.raises(ValueError):
        ds.GeneratorDataset(lambda: iter([]), column_names=None)
