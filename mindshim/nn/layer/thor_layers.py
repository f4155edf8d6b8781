"""mindspore.nn THOR layers that MindSpore runs on CPU: DenseThor, EmbeddingThor, EmbeddingLookupThor.

They compute what Dense / Embedding / EmbeddingLookup compute and, while `thor` is True, also record the
second-order statistics the THOR optimizer preconditions with (non-trainable Parameters):
- DenseThor: `matrix_a` = xᵀx / in_channels on each forward (MindSpore's CPU path normalises by the first dim
  of xᵀx, i.e. in_channels, not the batch), `matrix_g` = doutᵀdout / batch when the gradient of the
  output is taken.
- EmbeddingThor: `matrix_a` = how often each id occurs (float32, length vocab_size), `matrix_g` =
  doutᵀdout / number of ids on backward. `use_one_hot=True` is the one-hot matmul and records nothing.
- EmbeddingLookupThor: a float16 table; target 'CPU' is MindSpore's EmbeddingLookup (out-of-range ids give
  zero rows) and records nothing; target 'DEVICE' gathers and records `matrix_a` (float16 counts).
"""
from __future__ import annotations

from typing import Any

import numpy as np
import torch

from mindshim import _checkparam as validator
from mindshim.common import dtype as mstype
from mindshim.common.initializer import initializer
from mindshim.common.parameter import Parameter
from mindshim.common.tensor import Tensor
from mindshim.nn.cell import Cell


def _stat(value: np.ndarray, name: str) -> Parameter:
    return Parameter(Tensor(value.astype(np.float32)), name=name, requires_grad=False)


def _store(param: Parameter, value: torch.Tensor) -> None:
    with torch.no_grad():
        torch.Tensor.copy_(param, value.detach().to(torch.Tensor.dtype.__get__(param)))


def _record_g(out: torch.Tensor, param: Parameter) -> torch.Tensor:
    """Record doutᵀdout / rows into `param` when the gradient of `out` (rows x features) is computed."""
    if out.requires_grad:
        def hook(dout: torch.Tensor) -> None:
            d = dout.reshape(-1, dout.shape[-1]).float()
            _store(param, d.t() @ d / d.shape[0])
        out.register_hook(hook)
    return out


class DenseThor(Cell):
    """nn.DenseThor(in_channels, out_channels, weight_init='normal', bias_init='zeros', has_bias=True,
    activation=None)."""

    _fast = True

    def __init__(self, in_channels: int, out_channels: int, weight_init: Any = "normal", bias_init: Any = "zeros",
                 has_bias: bool = True, activation: Any = None) -> None:
        super().__init__()
        from mindshim.nn.layer.activation import get_activation
        self.thor = True
        self.in_channels = validator.check_positive_int(in_channels, "in_channels", "DenseThor")
        self.out_channels = validator.check_positive_int(out_channels, "out_channels", "DenseThor")
        self.has_bias = validator.check_bool(has_bias, "has_bias", "DenseThor")
        if isinstance(weight_init, torch.Tensor) and tuple(weight_init.shape) != (out_channels, in_channels):
            raise ValueError(f"For 'DenseThor', weight init shape error: expected {(out_channels, in_channels)}, "
                             f"but got {tuple(weight_init.shape)}.")
        self.weight = Parameter(initializer(weight_init, [out_channels, in_channels]), name="weight")
        self.bias = None
        if self.has_bias:
            if isinstance(bias_init, torch.Tensor) and tuple(bias_init.shape) != (out_channels,):
                raise ValueError(f"For 'DenseThor', bias init shape error: expected ({out_channels},), "
                                 f"but got {tuple(bias_init.shape)}.")
            self.bias = Parameter(initializer(bias_init, [out_channels]), name="bias")
        self.activation = get_activation(activation) if isinstance(activation, str) else activation
        self.activation_flag = self.activation is not None
        self.matrix_a = _stat(np.eye(in_channels), "matrix_a")
        self.matrix_g = _stat(np.eye(out_channels), "matrix_g")

    def construct(self, x):
        out = x @ self.weight.t()
        if self.thor:
            xf = x.detach().float()
            _store(self.matrix_a, xf.t() @ xf / self.in_channels)
            out = _record_g(out, self.matrix_g)
        if self.has_bias:
            out = out + self.bias
        if self.activation_flag:
            out = self.activation(out)
        return out

    def extend_repr(self) -> str:
        s = f"input_channels={self.in_channels}, output_channels={self.out_channels}"
        return s + (f", has_bias={self.has_bias}" if self.has_bias else "")


class EmbeddingThor(Cell):
    """nn.EmbeddingThor(vocab_size, embedding_size, use_one_hot=False, embedding_table='normal',
    dtype=mstype.float32, padding_idx=None)."""

    _fast = True

    def __init__(self, vocab_size: int, embedding_size: int, use_one_hot: bool = False,
                 embedding_table: Any = "normal", dtype: Any = mstype.float32, padding_idx: Any = None) -> None:
        super().__init__()
        self.vocab_size = validator.check_value_type("vocab_size", vocab_size, [int], "EmbeddingThor")
        self.embedding_size = validator.check_value_type("embedding_size", embedding_size, [int], "EmbeddingThor")
        self.use_one_hot = validator.check_value_type("use_one_hot", use_one_hot, [bool], "EmbeddingThor")
        self.dtype = dtype
        table = initializer(embedding_table, [vocab_size, embedding_size])
        self.padding_idx = padding_idx
        if padding_idx is not None:
            self.padding_idx = validator.check_int_range(padding_idx, 0, vocab_size, validator.INC_BOTH,
                                                         "padding_idx", "EmbeddingThor")
            table = table.as_subclass(torch.Tensor).clone()
            table[self.padding_idx] = 0
        self.embedding_table = Parameter(table, name="embedding_table")
        self.thor = True
        self.matrix_a = _stat(np.zeros([vocab_size]), "matrix_a")
        self.matrix_g = _stat(np.zeros([embedding_size, embedding_size]), "matrix_g")

    def construct(self, ids):
        flat = ids.reshape(-1).long()
        if self.use_one_hot:
            hot = torch.nn.functional.one_hot(flat, self.vocab_size).to(self.embedding_table.dtype)
            out = hot @ self.embedding_table
        else:
            if bool(((flat < 0) | (flat >= self.vocab_size)).any()):
                raise RuntimeError(f"For 'Gather', the 'input_indices' should be in the range [0, {self.vocab_size}).")
            out = self.embedding_table[flat]
            if self.thor:
                _store(self.matrix_a, torch.bincount(flat, minlength=self.vocab_size).float())
                out = _record_g(out, self.matrix_g)
        return out.reshape(tuple(ids.shape) + (self.embedding_size,))

    def extend_repr(self) -> str:
        return (f"vocab_size={self.vocab_size}, embedding_size={self.embedding_size}, use_one_hot={self.use_one_hot}, "
                f"embedding_table={self.embedding_table}, dtype={self.dtype}, padding_idx={self.padding_idx}")


class EmbeddingLookupThor(Cell):
    """nn.EmbeddingLookupThor(vocab_size, embedding_size, param_init='normal', target='CPU',
    slice_mode='batch_slice', manual_shapes=None, max_norm=None, sparse=True)."""

    BATCH_SLICE = "batch_slice"
    FIELD_SLICE = "field_slice"
    TABLE_ROW_SLICE = "table_row_slice"
    TABLE_COLUMN_SLICE = "table_column_slice"

    def __init__(self, vocab_size: int, embedding_size: int, param_init: Any = "normal", target: str = "CPU",
                 slice_mode: str = "batch_slice", manual_shapes: Any = None, max_norm: Any = None,
                 sparse: bool = True) -> None:
        super().__init__()
        cls = "EmbeddingLookupThor"
        validator.check_value_type("sparse", sparse, [bool], cls)
        self.vocab_size = validator.check_positive_int(vocab_size, "vocab_size", cls)
        if target not in ("CPU", "DEVICE"):
            raise ValueError(f"For '{cls}', the 'target' must be one of values in ('CPU', 'DEVICE'), but got {target}.")
        if not sparse and target == "CPU":
            raise ValueError(f"For '{cls}', embedding_lookup must be sparse when 'target' is CPU, but got "
                             f"'sparse': {sparse}, 'target': {target}.")
        self.target = target
        self.sparse = sparse
        self.forward_unique = False
        self.dtype = mstype.float16
        self.embedding_size = validator.check_positive_int(embedding_size, "embedding_size", cls)
        self.embedding_table = Parameter(initializer(param_init, [self.vocab_size, self.embedding_size],
                                                     mstype.float16), name="embedding_table")
        self.max_norm = None if max_norm is None else validator.check_positive_float(max_norm, "max_norm", cls)
        self.thor = True
        self.matrix_a = _stat(np.zeros([vocab_size]), "matrix_a")
        self.matrix_g = _stat(np.zeros([embedding_size, embedding_size]), "matrix_g")

    def construct(self, indices):
        from mindshim.common.tensor import wrap
        if self.target == "CPU":  # EmbeddingLookup: ids outside [0, vocab_size) give zero rows
            ids = indices.long()
            inside = (ids >= 0) & (ids < self.vocab_size)
            out = self.embedding_table[ids.clamp(0, self.vocab_size - 1)] * inside.unsqueeze(-1).to(torch.float16)
        else:
            flat = indices.reshape(-1).long()
            if bool(((flat < 0) | (flat >= self.vocab_size)).any()):
                raise RuntimeError(f"For 'Gather', the 'input_indices' should be in the range [0, {self.vocab_size}).")
            if self.thor:
                counts = torch.bincount(flat, minlength=self.vocab_size).to(torch.float16)
                _store(self.matrix_a, counts)
            out = self.embedding_table[flat].reshape(tuple(indices.shape) + (self.embedding_size,))
        if self.max_norm is not None:
            from mindshim.nn.layer.basic import ClipByNorm
            axis = tuple(range(indices.dim(), out.dim()))
            out = ClipByNorm(axis)(wrap(out), Tensor(self.max_norm, mstype.float16))
        return out


__all__ = ["DenseThor", "EmbeddingThor", "EmbeddingLookupThor"]
