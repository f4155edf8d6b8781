"""Extra random ops (mindspore.ops.*): laplace, gamma, poisson, categorical and candidate samplers, choice_with_mask,
and the in-place fills (`uniform_`, `normal_`, `bernoulli_`, `exponential_`, `random_`).

Seeds (one machinery for every random op here and in operations/random_ops.py):
- With no seed (None, or a primitive's `seed == seed2 == 0`), draws come from torch's default generator of the
  context device, which `mindspore.set_seed` / `mindspore.manual_seed` seed, as the existing random ops do.
- A primitive built with a non-zero `(seed, seed2)` owns a torch generator seeded from that pair: two primitives
  built with equal seeds give equal draws, and repeated calls of one primitive advance (MindSpore's behaviour).
- A function called with an explicit `seed` draws from a stream kept per (op, seed, global seed): a fresh
  process repeats its draws, and repeated calls advance, as MindSpore's functions do. The exceptions follow
  MindSpore: `random_categorical`, `uniform_candidate_sampler` (non-zero seed), `log_uniform_candidate_sampler`
  (any seed) and `multinomial_with_replacement` (seed, offset) repeat their draws on every call.
- `generator=` (a mindspore.Generator) is used as given.
Draws differ from MindSpore's streams; shapes, dtypes and distributions match.
"""
from __future__ import annotations

import math
from typing import Any

import torch

from mindshim._backend import device as _device
from mindshim.common import dtype as mstype
from mindshim.common.seed import get_seed, on_reseed
from mindshim.common.tensor import Tensor, plain, wrap
from mindshim.ops.function._args import as_tensor as _t

_streams: dict = {}


def check_seed(name: str, **seeds: Any) -> None:
    for k, v in seeds.items():
        if not isinstance(v, int) or isinstance(v, bool):
            raise TypeError(f"For '{name}', the '{k}' must be an int, but got {type(v).__name__}.")
        if v < 0:
            raise ValueError(f"For '{name}', the '{k}' must be non-negative, but got {v}.")


FLOATS = (torch.float16, torch.float32, torch.float64)


def check_dtype(name: str, x: Any, allowed: tuple) -> torch.Tensor:
    """plain(x) when x is a Tensor of an allowed dtype; TypeError (MindSpore's) otherwise."""
    if not isinstance(x, torch.Tensor):
        raise TypeError(f"For '{name}', the input must be a Tensor, but got {type(x).__name__}.")
    if plain(x).dtype not in allowed:
        raise TypeError(f"For '{name}', the input dtype {x.dtype} is not supported.")
    return plain(x)


def seeded_generator(seed: int, seed2: int = 0) -> torch.Generator | None:
    """A generator for a primitive's (seed, seed2); None (the default generator) when both are 0."""
    if not seed and not seed2:
        return None
    g = torch.Generator(device=_device.current())
    g.manual_seed((seed * 0x9E3779B97F4A7C15 + seed2) % (1 << 63))
    return g


def stream(name: str, seed: Any) -> torch.Generator | None:
    """The generator for a function's `seed` argument (None: the default generator)."""
    if seed is None:
        return None
    check_seed(name, seed=seed)
    global_seed = get_seed() or 0  # the global seed joins the op seed, as in MindSpore
    key = (name, seed, global_seed, str(_device.current()))
    if key not in _streams:
        _streams[key] = seeded_generator(seed, global_seed + 1)
    return _streams[key]


def reset_streams() -> None:
    """Forget the per-seed function streams: they restart when the global seed is set (or reset)."""
    _streams.clear()


on_reseed(reset_streams)


def torch_generator(generator: Any) -> torch.Generator | None:
    """mindspore.Generator -> its torch generator (None: the default)."""
    return None if generator is None else generator._gen()


def shape_of(name: str, shape: Any, tensor_ok: bool = True) -> tuple:
    if isinstance(shape, torch.Tensor) and tensor_ok:
        if shape.is_floating_point() or plain(shape).dtype == torch.bool:
            raise TypeError(f"For '{name}', the shape tensor must hold integers, but got {plain(shape).dtype}.")
        shape = tuple(plain(shape).reshape(-1).tolist())
    if isinstance(shape, int) and not isinstance(shape, bool):
        shape = (shape,)
    if not isinstance(shape, tuple) or any(not isinstance(s, int) or isinstance(s, bool) for s in shape):
        raise TypeError(f"For '{name}', the shape must be a tuple of ints, but got {shape!r}.")
    if any(s < 0 for s in shape):
        raise ValueError(f"For '{name}', the shape must not have negative dimensions, but got {shape}.")
    return shape


def _dev() -> torch.device:
    return _device.current()


def uniform01(shape: tuple, gen: torch.Generator | None, dtype: torch.dtype = torch.float32,
              device: Any = None) -> torch.Tensor:
    return torch.rand(shape, generator=gen, dtype=dtype, device=device or _dev())


def normal01(shape: tuple, gen: torch.Generator | None, dtype: torch.dtype = torch.float32,
             device: Any = None) -> torch.Tensor:
    return torch.randn(shape, generator=gen, dtype=dtype, device=device or _dev())


def laplace01(shape: tuple, gen: torch.Generator | None, dtype: torch.dtype = torch.float32) -> torch.Tensor:
    u = uniform01(shape, gen, dtype) - 0.5
    return -torch.sign(u) * torch.log1p(-2.0 * u.abs())


def standard_gamma(alpha: torch.Tensor, gen: torch.Generator | None) -> torch.Tensor:
    """Gamma(alpha, 1) draws in alpha's shape (Marsaglia-Tsang), from `gen` (torch's sampler takes none)."""
    a = alpha.detach().to(torch.float64)
    boost = a < 1  # Gamma(a) = Gamma(a + 1) * U^(1/a)
    d = torch.where(boost, a + 1, a) - 1.0 / 3.0
    c = 1.0 / torch.sqrt(9.0 * d)
    out = torch.zeros_like(a)
    todo = torch.ones_like(a, dtype=torch.bool)
    while bool(todo.any()):
        x = torch.randn(a.shape, generator=gen, dtype=plain(a).dtype, device=a.device)
        v = (1 + c * x) ** 3
        u = torch.rand(a.shape, generator=gen, dtype=plain(a).dtype, device=a.device)
        ok = todo & (v > 0) & (torch.log(u) < 0.5 * x * x + d - d * v + d * torch.log(v.clamp_min(1e-300)))
        out = torch.where(ok, d * v, out)
        todo = todo & ~ok
    u = torch.rand(a.shape, generator=gen, dtype=plain(a).dtype, device=a.device)
    out = torch.where(boost, out * u ** (1.0 / a), out)
    return out.to(plain(alpha).dtype)


def poisson_draw(rate: torch.Tensor, gen: torch.Generator | None) -> torch.Tensor:
    """Poisson counts in rate's dtype (float16 and integer rates are sampled in float64)."""
    r = plain(rate).detach()
    wide = r if r.dtype in (torch.float32, torch.float64) else r.to(torch.float64)
    return torch.poisson(wide, generator=gen).to(r.dtype)


def truncated_normal01(shape: tuple, lo: Any, hi: Any, gen: torch.Generator | None,
                       dtype: torch.dtype = torch.float32) -> torch.Tensor:
    """Standard normal draws truncated to [lo, hi] by inverting the CDF (computed in float64)."""
    lo_t = torch.as_tensor(lo, dtype=torch.float64, device=_dev())
    hi_t = torch.as_tensor(hi, dtype=torch.float64, device=_dev())
    cdf = lambda z: 0.5 * (1 + torch.erf(z / math.sqrt(2)))  # noqa: E731
    u = uniform01(shape, gen, torch.float64)
    p = cdf(lo_t) + u * (cdf(hi_t) - cdf(lo_t))
    x = math.sqrt(2) * torch.erfinv((2 * p - 1).clamp(-1 + 1e-16, 1 - 1e-16))
    return torch.minimum(torch.maximum(x, lo_t), hi_t).to(dtype)


# ----- functions -----
def standard_laplace(shape: Any, seed: Any = None) -> Tensor:
    return wrap(laplace01(shape_of("standard_laplace", shape), stream("standard_laplace", seed)))


def laplace(shape: Any, mean: Any, lambda_param: Any, seed: Any = None) -> Tensor:
    for v in (mean, lambda_param):
        check_dtype("laplace", v, (torch.float32,))
    shp = torch.broadcast_shapes(shape_of("laplace", shape), mean.shape, lambda_param.shape)
    return laplace01(shp, stream("laplace", seed), plain(mean).dtype) * lambda_param + mean


def gamma(shape: Any, alpha: Any, beta: Any, seed: Any = None) -> Tensor:
    alpha, beta = _t(alpha), _t(beta)
    shp = torch.broadcast_shapes(shape_of("gamma", shape, False), alpha.shape, beta.shape)
    return wrap(standard_gamma(plain(alpha).expand(shp), stream("gamma", seed)) / plain(beta))


def random_gamma(shape: Any, alpha: Any, seed: Any = None) -> Tensor:
    a = check_dtype("random_gamma", alpha, FLOATS)
    if not isinstance(shape, torch.Tensor):
        raise TypeError(f"For 'random_gamma', the shape must be an int32/int64 Tensor, but got {type(shape).__name__}.")
    shp = shape_of("random_gamma", shape) + tuple(a.shape)
    return wrap(standard_gamma(a.expand(shp), stream("random_gamma", seed)))


def poisson(shape: Any, mean: Any, seed: Any = None) -> Tensor:
    m = plain(_t(mean))
    shp = torch.broadcast_shapes(shape_of("poisson", shape, False), m.shape)
    return wrap(poisson_draw(m.expand(shp), stream("poisson", seed)).to(torch.int32))


def random_poisson(shape: Any, rate: Any, seed: Any = None, dtype: Any = mstype.float32) -> Tensor:
    r = check_dtype("random_poisson", rate, FLOATS + (torch.int32, torch.int64))
    if not isinstance(shape, torch.Tensor):
        raise TypeError(f"For 'random_poisson', the shape must be an int Tensor, but got {type(shape).__name__}.")
    shp = shape_of("random_poisson", shape) + tuple(r.shape)
    return wrap(poisson_draw(r.expand(shp), stream("random_poisson", seed)).to(mstype.to_torch(dtype)))


def categorical(name: str, logits: Any, num_sample: int, gen: torch.Generator | None, dtype: Any) -> Tensor:
    x = check_dtype(name, logits, FLOATS)
    if x.dim() != 2:
        raise ValueError(f"For '{name}', logits must be 2-D (batch, classes), but got {x.dim()}-D.")
    probs = torch.softmax(x.to(torch.float64), -1)
    return wrap(torch.multinomial(probs, num_sample, True, generator=gen).to(mstype.to_torch(dtype)))


def random_categorical(logits: Any, num_sample: int, seed: int = 0, dtype: Any = mstype.int64) -> Tensor:
    check_seed("random_categorical", seed=seed)
    # a fresh generator per call: MindSpore's function repeats its draws for a non-zero seed
    return categorical("random_categorical", logits, num_sample, seeded_generator(seed), dtype)


def multinomial_draw(name: str, x: Any, n: int, replacement: bool, gen: torch.Generator | None) -> torch.Tensor:
    x = plain(_t(x))
    if x.dim() not in (1, 2):
        raise ValueError(f"For '{name}', the input must be 1-D or 2-D, but got {x.dim()}-D.")
    w = x.to(torch.float64)
    if replacement:  # as MindSpore's kernel: negative weights count as 0 and an all-zero row draws its last class
        w = w.clamp_min(0)
        last = torch.zeros_like(w)
        last[..., -1] = 1
        w = torch.where(w.sum(-1, keepdim=True) > 0, w, last)
    return torch.multinomial(w, n, replacement, generator=gen)


def multinomial_with_replacement(x: Any, seed: Any, offset: Any, numsamples: int, replacement: bool = False) -> Tensor:
    check_dtype("multinomial_with_replacement", _t(x), FLOATS)
    s, o = (int(plain(v).item()) if isinstance(v, torch.Tensor) else int(v) for v in (seed, offset))
    gen = seeded_generator(s, o)
    return wrap(multinomial_draw("multinomial_with_replacement", x, numsamples, replacement, gen))


def choice(name: str, input_x: Any, count: int, gen: torch.Generator | None) -> tuple:
    x = plain(_t(input_x))
    if plain(x).dtype != torch.bool or not 1 <= x.dim() <= 5:
        raise TypeError(f"For '{name}', the input must be a bool Tensor of rank 1 to 5, got {x.dtype}, {x.dim()}-D.")
    if count <= 0:
        raise ValueError(f"For '{name}', the 'count' must be positive, but got {count}.")
    idx = torch.nonzero(x)
    idx = idx[torch.randperm(idx.shape[0], generator=gen, device=idx.device)][:count]
    k = idx.shape[0]
    index = torch.zeros((count, x.dim()), dtype=torch.int32, device=x.device)
    index[:k] = idx.to(torch.int32)
    mask = torch.arange(count, device=x.device) < k
    return wrap(index), wrap(mask)


def choice_with_mask(input_x: Any, count: int = 256, seed: Any = None) -> tuple:
    return choice("choice_with_mask", input_x, count, stream("choice_with_mask", seed))


def candidate_sampler(name: str, true_classes: Any, num_true: int, num_sampled: int, unique: bool, range_max: int,
                      gen: torch.Generator | None, log_uniform: bool) -> tuple:
    """(sampled, true expected counts, sampled expected counts), TF's candidate-sampler contract."""
    tc = plain(_t(true_classes))
    if plain(tc).dtype not in (torch.int32, torch.int64):
        raise TypeError(f"For '{name}', true_classes must be int32 or int64, but got {plain(tc).dtype}.")
    if tc.dim() != 2 or tc.shape[1] != num_true:
        raise ValueError(f"For '{name}', true_classes must have shape (batch, {num_true}), got {tuple(tc.shape)}.")
    if num_sampled < 1 or range_max < 1 or (unique and num_sampled > range_max):
        raise ValueError(f"For '{name}', need 0 < num_sampled (<= range_max when unique), "
                         f"got num_sampled={num_sampled}, range_max={range_max}.")
    if tc.numel() and (int(tc.min()) < 0 or int(tc.max()) >= range_max):
        raise ValueError(f"For '{name}', true_classes must lie in [0, {range_max}).")
    k = torch.arange(range_max, dtype=torch.float64, device=tc.device)
    if log_uniform:  # P(k) = log((k + 2) / (k + 1)) / log(range_max + 1)
        p = (torch.log(k + 2) - torch.log(k + 1)) / math.log(range_max + 1)
    else:
        p = torch.full_like(k, 1 / range_max)
    if unique:  # draw with replacement until num_sampled distinct classes; the number of tries sets the counts
        picked: list = []
        tries = 0
        while len(picked) < num_sampled:
            for c in torch.multinomial(p, num_sampled, True, generator=gen).tolist():
                tries += 1
                if c not in picked:
                    picked.append(c)
                    if len(picked) == num_sampled:
                        break
        sampled = torch.tensor(picked, dtype=plain(tc).dtype, device=tc.device)
        expect = lambda q: -torch.expm1(tries * torch.log1p(-q.clamp_max(1 - 1e-16)))  # noqa: E731
    else:
        sampled = torch.multinomial(p, num_sampled, True, generator=gen).to(plain(tc).dtype)
        expect = lambda q: num_sampled * q  # noqa: E731
    true_exp = expect(p[tc.long()]).to(torch.float32)
    return wrap(sampled), wrap(true_exp), wrap(expect(p[sampled.long()]).to(torch.float32))


def uniform_candidate_sampler(true_classes: Any, num_true: int, num_sampled: int, unique: bool, range_max: int,
                              seed: int = 0, remove_accidental_hits: bool = False) -> tuple:
    check_seed("uniform_candidate_sampler", seed=seed)
    return candidate_sampler("uniform_candidate_sampler", true_classes, num_true, num_sampled, unique, range_max,
                             seeded_generator(seed), False)  # repeats for a non-zero seed, as MindSpore's


def log_uniform_candidate_sampler(true_classes: Any, num_true: int = 1, num_sampled: int = 5, unique: bool = True,
                                  range_max: int = 5, seed: int = 0) -> tuple:
    check_seed("log_uniform_candidate_sampler", seed=seed)
    return candidate_sampler("log_uniform_candidate_sampler", true_classes, num_true, num_sampled, unique, range_max,
                             seeded_generator(seed, 1), True)  # repeats for every seed (0 too), as MindSpore's


# ----- in-place fills: the input is filled (without recording a gradient) and returned -----
def _fill(name: str, input: Any, fill: Any) -> Any:
    if not isinstance(input, torch.Tensor):
        raise TypeError(f"For '{name}', the input must be a Tensor, but got {type(input).__name__}.")
    with torch.no_grad():
        fill(plain(input))
    return input


def uniform_(input: Any, from_: Any = 0, to: Any = 1, *, generator: Any = None) -> Any:
    return _fill("uniform_", input, lambda x: x.uniform_(from_, to, generator=torch_generator(generator)))


def normal_(input: Any, mean: Any = 0, std: Any = 1, *, generator: Any = None) -> Any:
    return _fill("normal_", input, lambda x: x.normal_(mean, std, generator=torch_generator(generator)))


def exponential_(input: Any, lambd: Any = 1, *, generator: Any = None) -> Any:
    return _fill("exponential_", input, lambda x: x.exponential_(lambd, generator=torch_generator(generator)))


def random_(input: Any, from_: int = 0, to: Any = None, *, generator: Any = None) -> Any:
    for v in (from_, to):
        if v is not None and (not isinstance(v, int) or isinstance(v, bool)):
            raise TypeError(f"For 'random_', from_ and to must be ints, but got {v!r}.")
    if to is not None and from_ >= to:
        raise ValueError(f"For 'random_', from_ must be less than to, but got {from_} and {to}.")
    return _fill("random_", input, lambda x: x.random_(from_, to, generator=torch_generator(generator)))


def bernoulli_(input: Any, p: Any = 0.5, *, generator: Any = None) -> Any:
    prob = plain(p) if isinstance(p, torch.Tensor) else p
    return _fill("bernoulli_", input, lambda x: x.bernoulli_(prob, generator=torch_generator(generator)))


def bernoulli_ext(input: Any, *, generator: Any = None) -> Tensor:
    x = plain(_t(input))
    if not x.is_floating_point():
        raise TypeError(f"For 'bernoulli_ext', the input must be a float Tensor, but got {plain(x).dtype}.")
    if x.numel() and not bool(((x >= 0) & (x <= 1)).all()):
        raise ValueError("For 'bernoulli_ext', every probability in the input must lie in [0, 1].")
    return wrap(torch.bernoulli(x.detach(), generator=torch_generator(generator)))


__all__ = ["standard_laplace", "laplace", "gamma", "random_gamma", "poisson", "random_poisson", "random_categorical",
           "multinomial_with_replacement", "choice_with_mask", "uniform_candidate_sampler",
           "log_uniform_candidate_sampler", "uniform_", "normal_", "exponential_", "random_", "bernoulli_",
           "bernoulli_ext"]
