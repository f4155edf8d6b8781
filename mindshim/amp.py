"""mindspore.amp: mixed precision and loss scaling.

Mixed precision maps MindSpore's levels onto explicit per-cell casts (`Cell._mixed_dtype`: float inputs
and the cell's own float Parameters are cast on use; `_amp_output_dtype`: the output is cast back), so
Parameters keep their float32 storage and each cell's output dtype is MindSpore's:
- O0: unchanged.
- O1: cells of the white list (Dense, Conv*) run in `dtype` and cast their outputs back to float32.
  Differs: MindSpore also rewrites white-list *primitives* (ops.MatMul, ops.ReLU, ...) called inside a
  user's construct; mindshim casts at cell granularity only.
- O2: the whole network runs in `dtype` except black-list cells (BatchNorm1d/2d/3d, LayerNorm), which
  run in float32 and cast their output to `dtype`; the network output is cast to float32.
- O3: the whole network in `dtype`, output cast to float32.
- "auto": MindSpore's op-level lists (matmul/conv/dense low precision, exp/log/softmax/norms float32).
  Measured on MindSpore 2.10 CPU: a Dense under "auto" computes its MatMul in float16 and returns
  float32 (its BiasAdd promotes to the wider input), while a bare ops.matmul in a function returns
  float16. mindshim gives a Cell the cell-level casts of Dense/Conv* (output float32 when the layer has
  a bias, left in the low precision without one); a plain function (allowed at this level only) runs
  under torch autocast (`mindshim/_backend/autocast.py`), whose op lists stand in for MindSpore's.
MindSpore wraps the O2/O3 network in an `_OutputTo32` cell; mindshim marks the network itself, so
`type(net)` and attribute access are unchanged (parameter names are the same either way).

build_train_network follows MindSpore's configuration table (`level` -> cast_model_type,
keep_batchnorm_fp32, loss_scale_manager; kwargs override) and wrapper choice: an update cell from
the manager gives TrainOneStepWithLossScaleCell, otherwise TrainOneStepCell(sens=loss_scale).
Superset: MindSpore refuses a loss-scale update cell on CPU (no overflow kernel there); mindshim's
overflow check is plain inf/nan, so it builds the cell on every device.
"""
from __future__ import annotations

import abc

from typing import Any

import torch

from mindshim import nn as _nn
from mindshim.common import dtype as mstype
from mindshim.common.parameter import Parameter
from mindshim.common.tensor import Tensor
from mindshim.nn.cell import Cell
from mindshim.ops import operations as _P
from mindshim.train.loss_scale_manager import DynamicLossScaleManager, FixedLossScaleManager, LossScaleManager


def _existing(module: Any, names: tuple[str, ...]) -> list[type]:
    return [getattr(module, n) for n in names if hasattr(module, n)]


_WHITE_CELLS = _existing(_nn, ("Conv1d", "Conv2d", "Conv3d", "Conv1dTranspose", "Conv2dTranspose", "Conv3dTranspose",
                               "Dense", "LSTMCell", "RNNCell", "GRUCell"))
_WHITE_PRIMITIVES = _existing(_P, ("Conv2D", "Conv3D", "Conv2DTranspose", "Conv3DTranspose", "Conv2DBackpropInput",
                                   "MatMul", "BatchMatMul", "PReLU", "ReLU", "Ger"))
_AUTO_WHITE_CELLS = _existing(_nn, ("Conv1d", "Conv2d", "Conv3d", "Conv1dTranspose", "Conv2dTranspose",
                                    "Conv3dTranspose", "Dense"))
_BLACK_CELLS = _existing(_nn, ("BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "LayerNorm"))
_LEVELS = ("O0", "O1", "O2", "O3", "auto")


def get_white_list() -> list[type]:
    return list(_WHITE_CELLS) + list(_WHITE_PRIMITIVES)


def get_black_list() -> list[type]:
    return list(_BLACK_CELLS)


def _set_cast(cell: Cell, dtype: Any, output_dtype: Any = None) -> None:
    object.__setattr__(cell, "_mixed_dtype", dtype)
    object.__setattr__(cell, "_amp_output_dtype", output_dtype)


def _check_dtype(dtype: Any) -> None:
    if dtype not in (mstype.float16, mstype.bfloat16):
        raise ValueError(f"The dtype should be one of (mstype.float16, mstype.bfloat16), but got {dtype}.")


def _white_list_cells(network: Cell, classes: tuple, dtype: Any) -> None:
    for _, cell in network.cells_and_names():
        if isinstance(cell, classes):
            _set_cast(cell, dtype, mstype.float32)


def _black_list_cells(network: Cell, classes: tuple, dtype: Any) -> Cell:
    """MindSpore's _auto_black_list: all in `dtype`, black-list cells in float32 with output cast to `dtype`."""
    network.to_float(dtype)
    for _, cell in network.cells_and_names():
        if cell is not network and isinstance(cell, classes):
            cell.to_float(mstype.float32)
            for _, sub in cell.cells_and_names():
                _set_cast(sub, mstype.float32)
            object.__setattr__(cell, "_amp_output_dtype", dtype)
    return network


def _output_to_32(network: Cell) -> Cell:
    object.__setattr__(network, "_amp_output_dtype", mstype.float32)
    return network


def auto_mixed_precision(network: Any, amp_level: str = "O0", dtype: Any = mstype.float16) -> Any:
    if not isinstance(network, Cell):
        if amp_level != "auto":
            raise TypeError(f"For amp_level '{amp_level}', the network type should be Cell.")
        if not callable(network):
            raise TypeError("For amp_level 'auto', the network type should be Cell or function.")
    _check_dtype(dtype)
    if amp_level == "O0":
        return network
    if amp_level == "O1":
        _white_list_cells(network, tuple(_WHITE_CELLS), dtype)
    elif amp_level == "O2":
        network = _output_to_32(_black_list_cells(network, tuple(_BLACK_CELLS), dtype))
    elif amp_level == "O3":
        network = _output_to_32(network.to_float(dtype))
    elif amp_level == "auto":
        if isinstance(network, Cell):
            for _, cell in network.cells_and_names():
                if isinstance(cell, tuple(_AUTO_WHITE_CELLS)):
                    _set_cast(cell, dtype, mstype.float32 if getattr(cell, "has_bias", True) else None)
        else:
            from mindshim._backend import autocast
            network = autocast.wrap(network, mstype.to_torch(dtype))
    else:
        raise ValueError(f"The amp level {amp_level} is not supported")
    try:
        object.__setattr__(network, "_amp_level", amp_level)
    except AttributeError:
        pass
    return network


def _list_check(custom_list: Any, list_name: str) -> None:
    if not isinstance(custom_list, list):
        raise TypeError(f"The type of {list_name} should be list, but got {type(custom_list)}")
    from mindshim.ops.primitive import Primitive
    for elem in custom_list:
        if not isinstance(elem, type):
            raise TypeError(f"The element in {list_name} should be a class, but got {elem}")
        allowed = (Cell, Primitive) if list_name == "white_list" else (Cell,)
        if not issubclass(elem, allowed):
            kinds = "one of 'Cell' and 'Primitive'" if list_name == "white_list" else "one of 'Cell'"
            raise TypeError(f"The subclass of element in {list_name} should be {kinds}, but got {elem}")


def custom_mixed_precision(network: Cell, *, white_list: Any = None, black_list: Any = None,
                           dtype: Any = mstype.float16) -> Cell:
    if not isinstance(network, Cell):
        raise TypeError("The network type should be Cell.")
    if white_list is None and black_list is None:
        raise ValueError("For custom_mixed_precision, one of white_list and black_list must be provided.")
    if white_list is not None and black_list is not None:
        raise ValueError("For custom_mixed_precision, the white_list or black_list cannot be provided at the same "
                         "time, please provide one or the other.")
    _check_dtype(dtype)
    if white_list is not None:
        _list_check(white_list, "white_list")
        _white_list_cells(network, tuple(c for c in white_list if issubclass(c, Cell)), dtype)
        return network
    _list_check(black_list, "black_list")
    return _output_to_32(_black_list_cells(network, tuple(black_list), dtype))


_CONFIG_LEVEL = {
    "O0": {"keep_batchnorm_fp32": False, "cast_model_type": mstype.float32, "loss_scale_manager": None},
    "O1": {"keep_batchnorm_fp32": False, "cast_model_type": mstype.float32, "loss_scale_manager": None},
    "O2": {"keep_batchnorm_fp32": True, "cast_model_type": mstype.float16, "loss_scale_manager": "dynamic"},
    "O3": {"keep_batchnorm_fp32": False, "cast_model_type": mstype.float16, "loss_scale_manager": None},
    "auto": {"keep_batchnorm_fp32": False, "cast_model_type": mstype.float32, "loss_scale_manager": None},
}


def _check_level(level: Any, boost_level: Any) -> None:
    if not isinstance(level, str):
        raise TypeError(f"The argument `level` must be a string in ['O0', 'O1', 'O2', 'O3', 'auto'],but got type "
                        f"{type(level)}.")
    if level not in _LEVELS:
        raise ValueError(f"The `level` should be in ['O0', 'O1', 'O2', 'O3', 'auto'], but got {level}.")
    if boost_level not in ("O0", "O1", "O2"):
        raise ValueError(f"The `boost_level` should be in ['O0', 'O1', 'O2'], but got {boost_level}.")


def _check_kwargs(kwargs: dict) -> None:
    for arg in kwargs:
        if arg not in ("cast_model_type", "keep_batchnorm_fp32", "loss_scale_manager"):
            raise ValueError(f"Unsupported arg '{arg}'")
    if "cast_model_type" in kwargs and kwargs["cast_model_type"] not in (mstype.float16, mstype.float32):
        raise TypeError(f"For 'build_train_network', the 'cast_model_type' must be float16 or float32, but got "
                        f"{kwargs['cast_model_type']}.")
    if "keep_batchnorm_fp32" in kwargs and not isinstance(kwargs["keep_batchnorm_fp32"], bool):
        raise TypeError(f"The 'keep_batchnorm_fp32' must be bool, but got {type(kwargs['keep_batchnorm_fp32'])}.")
    manager = kwargs.get("loss_scale_manager")
    if manager and not isinstance(manager, LossScaleManager):
        raise TypeError(f"The 'loss_scale_manager' must be LossScaleManager, but got {type(manager)}.")


def _mixed_precision_process(network: Cell, config: dict, level: str) -> Cell:
    """MindSpore's _auto_mixed_precision_process (the non-rewrite path)."""
    if config["cast_model_type"] == mstype.float16:
        if config["keep_batchnorm_fp32"]:
            _black_list_cells(network, tuple(_BLACK_CELLS), mstype.float16)
        else:
            network.to_float(mstype.float16)
    elif not config["keep_batchnorm_fp32"] and level == "O2":
        network.to_float(mstype.float16)
    elif config["cast_model_type"] == mstype.float32 and level in ("O2", "O3"):
        pass
    else:
        network = auto_mixed_precision(network, level)
    return network


class _WithLossCellFp32(_nn.WithLossCell):
    """build_train_network's loss wrapper for a low-precision network: output and label cast to float32."""

    def construct(self, data: Any, label: Any) -> Any:
        out = self._backbone(data)
        to32 = mstype.to_torch(mstype.float32)
        label = label.to(to32) if label.is_floating_point() else label
        return self._loss_fn(out.to(to32) if out.is_floating_point() else out, label)


def build_train_network(network: Cell, optimizer: Cell, loss_fn: Cell | None = None, level: str = "O0",
                        boost_level: str = "O0", **kwargs: Any) -> Cell:
    from mindshim.nn.optim.optimizer import Optimizer
    from mindshim.nn.wrap.cell_wrapper import TrainOneStepCell, WithLossCell
    from mindshim.nn.wrap.loss_scale import TrainOneStepWithLossScaleCell
    from mindshim.boost import BoostTrainOneStepCell, BoostTrainOneStepWithLossScaleCell, FreezeOpt
    if not isinstance(optimizer, (Optimizer, FreezeOpt)):
        raise TypeError(f"For 'build_train_network', the 'optimizer' must be Optimizer, but got {type(optimizer)}.")
    _check_level(level, boost_level)
    _check_kwargs(kwargs)
    config = dict(_CONFIG_LEVEL[level], **kwargs)
    if config["loss_scale_manager"] == "dynamic":
        config["loss_scale_manager"] = DynamicLossScaleManager()
    network = _mixed_precision_process(network, config, level)
    if loss_fn:
        if not isinstance(loss_fn, Cell):
            raise TypeError(f"The 'loss_fn' must be Cell, but got {type(loss_fn)}.")
        low = config["cast_model_type"] in (mstype.float16, mstype.bfloat16) or \
            getattr(network, "_amp_level", None) in ("O2", "O3", "auto")
        network = _WithLossCellFp32(network, loss_fn) if low else WithLossCell(network, loss_fn)
    manager = config["loss_scale_manager"]
    loss_scale = None
    if manager is not None:
        loss_scale = manager.get_loss_scale()
        update_cell = manager.get_update_cell()
        if update_cell is not None:
            cell = BoostTrainOneStepWithLossScaleCell if boost_level != "O0" else TrainOneStepWithLossScaleCell
            return cell(network, optimizer, scale_sense=update_cell).set_train()
    cell = BoostTrainOneStepCell if boost_level != "O0" else TrainOneStepCell
    return cell(network, optimizer, loss_scale).set_train()


def all_finite(inputs: Any, status: Any = None) -> Tensor:
    flags = [torch.isfinite(t).all() for t in inputs]
    return Tensor(torch.stack(flags).all()) if flags else Tensor(True)


def init_status() -> Tensor:
    """Kept for r2.0-era scripts (MindSpore 2.10 dropped it): the cleared 8-word status `all_finite` ignores."""
    return Tensor([0] * 8, mstype.float32)


class LossScaler(abc.ABC):
    """Abstract base: subclasses implement scale, unscale and adjust (instantiating one that lacks any is a
    TypeError, as in MindSpore)."""

    @abc.abstractmethod
    def scale(self, inputs: Any) -> Any:
        ...

    @abc.abstractmethod
    def unscale(self, inputs: Any) -> Any:
        ...

    @abc.abstractmethod
    def adjust(self, grads_finite: Any) -> Any:
        ...


def _map(fn: Any, inputs: Any) -> Any:
    if isinstance(inputs, (tuple, list)):
        return type(inputs)(_map(fn, x) for x in inputs)
    return fn(inputs)


def _check_scale_value(scale_value: Any) -> None:
    if isinstance(scale_value, bool) or not isinstance(scale_value, (float, int)):
        raise TypeError(f"The 'scale_value' must be float or int, but got {type(scale_value)}.")
    if scale_value < 1.0:
        raise ValueError(f"The argument 'scale_value' must be > 1, but got {scale_value}")


def _check_positive_int(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"The '{name}' must be int, but got {type(value)}.")
    if value <= 0:
        raise ValueError(f"The '{name}' must be positive int, but got {value}.")
    return value


class StaticLossScaler(LossScaler):
    def __init__(self, scale_value: float) -> None:
        _check_scale_value(scale_value)
        self.scale_value = Parameter(Tensor(float(scale_value), mstype.float32), name="scale_value")

    def scale(self, inputs: Any) -> Any:
        return _map(lambda x: x * self.scale_value.to(x.dtype), inputs)

    def unscale(self, inputs: Any) -> Any:
        return _map(lambda x: x * torch.reciprocal(self.scale_value).to(x.dtype), inputs)

    def adjust(self, grads_finite: Any) -> bool:
        return False


class DynamicLossScaler(StaticLossScaler):
    def __init__(self, scale_value: float, scale_factor: int, scale_window: int) -> None:
        super().__init__(scale_value)
        self.scale_window = _check_positive_int(scale_window, "scale_window")
        self.scale_factor = _check_positive_int(scale_factor, "scale_factor")
        self.counter = Parameter(Tensor(0, mstype.int32), name="counter")

    def adjust(self, grads_finite: Any) -> bool:
        with torch.no_grad():
            finite = torch.as_tensor(grads_finite).bool()
            grown = self.scale_value * self.scale_factor
            at_window = self.counter == (self.scale_window - 1)
            on_finite = torch.where(at_window & torch.isfinite(grown), grown, self.scale_value)
            on_overflow = torch.clamp(self.scale_value / self.scale_factor, min=1.0)
            self.scale_value.copy_(torch.where(finite, on_finite, on_overflow))
            self.counter.copy_(((self.counter + 1) % self.scale_window) * finite.to(self.counter.dtype))
        return True


__all__ = ["auto_mixed_precision", "custom_mixed_precision", "build_train_network", "get_white_list",
           "get_black_list", "all_finite", "init_status", "LossScaler", "StaticLossScaler", "DynamicLossScaler",
           "LossScaleManager", "FixedLossScaleManager", "DynamicLossScaleManager"]
