"""mindspore.nn RNN, GRU, LSTM: multi-layer, optionally bidirectional recurrent layers.

Mapping decisions:
- Parameters are MindSpore's: per layer `l` and direction (suffix `_reverse`) `weight_ih_l{l}`,
  `weight_hh_l{l}`, `bias_ih_l{l}`, `bias_hh_l{l}`, held in the ParameterTuples `w_ih_list`, `w_hh_list`,
  `b_ih_list`, `b_hh_list`, so the parameter ORDER is all `weight_ih_*`, then all `weight_hh_*`, then the
  biases (not torch's per-layer grouping). Initial values come from numpy's global
  `uniform(-1/sqrt(hidden), 1/sqrt(hidden))` in MindSpore's draw order, so the same `np.random.seed`
  gives MindSpore's exact initial weights.
- Gate layouts equal torch's (LSTM `[i, f, g, o]`, GRU `[r, z, n]`), so without `seq_length` one call of
  torch's fused `lstm`/`gru`/`rnn_tanh`/`rnn_relu` kernel runs every layer and direction; inter-layer
  dropout (only while training) is that kernel's.
- `seq_length` (int32/int64, one length per batch entry): MindSpore runs every step and masks it:
  outputs at steps `t >= length` are zeros and the final state is the one after the last valid step
  (a length of 0 keeps the initial state). The reverse direction sees each sequence reversed within its
  own length (padding stays in place); a length above the time dimension is a RuntimeError there, as in
  MindSpore (checked eagerly only: a compiled graph cannot read the lengths on the host). This path is an
  explicit masked loop over time steps; so is the path without `seq_length` inside a compiled graph on CPU,
  where dynamo cannot trace torch's oneDNN RNN kernel.
- `hx`: a Tensor `(num_layers * num_directions, batch, hidden)` for RNN/GRU, a real tuple `(h, c)` for LSTM
  (a list is a TypeError, as in MindSpore); both default to zeros. When `hx` is given its dtype must equal
  `x`'s and be float32/float16 (TypeError); parameters are cast to `x`'s dtype.
- Sub-cells mirror MindSpore's CPU layout (`rnn`, a parameterless recurrence cell, and `dropout_op`) so
  `cells_and_names()` lists the same cells.
"""
from __future__ import annotations

import math
from typing import Any

import numpy as np
import torch
import torch.nn.functional as F

from mindshim.common import dtype as mstype
from mindshim.common.parameter import Parameter, ParameterTuple
from mindshim.common.tensor import Tensor
from mindshim.nn.cell import Cell
from mindshim.nn.layer.basic import Dropout
from mindshim.nn.layer.rnn_cells import (
    check_bool, check_hx_tuple, check_positive_int, check_tensor, gru_step, lstm_step, rnn_relu_step,
    rnn_tanh_step,
)

_FLOATS = (torch.float32, torch.float16)
_GATES = {"RNN_TANH": 1, "RNN_RELU": 1, "GRU": 3, "LSTM": 4}


class _DynamicRNNBase(Cell):
    """Parameterless recurrence of one direction of one layer with per-sequence lengths (masked steps)."""

    _fast = True

    def __init__(self, mode: str) -> None:
        super().__init__()
        self.step = {"RNN_TANH": rnn_tanh_step, "RNN_RELU": rnn_relu_step, "GRU": gru_step, "LSTM": lstm_step}[mode]
        self.is_lstm = mode == "LSTM"

    def masked(self, x, h, lengths, w_ih, w_hh, b_ih, b_hh):
        """x (T, B, in), lengths (B,) or None -> outputs (T, B, H), zero past each length, and the state after
        the last valid step."""
        state = h
        zero = torch.zeros_like(h[0] if self.is_lstm else h)
        outputs = []
        for t in range(x.shape[0]):
            new = self.step(x[t], state, w_ih, w_hh, b_ih, b_hh)
            if lengths is None:
                state = new
                outputs.append(new[0] if self.is_lstm else new)
                continue
            valid = (lengths > t).unsqueeze(1)
            if self.is_lstm:
                state = (torch.where(valid, new[0], state[0]), torch.where(valid, new[1], state[1]))
                outputs.append(torch.where(valid, new[0], zero))
            else:
                state = torch.where(valid, new, state)
                outputs.append(torch.where(valid, new, zero))
        return torch.stack(outputs), state


class _DynamicRNNTanh(_DynamicRNNBase):
    def __init__(self) -> None:
        super().__init__("RNN_TANH")


class _DynamicRNNRelu(_DynamicRNNBase):
    def __init__(self) -> None:
        super().__init__("RNN_RELU")


class _DynamicGRUCPUGPU(_DynamicRNNBase):
    def __init__(self) -> None:
        super().__init__("GRU")


class _DynamicLSTMCPUGPU(_DynamicRNNBase):
    def __init__(self) -> None:
        super().__init__("LSTM")


_ENGINES = {"RNN_TANH": _DynamicRNNTanh, "RNN_RELU": _DynamicRNNRelu, "GRU": _DynamicGRUCPUGPU,
            "LSTM": _DynamicLSTMCPUGPU}
_KERNELS = {"RNN_TANH": torch.rnn_tanh, "RNN_RELU": torch.rnn_relu, "GRU": torch.gru}


def _reverse(x, lengths):
    """Reverse time (dim 0); with lengths, each batch entry's first `length` steps only (padding stays)."""
    if lengths is None:
        return x.flip(0)
    steps = x.shape[0]
    if not torch.compiler.is_compiling() and bool((lengths > steps).any()):  # (no host read inside a graph)
        raise RuntimeError(f"Invalid seq_lengths: a length exceeds the time dimension {steps}.")
    t = torch.arange(steps, device=x.device).unsqueeze(1)
    lens = lengths.to(t.dtype).unsqueeze(0)
    index = torch.where(t < lens, lens - 1 - t, t)
    return x.gather(0, index.unsqueeze(2).expand_as(x))


class _RNNBase(Cell):
    """Shared by RNN, GRU and LSTM."""

    _fast = True

    def __init__(self, mode: str, input_size: int, hidden_size: int, num_layers: int = 1, has_bias: bool = True,
                 batch_first: bool = False, dropout: float = 0.0, bidirectional: bool = False,
                 dtype=mstype.float32) -> None:
        super().__init__()
        api = self.cls_name
        check_positive_int(hidden_size, "hidden_size", api)
        check_positive_int(input_size, "input_size", api)
        check_positive_int(num_layers, "num_layers", api)
        if not isinstance(dropout, float):
            raise TypeError(f"For '{api}', the type of 'dropout' must be 'float', but got '{type(dropout).__name__}'.")
        check_bool(has_bias, "has_bias", api)
        check_bool(batch_first, "batch_first", api)
        check_bool(bidirectional, "bidirectional", api)
        if not 0 <= dropout < 1:
            raise ValueError(f"For '{api}', the 'dropout' must be a number in range [0, 1), but got {dropout}.")
        self._mode = mode
        self.rnn = _ENGINES[mode]()
        self.hidden_size = hidden_size
        self.batch_first = batch_first
        self.num_layers = num_layers
        self.dropout = dropout
        self.dropout_op = Dropout(p=float(dropout))
        self.bidirectional = bidirectional
        self.has_bias = has_bias
        self.is_lstm = mode == "LSTM"
        gate_size = _GATES[mode] * hidden_size
        num_directions = 2 if bidirectional else 1
        stdv = 1 / math.sqrt(hidden_size)
        w_ih, w_hh, b_ih, b_hh = [], [], [], []

        def param(shape, name):
            return Parameter(Tensor(np.random.uniform(-stdv, stdv, shape).astype(np.float32), dtype=dtype), name=name)

        for layer in range(num_layers):
            for direction in range(num_directions):
                layer_input = input_size if layer == 0 else hidden_size * num_directions
                suffix = f"l{layer}" + ("_reverse" if direction == 1 else "")
                w_ih.append(param((gate_size, layer_input), "weight_ih_" + suffix))
                w_hh.append(param((gate_size, hidden_size), "weight_hh_" + suffix))
                if has_bias:
                    b_ih.append(param(gate_size, "bias_ih_" + suffix))
                    b_hh.append(param(gate_size, "bias_hh_" + suffix))
        self.w_ih_list = ParameterTuple(w_ih)
        self.w_hh_list = ParameterTuple(w_hh)
        self.b_ih_list = ParameterTuple(b_ih)
        self.b_hh_list = ParameterTuple(b_hh)

    # ----- checks -----
    def _check_inputs(self, x, hx, seq_length) -> None:
        api = self.cls_name
        check_tensor(x, "x", api)
        if x is None:
            raise TypeError(f"For '{api}', the 'x' must be a Tensor, but got None.")
        if x.dim() != 3:
            raise ValueError(f"For '{api}', the 'x' must be 3-D, but got {x.dim()} dimensions.")
        if not x.dtype.is_floating_point:
            raise TypeError(f"For '{api}', the 'x' must be a float Tensor, but got {x.dtype}.")
        if x.shape[2] != self.w_ih_list[0].shape[1]:
            raise ValueError(f"For '{api}', the last dimension of 'x' must be the input_size "
                             f"{self.w_ih_list[0].shape[1]}, but got {x.shape[2]}.")
        batch = x.shape[0] if self.batch_first else x.shape[1]
        expected = (self.num_layers * (2 if self.bidirectional else 1), batch, self.hidden_size)
        if hx is not None:
            if self.is_lstm:
                check_hx_tuple(hx, api)
                check_tensor(hx[0], "hx[0]", api)
                check_tensor(hx[1], "hx[1]", api)
                states = tuple(hx)
            else:
                check_tensor(hx, "h", api)
                states = (hx,)
            dtypes = [x.dtype] + [h.dtype for h in states]
            if dtypes[0] not in _FLOATS or any(d != dtypes[0] for d in dtypes):
                raise TypeError(f"For '{api}', 'x' and 'hx' must have the same dtype, float32 or float16, but got "
                                f"{dtypes}.")
            for h in states:
                if tuple(h.shape) != expected:
                    raise ValueError(f"For '{api}', the 'hx' must have shape {expected}, but got {tuple(h.shape)}.")
        if seq_length is not None:
            if seq_length.dtype not in (torch.int32, torch.int64):
                raise TypeError(f"For '{api}', the 'seq_length' should be one of [int32, int64], but got "
                                f"'{seq_length.dtype}'.")
            if seq_length.dim() != 1 or seq_length.shape[0] != batch:
                raise ValueError(f"For '{api}' batch size of x and seq_length must be equal, but got {batch} of x "
                                 f"and {tuple(seq_length.shape)} of seq_length.")

    # ----- forward -----
    def construct(self, x, hx=None, seq_length=None):
        self._check_inputs(x, hx, seq_length)
        dtype = x.dtype
        if self.batch_first:
            x = x.transpose(0, 1)
        if hx is None:
            shape = (self.num_layers * (2 if self.bidirectional else 1), x.shape[1], self.hidden_size)
            hx = (x.new_zeros(shape), x.new_zeros(shape)) if self.is_lstm else x.new_zeros(shape)
        weights = self._weights(dtype)
        if seq_length is None and not (x.device.type == "cpu" and torch.compiler.is_compiling()):
            out, h_n = self._fused(x, hx, weights)
        else:  # dynamo cannot trace the CPU (oneDNN) fused kernel: unrolled steps there
            out, h_n = self._stepwise(x, hx, seq_length, weights)
        if self.batch_first:
            out = out.transpose(0, 1)
        return out, h_n

    def _weights(self, dtype) -> list[tuple]:
        """Per (layer, direction): (w_ih, w_hh, b_ih, b_hh) cast to the input dtype; biases None without bias."""
        cast = (lambda p: p) if self.w_ih_list[0].dtype == dtype else (lambda p: p.to(dtype))
        if self.has_bias:
            return [(cast(a), cast(b), cast(c), cast(d))
                    for a, b, c, d in zip(self.w_ih_list, self.w_hh_list, self.b_ih_list, self.b_hh_list)]
        return [(cast(a), cast(b), None, None) for a, b in zip(self.w_ih_list, self.w_hh_list)]

    def _fused(self, x, hx, weights):
        flat = [w for group in weights for w in group if w is not None]
        train = self.training and self.dropout != 0
        args = (flat, self.has_bias, self.num_layers, float(self.dropout), train, self.bidirectional, False)
        if self.is_lstm:
            out, h, c = torch.lstm(x, tuple(hx), *args)
            return out, (h, c)
        return _KERNELS[self._mode](x, hx, *args)

    def _stepwise(self, x, hx, lengths, weights):
        directions = 2 if self.bidirectional else 1
        layer_in = x
        hs, cs = [], []
        for layer in range(self.num_layers):
            outs = []
            for direction in range(directions):
                i = layer * directions + direction
                h0 = (hx[0][i], hx[1][i]) if self.is_lstm else hx[i]
                seq = layer_in if direction == 0 else _reverse(layer_in, lengths)
                out, state = self.rnn.masked(seq, h0, lengths, *weights[i])
                outs.append(out if direction == 0 else _reverse(out, lengths))
                if self.is_lstm:
                    hs.append(state[0])
                    cs.append(state[1])
                else:
                    hs.append(state)
            out = torch.cat(outs, 2) if directions == 2 else outs[0]
            if self.training and self.dropout != 0 and layer < self.num_layers - 1:
                out = F.dropout(out, self.dropout, True)
            layer_in = out
        if self.is_lstm:
            return layer_in, (torch.stack(hs), torch.stack(cs))
        return layer_in, torch.stack(hs)


class RNN(_RNNBase):
    """mindspore.nn.RNN(input_size, hidden_size, num_layers=1, has_bias=True, batch_first=False, dropout=0.0,
    bidirectional=False, dtype=mstype.float32, nonlinearity='tanh' (keyword));
    construct(x, hx=None, seq_length=None) -> (output, h_n)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        nonlinearity = kwargs.pop("nonlinearity", "tanh")
        modes = {"tanh": "RNN_TANH", "relu": "RNN_RELU"}
        if not isinstance(nonlinearity, str) or nonlinearity not in modes:
            raise ValueError(f"For 'RNN', the 'nonlinearity' must be in ['tanh', 'relu'], but got {nonlinearity}.")
        super().__init__(modes[nonlinearity], *args, **kwargs)


class GRU(_RNNBase):
    """mindspore.nn.GRU(input_size, hidden_size, num_layers=1, has_bias=True, batch_first=False, dropout=0.0,
    bidirectional=False, dtype=mstype.float32); construct(x, hx=None, seq_length=None) -> (output, h_n)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__("GRU", *args, **kwargs)


class LSTM(_RNNBase):
    """mindspore.nn.LSTM(input_size, hidden_size, num_layers=1, has_bias=True, batch_first=False, dropout=0.0,
    bidirectional=False, dtype=mstype.float32); construct(x, hx=None, seq_length=None) -> (output, (h_n, c_n))."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__("LSTM", *args, **kwargs)


__all__ = ["LSTM", "GRU", "RNN"]
