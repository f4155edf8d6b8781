"""Data-parallel acceptance script: plain MindSpore code, run by real MindSpore (msrun) and by mindshim.

    msrun --worker_num=2 --local_worker_num=2 ... dp_train.py MNIST_DIR OUT_DIR     # two ranks
    python dp_train.py MNIST_DIR OUT_DIR                                            # one process, same global batches

Fixed weights, an MNIST folder read without shuffling and sharded over the ranks, one loop with an explicit
DistributedGradReducer over value_and_grad, then one Model.train epoch with ModelCheckpoints writing under
OUT_DIR/ckpt_rank_<rank> and OUT_DIR/ckpt_shared. Each rank saves its final parameters to
OUT_DIR/params_rank_<rank>.npz.
"""
import os
import sys

import numpy as np

import mindspore as ms
import mindspore.dataset as ds
from mindspore import nn
from mindspore.communication import get_group_size, get_rank, init
from mindspore.train import CheckpointConfig, Model, ModelCheckpoint

GLOBAL_BATCH = 16
STEPS = 4  # per phase (the loop, then Model.train): the MNIST folder holds GLOBAL_BATCH * STEPS images


def build_dataset(data_dir, batch, rank, size):
    data = ds.MnistDataset(data_dir, usage="train", shuffle=False, num_shards=size, shard_id=rank)

    def scale(image):
        return (image.astype(np.float32) / 255.0).reshape(-1)

    data = data.map(scale, input_columns="image")
    data = data.map(lambda label: label.astype(np.int32), input_columns="label")
    return data.batch(batch, drop_remainder=True)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        rng = np.random.default_rng(7)
        self.fc1 = nn.Dense(784, 32, weight_init=ms.Tensor(rng.normal(0, 0.05, (32, 784)).astype(np.float32)),
                            bias_init="zeros")
        self.relu = nn.ReLU()
        self.fc2 = nn.Dense(32, 10, weight_init=ms.Tensor(rng.normal(0, 0.1, (10, 32)).astype(np.float32)),
                            bias_init="zeros")

    def construct(self, x):
        return self.fc2(self.relu(self.fc1(x)))


def main():
    data_dir, out_dir = sys.argv[1], sys.argv[2]
    ms.set_context(mode=ms.PYNATIVE_MODE)
    distributed = any(int(os.environ.get(k, "1")) > 1 for k in ("MS_WORKER_NUM", "WORLD_SIZE", "OMPI_COMM_WORLD_SIZE"))
    if distributed:
        init()
        ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL, gradients_mean=True)
    rank, size = (get_rank(), get_group_size()) if distributed else (0, 1)
    batch = GLOBAL_BATCH // size

    net = Net()
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")

    # phase 1: a custom loop with an explicit DistributedGradReducer
    opt = nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9)
    reducer = nn.DistributedGradReducer(opt.parameters) if distributed else None

    def forward(x, y):
        return loss_fn(net(x), y)

    grad_fn = ms.value_and_grad(forward, None, opt.parameters)
    losses = []
    for x, y in build_dataset(data_dir, batch, rank, size).create_tuple_iterator():
        loss, grads = grad_fn(x, y)
        if reducer is not None:
            grads = reducer(grads)
        opt(grads)
        losses.append(float(loss.asnumpy()))

    # phase 2: Model.train inserts the reducer itself in DATA_PARALLEL
    opt2 = nn.SGD(net.trainable_params(), learning_rate=0.05)
    model = Model(net, loss_fn, opt2)
    ckpt = ModelCheckpoint(prefix="dp", directory=os.path.join(out_dir, f"ckpt_rank_{rank}"),
                           config=CheckpointConfig(save_checkpoint_steps=STEPS, keep_checkpoint_max=2))
    # every rank writes; into one shared folder too (what MindSpore does when the directory has no rank in it)
    shared = ModelCheckpoint(prefix="shared", directory=os.path.join(out_dir, "ckpt_shared"),
                             config=CheckpointConfig(save_checkpoint_steps=STEPS))
    model.train(1, build_dataset(data_dir, batch, rank, size), callbacks=[ckpt, shared], dataset_sink_mode=False)

    params = {p.name: p.asnumpy() for p in net.trainable_params()}
    np.savez(os.path.join(out_dir, f"params_rank_{rank}.npz"), losses=np.array(losses, np.float32), **params)
    print(f"rank {rank}/{size} done: losses {losses}")


if __name__ == "__main__":
    main()
