"""nn.DistributedGradReducer: the gradient all-reduce of data-parallel training.

MindSpore's defaults: `mean=None` reads `gradients_mean` from the auto-parallel context, `degree=None` is
the group size, and the mean multiplies the summed float32 gradient by a float32 `1/degree`. Parameters
with `layerwise_parallel=True` are not reduced. The reduction itself is bucketed (one all-reduce per
~25 MB bucket, see `mindshim/_backend/grad_reduce.py`); with one process it is the identity.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from mindshim._backend import grad_reduce
from mindshim.common.tensor import Tensor, wrap
from mindshim.communication.management import GlobalComm
from mindshim.nn.cell import Cell


class DistributedGradReducer(Cell):
    """nn.DistributedGradReducer(parameters, mean=None, degree=None, fusion_type=1,
    group=GlobalComm.WORLD_COMM_GROUP)."""

    def __init__(self, parameters: Any, mean: bool | None = None, degree: int | None = None,
                 fusion_type: int = 1, group: str = GlobalComm.WORLD_COMM_GROUP) -> None:
        super().__init__(auto_prefix=False)
        from mindshim.parallel._auto_parallel_context import auto_parallel_context
        self.mean = auto_parallel_context().get_gradients_mean() if mean is None else mean
        if degree is None:
            from mindshim.communication.management import get_group_size
            degree = get_group_size()
        elif not isinstance(degree, int) or degree <= 0:
            raise ValueError("For 'DistributedGradReducer', parameter 'degree' in DistributedGradReducer should "
                             f"large than 0 and be int, degree: {degree}.")
        self.degree = Tensor(np.float32(1.0 / degree))
        self.allreduce_filter = tuple(not getattr(p, "layerwise_parallel", False) for p in parameters)
        self.fusion_type = fusion_type
        self.group = group

    def construct(self, grads: Any) -> Any:
        single = not isinstance(grads, (tuple, list))
        grads = (grads,) if single else tuple(grads)
        mask = self.allreduce_filter if len(self.allreduce_filter) == len(grads) else None
        scale = float(self.degree) if self.mean else None
        reduced = grad_reduce.all_reduce_mean(grads, scale, mask, _torch_group(self.group))
        out = tuple(wrap(g) for g in reduced)
        return out[0] if single else out


def _torch_group(group: str) -> Any:
    """The torch process group behind a MindSpore group name (None: the default world group)."""
    if group in ("hccl_world_group", "nccl_world_group", "mccl_world_group"):
        return None
    from mindshim.communication import management
    lookup = getattr(management, "_torch_group", None)  # provided by the communication package when it has groups
    return lookup(group) if lookup is not None else None


__all__ = ["DistributedGradReducer"]
