"""Parity cases for random primitives and functions. Streams differ from MindSpore's, so each case returns shapes,
dtypes and properties computed inside the case: ranges, moments within loose bounds over many draws, unique
counts, and reproducibility of primitives built with equal (seed, seed2)."""
import numpy as np

import mindspore as ms
from mindspore import Parameter, Tensor, ops
from parity_ops_common import error_name as _err  # registered by the parity loader
from mindspore.ops import operations as P

N = 20000


def _meta(t):
    return {"dtype": str(t.dtype), "shape": list(t.shape)}


def _near(value, target, tol):
    return bool(abs(float(value) - target) <= tol)


def case_normal_laplace_uniform():
    n = P.StandardNormal()((N,)).asnumpy()
    lap = P.StandardLaplace()((N,)).asnumpy()
    u = P.UniformReal()((N,)).asnumpy()
    lf = ops.standard_laplace((N,)).asnumpy()
    lp = ops.laplace((N,), Tensor(1.0), Tensor(2.0), seed=5).asnumpy()
    return {
        "meta": [_meta(P.StandardNormal()((2, 3))), _meta(P.StandardNormal()(Tensor(np.array([2, 3], np.int32)))),
                 _meta(P.StandardLaplace(1, 2)((4,))), _meta(P.UniformReal()((2, 1, 3))),
                 _meta(ops.standard_laplace((3, 2), seed=4)), _meta(ops.laplace((2, 3), Tensor(0.0), Tensor(1.0)))],
        "normal": [_near(n.mean(), 0, 0.05), _near(n.std(), 1, 0.05)],
        "laplace": [_near(lap.mean(), 0, 0.07), _near(np.abs(lap).mean(), 1, 0.05),
                    _near(lf.mean(), 0, 0.07), _near(np.abs(lf).mean(), 1, 0.05)],
        "laplace_loc_scale": [_near(np.median(lp), 1, 0.1), _near(np.abs(lp - 1).mean(), 2, 0.1)],
        "uniform": [bool(u.min() >= 0), bool(u.max() < 1), _near(u.mean(), 0.5, 0.02), _near(u.var(), 1 / 12, 0.01)],
    }


def _same_twice(make, call):
    a, b = make(), make()
    first, second = call(a), call(b)
    again = call(a)
    return [bool(np.array_equal(first, second)), bool(not np.array_equal(first, again))]


def case_reproducible_seeds():
    shape = Tensor(np.array([40, 5], np.int32))
    probs = Tensor(np.full((2, 50), 0.02, np.float32))
    mask = Tensor(np.random.RandomState(0).rand(10, 10) > 0.3)
    rows = Tensor(np.arange(200, dtype=np.float32).reshape(100, 2))
    classes = Tensor(np.array([[1], [2]], np.int64))
    return {
        "StandardNormal": _same_twice(lambda: P.StandardNormal(3, 7), lambda p: p((50,)).asnumpy()),
        "StandardLaplace": _same_twice(lambda: P.StandardLaplace(3, 7), lambda p: p((50,)).asnumpy()),
        "UniformReal": _same_twice(lambda: P.UniformReal(3, 7), lambda p: p((50,)).asnumpy()),
        "UniformInt": _same_twice(lambda: P.UniformInt(3, 7), lambda p: p((50,), Tensor(0, ms.int32),
                                                                           Tensor(1000, ms.int32)).asnumpy()),
        "TruncatedNormal": _same_twice(lambda: P.TruncatedNormal(seed=3, seed2=7), lambda p: p(shape).asnumpy()),
        "RandomGamma": _same_twice(lambda: P.RandomGamma(3, 7), lambda p: p(shape, Tensor([2.0])).asnumpy()),
        "RandomPoisson": _same_twice(lambda: P.RandomPoisson(3, 7), lambda p: p(shape, Tensor([20.0])).asnumpy()),
        "Multinomial": _same_twice(lambda: P.Multinomial(3, 7), lambda p: p(probs, 30).asnumpy()),
        "RandomShuffle": _same_twice(lambda: P.RandomShuffle(3, 7), lambda p: p(rows).asnumpy()),
        "functions_advance": [bool(not np.array_equal(f(), f())) for f in (
            lambda: ops.standard_laplace((50,), seed=9).asnumpy(),
            lambda: ops.random_gamma(Tensor(np.array([50], np.int32)), Tensor([2.0]), seed=9).asnumpy(),
            lambda: ops.laplace((50,), Tensor(0.0), Tensor(1.0), seed=9).asnumpy(),
            lambda: ops.choice_with_mask(mask, 20, seed=9)[0].asnumpy(),
            lambda: ops.random_categorical(Tensor(np.zeros((1, 50), np.float32)), 50).asnumpy(),
            lambda: P.RandomCategorical()(Tensor(np.zeros((1, 50), np.float32)), 50, 9).asnumpy(),
            lambda: ops.uniform_candidate_sampler(classes, 1, 5, False, 10)[0].asnumpy())],
        "functions_repeat": [bool(np.array_equal(f(), f())) for f in (
            lambda: ops.random_categorical(Tensor(np.zeros((1, 50), np.float32)), 50, seed=9).asnumpy(),
            lambda: ops.uniform_candidate_sampler(classes, 1, 5, False, 10, seed=4)[0].asnumpy(),
            lambda: ops.log_uniform_candidate_sampler(classes, 1, 5, False, 10)[0].asnumpy(),
            lambda: ops.log_uniform_candidate_sampler(classes, 1, 5, False, 10, seed=4)[0].asnumpy(),
            lambda: ops.multinomial_with_replacement(Tensor(np.ones((1, 50), np.float32)), 3, 1, 50, True).asnumpy())],
        "RandomChoiceWithMask": _same_twice(lambda: P.RandomChoiceWithMask(20, 3, 7), lambda p: p(mask)[0].asnumpy()),
        "UniformCandidateSampler": _same_twice(lambda: P.UniformCandidateSampler(1, 5, False, 10, seed=4),
                                               lambda p: p(classes)[0].asnumpy()),
        "LogUniformCandidateSampler": _same_twice(lambda: P.LogUniformCandidateSampler(1, 5, False, 10),
                                                  lambda p: p(classes)[0].asnumpy()),
    }


def case_int_and_truncated():
    ui = P.UniformInt()((N,), Tensor(1, ms.int32), Tensor(5, ms.int32))
    uin = ui.asnumpy()
    tn = P.TruncatedNormal()(Tensor(np.array([100, 200], np.int32))).asnumpy()
    tn16 = P.TruncatedNormal(ms.float16)(Tensor(np.array([2, 3], np.int64)))
    tn64 = P.TruncatedNormal(ms.float64, 1, 1)(Tensor(np.array([2, 3], np.int64)))
    ptn = P.ParameterizedTruncatedNormal()(Tensor(np.array([3, 2000], np.int32)), Tensor(np.float32(1.0)),
                                           Tensor(np.float32(0.5)), Tensor(np.float32(0.2)), Tensor(np.float32(2.0)))
    pn = ptn.asnumpy()
    return {
        "UniformInt": [_meta(ui), sorted(np.unique(uin).tolist()), _near(uin.mean(), 2.5, 0.05)],
        "TruncatedNormal": [bool(np.abs(tn).max() <= 2), _near(tn.mean(), 0, 0.05), _near(tn.std(), 0.88, 0.03)],
        "TruncatedNormal_meta": [_meta(tn16), _meta(tn64)],
        "ParameterizedTruncatedNormal": [_meta(ptn), bool(pn.min() >= 0.2 and pn.max() <= 2.0),
                                         _near(pn.mean(), 1.03, 0.03)],
    }


def case_parameterized_truncated_normal_batches():
    lo, hi = np.array([-1.0, 0.0, 2.0], np.float32), np.array([1.0, 0.5, 4.0], np.float32)
    mean = Tensor(np.array([0.0, 0.0, 3.0], np.float32))
    pn = P.ParameterizedTruncatedNormal()(Tensor(np.array([3, 2000], np.int32)), mean, Tensor(np.ones(3, np.float32)),
                                          Tensor(lo), Tensor(hi)).asnumpy()
    return {"in_bounds": bool(np.all(pn >= lo[:, None]) and np.all(pn <= hi[:, None])),
            "batch2_mean": _near(pn[2].mean(), 3.0, 0.05)}


def case_gamma_poisson():
    alpha = Tensor(np.array([0.5, 2.0, 5.0], np.float32))
    g = P.RandomGamma()(Tensor(np.array([N], np.int32)), alpha)
    gf = ops.random_gamma(Tensor(np.array([N], np.int64)), Tensor(np.array([3.0], np.float64)), seed=2)
    rate = Tensor(np.array([1.0, 4.0], np.float32))
    p = P.RandomPoisson()(Tensor(np.array([N], np.int32)), rate)
    pf = ops.random_poisson(Tensor(np.array([N], np.int32)), Tensor(np.array([2.5], np.float64)), dtype=ms.int32)
    gn, pn = g.asnumpy(), p.asnumpy()
    return {
        "RandomGamma": [_meta(g), bool(gn.min() > 0)] + [_near(gn[:, i].mean(), a, 0.05 * a + 0.02)
                                                          for i, a in enumerate((0.5, 2.0, 5.0))],
        "random_gamma": [_meta(gf), _near(gf.asnumpy().mean(), 3.0, 0.1), _near(gf.asnumpy().var(), 3.0, 0.3)],
        "RandomPoisson": [_meta(p), bool(pn.min() >= 0), _near(pn[:, 0].mean(), 1.0, 0.05),
                          _near(pn[:, 1].mean(), 4.0, 0.1), _near(pn[:, 1].var(), 4.0, 0.3)],
        "RandomPoisson_dtypes": [_meta(P.RandomPoisson(dtype=ms.float32)(Tensor(np.array([2], np.int64)), rate)),
                                 _meta(P.RandomPoisson(dtype=ms.int32)(Tensor(np.array([2, 3], np.int64)), rate))],
        "random_poisson": [_meta(pf), _near(pf.asnumpy().mean(), 2.5, 0.1)],
    }


def case_gamma_poisson_no_cpu_kernel():
    alpha, beta = Tensor(np.array([[2.0], [4.0]], np.float32)), Tensor(np.array([2.0], np.float32))
    g = P.Gamma(1, 2)((N, 2, 1), alpha, beta).asnumpy()
    gf = ops.gamma((3, 2, 2), Tensor(np.array([[3.0, 4.0], [5.0, 6.0]], np.float32)), Tensor(np.array([1.0],
                                                                                              np.float32)))
    p = P.Poisson()((N,), Tensor(3.0)).asnumpy()
    pf = ops.poisson((4, 2), Tensor(np.array([1.0, 2.0], np.float32)), seed=3)
    return {"Gamma": [list(g.shape), _near(g[:, 0].mean(), 1.0, 0.05), _near(g[:, 1].mean(), 2.0, 0.1)],
            "gamma": _meta(gf), "Poisson": [_near(p.mean(), 3.0, 0.1), str(p.dtype)], "poisson": _meta(pf)}


def case_categorical():
    probs = Tensor(np.array([[0.2, 0.8, 0.0], [5.0, 0.0, 5.0]], np.float32))
    m = P.Multinomial(dtype=ms.int64)(probs, N)
    mn = m.asnumpy()
    mw = P.MultinomialWithReplacement(N, True)(probs, Tensor(0, ms.int64), Tensor(0, ms.int64)).asnumpy()
    mw_seeded = [P.MultinomialWithReplacement(50, True)(probs, Tensor(4, ms.int64), Tensor(1, ms.int64)).asnumpy()
                 for _ in range(2)]
    nr = ops.multinomial_with_replacement(Tensor(np.array([1.0, 1.0, 1.0, 0.0], np.float32)), 2, 3, 3, False)
    logits = Tensor(np.log(np.array([[0.25, 0.75], [0.9, 0.1]], np.float32)))
    rc = P.RandomCategorical(ms.int32)(logits, N, 0)
    rcf = ops.random_categorical(logits, 10, seed=1, dtype=ms.int16)
    return {
        "Multinomial": [_meta(m), _meta(P.Multinomial()(probs, 4)), _near((mn[0] == 1).mean(), 0.8, 0.02),
                        bool((mn[0] != 2).all()), bool((mn[1] != 1).all()), _near((mn[1] == 0).mean(), 0.5, 0.02)],
        "Multinomial_degenerate": P.Multinomial()(Tensor(np.array([[0.0, 0.0, 0.0], [-1.0, 0.0, 2.0]], np.float32)),
                                                  5).asnumpy(),
        "MultinomialWithReplacement": [list(mw.shape), str(mw.dtype), _near((mw[0] == 1).mean(), 0.8, 0.02),
                                       bool(np.array_equal(*mw_seeded))],
        "without_replacement": [_meta(nr), sorted(nr.asnumpy().tolist())],
        "RandomCategorical": [_meta(rc), _near((rc.asnumpy()[0] == 1).mean(), 0.75, 0.02),
                              _near((rc.asnumpy()[1] == 0).mean(), 0.9, 0.02)],
        "random_categorical": [_meta(rcf), _meta(ops.random_categorical(logits, 3))],
    }


def case_choice_shuffle_perm():
    x = np.array([[True, False, True], [False, True, False]])
    idx, mask = P.RandomChoiceWithMask(5)(Tensor(x))
    idx2, mask2 = ops.choice_with_mask(Tensor(x), count=2, seed=1)
    i1, i2 = idx.asnumpy(), idx2.asnumpy()
    rows = Tensor(np.arange(20, dtype=np.float32).reshape(10, 2))
    sh = P.RandomShuffle()(rows)
    perm = P.RandpermV2(seed=3, dtype=ms.int32)(8)
    return {
        "RandomChoiceWithMask": [_meta(idx), _meta(mask), mask.asnumpy().tolist().count(True),
                                 sorted(map(tuple, i1[mask.asnumpy()].tolist())),
                                 bool((i1[~mask.asnumpy()] == 0).all())],
        "choice_with_mask": [_meta(idx2), bool(mask2.asnumpy().all()), len(set(map(tuple, i2.tolist()))),
                             bool(all(x[tuple(r)] for r in i2.tolist()))],
        "RandomShuffle": [_meta(sh), sorted(map(tuple, sh.asnumpy().tolist())) == sorted(map(tuple,
                                                                                           rows.asnumpy().tolist()))],
        "RandpermV2": [_meta(perm), sorted(perm.asnumpy().tolist()),
                       bool(np.array_equal(perm.asnumpy(), P.RandpermV2(seed=3, dtype=ms.int32)(8).asnumpy())),
                       _meta(P.RandpermV2()(Tensor(5)))],
    }


def case_randperm_no_cpu_kernel():
    out = P.Randperm(max_length=6, pad=-1)(Tensor(np.array([4], np.int32)))
    return {"meta": _meta(out), "values": sorted(out.asnumpy().tolist())}


def case_bernoulli_cauchy_lognormal():
    x = Tensor(np.zeros(N, np.float32))
    b = P.Bernoulli()(x, 0.3).asnumpy()
    bi = P.Bernoulli(seed=2)(Tensor(np.zeros((2, 3), np.int32)), Tensor(np.array([[0.0, 1.0, 1.0]] * 2, np.float32)))
    c = P.Cauchy([N], 1.0, 2.0)().asnumpy()
    ln = P.LogNormalReverse(0.5, 0.25)(Tensor(np.zeros(N, np.float64)))
    ndi = P.NonDeterministicInts(ms.int32)(Tensor(np.array([50, 4], np.int32)))
    return {
        "Bernoulli": [sorted(np.unique(b).tolist()), _near(b.mean(), 0.3, 0.02), _meta(bi), bi.asnumpy().tolist()],
        "Cauchy": [_meta(P.Cauchy([2, 3])()), _near(np.median(c), 1.0, 0.1),
                   _near(np.percentile(c, 75) - np.percentile(c, 25), 4.0, 0.3)],
        "LogNormalReverse": [_meta(ln), bool(ln.asnumpy().min() > 0), _near(np.log(ln.asnumpy()).mean(), 0.5, 0.02),
                             _near(np.log(ln.asnumpy()).std(), 0.25, 0.02)],
        "NonDeterministicInts": [_meta(ndi), _meta(P.NonDeterministicInts()(Tensor(np.array([2, 2], np.int64)))),
                                 len(np.unique(ndi.asnumpy())) > 150],
    }


def case_candidate_samplers():
    tc = Tensor(np.array([[0, 3], [1, 4]], np.int64))
    out = {}
    for name, s in (("uniform", P.UniformCandidateSampler(2, 6, False, 8)),
                    ("uniform_unique", P.UniformCandidateSampler(2, 6, True, 8, seed=3)),
                    ("log_uniform", P.LogUniformCandidateSampler(2, 6, False, 8)),
                    ("log_uniform_unique", P.LogUniformCandidateSampler(2, 6, True, 8))):
        sampled, t_exp, s_exp = s(tc)
        sn = sampled.asnumpy()
        k = np.arange(8)
        p = np.full(8, 1 / 8) if name.startswith("uniform") else np.log((k + 2) / (k + 1)) / np.log(9)
        unique = name.endswith("unique")
        out[name] = [_meta(sampled), _meta(t_exp), _meta(s_exp), bool(sn.min() >= 0 and sn.max() < 8),
                     len(set(sn.tolist())) == 6 if unique else True,
                     bool(np.all((t_exp.asnumpy() > 0) & (t_exp.asnumpy() <= 1))) if unique else t_exp.asnumpy(),
                     True if unique else bool(np.allclose(s_exp.asnumpy(), 6 * p[sn], rtol=1e-5))]
    fn = ops.uniform_candidate_sampler(Tensor(np.array([[1], [2]], np.int64)), 1, 3, False, 5, seed=1)
    lfn = ops.log_uniform_candidate_sampler(Tensor(np.array([[1], [2]], np.int64)), 1, 4, False, 5)
    out["functions"] = [[_meta(t) for t in fn], fn[1].asnumpy(), [_meta(t) for t in lfn], lfn[1].asnumpy()]
    return out


def case_accidental_hits_no_cpu_kernel():
    tc = Tensor(np.array([[1, 2], [0, 4], [3, 3]], np.int64))
    idx, ids, w = P.ComputeAccidentalHits(2)(tc, Tensor(np.array([0, 1, 2, 3, 4], np.int64)))
    return {"indices": idx.asnumpy(), "ids": ids.asnumpy(), "weights": w.asnumpy()}


def case_inplace_no_cpu_kernel():
    p = Parameter(Tensor(np.zeros((100, 10), np.float32)), name="p")
    out = {"uniform_": ops.uniform_(p, -1.0, 1.0) is p}
    out["uniform_range"] = bool(p.asnumpy().min() >= -1 and p.asnumpy().max() < 1 and p.asnumpy().std() > 0.1)
    ops.normal_(p, 2.0, 0.5)
    out["normal_"] = _near(p.asnumpy().mean(), 2.0, 0.1)
    ops.exponential_(p, 2.0)
    out["exponential_"] = [bool(p.asnumpy().min() >= 0), _near(p.asnumpy().mean(), 0.5, 0.1)]
    ops.random_(p, 3, 7)
    out["random_"] = sorted(np.unique(p.asnumpy()).tolist())
    ops.bernoulli_(p, 0.5)
    out["bernoulli_"] = sorted(np.unique(p.asnumpy()).tolist())
    be = ops.bernoulli_ext(Tensor(np.array([0.0, 1.0, 1.0], np.float32)))
    out["bernoulli_ext"] = [_meta(be), be.asnumpy()]
    return out


def case_errors():
    return {
        "UniformInt_int64": _err(lambda: P.UniformInt()((2,), Tensor(1, ms.int64), Tensor(5, ms.int64))),
        "StandardNormal_list": _err(lambda: P.StandardNormal()([2, 3])),
        "StandardNormal_negative_seed": _err(lambda: P.StandardNormal(-1)),
        "TruncatedNormal_rank1": _err(lambda: P.TruncatedNormal()(Tensor(np.array([3], np.int32)))),
        "NonDeterministicInts_rank1": _err(lambda: P.NonDeterministicInts()(Tensor(np.array([3], np.int32)))),
        "NonDeterministicInts_dtype": _err(lambda: P.NonDeterministicInts(ms.float32)),
        "laplace_float_mean": _err(lambda: ops.laplace((2,), 1.0, 2.0)),
        "random_gamma_tuple": _err(lambda: ops.random_gamma((2,), Tensor(np.array([1.0], np.float32)))),
        "random_poisson_tuple": _err(lambda: ops.random_poisson((2,), Tensor(np.array([1.0], np.float32)))),
        "Multinomial_dtype": _err(lambda: P.Multinomial(dtype=ms.float32)),
        "Bernoulli_p_shape": _err(lambda: P.Bernoulli()(Tensor(np.zeros((2, 3), np.float32)),
                                                        Tensor(np.array([0.5, 0.5, 0.5], np.float32)))),
        "Cauchy_tuple": _err(lambda: P.Cauchy((2, 3))),
        "Cauchy_int_sigma": _err(lambda: P.Cauchy([2], 0.0, 1)),
        "RandomCategorical_dtype": _err(lambda: P.RandomCategorical(ms.float32)),
    }


def _dtype_or_error(fn):
    try:
        out = fn()
        out = out[0] if isinstance(out, (tuple, list)) else out
        out.asnumpy()
        return str(out.dtype)
    except Exception as e:  # noqa: BLE001 - the type is the result
        return type(e).__name__


def case_dtypes():
    table = {}
    shape = Tensor(np.array([2], np.int32))
    for dt in ("float16", "float32", "float64", "int32", "uint8", "bool", "complex64"):
        a = Tensor(np.array([[0.2, 0.5, 0.3], [0.1, 0.1, 0.8]]).astype(dt))
        ops_ = {
            "Bernoulli": lambda: P.Bernoulli()(a, 0.5), "LogNormalReverse": lambda: P.LogNormalReverse()(a),
            "RandomGamma": lambda: P.RandomGamma()(shape, a[0]),
            "RandomPoisson": lambda: P.RandomPoisson()(shape, a[0]),
            "random_gamma": lambda: ops.random_gamma(shape, a[0]),
            "random_poisson": lambda: ops.random_poisson(shape, a[0]),
            "Multinomial": lambda: P.Multinomial()(a, 2), "RandomCategorical": lambda: P.RandomCategorical()(a, 2, 0),
            "random_categorical": lambda: ops.random_categorical(a, 2), "RandomShuffle": lambda: P.RandomShuffle()(a),
            "laplace": lambda: ops.laplace((3,), a[0], a[1]),
            "MultinomialWithReplacement": lambda: P.MultinomialWithReplacement(2, True)(a, Tensor(0, ms.int64),
                                                                                    Tensor(0, ms.int64)),
        }
        table[dt] = {n: _dtype_or_error(f) for n, f in ops_.items()}
    return table
