"""mindspore.nn RNNCell, GRUCell, LSTMCell: one recurrent step.

Mapping decisions:
- Gate layouts are MindSpore's, which are also torch's: LSTM rows `[i, f, g, o]`, GRU rows `[r, z, n]`
  with `n = tanh(W_in x + b_in + r * (W_hn h + b_hn))`, so torch's fused `lstm_cell`/`gru_cell`/
  `rnn_tanh_cell`/`rnn_relu_cell` give MindSpore's numbers.
- Parameters `weight_ih (k*hidden, input)`, `weight_hh (k*hidden, hidden)`, `bias_ih`, `bias_hh`
  (k = 1/3/4) in that order. MindSpore first fills them from numpy's global `randn` and then overwrites
  them with `Uniform(1/sqrt(hidden))`; we draw the same `randn` calls so numpy's global random state
  advances as it does under MindSpore, then use our own `Uniform`.
- Inputs are checked as MindSpore does: tensors (LSTMCell's `hx` a real tuple of two), float32/float16,
  the weight dtype must equal the input dtype (MindSpore's MatMul raises TypeError), 2-D `x` and `hx`
  (ValueError). `hx` is required; `hx=None` fails with AttributeError as in MindSpore.
- `LSTMCell` refuses the pre-1.6 layer signature (more than four positional arguments, or
  `batch_size`/`dropout`/`bidirectional`) with ValueError, as MindSpore does.
"""
from __future__ import annotations

import math
from typing import Any

import numpy as np
import torch

from mindshim.common import dtype as mstype
from mindshim.common.initializer import Uniform, initializer
from mindshim.common.parameter import Parameter
from mindshim.common.tensor import Tensor
from mindshim.nn.cell import Cell

_FLOATS = (torch.float32, torch.float16)


def check_positive_int(value: Any, arg: str, api: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"For '{api}', the '{arg}' must be int, but got '{type(value).__name__}'.")
    if value <= 0:
        raise ValueError(f"For '{api}', the '{arg}' must be int and must > 0, but got '{value}'.")
    return value


def check_bool(value: Any, arg: str, api: str) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"For '{api}', the type of '{arg}' should be 'bool', but got type '{type(value).__name__}'.")
    return value


def check_tensor(value: Any, arg: str, api: str) -> None:
    if value is not None and not isinstance(value, torch.Tensor):
        raise TypeError(f"For '{api}', the '{arg}' must be a Tensor, but got '{type(value).__name__}'.")


def check_hx_tuple(hx: Any, api: str) -> None:
    if hx is not None and not isinstance(hx, tuple):
        raise TypeError(f"For '{api}', the 'hx' must be a tuple of two Tensors, but got '{type(hx).__name__}'.")
    if hx is not None and len(hx) != 2:
        raise TypeError(f"For '{api}', the length of 'hx' must be '2', but got '{len(hx)}'.")


def check_float_dtype(t: torch.Tensor, arg: str, api: str) -> None:
    if t.dtype not in _FLOATS:
        raise TypeError(f"For '{api}', the '{arg}' should be one of [float32, float16], but got '{t.dtype}'.")


# one step of each recurrence on plain tensors; biases may be None
def rnn_tanh_step(x, h, w_ih, w_hh, b_ih, b_hh):
    return torch.rnn_tanh_cell(x, h, w_ih, w_hh, b_ih, b_hh)


def rnn_relu_step(x, h, w_ih, w_hh, b_ih, b_hh):
    return torch.rnn_relu_cell(x, h, w_ih, w_hh, b_ih, b_hh)


def gru_step(x, h, w_ih, w_hh, b_ih, b_hh):
    return torch.gru_cell(x, h, w_ih, w_hh, b_ih, b_hh)


def lstm_step(x, hc, w_ih, w_hh, b_ih, b_hh):
    return torch.lstm_cell(x, hc, w_ih, w_hh, b_ih, b_hh)


class RNNCellBase(Cell):
    """Shared parameters and checks of the three cells."""

    _fast = True

    def __init__(self, input_size: int, hidden_size: int, has_bias: bool, num_chunks: int,
                 dtype=mstype.float32) -> None:
        super().__init__()
        check_bool(has_bias, "has_bias", self.cls_name)
        check_positive_int(hidden_size, "hidden_size", self.cls_name)
        check_positive_int(input_size, "input_size", self.cls_name)
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.has_bias = has_bias
        gates = num_chunks * hidden_size
        # numpy draws only to advance the global numpy state as MindSpore does; values are replaced below
        self.weight_ih = Parameter(Tensor(np.random.randn(gates, input_size), dtype=dtype))
        self.weight_hh = Parameter(Tensor(np.random.randn(gates, hidden_size), dtype=dtype))
        if has_bias:
            self.bias_ih = Parameter(Tensor(np.random.randn(gates), dtype=dtype))
            self.bias_hh = Parameter(Tensor(np.random.randn(gates), dtype=dtype))
        else:
            self.bias_ih = None
            self.bias_hh = None
        self.reset_parameters(dtype=dtype)

    def reset_parameters(self, dtype=mstype.float32) -> None:
        stdv = 1 / math.sqrt(self.hidden_size)
        for weight in self.get_parameters():
            weight.set_data(initializer(Uniform(stdv), weight.shape, dtype))

    def _check_step(self, x, hs: tuple) -> None:
        """dtype and rank checks shared by the cells (after the type checks of each cell)."""
        api = self.cls_name
        check_float_dtype(x, "x", api)
        for i, h in enumerate(hs):
            check_float_dtype(h, "hx" if len(hs) == 1 else f"hx[{i}]", api)
        w_dtype = self.weight_ih.dtype
        if x.dtype != w_dtype or any(h.dtype != w_dtype for h in hs):
            raise TypeError(f"For '{api}', the inputs must have the parameters' dtype {w_dtype}, but got "
                            f"{[x.dtype] + [h.dtype for h in hs]}.")
        if x.dim() != 2 or any(h.dim() != 2 for h in hs):
            raise ValueError(f"For '{api}', 'x' and 'hx' must be 2-D (batch, features), but got "
                             f"{[x.dim()] + [h.dim() for h in hs]} dimensions.")
        if x.shape[1] != self.input_size:
            raise ValueError(f"For '{api}', the last dimension of 'x' must be the input_size {self.input_size}, "
                             f"but got {x.shape[1]}.")


class RNNCell(RNNCellBase):
    """mindspore.nn.RNNCell(input_size, hidden_size, has_bias=True, nonlinearity='tanh', dtype=mstype.float32);
    construct(x, hx) -> h'."""

    _non_linearity = ["tanh", "relu"]

    def __init__(self, input_size: int, hidden_size: int, has_bias: bool = True, nonlinearity: str = "tanh",
                 dtype=mstype.float32) -> None:
        super().__init__(input_size, hidden_size, has_bias, num_chunks=1, dtype=dtype)
        if not isinstance(nonlinearity, str):
            raise TypeError(f"For 'RNNCell', the type of 'nonlinearity' should be 'str', but got type "
                            f"'{type(nonlinearity).__name__}'.")
        if nonlinearity not in self._non_linearity:
            raise ValueError(f"For 'RNNCell', the 'nonlinearity' must be in {self._non_linearity}, but got "
                             f"'{nonlinearity}'.")
        self.nonlinearity = nonlinearity

    def construct(self, x, hx):
        check_tensor(x, "x", self.cls_name)
        check_tensor(hx, "hx", self.cls_name)
        self._check_step(x, (hx,))
        step = rnn_tanh_step if self.nonlinearity == "tanh" else rnn_relu_step
        return step(x, hx, self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)


class GRUCell(RNNCellBase):
    """mindspore.nn.GRUCell(input_size, hidden_size, has_bias=True, dtype=mstype.float32); construct(x, hx) -> h'."""

    def __init__(self, input_size: int, hidden_size: int, has_bias: bool = True, dtype=mstype.float32) -> None:
        super().__init__(input_size, hidden_size, has_bias, num_chunks=3, dtype=dtype)

    def construct(self, x, hx):
        check_tensor(x, "x", self.cls_name)
        check_tensor(hx, "hx", self.cls_name)
        self._check_step(x, (hx,))
        return gru_step(x, hx, self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)


class LSTMCell(RNNCellBase):
    """mindspore.nn.LSTMCell(input_size, hidden_size, has_bias=True, dtype=mstype.float32);
    construct(x, (h, c)) -> (h', c')."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        if len(args) > 4 or any(k in kwargs for k in ("batch_size", "dropout", "bidirectional")):
            raise ValueError("nn.LSTMCell is a single LSTM cell since MindSpore 1.6 (the arguments given are the old "
                             "single-layer signature); use nn.LSTM for a layer.")
        self._init(*args, **kwargs)

    def _init(self, input_size: int, hidden_size: int, has_bias: bool = True, dtype=mstype.float32) -> None:
        super().__init__(input_size, hidden_size, has_bias, num_chunks=4, dtype=dtype)

    def construct(self, x, hx, *extra):
        if len(extra) == 2:  # the pre-1.6 call (x, h, c, w)
            raise ValueError("For 'LSTMCell', construct takes (x, hx) but got 4 inputs; nn.LSTMCell is a single "
                             "LSTM cell since MindSpore 1.6, use nn.LSTM for a layer.")
        if extra:
            raise TypeError(f"LSTMCell.construct() takes 2 inputs (x, hx) but {2 + len(extra)} were given.")
        check_tensor(x, "x", self.cls_name)
        check_hx_tuple(hx, self.cls_name)
        check_tensor(hx[0], "hx[0]", self.cls_name)
        check_tensor(hx[1], "hx[1]", self.cls_name)
        self._check_step(x, tuple(hx))
        return lstm_step(x, tuple(hx), self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)


__all__ = ["LSTMCell", "GRUCell", "RNNCell"]
