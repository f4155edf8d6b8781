"""`Optimizer._parameters`: torch's registry of a module's own parameters, which MindSpore code reads as the
tuple of parameters the optimizer updates.

MindSpore's optimizers (and the custom ones users write after them) iterate `self._parameters`, index it and take
its length; torch's `nn.Module` keeps its name -> Parameter registry under that same attribute and only ever uses
it as a mapping (`items()`, `keys()`, `values()`, `name in`, `[name]`). One dict serves both: the mapping methods
are dict's own, iteration, `len` and integer indexing answer with the optimized parameters.
"""
from __future__ import annotations

from typing import Any, Iterator


class OptimizerParameters(dict):
    optimized: tuple = ()

    def __iter__(self) -> Iterator[Any]:
        return iter(self.optimized)

    def __len__(self) -> int:
        return len(self.optimized)

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, (int, slice)):
            return self.optimized[key]
        return dict.__getitem__(self, key)

    def __bool__(self) -> bool:
        return dict.__len__(self) > 0 or bool(self.optimized)
