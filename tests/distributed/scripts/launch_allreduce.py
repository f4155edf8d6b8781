"""Worker script for the launcher tests: join the cluster, all-reduce, print what the tests check.

Options: --fail-rank N (that rank raises after init), --die-rank N (that rank kills itself with SIGKILL).
"""
import argparse
import os
import signal

import numpy as np

import mindspore as ms
from mindspore import ops
from mindspore.communication import get_group_size, get_rank, init

parser = argparse.ArgumentParser()
parser.add_argument("--fail-rank", type=int, default=-1)
parser.add_argument("--die-rank", type=int, default=-1)
args = parser.parse_args()

ms.set_context(device_target="CPU")
init()
rank, size = get_rank(), get_group_size()
print(f"rank {rank} of {size} env RANK_ID={os.environ.get('RANK_ID')} DEVICE_ID={os.environ.get('DEVICE_ID')} "
      f"MS_ROLE={os.environ.get('MS_ROLE')} MS_WORKER_NUM={os.environ.get('MS_WORKER_NUM')}", flush=True)
print(f"cpus {rank}: {sorted(os.sched_getaffinity(0))}", flush=True)
if rank == args.fail_rank:
    raise ValueError(f"launch_allreduce: rank {rank} fails on purpose")
if rank == args.die_rank:
    os.kill(os.getpid(), signal.SIGKILL)
x = ms.Tensor(np.array([rank + 1.0, 10.0 * (rank + 1)], np.float32))
print(f"allreduce {rank}: {ops.AllReduce()(x).asnumpy().tolist()}", flush=True)
print(f"finished {rank}", flush=True)
