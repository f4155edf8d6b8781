"""Iteration semantics as in MindSpore 2.10: repeat vs epochs, num_epochs, dict/tuple/plain iteration,
Tensor vs numpy output, drop_remainder, sizes after batch/repeat/take, seeds, samplers, pipeline ops."""
from __future__ import annotations

import numpy as np
import pytest

import mindshim as ms
import mindshim.dataset as ds
from mindshim.common import dtype as mstype
from mindshim.common.tensor import Tensor


def _slices(n: int = 10, **kwargs):
    return ds.NumpySlicesDataset(np.arange(n), column_names=["x"], shuffle=False, **kwargs)


def _xs(d, **kwargs) -> list[int]:
    return [int(r[0]) for r in d.create_tuple_iterator(output_numpy=True, num_epochs=1, **kwargs)]


def test_repeat_is_inside_one_epoch_and_num_epochs_counts_loops() -> None:
    it = _slices(3).repeat(2).create_dict_iterator(num_epochs=2, output_numpy=True)
    assert [[int(r["x"]) for r in it] for _ in range(2)] == [[0, 1, 2, 0, 1, 2]] * 2
    assert [int(r["x"]) for r in it] == []  # both epochs used up


def test_iterator_outputs_and_dtypes() -> None:
    d = ds.NumpySlicesDataset({"a": np.arange(4, dtype=np.int32), "b": np.ones((4, 2), np.float16)}, shuffle=False)
    row = next(d.create_tuple_iterator(num_epochs=1))
    assert all(isinstance(v, Tensor) for v in row) and row[0].dtype == mstype.int32 and row[1].dtype == mstype.float16
    assert row[1].shape == (2,)
    assert isinstance(next(d.create_dict_iterator(num_epochs=1, output_numpy=True))["a"], np.ndarray)
    plain = list(d)
    assert len(plain) == 4 and isinstance(plain[0], list) and isinstance(plain[0][0], Tensor)
    assert [r[0].shape for r in d.create_tuple_iterator(columns=["b"], num_epochs=1)] == [(2,)] * 4


def test_sizes_after_batch_repeat_take() -> None:
    assert _slices().batch(3).get_dataset_size() == 4
    assert _slices().batch(3, drop_remainder=True).get_dataset_size() == 3
    assert _slices().batch(3).repeat(2).take(5).get_dataset_size() == 5
    assert _slices().take(4).batch(3, True).get_dataset_size() == 1
    assert _slices().repeat(2).batch(3).get_dataset_size() == 7
    assert _slices().batch(3).get_batch_size() == 3 and _slices().repeat(3).get_repeat_count() == 3
    assert _slices().filter(lambda x: x % 3 == 0).get_dataset_size() == 4


def test_drop_remainder() -> None:
    shapes = [r[0].shape for r in _slices(7).batch(3, drop_remainder=True).create_tuple_iterator(num_epochs=1)]
    assert shapes == [(3,), (3,)]
    assert [r[0].shape[0] for r in _slices(7).batch(3).create_tuple_iterator(num_epochs=1)] == [3, 3, 1]


def test_set_seed_makes_shuffles_reproducible_and_epochs_differ() -> None:
    def run():
        it = _slices(20).shuffle(5).create_tuple_iterator(num_epochs=2, output_numpy=True)
        return [[int(r[0]) for r in it] for _ in range(2)]
    ds.config.set_seed(1)
    first = run()
    ds.config.set_seed(1)
    assert run() == first and first[0] != first[1] and sorted(first[0]) == list(range(20))
    ms.set_seed(3)  # the global seed also seeds the pipeline
    assert ds.config.get_seed() == 3


def test_sharding_with_padding_like_mindspore() -> None:
    got = [_xs(_slices(7, num_shards=2, shard_id=s)) for s in range(2)]
    assert got == [[0, 2, 4, 6], [1, 3, 5, 0]]  # MindSpore 2.10's result (wraps to equal shard sizes)
    with pytest.raises(ValueError, match="passed in together"):
        _slices(7, num_shards=2)


def test_shuffled_shards_agree_without_a_seed() -> None:
    shards = [_xs(ds.NumpySlicesDataset(np.arange(8), ["x"], num_shards=2, shard_id=s, shuffle=True)) for s in range(2)]
    assert sorted(shards[0] + shards[1]) == list(range(8))


def test_samplers() -> None:
    ds.config.set_seed(0)
    assert _xs(ds.NumpySlicesDataset(np.arange(6), ["x"], sampler=ds.SequentialSampler(2, 3))) == [2, 3, 4]
    assert sorted(_xs(ds.NumpySlicesDataset(np.arange(6), ["x"], sampler=ds.RandomSampler()))) == list(range(6))
    assert sorted(_xs(ds.NumpySlicesDataset(np.arange(6), ["x"], sampler=ds.SubsetRandomSampler([1, 4])))) == [1, 4]
    weighted = _xs(ds.NumpySlicesDataset(np.arange(3), ["x"], sampler=ds.WeightedRandomSampler([0, 0, 1], 5)))
    assert weighted == [2] * 5
    assert _xs(ds.NumpySlicesDataset(np.arange(6), ["x"], sampler=ds.DistributedSampler(3, 1, shuffle=False))) == [1, 4]
    assert _xs(ds.NumpySlicesDataset(np.arange(6), ["x"], sampler=[5, 0])) == [5, 0]


def test_zip_concat_project_rename_skip_take() -> None:
    a = ds.NumpySlicesDataset({"x": np.arange(3), "y": np.arange(3) * 10}, shuffle=False)
    b = ds.NumpySlicesDataset(np.arange(3) + 100, ["z"], shuffle=False)
    z = a.zip(b).project(["z", "x"]).rename(["z"], ["w"])
    assert z.get_col_names() == ["w", "x"]
    assert [[int(v) for v in r] for r in z.create_tuple_iterator(output_numpy=True, num_epochs=1)][1] == [101, 1]
    assert _xs(_slices(3) + _slices(2)) == [0, 1, 2, 0, 1]
    assert _xs(_slices(10).skip(2).take(3)) == [2, 3, 4]
    with pytest.raises(ValueError):
        a.zip(a)


def test_split_and_filter() -> None:
    first, second = _slices(10).split([0.8, 0.2], randomize=False)
    assert _xs(first) == list(range(8)) and _xs(second) == [8, 9]
    ds.config.set_seed(2)
    parts = _slices(10).split([4, 6])
    assert sorted(_xs(parts[0]) + _xs(parts[1])) == list(range(10))
    assert _xs(_slices(10).filter(lambda x: x > 6, input_columns=["x"])) == [7, 8, 9]


def test_map_column_changes_and_batch_maps() -> None:
    d = _slices(4).map(lambda x: (x, x * x), input_columns=["x"], output_columns=["x", "sq"])
    assert d.get_col_names() == ["x", "sq"]
    d = d.batch(2, per_batch_map=lambda xs, sqs, info: ([x + info.get_batch_num() for x in xs], sqs),
                input_columns=["x", "sq"])
    rows = [[v.tolist() for v in r] for r in d.create_tuple_iterator(output_numpy=True, num_epochs=1)]
    assert rows == [[[0, 1], [0, 1]], [[3, 4], [4, 9]]]
    ragged = ds.GeneratorDataset(lambda: ((np.arange(i),) for i in range(1, 4)), ["v"])
    padded = next(ragged.padded_batch(3, pad_info={"v": (None, -1)}).create_tuple_iterator(output_numpy=True))
    assert padded[0].tolist() == [[0, -1, -1], [0, 1, -1], [0, 1, 2]]
    with pytest.raises(RuntimeError, match="different shapes"):
        list(ragged.batch(3))


def test_output_shapes_types_and_num_classes(mnist_dir) -> None:
    d = ds.NumpySlicesDataset({"a": np.zeros((4, 2, 3), np.float32), "b": np.arange(4)}, shuffle=False).batch(2)
    assert d.output_shapes() == [[2, 2, 3], [2]] and d.output_types() == [np.float32, np.int64]
    assert ds.MnistDataset(mnist_dir).output_types() == [np.uint8, np.uint32]
