"""mindspore.nn wrappers for micro-batching and parameter updates: GradAccumulationCell, PipelineCell,
MicroBatchInterleaved, VirtualDatasetCellTriple, ParameterUpdate; and nn.no_init_parameters.

Mapping decisions:
- The micro-batch wrappers split every input along axis 0 into `micro_size` (`interleave_num`) equal slices
  (ValueError when the batch does not divide), run the network on each and add the outputs, which is what
  MindSpore computes on one device (pipeline stages and interleaving only change the parallel schedule).
- ParameterUpdate(param)(x) assigns x to the parameter and returns x.
- PipelineGradReducer returns its accumulation buffers / scale_sense (zeroing them), as MindSpore computes on one
  device, where no pipeline graph accumulates into them (so the result is zeros unless they were set).
- no_init_parameters() is a context manager; mindshim initialises Parameters when they are created, so it
  only flips `Parameter.init_param` as MindSpore does (values are the same either way).
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator

from mindshim.common.parameter import Parameter
from mindshim.nn.cell import Cell
from mindshim.nn.layer.container import CellList


class _MicroBatch(Cell):
    """Slice i of `micro_size` equal slices of each input along axis 0."""

    def __init__(self, micro_size: int) -> None:
        super().__init__()
        self.micro_size = micro_size

    def construct(self, i: int, *inputs: Any) -> tuple:
        out = ()
        for x in inputs:
            n = x.shape[0]
            if n % self.micro_size:
                raise ValueError(f"When using MicroBatchInterleaved, PipelineCell or GradAccumulationCell, the "
                                 f"shape value on axis 0 of the input should be divided by {self.micro_size}, "
                                 f"but got {n}.")
            step = n // self.micro_size
            out += (x[step * i:step * (i + 1)],)
        return out


def _check_micro(cls: str, network: Any, arg: str, value: Any, check_cell: bool = True) -> None:
    if check_cell and not isinstance(network, Cell):
        raise TypeError(f"For '{cls}', the argument 'network' must cell type, but got the type : {type(network)}.")
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"For '{cls}', the argument '{arg}' must be integer, but got the type : {type(value)}.")
    if value <= 0:
        raise ValueError(f"For '{cls}', the argument '{arg}' must be large than 0, but got {value}.")


class _SumOfMicroBatches(Cell):
    _what = ""

    def __init__(self, network: Cell, micro_size: int) -> None:
        super().__init__(auto_prefix=False)
        _check_micro(type(self).__name__, network, "micro_size", micro_size)
        self.network = network
        self.micro_size = micro_size
        self.micro_inputs = CellList([_MicroBatch(micro_size) for _ in range(micro_size)])

    def construct(self, *inputs: Any) -> Any:
        ret = None
        for i in range(self.micro_size):
            out = self.network(*self.micro_inputs[i](i, *inputs))
            ret = out if ret is None else ret + out
        return ret


class GradAccumulationCell(_SumOfMicroBatches):
    """nn.GradAccumulationCell(network, micro_size)."""


class PipelineCell(_SumOfMicroBatches):
    """nn.PipelineCell(network, micro_size, stage_config=None, segment_config=None)."""

    def __init__(self, network: Cell, micro_size: int, stage_config: Any = None, segment_config: Any = None) -> None:
        if not isinstance(network, Cell):
            raise TypeError(f"For 'PipelineCell', the argument 'network' must cell type, but got the type : "
                            f"{type(network)}.")
        super().__init__(network, micro_size)
        names = dict(network.cells_and_names())
        for config, attr in ((stage_config, "pipeline_stage"), (segment_config, "pipeline_segment")):
            if config is None:
                continue
            missing = {}
            for name, value in dict(config).items():
                cell = names.get(name) if name else None
                if cell is None and str(network) == name:
                    cell = network
                if cell is None:
                    missing[name] = value
                else:
                    object.__setattr__(cell, attr, value)
            if missing:
                arg = "stage_config" if attr == "pipeline_stage" else "segment_config"
                raise KeyError(f"For 'PipelineCell', the argument '{arg}' : {missing} is not found in 'network' : "
                               f"{network}")

    def shard(self, *args: Any, **kwargs: Any) -> Any:
        raise ValueError("For 'PipelineCell', no 'shard' on 'PipelineCell' is allowed.")


class MicroBatchInterleaved(Cell):
    """nn.MicroBatchInterleaved(network, interleave_num=2)."""

    def __init__(self, network: Cell, interleave_num: int = 2) -> None:
        super().__init__(auto_prefix=False)
        _check_micro("MicroBatchInterleaved", network, "interleave_num", interleave_num, check_cell=False)
        self.network = network
        self.interleave_num = interleave_num
        self.interleave_inputs = CellList([_MicroBatch(interleave_num) for _ in range(interleave_num)])

    def construct(self, *inputs: Any) -> Any:
        out = 0.0
        for i in range(self.interleave_num):
            out = out + self.network(*self.interleave_inputs[i](i, *inputs))
        return out


class VirtualDatasetCellTriple(Cell):
    """nn.VirtualDatasetCellTriple(backbone): calls backbone(a, b, c) (a data-parallel marker on one device)."""

    def __init__(self, backbone: Cell) -> None:
        super().__init__(auto_prefix=False)
        self._backbone = backbone

    def construct(self, a: Any, b: Any, c: Any) -> Any:
        return self._backbone(a, b, c)


class ParameterUpdate(Cell):
    """nn.ParameterUpdate(param): construct(x) assigns x to `param` and returns x."""

    def __init__(self, param: Parameter) -> None:
        super().__init__(auto_prefix=False)
        if not isinstance(param, Parameter):
            raise TypeError(f"For 'ParameterUpdate', 'param' must be 'Parameter', but got {type(param)}.")
        self._param = param

    def construct(self, x: Any) -> Any:
        from mindshim.ops import assign
        assign(self._param, x)
        return x


class PipelineGradReducer(Cell):
    """nn.PipelineGradReducer(parameters, scale_sense=1.0, opt_shard=None): the accumulated gradients
    (`accu_grads.<name>`, filled by a pipeline-parallel graph; nothing fills them on one device) divided by
    `scale_sense`, the buffers then zeroed; with `opt_shard` the given gradients divided by `scale_sense`."""

    def __init__(self, parameters: Any, scale_sense: Any = 1.0, opt_shard: Any = None) -> None:
        super().__init__(auto_prefix=False)
        import numpy as np
        from mindshim.common.tensor import Tensor
        self.accu_grads = parameters.clone(prefix="accu_grads", init="zeros")
        if not isinstance(scale_sense, Parameter):
            scale_sense = Tensor(np.array(scale_sense, np.float32)) if isinstance(scale_sense, (int, float)) \
                else scale_sense
            scale_sense = Parameter(scale_sense, name="scale_sense")
        self.scale_sense = scale_sense
        self.opt_shard = bool(opt_shard)

    def construct(self, grads: Any) -> Any:
        import torch
        out = []
        with torch.no_grad():
            for g, acc in zip(grads, self.accu_grads):
                src = g if self.opt_shard else acc
                out.append(src / self.scale_sense)
                acc.zero_()
        return tuple(out)


@contextmanager
def no_init_parameters() -> Iterator[None]:
    """nn.no_init_parameters(): a context in which Parameter initialisation may be deferred."""
    Parameter.init_param = False
    try:
        yield
    finally:
        Parameter.init_param = True


__all__ = ["GradAccumulationCell", "PipelineCell", "MicroBatchInterleaved", "VirtualDatasetCellTriple",
           "ParameterUpdate", "PipelineGradReducer", "no_init_parameters"]
