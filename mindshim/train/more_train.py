"""mindspore.train.merge_sliced_parameter (build_train_network is amp's, resolved in train/__init__.py).

Mapping decisions:
- merge_sliced_parameter(sliced_parameters, strategy=None) concatenates the slices along axis 0 (bfloat16 slices
  are merged as float32, as MindSpore does) into a new Parameter with the first slice's name, requires_grad and
  layerwise_parallel. A `strategy` (the layouts build_searched_strategy reads from a parallel-training strategy
  file) is not supported: that file only exists after multi-device training.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import torch

from mindshim.common.parameter import Parameter
from mindshim.common.tensor import Tensor


def merge_sliced_parameter(sliced_parameters: Any, strategy: Any = None) -> Parameter:
    """Merge parameter slices (split along axis 0) into one Parameter."""
    api = "merge_sliced_parameter"
    if not isinstance(sliced_parameters, list):
        raise TypeError(f"For '{api}', the argument 'sliced_parameters' should be list, "
                        f"but got {type(sliced_parameters)}.")
    if not sliced_parameters:
        raise ValueError(f"For '{api}', the argument 'sliced_parameters' should not be empty.")
    if strategy and not isinstance(strategy, dict):
        raise TypeError(f"For '{api}', the argument 'strategy' should be dict, but got {type(strategy)}.")
    first = sliced_parameters[0]
    if not isinstance(first, Parameter):
        raise TypeError(f"For '{api}', the element in 'sliced_parameters' should be 'Parameter', "
                        f"but got {type(first)} at index 0.")
    name, shape = first.name, tuple(first.shape)
    data = []
    for i, p in enumerate(sliced_parameters):
        if not isinstance(p, Parameter):
            raise TypeError(f"For '{api}', the element in 'sliced_parameters' should be 'Parameter', "
                            f"but got {type(p)} at index {i}.")
        if p.name != name or len(p.shape) != len(shape) or tuple(p.shape[1:]) != shape[1:]:
            raise ValueError(f"For '{api}', please make sure that the elements in 'slice_parameters' have the same "
                             f"name, dimension length and shape except 0 axis; expected {name}, {len(shape)}, "
                             f"{shape[1:]}, but got {p.name}, {len(p.shape)}, {tuple(p.shape[1:])} at index {i}.")
        t = p.as_subclass(torch.Tensor).detach()
        if t.dtype == torch.bfloat16:
            t = t.float()
        data.append(t.cpu().numpy())
    if strategy:
        if name not in strategy:
            raise KeyError(f"For '{api}', the parameter name {name} should be a key in the 'strategy'. Please "
                           f"check 'sliced_parameter' and 'strategy'.")
        from mindshim._errors import unsupported_arg
        raise unsupported_arg(api, "strategy", "<parallel layout>")
    return Parameter(Tensor(np.concatenate(data)), name, first.requires_grad,
                     getattr(first, "layerwise_parallel", False))


__all__ = ["merge_sliced_parameter"]
