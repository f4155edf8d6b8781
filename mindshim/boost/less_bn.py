"""mindspore.boost.LessBN and its CommonHeadLastFN head (a cosine classifier: L2-normalised inputs times
L2-normalised weights, scaled by a learned multiplier).

With fn_flag, the last Dense of every cell that holds Dense layers is replaced by a CommonHeadLastFN built from the
Dense's weight. The replacement goes through `insert_child_to_cell`, exactly as MindSpore does: a SequentialCell
keeps running its original Dense (its `cell_list` is not refreshed), while its parameters now list the head's,
so the old Dense is no longer trained there.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import torch

from mindshim.common import dtype as mstype
from mindshim.common.initializer import initializer
from mindshim.common.parameter import Parameter
from mindshim.common.tensor import Tensor
from mindshim.nn.cell import Cell


def _l2_normalize(x: Any) -> Any:
    return x / torch.sqrt(torch.clamp((x * x).sum(dim=1, keepdim=True), min=1e-4))


def _init_from(value: Any, shape: list) -> Any:
    """initializer() data; a Parameter/Tensor used as the init copies its values."""
    if isinstance(value, Tensor):
        return Tensor(value.asnumpy().reshape(shape))
    return initializer(value, shape)


class CommonHeadLastFN(Cell):
    """CommonHeadLastFN(in_channels, out_channels, weight_init='normal', bias_init='zeros', has_bias=True)."""

    def __init__(self, in_channels: int, out_channels: int, weight_init: Any = "normal", bias_init: Any = "zeros",
                 has_bias: bool = True) -> None:
        super().__init__()
        self.weight = Parameter(_init_from(weight_init, [out_channels, in_channels]), requires_grad=True,
                                name="weight")
        self.multiplier = Parameter(Tensor(np.ones([1]), mstype.float32), requires_grad=True, name="multiplier")
        self.has_bias = has_bias
        if has_bias:
            self.bias = Parameter(_init_from(bias_init, [out_channels]), requires_grad=True, name="bias")

    def construct(self, x: Any) -> Any:
        out = _l2_normalize(x) @ _l2_normalize(self.weight).T
        if self.has_bias:
            out = out + self.bias
        return self.multiplier * out


class LessBN(Cell):
    """LessBN(network, fn_flag=False): marks the network for the less-BN boost and, with fn_flag, swaps the last
    Dense of each cell for a CommonHeadLastFN."""

    def __init__(self, network: Cell, fn_flag: bool = False) -> None:
        super().__init__()
        self.network = network
        if "less_bn" not in self.network.get_flags():
            self.network.add_flags_recursive(less_bn=True)  # what Cell.set_boost("less_bn") does
            # MindSpore's update_cell_prefix: each cell's parameter prefix is its path inside the network
            self._prefixes = {id(cell): name for name, cell in self.network.cells_and_names()}
            if fn_flag:
                self._convert_to_less_bn_net(self.network)
            self.network.add_flags(defer_inline=True)

    def _convert_dense(self, dense: Cell) -> Cell:
        prefix = self._prefixes.get(id(dense), "")
        head = CommonHeadLastFN(dense.in_channels, dense.out_channels, dense.weight, dense.bias, False)
        head.update_parameters_name(prefix + ".")
        return head

    def construct(self, *inputs: Any) -> Any:
        return self.network(*inputs)

    def _convert_to_less_bn_net(self, net: Cell) -> None:
        from mindshim.nn import Dense
        dense_names, dense_cells = [], []
        for name, cell in net.name_cells().items():
            if cell is net:
                continue
            if isinstance(cell, Dense):
                dense_names.append(name)
                dense_cells.append(cell)
            else:
                self._convert_to_less_bn_net(cell)
        if dense_cells:
            net.insert_child_to_cell(dense_names[-1], self._convert_dense(dense_cells[-1]))


__all__ = ["CommonHeadLastFN", "LessBN"]
