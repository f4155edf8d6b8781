"""cb_params in sink mode and with a loss-scale manager: what MindSpore 2.10 gives on a device, which its CPU build
(the parity oracle) cannot show: it trains non-sunk on CPU and refuses overflow-dropping loss scale managers there.
The expected values follow MindSpore's Model._train_dataset_sink_process / _train_process."""
import numpy as np

import mindshim as ms
from mindshim import Tensor, nn
from mindshim import dataset as ds
from mindshim.train import Callback, DynamicLossScaleManager, Model


def _data(n=12):
    rng = np.random.RandomState(0)
    x = rng.randn(n, 4).astype(np.float32)
    return ds.NumpySlicesDataset({"x": x, "y": (x[:, 0] > 0).astype(np.int32)}, shuffle=False).batch(2)


def _model(**kwargs):
    net = nn.Dense(4, 2)
    net.weight.set_data(Tensor(np.full((2, 4), 0.1, np.float32)))
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    return Model(net, loss, nn.Momentum(net.trainable_params(), 0.1, 0.9), **kwargs)


class _Rec(Callback):
    def __init__(self):
        self.rows = []

    def on_train_step_begin(self, rc):
        cb = rc.original_args()
        self.rows.append(("begin", cb.cur_epoch_num, cb.cur_step_num, cb.train_dataset_element))

    def on_train_step_end(self, rc):
        cb = rc.original_args()
        self.rows.append(("end", cb.cur_epoch_num, cb.cur_step_num, cb.dataset_sink_mode, cb.sink_size,
                          cb.batch_num, type(cb.dataset_helper).__name__))


def test_graph_mode_sink_one_callback_step_per_sink():
    rec = _Rec()
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        _model().train(2, _data(), callbacks=[rec], dataset_sink_mode=True, sink_size=3)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    assert rec.rows == [("begin", 1, 3, ()), ("end", 1, 3, True, 3, 3, "DatasetHelper"),
                        ("begin", 2, 6, ()), ("end", 2, 6, True, 3, 3, "DatasetHelper")]


def test_pynative_sink_one_callback_step_per_batch():
    rec = _Rec()
    _model().train(2, _data(), callbacks=[rec], dataset_sink_mode=True, sink_size=2)
    ends = [r for r in rec.rows if r[0] == "end"]
    assert [r[1:3] for r in ends] == [(1, 1), (1, 2), (2, 3), (2, 4)]
    assert all(r[3:] == (True, 2, 2, "DatasetHelper") for r in ends)
    assert all(r[3] == () for r in rec.rows if r[0] == "begin")


def test_stop_request_in_sink_mode_is_honoured_at_the_epoch_end():
    class _Stop(Callback):
        def __init__(self):
            self.steps = []

        def on_train_step_end(self, rc):
            self.steps.append(rc.original_args().cur_step_num)
            rc.request_stop()

    stop = _Stop()
    _model().train(3, _data(), callbacks=[stop], dataset_sink_mode=True, sink_size=2)
    assert stop.steps == [1, 2]


def test_overflow_dropping_manager_learns_each_steps_overflow_flag():
    manager = DynamicLossScaleManager(2 ** 10, 2, 1)
    _model(loss_scale_manager=manager).train(1, _data(n=4))
    assert manager.get_loss_scale() == 2 ** 12  # two steps without overflow, window 1: doubled twice
