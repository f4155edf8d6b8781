"""nn.DistributedGradReducer: all-reduce of gradients in data-parallel training.

On one process (the only case mindshim runs today) it is the identity, optionally averaged by
`degree` when `mean` is set and degree > 1, exactly as an all-reduce over identical replicas would be.
"""
from __future__ import annotations

from typing import Any

from mindshim.nn.cell import Cell


class DistributedGradReducer(Cell):
    def __init__(self, parameters: Any, mean: bool | None = None, degree: int | None = None,
                 fusion_type: int = 1, group: str = "hccl_world_group") -> None:
        super().__init__(auto_prefix=False)
        self.mean = bool(mean)
        self.degree = int(degree or 1)

    def construct(self, grads: Any) -> Any:
        from mindshim._backend import distributed
        return distributed.all_reduce_grads(tuple(grads), self.mean, self.degree)


__all__ = ["DistributedGradReducer"]
