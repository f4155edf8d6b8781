"""Tensor random methods with MindSpore 2.10's semantics: new samples (bernoulli, cauchy, log_normal, uniform,
multinomial, random_categorical) keep the tensor's shape and dtype where MindSpore does (multinomial draws Int32),
in-place fills (bernoulli_, exponential_, normal_, random_, uniform_) return the tensor itself."""
from __future__ import annotations

from typing import Any

import torch

from mindshim.common._tensor_methods import from_function, ms_method

_TB = torch._C.TensorBase


def _dtype(t: torch.Tensor) -> torch.dtype:
    return _TB.dtype.__get__(t)


def _gen(generator: Any) -> torch.Generator | None:
    return None if generator is None else generator._gen()


def bernoulli(self, *, generator: Any = None):
    """Samples 0/1 with the probabilities held by the tensor."""
    return torch.bernoulli(self, generator=_gen(generator))


def cauchy(self, median: float = 0.0, sigma: float = 1.0):
    return torch.empty_like(self, dtype=torch.float32).cauchy_(median, sigma).to(_dtype(self))


def log_normal(self, mean: float = 1.0, std: float = 2.0):
    return torch.empty_like(self).log_normal_(mean, std)


def uniform(self, from_: float = 0.0, to: float = 1.0, generator: Any = None):
    if from_ > to:
        raise TypeError(f"For 'Tensor.uniform', 'from_' must not be larger than 'to', but got {from_} > {to}.")
    return torch.empty_like(self).uniform_(from_, to, generator=_gen(generator))


def multinomial(self, num_samples: int, replacement: bool = True, seed: Any = None):
    from mindshim.ops import multinomial as ops_multinomial
    if not replacement and num_samples > self.shape[-1]:
        raise ValueError(f"For 'multinomial', 'num_samples' ({num_samples}) must not exceed the number of "
                         f"categories ({self.shape[-1]}) without replacement.")
    return ops_multinomial(self, num_samples, replacement, seed).to(torch.int32)


def random_categorical(self, num_sample: int, seed: int = 0, dtype: Any = None):
    from mindshim.common import dtype as mstype
    from mindshim.ops import random_categorical as ops_random_categorical
    for name, v in (("num_sample", num_sample), ("seed", seed)):
        if isinstance(v, bool) or not isinstance(v, int):
            raise TypeError(f"For 'Tensor.random_categorical', '{name}' must be an int, but got {type(v).__name__}.")
    return ops_random_categorical(self, num_sample, seed, mstype.int64 if dtype is None else dtype)


METHODS = {name: ms_method(fn, name) for name, fn in {
    "bernoulli": bernoulli, "cauchy": cauchy, "log_normal": log_normal, "uniform": uniform,
    "multinomial": multinomial, "random_categorical": random_categorical,
}.items()}
METHODS.update({name: from_function(f"mindshim.ops:{name}", name) for name in
                "bernoulli_ exponential_ normal_ random_ uniform_".split()})
