"""`mindspore.common.api._cell_graph_executor`: MindSpore's own tests (and some scripts) call
`_cell_graph_executor.compile(net, *inputs)` to build a Cell's graph, where shape and type inference raise their
errors, and `_cell_graph_executor(net, *inputs)` to run it.

On torch "compiling" runs the Cell once, so the same errors surface at the same line, and then puts back every
Parameter, buffer and the RNG state the run touched: compiling a TrainOneStepCell updates no weight, as in
MindSpore. The phase strings only have to be stable and distinct per Cell and input signature.
"""
from __future__ import annotations

from typing import Any

import torch


def _signature(args: tuple, kwargs: dict) -> str:
    def one(a: Any) -> str:
        if isinstance(a, torch.Tensor):
            return f"{tuple(a.shape)}:{a.dtype}"
        if isinstance(a, (tuple, list)):
            return "(" + ",".join(one(x) for x in a) + ")"
        return type(a).__name__
    return ";".join([one(a) for a in args] + [f"{k}={one(v)}" for k, v in sorted(kwargs.items())])


class _CellGraphExecutor:
    def __init__(self) -> None:
        self._compiled: set[str] = set()

    def compile(self, obj: Any, *args: Any, phase: str = "predict", do_convert: bool = True,
                jit_config_dict: Any = None, **kwargs: Any) -> tuple[str, bool]:
        if not hasattr(obj, "construct"):
            raise AttributeError(f"The class {type(obj).__name__} does not have method construct")
        full = f"{phase}.{id(obj)}.{_signature(args, kwargs)}"
        if full in self._compiled:
            return full, False
        self._run_and_restore(obj, args, kwargs)
        self._compiled.add(full)
        return full, True

    @staticmethod
    def _run_and_restore(obj: Any, args: tuple, kwargs: dict) -> None:
        tensors = []
        if isinstance(obj, torch.nn.Module):
            tensors = list(obj.parameters()) + list(obj.buffers())
        saved = [t.detach().clone() for t in tensors]
        rng = torch.get_rng_state()
        try:
            obj(*args, **kwargs)
        finally:
            with torch.no_grad():
                for t, old in zip(tensors, saved):
                    if t.shape == old.shape and t.dtype == old.dtype:
                        t.copy_(old)
            torch.set_rng_state(rng)

    def __call__(self, obj: Any, *args: Any, phase: str = "predict") -> Any:
        return self.run(obj, *args, phase=phase)

    def run(self, obj: Any, *args: Any, phase: str = "predict") -> Any:
        return obj(*args)

    def has_compiled(self, phase: str = "predict") -> bool:
        return phase in self._compiled or any(p.startswith(phase + ".") for p in self._compiled)

    def del_net_res(self, obj: Any, net_id: Any) -> None:
        self._compiled = {p for p in self._compiled if f".{id(obj)}." not in p}

    def _accepted(self, *args: Any, **kwargs: Any) -> None:
        """A graph-compiler or dataset-queue setting with no counterpart on torch: accepted, nothing to do."""

    init_dataset = set_queue_name = set_real_args = _accepted


_cell_graph_executor = _CellGraphExecutor()
