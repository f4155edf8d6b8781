"""mindspore.nn.Embedding.

Mapping decisions:
- The table parameter is `embedding_table`, shape `(vocab_size, embedding_size)`, default init
  'normal' (Normal(sigma=0.01)). `padding_idx` zeroes that row at construction only: MindSpore's
  lookup is a plain gather, so the padding row still receives gradient (unlike torch's
  `padding_idx`, which we therefore do not pass on).
- `use_one_hot=True` (one-hot matmul in MindSpore) gives the same values and gradients as the
  gather, so both run as `torch.embedding`.
"""
from __future__ import annotations

import torch

from mindshim.common import dtype as mstype
from mindshim.common.initializer import initializer
from mindshim.common.parameter import Parameter
from mindshim.nn.cell import Cell
from mindshim.ops.function._class_targets import gathered_ids


class Embedding(Cell):
    """mindspore.nn.Embedding(vocab_size, embedding_size, use_one_hot=False, embedding_table='normal',
    dtype=mstype.float32, padding_idx=None)."""

    _fast = True

    def __init__(self, vocab_size: int, embedding_size: int, use_one_hot: bool = False,
                 embedding_table="normal", dtype=mstype.float32, padding_idx: int | None = None) -> None:
        super().__init__()
        for arg, v in (("vocab_size", vocab_size), ("embedding_size", embedding_size)):
            if not isinstance(v, int) or isinstance(v, bool):
                raise TypeError(f"For 'Embedding', the '{arg}' must be int, but got {type(v).__name__}.")
        if not isinstance(use_one_hot, bool):
            raise TypeError(f"For 'Embedding', the 'use_one_hot' must be bool, but got {type(use_one_hot).__name__}.")
        self.vocab_size = vocab_size
        self.embedding_size = embedding_size
        self.use_one_hot = use_one_hot
        self.dtype = dtype
        table = initializer(embedding_table, [vocab_size, embedding_size])
        if padding_idx is not None:
            if not isinstance(padding_idx, int) or isinstance(padding_idx, bool):
                raise TypeError(f"For 'Embedding', the 'padding_idx' must be int, "
                                f"but got {type(padding_idx).__name__}.")
            if not 0 <= padding_idx < vocab_size:
                raise ValueError(f"For 'Embedding', the 'padding_idx' must be in range [0, {vocab_size}), "
                                 f"but got {padding_idx}.")
            table = table.as_subclass(torch.Tensor).clone()
            table[padding_idx] = 0
        self.padding_idx = padding_idx
        self.embedding_table = Parameter(table, name="embedding_table")

    def construct(self, ids):
        if ids.is_floating_point():
            raise TypeError(f"For 'Embedding', the input must be an int Tensor, but got {ids.dtype}.")
        return torch.embedding(self.embedding_table, gathered_ids(ids, self.vocab_size))

    def extend_repr(self) -> str:
        return (f"vocab_size={self.vocab_size}, embedding_size={self.embedding_size}, "
                f"use_one_hot={self.use_one_hot}, embedding_table={self.embedding_table}, dtype={self.dtype}, "
                f"padding_idx={self.padding_idx}")


__all__ = ["Embedding"]
