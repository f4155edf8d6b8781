"""The block path of source -> vectorisable maps -> batch (dataset/engine/_blocks.py): the same batches as
the row path for any worker count and batch size, in order, computed ahead of the consumer on threads that
do not outlive iteration, and a failing row raises the row path's error after the batches before it."""
from __future__ import annotations

import gc
import threading
import time

import numpy as np
import pytest

import mindshim.dataset as ds
import mindshim.dataset.transforms as T
import mindshim.dataset.vision as vision
from mindshim._backend import data_workers
from mindshim._backend.data_workers import THREAD_PREFIX
from mindshim.common import dtype as mstype
from mindshim.dataset.engine import _blocks
from mindshim.dataset.engine.datasets_vision import MnistDataset


@pytest.fixture
def many_cores(monkeypatch):
    """Pretend the machine has 8 cores, so num_parallel_workers threads really run (CI has 2)."""
    monkeypatch.setattr(data_workers, "usable_cores", lambda: 8)


def _seed001(mnist_dir: str, workers: int, batch: int = 32, drop: bool = True, **source) -> ds.Dataset:
    d = ds.MnistDataset(mnist_dir, usage="all", **{"shuffle": False, **source})
    d = d.map(T.TypeCast(mstype.int32), input_columns="label", num_parallel_workers=workers)
    d = d.map([vision.Resize((32, 32), vision.Inter.LINEAR), vision.Rescale(1 / 255, 0),
               vision.Rescale(1 / 0.3081, -0.1307 / 0.3081), vision.HWC2CHW()], input_columns="image",
              num_parallel_workers=workers)
    return d.batch(batch, drop_remainder=drop)


def _batches(d: ds.Dataset, epochs: int = 2, output_numpy: bool = True) -> list:
    it = d.create_tuple_iterator(num_epochs=epochs, output_numpy=output_numpy)
    return [[np.asarray(v.asnumpy() if hasattr(v, "asnumpy") else v) for v in row]
            for _ in range(epochs) for row in it]


def _both_paths(monkeypatch, make) -> tuple[list, list, int]:
    calls = [0]
    take = MnistDataset._take

    def counting(self, indices):
        calls[0] += 1
        return take(self, indices)
    monkeypatch.setattr(MnistDataset, "_take", counting)
    blocks = _batches(make())
    used = calls[0]
    monkeypatch.setattr(_blocks, "ENABLED", False)
    rows = _batches(make())
    assert calls[0] == used  # the row path reads no blocks
    return blocks, rows, used


@pytest.mark.parametrize("workers,batch,drop,source", [
    (1, 32, True, {"shuffle": False}),
    (2, 32, True, {"shuffle": False}),
    (2, 7, False, {"shuffle": True}),  # a tail batch, blocks of several batches
    (1, 100, False, {"shuffle": False}),  # a batch larger than a block: blocks are joined
    (2, 16, False, {"num_shards": 2, "shard_id": 1, "shuffle": True}),
    (2, 10, True, {"num_samples": 57, "shuffle": False}),
])
def test_block_path_gives_the_row_path_batches(monkeypatch, many_cores, mnist_dir, workers, batch, drop, source) -> None:
    ds.config.set_seed(7)
    blocks, rows, used = _both_paths(monkeypatch, lambda: _seed001(mnist_dir, workers, batch, drop, **source))
    assert used > 0 and len(blocks) == len(rows) > 0
    for a, b in zip(blocks, rows):
        for x, y in zip(a, b):
            assert x.dtype == y.dtype and x.shape == y.shape
            np.testing.assert_array_equal(x, y)
    assert blocks[0][0].dtype == np.float32 and blocks[0][1].dtype == np.int32 and blocks[0][0].shape[1:] == (1, 32, 32)


def test_tensor_output_and_dict_iterator_match(mnist_dir) -> None:
    tensors = _batches(_seed001(mnist_dir, 2), epochs=1, output_numpy=False)
    arrays = _batches(_seed001(mnist_dir, 1), epochs=1)
    assert all(np.array_equal(a[0], b[0]) for a, b in zip(tensors, arrays))
    first = next(_seed001(mnist_dir, 2).create_dict_iterator(num_epochs=1, output_numpy=True))
    np.testing.assert_array_equal(first["image"], arrays[0][0])


class _SlowFirst(T.TensorOperation):
    """A vectorisable op that is slow on the block starting with `first`: later blocks finish before it."""
    _batch_ok = True

    def __init__(self, first: np.ndarray) -> None:
        self.first = first

    def __call__(self, x):
        return np.asarray(x)

    def _batch_apply(self, stack):
        time.sleep(0.1 if np.array_equal(stack[0], self.first) else 0.0)
        return stack


def test_order_is_kept_when_blocks_finish_out_of_order(many_cores, mnist_dir) -> None:
    images = MnistDataset(mnist_dir, usage="all", shuffle=False).images
    d = ds.MnistDataset(mnist_dir, usage="all", shuffle=False)
    d = d.map(_SlowFirst(images[0]), input_columns="image", num_parallel_workers=3).batch(8)
    got = np.concatenate([b[0] for b in d.create_tuple_iterator(num_epochs=1, output_numpy=True)])
    np.testing.assert_array_equal(got, images)


class _FailOn(T.TensorOperation):
    """Fails on one image, like a user op hitting a bad row; the block call fails for the whole block."""
    _batch_ok = True

    def __init__(self, bad: np.ndarray) -> None:
        self.bad = bad

    def __call__(self, img):
        if np.array_equal(img, self.bad):
            raise ValueError("bad image")
        return np.asarray(img)

    def _batch_apply(self, stack):
        if any(np.array_equal(img, self.bad) for img in stack):
            raise ValueError("bad image")
        return stack


def _until_error(d: ds.Dataset) -> tuple[int, BaseException]:
    n = 0
    try:
        for _ in d.create_tuple_iterator(num_epochs=1, output_numpy=True):
            n += 1
    except RuntimeError as err:
        return n, err
    raise AssertionError("no error raised")


@pytest.mark.parametrize("workers,batch", [(1, 8), (2, 32)])
def test_a_failing_row_raises_after_the_batches_before_it(monkeypatch, many_cores, mnist_dir, workers, batch) -> None:
    images = MnistDataset(mnist_dir, usage="all", shuffle=False).images
    bad = next(i for i in range(60, len(images)) if sum(np.array_equal(images[i], x) for x in images) == 1)

    def make():
        return ds.MnistDataset(mnist_dir, usage="all", shuffle=False).map(
            _FailOn(images[bad]), input_columns="image", num_parallel_workers=workers).batch(batch)
    n_blocks, err_blocks = _until_error(make())
    monkeypatch.setattr(_blocks, "ENABLED", False)
    n_rows, err_rows = _until_error(make())
    assert n_blocks == bad // batch  # every batch wholly before the bad row, none after
    assert n_rows <= n_blocks  # the row path may stop a chunk early
    assert str(err_blocks) == str(err_rows)
    assert f"row {bad}" in str(err_blocks) and "'_FailOn'" in str(err_blocks) and "bad image" in str(err_blocks)


def _block_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith(THREAD_PREFIX)]


def test_blocks_are_computed_ahead_of_the_consumer_on_a_thread(monkeypatch, mnist_dir) -> None:
    seen: list[str] = []
    take = MnistDataset._take

    def recording(self, indices):
        seen.append(threading.current_thread().name)
        return take(self, indices)
    monkeypatch.setattr(MnistDataset, "_take", recording)
    it = _seed001(mnist_dir, 1, batch=8).create_tuple_iterator(num_epochs=1, output_numpy=True)
    next(it)
    deadline = time.time() + 10
    while len(seen) < 1 + _blocks.PREFETCH_BLOCKS and time.time() < deadline:
        time.sleep(0.01)  # the consumer is idle: the pipeline keeps working
    assert len(seen) >= 1 + _blocks.PREFETCH_BLOCKS
    assert all(name.startswith(THREAD_PREFIX) for name in seen)
    assert len(_block_threads()) == 1  # num_parallel_workers=1: one worker thread
    del it
    gc.collect()
    assert _block_threads() == []


def test_no_threads_outlive_iteration(many_cores, mnist_dir) -> None:
    _batches(_seed001(mnist_dir, 2), epochs=2)
    assert _block_threads() == []
    it = _seed001(mnist_dir, 2, batch=4).create_tuple_iterator(num_epochs=3, output_numpy=True)
    next(it)
    assert len(_block_threads()) == 2
    it.stop()
    gc.collect()
    assert _block_threads() == []


def test_sources_that_read_rows_their_own_way_stay_on_the_row_path(mnist_dir) -> None:
    class Shifted(MnistDataset):
        def _row(self, index):
            image, label = super()._row(index)
            return image, label + 1

    base = [b[1] for b in _batches(_seed001(mnist_dir, 1), epochs=1)]
    d = Shifted(mnist_dir, usage="all", shuffle=False).map(T.TypeCast(mstype.int32), input_columns="label").batch(32)
    assert _blocks.plan_of(d.children[0], 0) is None
    got = [b[1] for b in d.create_tuple_iterator(num_epochs=1, output_numpy=True)]
    assert all(np.array_equal(a + 1, b) for a, b in zip(base, got))


@pytest.mark.parametrize("cores,workers,threads", [(1, 4, 1), (2, 2, 1), (4, 2, 2), (4, 8, 3), (16, 1, 1)])
def test_worker_threads_leave_a_core_to_the_consumer(monkeypatch, cores, workers, threads) -> None:
    monkeypatch.setattr(data_workers, "usable_cores", lambda: cores)
    assert data_workers.usable_threads(workers) == threads
