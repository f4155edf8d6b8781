"""The auto-parallel context and data-parallel pieces in one process (no launcher; parity cases hold the
MindSpore-recorded keys, defaults and messages: tests/parity/cases/parallel_context.py)."""
from __future__ import annotations

import numpy as np
import pytest
import torch

import mindshim
from mindshim._backend import grad_reduce
from mindshim._errors import UnsupportedError

mindshim.install_alias()
import mindspore as ms  # noqa: E402
import mindspore.dataset as ds  # noqa: E402
from mindspore import Parameter, Tensor, nn  # noqa: E402
from mindspore.train import Model  # noqa: E402


@pytest.fixture(autouse=True)
def _cpu():
    ms.set_context(device_target="CPU")


def _net() -> nn.Cell:
    net = nn.Dense(3, 2)
    net.weight.set_data(Tensor(np.array([[0.1, -0.2, 0.3], [0.4, 0.5, -0.6]], np.float32)))
    net.bias.set_data(Tensor(np.array([0.05, -0.05], np.float32)))
    return net


def _data():
    x = np.arange(12, dtype=np.float32).reshape(4, 3) / 10
    return Tensor(x), Tensor(np.ones((4, 2), np.float32))


@pytest.mark.parametrize("mode", ["semi_auto_parallel", "auto_parallel"])
def test_sharding_modes_are_accepted_then_training_says_unsupported(mode):
    ms.set_auto_parallel_context(parallel_mode=mode)
    assert ms.get_auto_parallel_context("parallel_mode") == mode
    net = _net()
    with pytest.raises(UnsupportedError, match=mode):
        nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params(), 0.1))
    with pytest.raises(UnsupportedError, match=mode):
        Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.1))
    assert Model(net).predict(_data()[0]).shape == (4, 2)  # inference needs no gradient reduction


def test_data_parallel_one_process_trains_like_stand_alone():
    results = []
    for mode in ("stand_alone", "data_parallel"):
        ms.set_auto_parallel_context(parallel_mode=mode, gradients_mean=True)
        net = _net()
        step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params(), 0.1))
        assert step.reducer_flag is (mode == "data_parallel")
        if step.reducer_flag:
            assert isinstance(step.grad_reducer, nn.DistributedGradReducer)
            assert step.grad_reducer.mean is True and float(step.grad_reducer.degree.asnumpy()) == 1.0
        for _ in range(3):
            step(*_data())
        results.append(net.weight.asnumpy())
        ms.reset_auto_parallel_context()
    np.testing.assert_array_equal(results[0], results[1])


def test_device_num_and_rank_follow_the_group_unless_set():
    from mindspore.parallel._utils import _get_device_num, _get_global_rank
    ms.set_auto_parallel_context(device_num=8, global_rank=3)
    assert (_get_device_num(), _get_global_rank()) == (1, 0)  # stand_alone
    ms.reset_auto_parallel_context()
    ms.set_auto_parallel_context(parallel_mode="data_parallel")
    assert (_get_device_num(), _get_global_rank()) == (1, 0)  # the (one-process) group
    ms.set_auto_parallel_context(device_num=8, global_rank=3)
    assert (_get_device_num(), _get_global_rank()) == (8, 3)
    assert ms.get_auto_parallel_context("device_num") == 8


def test_model_reports_the_parallel_device_number_to_callbacks():
    seen = {}

    class Spy(ms.train.Callback):
        def on_train_begin(self, run_context):
            params = run_context.original_args()
            seen["mode"], seen["devices"] = params.parallel_mode, params.device_number

    ms.set_auto_parallel_context(parallel_mode="data_parallel", device_num=4)
    net = _net()
    data = ds.NumpySlicesDataset({"x": _data()[0].asnumpy(), "y": _data()[1].asnumpy()}, shuffle=False).batch(2)
    Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.1)).train(1, data, callbacks=[Spy()],
                                                                         dataset_sink_mode=False)
    assert seen == {"mode": "data_parallel", "devices": 4}


def test_grad_reducer_defaults_and_one_process_mean():
    params = [Parameter(Tensor(np.ones((2, 3), np.float32)), name="w"),
              Parameter(Tensor(np.ones(3, np.float16)), name="b")]
    ms.set_auto_parallel_context(gradients_mean=True)
    default = nn.DistributedGradReducer(params)
    assert default.mean is True and float(default.degree.asnumpy()) == 1.0
    grads = (Tensor(np.arange(6, dtype=np.float32).reshape(2, 3)), Tensor(np.array([1, 2, 3], np.float16)))
    reducer = nn.DistributedGradReducer(params, mean=True, degree=3)
    out = reducer(grads)
    third = np.float32(1.0 / 3)
    np.testing.assert_array_equal(out[0].asnumpy(), grads[0].asnumpy() * third)
    assert out[1].dtype == ms.float16
    np.testing.assert_array_equal(out[1].asnumpy(), (grads[1].asnumpy().astype(np.float32) * third).astype(np.float16))
    summed = nn.DistributedGradReducer(params, mean=False, degree=3)(grads)
    np.testing.assert_array_equal(summed[0].asnumpy(), grads[0].asnumpy())
    with pytest.raises(ValueError, match="degree"):
        nn.DistributedGradReducer(params, degree=0)


def test_buckets_group_by_dtype_and_cut_at_the_limit():
    tensors = [torch.zeros(100), torch.zeros(10, dtype=torch.float16), torch.zeros(200), torch.zeros(50),
               torch.zeros(4, dtype=torch.float16)]
    assert grad_reduce._buckets(tensors, 10_000) == [[0, 2, 3], [1, 4]]
    assert grad_reduce._buckets(tensors, 1000) == [[0], [1, 4], [2, 3]]  # 400 B, then 800 + 200 B


def test_one_process_reduce_keeps_masked_entries_and_broadcast_is_a_no_op():
    grads = [torch.full((2,), 4.0), torch.full((3,), 4.0)]
    out = grad_reduce.all_reduce_mean(grads, 0.5, mask=[True, False])
    assert torch.equal(out[0], torch.full((2,), 2.0)) and out[1].data_ptr() == grads[1].data_ptr()
    values = [torch.ones(2)]
    grad_reduce.broadcast_(values)
    assert torch.equal(values[0], torch.ones(2))
    flag = torch.tensor(True)
    assert grad_reduce.any_across(flag) is flag


def test_load_distributed_checkpoint_in_one_process(tmp_path):
    files = []
    for value in (1.0, 2.0):
        net = _net()
        for p in net.trainable_params():
            p.set_data(Tensor(np.full(p.shape, value, np.float32)))
        files.append(str(tmp_path / f"rank_{int(value) - 1}.ckpt"))
        ms.save_checkpoint(net, files[-1])
    target = _net()
    assert ms.load_distributed_checkpoint(target, files) is None
    assert np.all(target.weight.asnumpy() == 1.0)  # one process, two files: the first
    loaded = ms.load_distributed_checkpoint(target, files, rank_id=1, return_param_dict=True)
    assert np.all(target.weight.asnumpy() == 2.0) and sorted(loaded) == ["bias", "weight"]
    with pytest.raises(ValueError, match="rank_id"):
        ms.load_distributed_checkpoint(target, files, rank_id=2)
    with pytest.raises(UnsupportedError, match="predict_strategy"):
        ms.load_distributed_checkpoint(target, files, predict_strategy={"weight": [[1, 1]]})
    ms.set_auto_parallel_context(strategy_ckpt_config={"load_file": "train_strategy.ckpt"})
    with pytest.raises(UnsupportedError, match="strategy file"):
        ms.load_distributed_checkpoint(target, files)


def test_context_reset_restores_defaults_and_the_private_maps_agree():
    from mindspore.parallel import _auto_parallel_context as apc
    ms.set_auto_parallel_context(parallel_mode="hybrid_parallel", pipeline_stages=4, comm_fusion={"openstate": False})
    assert apc._get_auto_parallel_context_func_map["pipeline_stages"]() == 4
    assert ms.get_auto_parallel_context("comm_fusion")["openstate"] is False
    mindshim.context._reset()
    assert ms.get_auto_parallel_context("parallel_mode") == "stand_alone"
    assert ms.get_auto_parallel_context("comm_fusion")["openstate"] is True
    assert set(apc._get_all_auto_parallel_context()) == set(apc._get_auto_parallel_context_func_map)
