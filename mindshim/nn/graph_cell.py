"""mindspore.nn.GraphCell: run a graph loaded by `mindspore.load` (a MindIR file) as a Cell.

The graph's parameters become this cell's Parameters, named as in the file (their `ref_key`, e.g.
"conv1.weight"), so `params_init`, `get_parameters` and checkpoints use MindSpore's names. The graph runs in
torch through mindshim's MindIR interpreter (mindshim/train/_mindir/load.py); it is an inference graph.
"""
from __future__ import annotations

from typing import Any

import torch

from mindshim._errors import unsupported
from mindshim.common.parameter import Parameter
from mindshim.common.tensor import Tensor
from mindshim.nn.cell import Cell


def _plain(value: Any) -> Any:
    if isinstance(value, torch.Tensor):
        return value.as_subclass(torch.Tensor)
    if isinstance(value, (tuple, list)):
        return type(value)(_plain(v) for v in value)
    return torch.as_tensor(value) if isinstance(value, (int, float, bool)) else value


def _ours(value: Any) -> Any:
    if isinstance(value, torch.Tensor):
        return value.as_subclass(Tensor)
    if isinstance(value, (tuple, list)):
        return tuple(_ours(v) for v in value)
    return value


class GraphCell(Cell):
    """mindspore.nn.GraphCell(graph, params_init=None, obf_random_seed=None)."""

    def __init__(self, graph: Any, params_init: dict | None = None, obf_random_seed: int | None = None) -> None:
        super().__init__()
        from mindshim.train._mindir.load import MindIRGraph
        if not isinstance(graph, MindIRGraph):
            raise TypeError(f"For 'GraphCell', the argument 'graph' must be a FuncGraph loaded from MindIR, "
                            f"but got {type(graph)}.")
        if obf_random_seed is not None:
            raise unsupported("mindspore.nn.GraphCell(obf_random_seed=...)", "obfuscated MindIR graphs")
        if params_init is not None and not isinstance(params_init, dict):
            raise TypeError(f"For 'GraphCell', the argument 'params_init' must be a dict, but got "
                            f"{type(params_init)}.")
        object.__setattr__(self, "graph", graph)
        object.__setattr__(self, "_graph_params", [])  # (node name, Parameter) in file order
        init = params_init or {}
        for node_name, ref, value in graph.params:
            data = init.get(ref, value)
            if isinstance(data, torch.Tensor) and tuple(data.shape) != tuple(value.shape):
                raise ValueError(f"For 'GraphCell', the shape of parameter '{ref}' in 'params_init' is "
                                 f"{tuple(data.shape)}, but the graph needs {tuple(value.shape)}.")
            param = data if isinstance(data, Parameter) else Parameter(
                Tensor(data.detach().clone() if isinstance(data, torch.Tensor) else data), name=ref)
            key = ref.replace(".", "_")
            while key in self._parameters:
                key += "_"
            self._parameters[key] = param
            self._graph_params.append((node_name, param))
        for name in init:
            if name not in {ref for _, ref, _ in graph.params}:
                raise ValueError(f"For 'GraphCell', the parameter '{name}' in 'params_init' is not in the graph.")

    def construct(self, *inputs: Any) -> Any:
        params = {node_name: _plain(p) for node_name, p in self._graph_params}
        with torch.no_grad():
            out = self.graph.run(tuple(_plain(x) for x in inputs), params)
        return _ours(out)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if kwargs:
            raise TypeError("For 'GraphCell', the inputs must be positional.")
        return self.construct(*args)


__all__ = ["GraphCell"]
