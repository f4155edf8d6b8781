"""mindspore.amp: mixed precision and loss scaling.

Mixed precision maps MindSpore's levels onto explicit casts (not torch autocast), so the dtype of
every cell's output is what MindSpore's casting rules give:
- O0: float32 everywhere.
- O1: the white-list cells (Dense, Conv*) run in float16 and cast their outputs back to float32.
- O2: the whole network runs in float16 except BatchNorm cells (kept in float32 when
  keep_batchnorm_fp32, the default), and the network output is cast back to float32.
- O3: the whole network in float16, output cast back to float32.
- "auto": O1 on GPU-like targets, O0 on CPU (MindSpore's CPU behaviour).
Loss scaling uses `TrainOneStepWithLossScaleCell` with the managers of `train.loss_scale_manager`.
"""
from __future__ import annotations

from typing import Any

import torch

from mindshim.common import dtype as mstype
from mindshim.common.tensor import Tensor
from mindshim.nn.cell import Cell
from mindshim.train.loss_scale_manager import DynamicLossScaleManager, FixedLossScaleManager, LossScaleManager

_WHITE_LIST = ("Dense", "Conv1d", "Conv2d", "Conv3d", "Conv2dTranspose", "Conv1dTranspose", "Conv3dTranspose")
_BLACK_LIST = ("BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "LayerNorm", "GroupNorm")


def get_white_list() -> list[str]:
    return list(_WHITE_LIST)


def get_black_list() -> list[str]:
    return list(_BLACK_LIST)


def _set_dtype(cell: Cell, dtype: Any, output_dtype: Any = None) -> None:
    object.__setattr__(cell, "_mixed_dtype", None if dtype == mstype.float32 else dtype)
    object.__setattr__(cell, "_amp_output_dtype", output_dtype)
    for p in cell._parameters.values():
        if p is not None and p.is_floating_point():
            p.cast_to(mstype.to_torch(dtype))


def auto_mixed_precision(network: Cell, amp_level: str = "O0", dtype: Any = mstype.float16) -> Cell:
    if amp_level not in ("O0", "O1", "O2", "O3", "auto"):
        raise ValueError(f"For 'auto_mixed_precision', 'amp_level' must be O0, O1, O2, O3 or auto, but got {amp_level!r}.")
    if amp_level == "auto":
        amp_level = "O0" if torch.device("cpu") == _current_device() else "O1"
    if amp_level == "O0":
        return network
    if amp_level == "O1":
        for _, cell in network.cells_and_names():
            if type(cell).__name__ in _WHITE_LIST:
                _set_dtype(cell, dtype, mstype.float32)
        return network
    keep_bn = amp_level == "O2"
    for _, cell in network.cells_and_names():
        if keep_bn and type(cell).__name__ in _BLACK_LIST:
            _set_dtype(cell, mstype.float32)
        else:
            object.__setattr__(cell, "_mixed_dtype", dtype)
            for p in cell._parameters.values():
                if p is not None and p.is_floating_point():
                    p.cast_to(mstype.to_torch(dtype))
    for _, cell in network.cells_and_names():
        if keep_bn and type(cell).__name__ in _BLACK_LIST:
            object.__setattr__(cell, "_mixed_dtype", mstype.float32)
            object.__setattr__(cell, "_amp_output_dtype", dtype)
    object.__setattr__(network, "_amp_output_dtype", mstype.float32)
    return network


def _current_device() -> torch.device:
    from mindshim._backend import device
    return device.current()


def custom_mixed_precision(network: Cell, *, white_list: Any = None, black_list: Any = None,
                           dtype: Any = mstype.float16) -> Cell:
    if white_list is not None and black_list is not None:
        raise ValueError("For custom_mixed_precision, the white_list or black_list cannot be provided at the same "
                         "time, please provide one or the other.")
    names = tuple(c.__name__ if isinstance(c, type) else str(c) for c in (white_list or _WHITE_LIST))
    for _, cell in network.cells_and_names():
        if type(cell).__name__ in names:
            _set_dtype(cell, dtype, mstype.float32)
    return network


def build_train_network(network: Cell, optimizer: Cell, loss_fn: Cell | None = None, level: str = "O0",
                        boost_level: str = "O0", **kwargs: Any) -> Cell:
    from mindshim.nn.wrap.cell_wrapper import TrainOneStepCell, WithLossCell
    from mindshim.nn.wrap.loss_scale import TrainOneStepWithLossScaleCell
    auto_mixed_precision(network, level)
    net = WithLossCell(network, loss_fn) if loss_fn is not None else network
    manager = kwargs.get("loss_scale_manager")
    if manager is None and level in ("O2", "O3"):
        manager = DynamicLossScaleManager()
    if manager is None or (isinstance(manager, FixedLossScaleManager) and not manager.get_drop_overflow_update()
                           and manager.get_loss_scale() == 1):
        return TrainOneStepCell(net, optimizer)
    update_cell = manager.get_update_cell()
    scale = update_cell if update_cell is not None else Tensor(float(manager.get_loss_scale()), mstype.float32)
    return TrainOneStepWithLossScaleCell(net, optimizer, scale)


def all_finite(inputs: Any, status: Any = None) -> Tensor:
    flags = [torch.isfinite(t).all() for t in inputs]
    return torch.stack(flags).all() if flags else Tensor(True)


def init_status() -> Tensor:
    return Tensor([0] * 8, mstype.float32)


class LossScaler:
    def scale(self, inputs: Any) -> Any:
        raise NotImplementedError

    def unscale(self, inputs: Any) -> Any:
        raise NotImplementedError

    def adjust(self, grads_finite: Any) -> Any:
        raise NotImplementedError


def _map(fn, inputs: Any) -> Any:
    if isinstance(inputs, (tuple, list)):
        return type(inputs)(_map(fn, x) for x in inputs)
    return fn(inputs)


class StaticLossScaler(LossScaler):
    def __init__(self, scale_value: float) -> None:
        if scale_value <= 0:
            raise ValueError(f"For 'StaticLossScaler', 'scale_value' must be > 0, but got {scale_value}.")
        from mindshim.common.parameter import Parameter
        self.scale_value = Parameter(Tensor(float(scale_value), mstype.float32), name="scale_value")

    def scale(self, inputs: Any) -> Any:
        return _map(lambda x: x * self.scale_value.to(x.dtype), inputs)

    def unscale(self, inputs: Any) -> Any:
        return _map(lambda x: x / self.scale_value.to(x.dtype), inputs)

    def adjust(self, grads_finite: Any) -> bool:
        return False


class DynamicLossScaler(StaticLossScaler):
    def __init__(self, scale_value: float, scale_factor: int, scale_window: int) -> None:
        super().__init__(scale_value)
        from mindshim.common.parameter import Parameter
        self.scale_factor, self.scale_window = scale_factor, scale_window
        self.counter = Parameter(Tensor(0, mstype.int32), name="counter")

    def adjust(self, grads_finite: Any) -> bool:
        with torch.no_grad():
            if bool(grads_finite):
                self.counter.add_(1)
                if int(self.counter) >= self.scale_window:
                    self.scale_value.mul_(self.scale_factor)
                    self.counter.zero_()
            else:
                self.scale_value.copy_(torch.clamp(self.scale_value / self.scale_factor, min=1.0))
                self.counter.zero_()
        return True


__all__ = ["auto_mixed_precision", "custom_mixed_precision", "build_train_network", "get_white_list",
           "get_black_list", "all_finite", "init_status", "LossScaler", "StaticLossScaler", "DynamicLossScaler",
           "LossScaleManager", "FixedLossScaleManager", "DynamicLossScaleManager"]
