"""mint.nn.functional activations, dropout and small shape functions that MindSpore defines itself (the rest
are re-exports of `ops`/`ops.auto_generate` functions, see `functional.py`)."""
from __future__ import annotations

from typing import Any

import torch
import torch.nn.functional as F

from mindshim.common import dtype as mstype
from mindshim.ops.auto_generate._util import dt, ref_update, t

_FLOATS = (torch.float16, torch.float32, torch.float64, torch.bfloat16)


def _float(name: str, x: Any, floats: tuple = _FLOATS) -> torch.Tensor:
    x = t(x)
    if dt(x) not in floats:
        allowed = ", ".join(str(mstype.from_torch(f)) for f in floats)
        raise TypeError(f"For '{name}', the input must be a Tensor of {allowed}, but got {mstype.from_torch(dt(x))}.")
    return x


def _inplace(x: torch.Tensor, out: torch.Tensor) -> torch.Tensor:
    return ref_update(x, out)


def elu(input: Any, alpha: float = 1.0, inplace: bool = False) -> Any:
    x = _float("elu", input)
    out = F.elu(x, alpha)
    return _inplace(x, out) if inplace else out


def elu_(input: Any, alpha: float = 1.0) -> Any:
    return elu(input, alpha, True)


def gelu(input: Any, approximate: str = "none") -> Any:
    if approximate not in ("none", "tanh"):
        raise ValueError(f"For 'gelu', approximate must be 'none' or 'tanh', but got {approximate!r}.")
    return F.gelu(_float("gelu", input), approximate=approximate)


def glu(input: Any, dim: int = -1) -> Any:
    return F.glu(_float("glu", input), dim)


def hardtanh(input: Any, min_val: float = -1.0, max_val: float = 1.0, inplace: bool = False) -> Any:
    x = t(input)
    out = F.hardtanh(x, min_val, max_val)
    return _inplace(x, out) if inplace else out


def relu6(input: Any, inplace: bool = False) -> Any:
    return hardtanh(input, 0.0, 6.0, inplace)


def relu_(input: Any) -> Any:
    x = t(input)
    return _inplace(x, torch.relu(x))


def silu(input: Any, inplace: bool = False) -> Any:
    x = _float("silu", input)
    out = F.silu(x)
    return _inplace(x, out) if inplace else out


def threshold(input: Any, threshold: Any, value: Any, inplace: bool = False) -> Any:
    x = t(input)
    out = F.threshold(x, threshold, value)
    return _inplace(x, out) if inplace is True else out


def logsigmoid(input: Any) -> Any:
    return F.logsigmoid(_float("logsigmoid", input, (torch.float16, torch.float32, torch.bfloat16)))


def _softmax_dim(x: torch.Tensor, dim: Any) -> int:
    # torch's legacy implicit-dim rule, which MindSpore's softmax_ext follows when dim is None
    return (0 if x.dim() in (0, 1, 3) else 1) if dim is None else dim


def softmax(input: Any, dim: Any = None, dtype: Any = None) -> Any:
    x = _float("softmax", input)
    return F.softmax(x, _softmax_dim(x, dim), dtype=None if dtype is None else mstype.to_torch(dtype))


def log_softmax(input: Any, dim: Any = None, *, dtype: Any = None) -> Any:
    x = _float("log_softmax", input)
    return F.log_softmax(x, _softmax_dim(x, dim), dtype=None if dtype is None else mstype.to_torch(dtype))


def normalize(input: Any, p: float = 2.0, dim: int = 1, eps: float = 1e-12) -> Any:
    x = t(input)
    return x / torch.linalg.vector_norm(x, p, dim, keepdim=True).clamp_min(eps).expand_as(x)


def one_hot(tensor: Any, num_classes: int = -1) -> Any:
    x = t(tensor)
    if dt(x) not in (torch.int32, torch.int64, torch.uint8, torch.int16, torch.int8):
        raise TypeError(f"For 'one_hot', the input must be an integer Tensor, but got {dt(x)}.")
    return F.one_hot(x.long(), num_classes)


def _check_p(p: float) -> None:
    if not 0.0 <= p <= 1.0:
        raise ValueError(f"For 'dropout', the 'p' must be in range [0, 1], but got {p}.")


def dropout(input: Any, p: float = 0.5, training: bool = True, inplace: bool = False) -> Any:
    _check_p(p)
    x = t(input)
    out = F.dropout(x, p, training)
    return _inplace(x, out) if inplace and training else out


def dropout2d(input: Any, p: float = 0.5, training: bool = True, inplace: bool = False) -> Any:
    _check_p(p)
    x = t(input)
    out = F.dropout2d(x, p, training)
    return _inplace(x, out) if inplace and training else out


