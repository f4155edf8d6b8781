"""Two-rank checks of the data-parallel pieces, run under mindshim by tests/distributed/test_data_parallel.py.

    <two-rank launcher> dp_units.py OUT_DIR      ->  OUT_DIR/units_rank_<rank>.json
"""
import json
import os
import sys

import numpy as np
import torch

import mindspore as ms
import mindspore.dataset as ds
from mindspore import Parameter, Tensor, nn
from mindspore.communication import get_group_size, get_rank, init
from mindspore.parallel._utils import _get_device_num, _get_global_rank
from mindspore.train import Model
from mindshim._backend import grad_reduce
from mindshim._errors import UnsupportedError


def _dense(seed):
    rng = np.random.default_rng(seed)
    return nn.Dense(2, 1, weight_init=Tensor(rng.normal(size=(1, 2)).astype(np.float32)), bias_init="zeros")


def check_context(res, rank):
    dn, gr = [_get_device_num()], [_get_global_rank()]
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL, gradients_mean=True)
    dn.append(_get_device_num())
    gr.append(_get_global_rank())
    res["device_num"], res["global_rank"] = dn, gr


def check_reducer(res, rank):
    shapes = [((300, 100), np.float32, False), ((7,), np.float16, False), ((5,), np.float32, True),
              ((3, 2), np.float32, False)]  # (shape, dtype, layerwise_parallel)
    params = [Parameter(Tensor(np.zeros(s, d)), name=f"p{i}", layerwise_parallel=lw)
              for i, (s, d, lw) in enumerate(shapes)]
    reducer = nn.DistributedGradReducer(params)
    res["reducer"] = {"mean": bool(reducer.mean), "degree": float(reducer.degree.asnumpy())}
    grads = tuple(Tensor(np.full(s, rank + 1, d)) for s, d, _ in shapes)
    out = reducer(grads)
    res["reduced_ok"] = all(o.dtype == g.dtype and np.allclose(o.asnumpy(), 1.5) for o, g, (_, _, lw)
                            in zip(out, grads, shapes) if not lw)
    res["layerwise_untouched"] = bool(np.all(out[2].asnumpy() == rank + 1))
    calls = []
    original = torch.distributed.all_reduce

    def counting(tensor, *args, **kwargs):
        calls.append(tensor.numel())
        return original(tensor, *args, **kwargs)

    torch.distributed.all_reduce = counting
    try:
        grad_reduce.all_reduce_mean([torch.ones(s) for s, _, _ in shapes], 0.5, bucket_bytes=1000)
        res["buckets"] = len(calls)
        calls.clear()
        grad_reduce.all_reduce_mean([torch.ones(s) for s, _, _ in shapes], 0.5)
        res["default_buckets"] = len(calls)
    finally:
        torch.distributed.all_reduce = original


def check_broadcast(res, rank):
    tensors = [Parameter(Tensor(np.full((4, 3), rank, np.float32)), name="x"),
               Parameter(Tensor(np.full(2, rank, np.int32)), name="y")]
    grad_reduce.broadcast_(tensors, src=0)
    res["broadcast_equal_rank0"] = all(np.all(t.asnumpy() == 0) for t in tensors)
    ms.set_auto_parallel_context(parameter_broadcast=True)
    net = _dense(seed=rank)  # different weights on each rank
    model = Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), learning_rate=0.0))
    data = ds.NumpySlicesDataset({"x": np.ones((4, 2), np.float32), "y": np.ones((4, 1), np.float32)},
                                 shuffle=False).batch(2)
    model.train(1, data, dataset_sink_mode=False)
    rank0_weight = _dense(seed=0).weight.asnumpy()
    res["model_broadcast_equal"] = bool(np.array_equal(net.weight.asnumpy(), rank0_weight))
    ms.set_auto_parallel_context(parameter_broadcast=False)


def check_overflow(res, rank):
    net = _dense(seed=3)
    for p in net.trainable_params():
        p.layerwise_parallel = True  # not all-reduced: only rank 0's gradients overflow, the flag must travel
    start = net.weight.asnumpy().copy()
    step = nn.TrainOneStepWithLossScaleCell(nn.WithLossCell(net, nn.MSELoss()),
                                            nn.SGD(net.trainable_params(), learning_rate=0.1),
                                            scale_sense=Tensor(np.float32(1.0)))
    bad = np.array([[np.inf, 1.0]] if rank == 0 else [[1.0, 1.0]], np.float32)
    _, cond1, _ = step(Tensor(bad), Tensor(np.ones((1, 1), np.float32)))
    skipped = bool(np.array_equal(net.weight.asnumpy(), start))
    _, cond2, _ = step(Tensor(np.full((1, 2), rank + 1.0, np.float32)), Tensor(np.ones((1, 1), np.float32)))
    res["overflow"] = [bool(cond1.asnumpy()), bool(cond2.asnumpy())]
    res["skipped_together"] = skipped and not np.array_equal(net.weight.asnumpy(), start)


def check_loading(res, rank, out_dir):
    net = _dense(seed=0)
    for p in net.trainable_params():
        p.set_data(Tensor(np.full(p.shape, float(rank), np.float32)))
    files = [os.path.join(out_dir, f"ck_rank_{r}.ckpt") for r in (0, 1)]
    ms.save_checkpoint(net, files[rank])
    torch.distributed.barrier()
    target = _dense(seed=5)
    ms.load_distributed_checkpoint(target, files)
    mine = bool(np.all(target.weight.asnumpy() == rank))
    ms.load_distributed_checkpoint(target, files, rank_id=0)
    res["loaded_ok"] = mine and bool(np.all(target.weight.asnumpy() == 0))
    try:
        ms.load_distributed_checkpoint(target, files, predict_strategy={"weight": [[2, 1]]})
        res["strategy_unsupported"] = False
    except UnsupportedError:
        res["strategy_unsupported"] = True


def main():
    out_dir = sys.argv[1]
    init()
    rank = get_rank()
    res = {"rank": rank, "size": get_group_size()}
    check_context(res, rank)
    check_reducer(res, rank)
    check_broadcast(res, rank)
    check_overflow(res, rank)
    check_loading(res, rank, out_dir)
    with open(os.path.join(out_dir, f"units_rank_{rank}.json"), "w") as f:
        json.dump(res, f)


if __name__ == "__main__":
    main()
