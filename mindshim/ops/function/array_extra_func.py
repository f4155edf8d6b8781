"""Array reshuffles and conversions (mindspore.ops.space_to_batch_nd, batch_to_space_nd, reverse_sequence,
padding, scalar_to_tensor, tuple_to_array, type_as, view_as, move_to, ...).

Mapping decisions (MindSpore 2.10 CPU behaviour, checked against the real thing):
- space/batch reshuffles work on the trailing M dims of an `(n, c_1..c_k, w_1..w_M)` input; the batch index
  of a block is `block_offset * n + n_index` with block offsets in row-major order.
- `scalar_to_array` / `tuple_to_array`: an int (first element) gives Int32, anything else Float32.
- `scalar_to_tensor` converts with numpy's rules for the requested dtype (2.7 -> Int32 gives 2).
"""
from __future__ import annotations

import numbers
from typing import Any

import numpy as np
import torch

from mindshim.common import dtype as mstype
from mindshim.common.tensor import Tensor, wrap
from mindshim.ops.function._args import as_tensor as _t


def _int_seq(name: str, arg: str, value: Any, m: int | None = None) -> tuple:
    if isinstance(value, bool) or not isinstance(value, (int, list, tuple)):
        raise TypeError(f"For '{name}', '{arg}' must be an int, list or tuple, but got {type(value).__name__}.")
    if isinstance(value, int):
        value = (value,) * (m if m is not None else 1)
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise TypeError(f"For '{name}', every element of '{arg}' must be an int, but got {value}.")
    return tuple(value)


def block_args(name: str, block: Any, pads: Any, pad_arg: str) -> tuple[tuple, tuple]:
    """Validate `(block_shape, paddings|crops)` the way the SpaceToBatchND/BatchToSpaceND constructors do."""
    if not isinstance(pads, (list, tuple)) or not pads or not all(isinstance(p, (list, tuple)) for p in pads):
        raise TypeError(f"For '{name}', '{pad_arg}' must be a non-empty list or tuple of pairs, but got {pads}.")
    block = _int_seq(name, "block_shape", block, len(pads))
    if any(b < 1 for b in block):
        raise ValueError(f"For '{name}', every element of 'block_shape' must be >= 1, but got {block}.")
    if np.array(pads).shape != (len(block), 2):
        raise ValueError(f"For '{name}', '{pad_arg}' must have shape ({len(block)}, 2), but got {pads}.")
    pairs = tuple(_int_seq(name, pad_arg, tuple(p)) for p in pads)
    if any(v < 0 for p in pairs for v in p):
        raise ValueError(f"For '{name}', every element of '{pad_arg}' must be >= 0, but got {pads}.")
    return block, pairs


def _split_dims(name: str, x: torch.Tensor, m: int) -> int:
    if x.dtype == torch.bool:
        raise TypeError(f"For '{name}', the input must be a number Tensor, but got Bool.")
    if x.dim() < m + 1:
        raise ValueError(f"For '{name}', the input rank must be at least {m + 1}, but got {x.dim()}.")
    return x.dim() - m


def space_to_batch(name: str, x: torch.Tensor, block: tuple, paddings: tuple) -> torch.Tensor:
    m = len(block)
    first = _split_dims(name, x, m)
    pad = [v for pair in reversed(paddings) for v in pair]
    x = torch.nn.functional.pad(x, pad) if any(pad) else x
    spatial = x.shape[first:]
    for i, (w, b) in enumerate(zip(spatial, block)):
        if w % b:  # MindSpore finds this in the kernel: RuntimeError
            raise RuntimeError(f"For '{name}', the padded spatial dimension {i} ({w}) must be divisible by "
                             f"block_shape[{i}] ({b}).")
    split = list(x.shape[:first])
    for w, b in zip(spatial, block):
        split += [w // b, b]
    y = x.reshape(split)
    lead = first
    perm = [lead + 2 * i + 1 for i in range(m)] + list(range(lead)) + [lead + 2 * i for i in range(m)]
    y = y.permute(perm)
    return y.reshape([x.shape[0] * int(np.prod(block))] + list(x.shape[1:first]) +
                     [w // b for w, b in zip(spatial, block)])


def batch_to_space(name: str, x: torch.Tensor, block: tuple, crops: tuple) -> torch.Tensor:
    m = len(block)
    first = _split_dims(name, x, m)
    total = int(np.prod(block))
    if x.shape[0] % total:
        raise ValueError(f"For '{name}', the batch dimension ({x.shape[0]}) must be divisible by the product of "
                         f"block_shape ({total}).")
    spatial = x.shape[first:]
    for i, (w, b, (c0, c1)) in enumerate(zip(spatial, block, crops)):
        if c0 + c1 > w * b:
            raise ValueError(f"For '{name}', crops[{i}] ({c0}, {c1}) exceed the output dimension {w * b}.")
    n = x.shape[0] // total
    y = x.reshape(list(block) + [n] + list(x.shape[1:]))
    # (b_1..b_M, n, c.., w_1..w_M) -> (n, c.., w_1, b_1, ..., w_M, b_M)
    inner = list(range(m + 1, m + first))
    perm = [m] + inner
    for i in range(m):
        perm += [m + first + i, i]
    y = y.permute(perm).reshape([n] + list(x.shape[1:first]) + [w * b for w, b in zip(spatial, block)])
    index = [slice(None)] * first + [slice(c0, w * b - c1) for w, b, (c0, c1) in zip(spatial, block, crops)]
    return y[tuple(index)]


def space_to_batch_nd(input_x: Any, block_size: Any, paddings: Any) -> Tensor:
    block, pads = block_args("SpaceToBatchND", block_size, paddings, "paddings")
    return space_to_batch("SpaceToBatchND", _t(input_x), block, pads)


def batch_to_space_nd(input_x: Any, block_shape: Any, crops: Any) -> Tensor:
    block, pairs = block_args("BatchToSpaceND", block_shape, crops, "crops")
    return batch_to_space("BatchToSpaceND", _t(input_x), block, pairs)


def padding(x: Any, pad_dim_size: int = 8) -> Tensor:
    if isinstance(pad_dim_size, bool) or not isinstance(pad_dim_size, int) or pad_dim_size <= 0:
        raise ValueError(f"For 'Padding', the 'pad_dim_size' must be int and must > 0, but got {pad_dim_size}.")
    x = _t(x)
    if x.dim() < 2:
        raise ValueError(f"For 'Padding', the rank of 'x' must be >= 2, but got {x.dim()}.")
    if x.shape[-1] != 1:
        raise ValueError(f"For 'Padding', the last dimension of 'x' must be 1, but got {x.shape[-1]}.")
    return torch.nn.functional.pad(x, (0, pad_dim_size - 1)) if pad_dim_size > 1 else x.clone()


def reverse_sequence(x: Any, seq_lengths: Any, seq_dim: int, batch_dim: int = 0) -> Tensor:
    x, lengths = _t(x), _t(seq_lengths)
    if lengths.dtype not in (torch.int32, torch.int64):
        raise TypeError(f"For 'ReverseSequence', 'seq_lengths' must be Int32 or Int64, but got {lengths.dtype}.")
    rank = x.dim()
    if not (-rank <= seq_dim < rank and -rank <= batch_dim < rank) or seq_dim % rank == batch_dim % rank:
        raise ValueError(f"For 'ReverseSequence', 'seq_dim' ({seq_dim}) and 'batch_dim' ({batch_dim}) must be "
                         f"different dims in range [{-rank}, {rank}).")
    seq_dim, batch_dim = seq_dim % rank, batch_dim % rank
    if lengths.shape != (x.shape[batch_dim],):
        raise ValueError(f"For 'ReverseSequence', 'seq_lengths' must have shape ({x.shape[batch_dim]},), "
                         f"but got {tuple(lengths.shape)}.")
    host = lengths.tolist()
    for i, n in enumerate(host):
        if n < 0 or n > x.shape[seq_dim]:
            raise RuntimeError(f"For 'ReverseSequence', invalid seq_lengths[{i}]: {n}.")
    steps = torch.arange(x.shape[seq_dim], device=x.device)
    lens = torch.tensor(host, device=x.device).unsqueeze(1)
    index = torch.where(steps < lens, lens - 1 - steps, steps)  # (batch, seq)
    shape = [1] * rank
    shape[batch_dim], shape[seq_dim] = x.shape[batch_dim], x.shape[seq_dim]
    order = sorted([batch_dim, seq_dim])
    index = index if order == [batch_dim, seq_dim] else index.t()
    return torch.gather(x, seq_dim, index.reshape(shape).expand(x.shape))


def _number(name: str, x: Any) -> None:
    if not isinstance(x, (bool, int, float)):
        raise TypeError(f"For '{name}', the input must be a Python bool, int or float, but got {type(x).__name__}.")


def scalar_to_tensor(input_x: Any, dtype: Any = mstype.float32) -> Tensor:
    _number("ScalarToTensor", input_x)
    if not isinstance(dtype, mstype.Type):
        raise TypeError(f"For 'ScalarToTensor', 'dtype' must be a MindSpore dtype, but got {dtype}.")
    np_type = mstype.dtype_to_nptype(dtype)
    if np_type is None:  # bfloat16: numpy has no such type, go through float32
        return Tensor(np.array(input_x, np.float32)).to(dtype)
    return Tensor(np.array(input_x, np_type), dtype=dtype)


def scalar_to_array(input_x: Any) -> Tensor:
    if isinstance(input_x, bool) or not isinstance(input_x, (int, float)):
        raise TypeError(f"For 'ScalarToArray', the input must be an int or float, but got {type(input_x).__name__}.")
    return Tensor(np.array(input_x, np.int32 if isinstance(input_x, int) else np.float32))


def tuple_to_array(input_x: Any) -> Tensor:
    if isinstance(input_x, range):
        input_x = tuple(input_x)
    if not isinstance(input_x, (tuple, list)) or not input_x:
        raise TypeError(f"For 'TupleToArray', the input must be a non-empty tuple, but got {input_x!r}.")
    if not all(isinstance(v, numbers.Number) for v in input_x):
        raise TypeError(f"For 'TupleToArray', every element of the input must be a number, but got {input_x!r}.")
    return Tensor(np.array(input_x, np.int32 if isinstance(input_x[0], int) else np.float32))


def type_as(input: Any, other: Any) -> Tensor:
    x, y = _t(input), _t(other)
    return x.to(mstype.to_torch(y.dtype))


def view_as(input: Any, other: Any) -> Tensor:
    if not isinstance(input, torch.Tensor):
        raise TypeError(f"For 'view_as', 'input' must be a Tensor, but got {type(input).__name__}.")
    return input.reshape(_t(other).shape)


def move_to(input: Any, to: str = "CPU", blocking: bool = True) -> Tensor:
    if to not in ("Ascend", "CPU", "GPU"):
        raise ValueError(f"For 'move_to', 'to' must be one of 'Ascend', 'CPU', 'GPU', but got {to!r}.")
    if not isinstance(input, torch.Tensor):
        raise TypeError(f"For 'move_to', 'input' must be a Tensor, but got {type(input).__name__}.")
    if to == "CPU":
        return wrap(input.detach().to("cpu", copy=True))
    if not torch.cuda.is_available():
        raise RuntimeError(f"For 'move_to', no {to} device is available.")
    return wrap(input.detach().to("cuda", non_blocking=not blocking, copy=True))


__all__ = [
    "space_to_batch_nd", "batch_to_space_nd", "padding", "reverse_sequence", "scalar_to_tensor", "scalar_to_array",
    "tuple_to_array", "type_as", "view_as", "move_to",
]
