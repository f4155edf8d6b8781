"""Random primitives (mindspore.ops.operations.random_ops names: `P.StandardNormal(seed, seed2)(shape)`,
`P.UniformInt(seed, seed2)(shape, minval, maxval)`, `P.RandomGamma(seed, seed2)(shape, alpha)`, ...).

Seeds follow random_extra_func's machinery: `seed == seed2 == 0` draws from the default generator (seeded by
`mindspore.set_seed`); a non-zero pair gives the primitive its own generator, created on first use, so two
primitives built with equal seeds draw equal values and one primitive's calls advance.
Mapping decisions (MindSpore 2.10 CPU):
- `RandpermV2(seed, offset)` is deterministic for any seed but -1, each call (as MindSpore's randperm).
- `Bernoulli(seed=-1, offset=0)` keeps the input's dtype; `UniformInt` wants Int32 bounds and returns Int32.
- `TruncatedNormal` draws in [-2, 2]; `NonDeterministicInts` spans the dtype's whole range.
- `ComputeAccidentalHits` lists (row, position in sampled_candidates) of every true class that was sampled,
  row by row, with weight -FLT_MAX.
"""
from __future__ import annotations

from typing import Any

import torch

from mindshim.common import dtype as mstype
from mindshim.common.tensor import plain, wrap
from mindshim.ops.function import random_extra_func as RX
from mindshim.ops.primitive import Primitive


class _Seeded(Primitive):
    def __init__(self, seed: int = 0, seed2: int = 0) -> None:
        super().__init__()
        RX.check_seed(type(self).__name__, seed=seed, seed2=seed2)
        self.seed, self.seed2 = seed, seed2
        self._generator: Any = False

    def _gen(self) -> torch.Generator | None:
        if self._generator is False:
            self._generator = RX.seeded_generator(self.seed, self.seed2)
        return self._generator


def _dtype_in(name: str, dtype: Any, allowed: tuple) -> Any:
    if dtype not in allowed:
        raise TypeError(f"For '{name}', the 'dtype' must be one of {[str(a) for a in allowed]}, but got {dtype}.")
    return dtype


def _shape_tuple(name: str, shape: Any) -> tuple:
    return RX.shape_of(name, shape)


class StandardNormal(_Seeded):
    def __call__(self, shape: Any) -> Any:
        return wrap(RX.normal01(_shape_tuple("StandardNormal", shape), self._gen()))


class StandardLaplace(_Seeded):
    def __call__(self, shape: Any) -> Any:
        return wrap(RX.laplace01(_shape_tuple("StandardLaplace", shape), self._gen()))


class UniformReal(_Seeded):
    def __call__(self, shape: Any) -> Any:
        return wrap(RX.uniform01(_shape_tuple("UniformReal", shape), self._gen()))


class UniformInt(_Seeded):
    def __call__(self, shape: Any, minval: Any, maxval: Any) -> Any:
        for v in (minval, maxval):
            if not isinstance(v, torch.Tensor) or v.dtype != torch.int32:
                raise TypeError(f"For 'UniformInt', minval and maxval must be Int32 Tensors, but got {v!r}.")
        lo, hi = int(plain(minval).item()), int(plain(maxval).item())
        if lo >= hi:
            raise ValueError(f"For 'UniformInt', minval must be less than maxval, but got {lo} and {hi}.")
        shp = _shape_tuple("UniformInt", shape)
        return wrap(torch.randint(lo, hi, shp, generator=self._gen(), dtype=torch.int32, device=RX._dev()))


class TruncatedNormal(_Seeded):
    def __init__(self, dtype: Any = mstype.float32, seed: int = 0, seed2: int = 0) -> None:
        super().__init__(seed, seed2)
        self.dtype = _dtype_in("TruncatedNormal", dtype, (mstype.float16, mstype.float32, mstype.float64))

    def __call__(self, shape: Any) -> Any:
        shp = _shape_tuple("TruncatedNormal", shape)
        if len(shp) < 2:
            raise ValueError(f"For 'TruncatedNormal', the shape must have at least 2 elements, but got {shp}.")
        return wrap(RX.truncated_normal01(shp, -2.0, 2.0, self._gen(), mstype.to_torch(self.dtype)))


class ParameterizedTruncatedNormal(_Seeded):
    def __call__(self, shape: Any, mean: Any, stdevs: Any, min: Any, max: Any) -> Any:
        shp = _shape_tuple("ParameterizedTruncatedNormal", shape)
        if len(shp) < 2:
            raise ValueError("For 'ParameterizedTruncatedNormal', the shape must be (batch_size, *) with rank >= 2.")
        view = (-1,) + (1,) * (len(shp) - 1)
        m, s, lo, hi = (plain(v).to(torch.float64).reshape(view) for v in (mean, stdevs, min, max))
        z = RX.truncated_normal01(shp, (lo - m) / s, (hi - m) / s, self._gen(), torch.float64)
        return wrap((m + s * z).to(plain(mean).dtype))


class Gamma(_Seeded):
    def __call__(self, shape: Any, alpha: Any, beta: Any) -> Any:
        a, b = plain(alpha), plain(beta)
        shp = torch.broadcast_shapes(RX.shape_of("Gamma", shape, False), a.shape, b.shape)
        return wrap(RX.standard_gamma(a.expand(shp), self._gen()) / b)


class RandomGamma(_Seeded):
    def __call__(self, shape: Any, alpha: Any) -> Any:
        a = RX.check_dtype("RandomGamma", alpha, RX.FLOATS)
        return wrap(RX.standard_gamma(a.expand(_shape_tuple("RandomGamma", shape) + tuple(a.shape)), self._gen()))


class Poisson(_Seeded):
    def __call__(self, shape: Any, mean: Any) -> Any:
        m = plain(mean)
        shp = torch.broadcast_shapes(RX.shape_of("Poisson", shape, False), m.shape)
        return wrap(RX.poisson_draw(m.expand(shp), self._gen()).to(torch.int32))


class RandomPoisson(_Seeded):
    def __init__(self, seed: int = 0, seed2: int = 0, dtype: Any = mstype.int64) -> None:
        super().__init__(seed, seed2)
        self.dtype = _dtype_in("RandomPoisson", dtype, (mstype.int32, mstype.int64, mstype.float16,
                                                        mstype.float32, mstype.float64))

    def __call__(self, shape: Any, rate: Any) -> Any:
        r = RX.check_dtype("RandomPoisson", rate, RX.FLOATS + (torch.int32, torch.int64))
        shp = _shape_tuple("RandomPoisson", shape) + tuple(r.shape)
        return wrap(RX.poisson_draw(r.expand(shp), self._gen()).to(mstype.to_torch(self.dtype)))


class Multinomial(_Seeded):
    def __init__(self, seed: int = 0, seed2: int = 0, dtype: Any = mstype.int32) -> None:
        super().__init__(seed, seed2)
        self.dtype = _dtype_in("Multinomial", dtype, (mstype.int32, mstype.int64))

    def __call__(self, x: Any, num_samples: int) -> Any:
        RX.check_dtype("Multinomial", x, RX.FLOATS + (torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8))
        out = RX.multinomial_draw("Multinomial", x, num_samples, True, self._gen())
        return wrap(out.to(mstype.to_torch(self.dtype)))


class MultinomialWithReplacement(Primitive):
    def __init__(self, numsamples: int, replacement: bool = False) -> None:
        super().__init__()
        self.numsamples, self.replacement = numsamples, replacement

    def __call__(self, x: Any, seed: Any, offset: Any) -> Any:
        return RX.multinomial_with_replacement(x, seed, offset, self.numsamples, self.replacement)


class RandomCategorical(Primitive):
    def __init__(self, dtype: Any = mstype.int64) -> None:
        super().__init__()
        self.dtype = _dtype_in("RandomCategorical", dtype, (mstype.int16, mstype.int32, mstype.int64))
        self._gens: dict = {}

    def __call__(self, logits: Any, num_sample: int, seed: int = 0) -> Any:
        RX.check_seed("RandomCategorical", num_sample=num_sample, seed=seed)
        if seed not in self._gens:
            self._gens[seed] = RX.seeded_generator(seed)
        return RX.categorical("RandomCategorical", logits, num_sample, self._gens[seed], self.dtype)


class RandomChoiceWithMask(_Seeded):
    def __init__(self, count: int = 256, seed: int = 0, seed2: int = 0) -> None:
        super().__init__(seed, seed2)
        self.count = count

    def __call__(self, input_x: Any) -> Any:
        return RX.choice("RandomChoiceWithMask", input_x, self.count, self._gen())


class RandomShuffle(_Seeded):
    def __call__(self, x: Any) -> Any:
        if x.dim() == 0:
            return x
        return x[torch.randperm(x.shape[0], generator=self._gen(), device=plain(x).device)]


class Randperm(Primitive):
    def __init__(self, max_length: int = 1, pad: int = -1, dtype: Any = mstype.int32) -> None:
        super().__init__()
        for k, v in (("max_length", max_length), ("pad", pad)):
            if not isinstance(v, int) or isinstance(v, bool):
                raise TypeError(f"For 'Randperm', the '{k}' must be an int, but got {type(v).__name__}.")
        if max_length <= 0:
            raise ValueError(f"For 'Randperm', the 'max_length' must be positive, but got {max_length}.")
        self.max_length, self.pad = max_length, pad
        self.dtype = _dtype_in("Randperm", dtype, (mstype.int8, mstype.int16, mstype.int32, mstype.int64,
                                                   mstype.uint8, mstype.uint16, mstype.uint32, mstype.uint64))

    def __call__(self, n: Any) -> Any:
        if not isinstance(n, torch.Tensor) or n.is_floating_point():
            raise TypeError(f"For 'Randperm', n must be an int32/int64 Tensor of shape (1,), but got {n!r}.")
        k = int(plain(n).reshape(-1)[0])
        if not 0 <= k <= self.max_length:
            raise ValueError(f"For 'Randperm', n must be in [0, {self.max_length}], but got {k}.")
        perm = torch.randperm(k, device=RX._dev())
        out = torch.cat([perm, torch.full((self.max_length - k,), self.pad, device=perm.device)])
        return wrap(out.to(mstype.to_torch(self.dtype)))


class RandpermV2(Primitive):
    def __init__(self, seed: int = 0, offset: int = 0, dtype: Any = mstype.int64) -> None:
        super().__init__()
        if seed != -1:
            RX.check_seed("RandpermV2", seed=seed)
        RX.check_seed("RandpermV2", offset=offset)
        self.seed, self.offset, self.dtype = seed, offset, dtype

    def __call__(self, n: Any) -> Any:
        k = int(plain(n).item()) if isinstance(n, torch.Tensor) else n
        if not isinstance(k, int) or k < 0:
            raise ValueError(f"For 'RandpermV2', n must be a non-negative int, but got {n!r}.")
        gen = None if self.seed == -1 else RX.seeded_generator(self.seed, self.offset + 1)
        return wrap(torch.randperm(k, generator=gen, device=RX._dev()).to(mstype.to_torch(self.dtype)))


class Bernoulli(Primitive):
    def __init__(self, seed: int = -1, offset: int = 0) -> None:
        super().__init__()
        self.seed, self.offset = seed, offset
        self._generator: Any = False

    def __call__(self, x: Any, p: Any) -> Any:
        if self._generator is False:
            self._generator = None if self.seed == -1 else RX.seeded_generator(self.seed, self.offset + 1)
        xp = RX.check_dtype("Bernoulli", x, (torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8,
                                             torch.bool, torch.float32, torch.float64))
        if isinstance(p, torch.Tensor) and p.numel() != 1 and tuple(p.shape) != tuple(xp.shape):
            raise ValueError(f"For 'Bernoulli', 'x' and 'p' should have same shape or 'p' have a size of 1, "
                             f"but got {tuple(xp.shape)} and {tuple(p.shape)}.")
        prob = plain(p).to(xp.device, torch.float64) if isinstance(p, torch.Tensor) else float(p)
        draws = RX.uniform01(tuple(xp.shape), self._generator, torch.float64, xp.device)
        return wrap((draws < prob).to(xp.dtype))


class Cauchy(Primitive):
    def __init__(self, size: Any, median: float = 0.0, sigma: float = 1.0) -> None:
        super().__init__()
        if not isinstance(size, list):
            raise TypeError(f"For 'Cauchy', the 'size' must be a list, but got {type(size).__name__}.")
        if not size or any(not isinstance(s, int) or s <= 0 for s in size):
            raise ValueError(f"For 'Cauchy', the 'size' must be a non-empty list of positive ints, but got {size}.")
        for k, v in (("median", median), ("sigma", sigma)):
            if not isinstance(v, float):
                raise TypeError(f"For 'Cauchy', the '{k}' must be a float, but got {type(v).__name__}.")
        self.size, self.median, self.sigma = size, median, sigma

    def __call__(self) -> Any:
        return wrap(torch.empty(self.size, device=RX._dev()).cauchy_(self.median, self.sigma))


class LogNormalReverse(Primitive):
    def __init__(self, mean: float = 1.0, std: float = 2.0) -> None:
        super().__init__()
        self.mean, self.std = mean, std

    def __call__(self, input: Any) -> Any:
        x = plain(input)
        if not x.is_floating_point():
            raise TypeError(f"For 'LogNormalReverse', the input must be a float Tensor, but got {plain(x).dtype}.")
        return wrap(torch.empty_like(x).log_normal_(self.mean, self.std))


class NonDeterministicInts(Primitive):
    def __init__(self, dtype: Any = mstype.int64) -> None:
        super().__init__()
        self.dtype = _dtype_in("NonDeterministicInts", dtype, (mstype.int32, mstype.int64))

    def __call__(self, shape: Any) -> Any:
        shp = _shape_tuple("NonDeterministicInts", shape)
        if len(shp) < 2:
            raise ValueError(f"For 'NonDeterministicInts', 'shape' must be at least 2-dimensional, but got {shp}.")
        dt = mstype.to_torch(self.dtype)
        info = torch.iinfo(dt)
        return wrap(torch.randint(info.min, info.max, shp, dtype=dt, device=RX._dev()))


class _Sampler(Primitive):
    _log = False

    def __init__(self, num_true: int, num_sampled: int, unique: bool, range_max: int, seed: int = 0) -> None:
        super().__init__()
        RX.check_seed(type(self).__name__, num_true=num_true, num_sampled=num_sampled, range_max=range_max, seed=seed)
        self.num_true, self.num_sampled, self.unique, self.range_max, self.seed = (
            num_true, num_sampled, unique, range_max, seed)
        self._gen = RX.seeded_generator(seed, 1) if seed or self._log else None  # log-uniform: seed 0 too

    def __call__(self, true_classes: Any) -> Any:
        return RX.candidate_sampler(type(self).__name__, true_classes, self.num_true, self.num_sampled, self.unique,
                                    self.range_max, self._gen, self._log)


class UniformCandidateSampler(_Sampler):
    def __init__(self, num_true: int, num_sampled: int, unique: bool, range_max: int, seed: int = 0,
                 remove_accidental_hits: bool = False) -> None:
        super().__init__(num_true, num_sampled, unique, range_max, seed)
        self.remove_accidental_hits = remove_accidental_hits


class LogUniformCandidateSampler(_Sampler):
    _log = True

    def __init__(self, num_true: int = 1, num_sampled: int = 5, unique: bool = True, range_max: int = 5,
                 seed: int = 0) -> None:
        super().__init__(num_true, num_sampled, unique, range_max, seed)


class ComputeAccidentalHits(Primitive):
    def __init__(self, num_true: int = 1) -> None:
        super().__init__()
        RX.check_seed("ComputeAccidentalHits", num_true=num_true)
        self.num_true = num_true

    def __call__(self, true_classes: Any, sampled_candidates: Any) -> Any:
        tc, sc = plain(true_classes), plain(sampled_candidates)
        for t in (tc, sc):
            if plain(t).dtype not in (torch.int32, torch.int64):
                raise TypeError(f"For 'ComputeAccidentalHits', inputs must be int32/int64, but got {plain(t).dtype}.")
        hit = tc.unsqueeze(-1) == sc.reshape(1, 1, -1)  # (batch, num_true, num_sampled)
        rows, _, ids = torch.nonzero(hit, as_tuple=True)
        weights = torch.full(rows.shape, torch.finfo(torch.float32).min, device=tc.device)
        return wrap(rows.to(torch.int32)), wrap(ids.to(torch.int64)), wrap(weights)


__all__ = ["StandardNormal", "StandardLaplace", "UniformReal", "UniformInt", "TruncatedNormal",
           "ParameterizedTruncatedNormal", "Gamma", "RandomGamma", "Poisson", "RandomPoisson", "Multinomial",
           "MultinomialWithReplacement", "RandomCategorical", "RandomChoiceWithMask", "RandomShuffle", "Randperm",
           "RandpermV2", "Bernoulli", "Cauchy", "LogNormalReverse", "NonDeterministicInts", "UniformCandidateSampler",
           "LogUniformCandidateSampler", "ComputeAccidentalHits"]

from mindshim.ops.operations._factory import finish as _finish  # noqa: E402

_finish(globals())
