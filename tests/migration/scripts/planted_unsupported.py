"""A script for the check tests: ordinary names, one MindSpore 2.10 name mindshim leaves unsupported on purpose
(`StreamLimitCtx`: the ledger says why), a typo, r1.x paths, a star import, and a local package it imports."""
import numpy as np

import mindspore as ms
import mindspore.ops as P2
from mindspore import Tensor, context
from mindspore.train.callback import LossMonitor
from mylib import make_net, nn_alias
from mylib.losses import MSE

context.set_context(mode=context.PYNATIVE_MODE)
net = make_net()
head = nn_alias.Dense(4, 2)
loss_fn = MSE()
x = Tensor(np.ones((2, 4), np.float32))
y = P2.ReduceSum(keep_dims=True)(net(x))
with ms.StreamLimitCtx(cube_num=1, vector_num=1):
    z = ms.ops.relu(y)
print(ms.ops.reduce_meen(z), ms.Tensor.asnumpy(z), ms.ParallelMode.DATA_PARALLEL, ms.ParallelMode.NO_SUCH_MODE)
cb = LossMonitor(1)
