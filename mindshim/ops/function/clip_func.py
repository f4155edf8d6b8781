"""Clipping: ops.clip_by_value, ops.clip_by_norm, ops.clip_by_global_norm (MindSpore's formulas).

clip_by_global_norm: global_norm = sqrt(sum ||g_i||^2); each g_i * clip_norm / max(global_norm, clip_norm).
clip_by_norm: x * clip_norm / max(||x||_2 over axis, clip_norm).
"""
from __future__ import annotations

from typing import Any

import torch

from mindshim.common.tensor import Tensor


def clip_by_value(x: Any, clip_value_min: Any = None, clip_value_max: Any = None) -> Any:
    if isinstance(x, (tuple, list)):
        return type(x)(clip_by_value(v, clip_value_min, clip_value_max) for v in x)
    return torch.clamp(x, clip_value_min, clip_value_max)


def clip_by_norm(x: Any, max_norm: Any, norm_type: float = 2.0, error_if_nonfinite: bool = False) -> Any:
    if isinstance(x, (tuple, list)):
        total = torch.linalg.vector_norm(torch.stack([torch.linalg.vector_norm(v, norm_type) for v in x]), norm_type)
        scale = torch.clamp(max_norm / (total + 1e-6), max=1.0)
        return type(x)(v * scale for v in x)
    total = torch.linalg.vector_norm(x, norm_type)
    return x * torch.clamp(max_norm / (total + 1e-6), max=1.0)


def clip_by_global_norm(x: Any, clip_norm: float = 1.0, use_norm: Any = None) -> tuple:
    grads = tuple(x)
    if use_norm is None:
        global_norm = torch.sqrt(sum(torch.sum(torch.square(g.float())) for g in grads))
    else:
        global_norm = use_norm if isinstance(use_norm, torch.Tensor) else Tensor(float(use_norm))
    clip = torch.full_like(global_norm, float(clip_norm))
    scale = clip / torch.maximum(global_norm, clip)
    return tuple(g * scale.to(torch.Tensor.dtype.__get__(g)) for g in grads)


__all__ = ["clip_by_value", "clip_by_norm", "clip_by_global_norm"]
