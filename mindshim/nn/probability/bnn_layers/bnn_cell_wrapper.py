"""mindspore.nn.probability.bnn_layers.WithBNNLossCell: backbone loss plus the Bayesian layers' KL losses."""
from __future__ import annotations

from typing import Any

from mindshim.nn.cell import Cell

__all__ = ["WithBNNLossCell"]


def _check_factor(value: Any, name: str, must: str) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"The type of `{name}` must be `int` or `float`")
    if value < 0:
        raise ValueError(f"The value of `{name}` {must} >= 0")


class WithBNNLossCell(Cell):
    """WithBNNLossCell(backbone, loss_fn, dnn_factor=1, bnn_factor=1):
    loss = loss_fn(backbone(x), label) * dnn_factor + sum of KL losses * bnn_factor."""

    def __init__(self, backbone: Cell, loss_fn: Cell, dnn_factor: Any = 1, bnn_factor: Any = 1) -> None:
        super().__init__(auto_prefix=False)
        _check_factor(dnn_factor, "dnn_factor", "should")
        _check_factor(bnn_factor, "bnn_factor", "must")
        self._backbone = backbone
        self._loss_fn = loss_fn
        self.dnn_factor = dnn_factor
        self.bnn_factor = bnn_factor
        self.kl_loss: list = []
        self._add_kl_loss(self._backbone)

    def construct(self, x: Any, label: Any) -> Any:
        backbone_loss = self._loss_fn(self._backbone(x), label)
        kl_loss = 0
        for kl_loss_func in self.kl_loss:
            kl_loss = kl_loss + kl_loss_func()
        return backbone_loss * self.dnn_factor + kl_loss * self.bnn_factor

    def _add_kl_loss(self, net: Cell) -> None:
        from mindshim.nn.probability.bnn_layers.conv_variational import _ConvVariational
        from mindshim.nn.probability.bnn_layers.dense_variational import _DenseVariational
        for layer in net.name_cells().values():
            if isinstance(layer, (_DenseVariational, _ConvVariational)):
                self.kl_loss.append(layer.compute_kl_loss)
            else:
                self._add_kl_loss(layer)

    @property
    def backbone_network(self) -> Cell:
        return self._backbone
