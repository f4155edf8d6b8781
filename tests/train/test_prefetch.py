"""Sink-mode prefetching: batches come ahead of the step from a background thread, in order; a failure
in the pipeline reaches the training loop at the batch where it happened; no thread outlives training."""
import gc
import threading
import time

import numpy as np
import pytest

import mindshim as ms
from mindshim import Tensor, nn
from mindshim import dataset as ds
from mindshim._backend.prefetch import Prefetcher
from mindshim.train import Callback, Model


def ms_callback(fn):
    class _Probe(Callback):
        def on_train_step_end(self, run_context):
            fn()
    return _Probe()


def _prefetch_threads() -> int:
    return sum(t.name == "mindshim-sink-prefetch" and t.is_alive() for t in threading.enumerate())


def _wait_for_no_prefetch_threads(baseline: int) -> bool:
    for _ in range(50):
        gc.collect()
        if _prefetch_threads() <= baseline:
            return True
        time.sleep(0.05)
    return False


def test_order_and_end():
    items = iter(range(10))
    p = Prefetcher(lambda: next(items), depth=3)
    assert [p.next() for _ in range(10)] == list(range(10))
    with pytest.raises(StopIteration):
        p.next()
    with pytest.raises(StopIteration):
        p.next()


def test_failure_arrives_in_order_with_its_type():
    def pull(counter=iter(range(100))):
        i = next(counter)
        if i == 3:
            raise KeyError("row 3 is broken")
        return i

    p = Prefetcher(pull)
    assert [p.next() for _ in range(3)] == [0, 1, 2]
    with pytest.raises(KeyError, match="row 3"):
        p.next()


def test_threads_stop_when_closed_or_dropped():
    baseline = _prefetch_threads()
    endless = iter(int, 1)  # never ends: the producer blocks on a full queue
    p = Prefetcher(lambda: next(endless), depth=2)
    assert p.next() == 0 and _prefetch_threads() == baseline + 1
    p.close()
    assert _wait_for_no_prefetch_threads(baseline)
    q = Prefetcher(lambda: next(endless), depth=2)
    q.next()
    del q
    assert _wait_for_no_prefetch_threads(baseline)


def _data(fail_at=None):
    rng = np.random.RandomState(0)
    x = rng.randn(40, 4).astype(np.float32)
    y = (x[:, 0] > 0).astype(np.int32)
    data = ds.NumpySlicesDataset({"x": x, "y": y}, shuffle=False)
    if fail_at is not None:
        seen = {"n": 0}

        def check(v):
            seen["n"] += 1
            if seen["n"] == fail_at:
                raise ValueError(f"bad sample {fail_at}")
            return v
        data = data.map(check, input_columns=["x"])
    return data.batch(8)


def _model():
    net = nn.Dense(4, 2)
    net.weight.set_data(Tensor(np.full((2, 4), 0.1, np.float32)))
    net.bias.set_data(Tensor(np.zeros(2, np.float32)))
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    return Model(net, loss, nn.Momentum(net.trainable_params(), 0.1, 0.9)), net


@pytest.fixture
def prefetching(monkeypatch):
    monkeypatch.setenv("MINDSHIM_PREFETCH", "1")  # on CPU sink mode reads synchronously unless asked


def test_cpu_sink_reads_synchronously_by_default(monkeypatch):
    monkeypatch.delenv("MINDSHIM_PREFETCH", raising=False)
    ms.set_context(device_target="CPU")  # what the CPU does, also where CUDA is visible
    baseline = _prefetch_threads()
    model, _ = _model()
    seen = []
    model.train(1, _data(), dataset_sink_mode=True, sink_size=5,
                callbacks=[ms_callback(lambda: seen.append(_prefetch_threads()))])
    assert seen and max(seen) == baseline


def test_sink_training_ends_with_no_prefetch_thread_left(prefetching):
    baseline = _prefetch_threads()
    model, _ = _model()
    model.train(3, _data(), dataset_sink_mode=True, sink_size=5)
    assert _wait_for_no_prefetch_threads(baseline)


def test_pipeline_failure_in_sink_mode_is_raised_not_hung(prefetching):
    baseline = _prefetch_threads()
    model, _ = _model()
    with pytest.raises(Exception, match="bad sample 30"):
        model.train(3, _data(fail_at=30), dataset_sink_mode=True, sink_size=5)
    assert _wait_for_no_prefetch_threads(baseline)


def test_nested_batches_pass_through_and_every_tensor_is_found():
    """The CUDA branch marks every tensor of a batch for the consumer's stream: batches may nest (a dict of
    tuples, a namedtuple, scalars and arrays beside tensors), not only a flat tuple of tensors."""
    import collections
    import torch
    from mindshim._backend.tree import tensor_leaves, tree_map
    Pair = collections.namedtuple("Pair", "image label")
    batch = {"x": (torch.ones(2), [torch.zeros(1), 3]), "meta": Pair(np.arange(3), torch.full((1,), 7.0)), "s": 1.5}
    found = list(tensor_leaves(batch))
    assert [t.tolist() for t in found] == [[1.0, 1.0], [0.0], [7.0]]
    doubled = tree_map(lambda v: v * 2, batch)
    assert isinstance(doubled["meta"], Pair) and doubled["meta"].image.tolist() == [0, 2, 4]
    assert doubled["x"][1][1] == 6 and doubled["s"] == 3.0
    items = iter([batch, batch])
    p = Prefetcher(lambda: next(items), depth=2)
    assert p.next() is batch and p.next() is batch
    with pytest.raises(StopIteration):
        p.next()
