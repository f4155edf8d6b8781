"""Parity cases for special functions: Bessel functions, incomplete gamma/beta, zeta, gamma-family functions,
nextafter, sinc, eps, logit and rint (primitive classes and functions)."""
import numpy as np

import mindspore as ms
from mindspore import Tensor, ops
from parity_ops_common import error_name as _err  # registered by the parity loader
from mindspore.ops import operations as P

TOLERANCES = {
    "bessel_float32": {"rtol": 1e-4, "atol": 1e-5, "why": "series/asymptotic Bessel kernels differ in the last ulps"},
    "bessel_float64": {"rtol": 1e-7, "atol": 1e-12,
                       "why": "torch's float64 J/Y kernels are accurate to ~1e-8 relative (j0(7.5) off by 2e-9)"},
    "bessel_float16": {"rtol": 2e-3, "atol": 2e-3, "why": "float16 rounding of a float32 kernel"},
    "bessel_grads": {"rtol": 1e-4, "atol": 1e-5, "why": "series/asymptotic Bessel kernels differ in the last ulps"},
    "incomplete_gamma": {"rtol": 1e-4, "atol": 1e-6, "why": "series/continued-fraction evaluations differ in ulps"},
    "incomplete_gamma_f64": {"rtol": 1e-6, "atol": 1e-12,
                             "why": "MindSpore's float64 igamma(20, 25) is 2.3e-8 off (torch agrees with scipy)"},
    "betainc_values": {"rtol": 1e-4, "atol": 1e-6, "why": "continued-fraction evaluation order differs"},
    "betainc_f64": {"rtol": 1e-9, "atol": 1e-12, "why": "continued-fraction evaluation order differs"},
    "zeta_values": {"rtol": 1e-4, "atol": 1e-6, "why": "Euler-Maclaurin sums differ in the last ulps"},
    "gamma_family": {"rtol": 1e-4, "atol": 1e-5, "why": "lgamma/digamma/polygamma kernels differ in the last ulps"},
    "special_grads": {"rtol": 1e-4, "atol": 1e-5, "why": "continued-fraction/zeta derivative kernels differ in ulps"},
    "gamma_family_grads": {"rtol": 1e-4, "atol": 1e-5, "why": "polygamma kernels differ in the last ulps"},
    "sinc_logit": {"rtol": 1e-5, "atol": 1e-6, "why": "sin(pi x)/(pi x) rounding"},
}


def _u(seed, shape, low=-1.0, high=1.0, dtype=np.float32):
    return Tensor(np.random.RandomState(seed).uniform(low, high, shape).astype(dtype))


def _d(t):
    if isinstance(t, (tuple, list)):
        return {"type": type(t).__name__, "items": [_d(i) for i in t]}
    return {"dtype": str(t.dtype), "shape": list(t.shape), "value": t.asnumpy()}


_BESSEL = ("i0", "i0e", "i1", "i1e", "j0", "j1", "k0", "k0e", "k1", "k1e", "y0", "y1")
_BESSEL_PRIM = {"i0": "BesselI0", "i0e": "BesselI0e", "i1": "BesselI1", "i1e": "BesselI1e", "j0": "BesselJ0",
                "j1": "BesselJ1", "k0": "BesselK0", "k0e": "BesselK0e", "k1": "BesselK1", "k1e": "BesselK1e",
                "y0": "BesselY0", "y1": "BesselY1"}
_XB = np.array([0.05, 0.3, 0.9, 1.7, 2.5, 4.0, 7.5, 12.0, 31.0], np.float64)


def _bessel(dtype):
    x = Tensor(_XB.astype(dtype))
    out = {}
    for n in _BESSEL:
        out[n] = _d(getattr(ops, "bessel_" + n)(x))
        out[_BESSEL_PRIM[n]] = _d(getattr(P, _BESSEL_PRIM[n])()(x))
    return out


def case_bessel_float32():
    out = _bessel(np.float32)
    neg = Tensor(np.array([-3.0, -0.5, 0.0, 0.5], np.float32))
    out["negative"] = {n: _d(getattr(ops, "bessel_" + n)(neg)) for n in ("i0", "i0e", "i1", "i1e", "j0", "j1")}
    out["neg_k_y"] = {n: _d(getattr(ops, "bessel_" + n)(neg)) for n in ("k0", "k1", "k0e", "k1e", "y0", "y1")}
    return out


def case_bessel_float64():
    return _bessel(np.float64)


def case_bessel_float16():
    return _bessel(np.float16)


def case_bessel_grads():
    x = Tensor(np.array([0.3, 1.2, 2.5, 6.0], np.float32))
    return {n: ops.grad(lambda t, n=n: getattr(ops, "bessel_" + n)(t).sum())(x).asnumpy()
            for n in ("i0", "i0e", "i1", "i1e", "j0", "j1", "k0", "k0e", "k1", "k1e", "y0", "y1")}


def case_bessel_int_error():
    return {"func": _err(lambda: ops.bessel_j0(Tensor([1, 2], ms.int32))),
            "prim": _err(lambda: P.BesselI0()(Tensor([1, 2], ms.int32)))}


def case_incomplete_gamma():
    a = Tensor(np.array([[0.5, 1.0, 2.5, 7.0]], np.float32))
    x = Tensor(np.array([[0.1], [1.0], [3.0]], np.float32))
    return {"igamma": _d(ops.igamma(a, x)), "igammac": _d(ops.igammac(a, x)),
            "Igamma": _d(P.Igamma()(a, x)), "Igammac": _d(P.Igammac()(a, x)),
            "edges": _d(ops.igamma(Tensor([1.0, 2.0, 0.5], ms.float32), Tensor([0.0, 100.0, 1e-3], ms.float32))),
            "grad_x": ops.grad(lambda t: ops.igamma(a, t).sum())(x).asnumpy(),
            "grad_xc": ops.grad(lambda t: ops.igammac(a, t).sum())(x).asnumpy()}


def case_incomplete_gamma_f64():
    a = Tensor(np.array([0.3, 1.0, 4.0, 20.0], np.float64))
    x = Tensor(np.array([0.2, 2.0, 3.0, 25.0], np.float64))
    return {"igamma": _d(ops.igamma(a, x)), "igammac": _d(P.Igammac()(a, x))}


def case_incomplete_gamma_errors():
    return {"int": _err(lambda: ops.igamma(Tensor([1, 2]), Tensor([1, 2]))),
            "mixed": _err(lambda: P.Igamma()(Tensor([1.0], ms.float32), Tensor([1.0], ms.float64)))}


def case_betainc_values():
    a = Tensor(np.array([0.5, 1.0, 2.0, 5.0, 0.7, 3.0], np.float32))
    b = Tensor(np.array([0.5, 3.0, 2.0, 1.5, 9.0, 30.0], np.float32))
    x = Tensor(np.array([0.2, 0.5, 0.9, 0.7, 0.05, 0.1], np.float32))
    edge = P.Betainc()(Tensor([2.0, 2.0], ms.float32), Tensor([3.0, 3.0], ms.float32),
                       Tensor([0.0, 1.0], ms.float32))
    return {"betainc": _d(P.Betainc()(a, b, x)), "edge": _d(edge)}


def case_betainc_f64():
    a = Tensor(np.array([0.5, 1.5, 10.0, 100.0], np.float64))
    b = Tensor(np.array([2.0, 0.5, 10.0, 200.0], np.float64))
    x = Tensor(np.array([0.3, 0.95, 0.45, 0.33], np.float64))
    return _d(P.Betainc()(a, b, x))


def case_betainc_error():
    return {"int": _err(lambda: P.Betainc()(Tensor([1, 2]), Tensor([1, 2]), Tensor([0, 1]))),
            "mixed": _err(lambda: P.Betainc()(Tensor([1.0], ms.float32), Tensor([1.0], ms.float64),
                                             Tensor([0.5], ms.float32)))}


def case_zeta_values():
    x = Tensor(np.array([1.5, 2.0, 3.0, 4.5, 10.0], np.float32))
    q = Tensor(np.array([1.0, 0.5, 2.0, 3.0, 1.5], np.float32))
    return {"zeta": _d(ops.zeta(x, q)), "Zeta": _d(P.Zeta()(x, q)),
            "f64": _d(ops.zeta(Tensor([2.0, 6.0], ms.float64), Tensor([1.0, 0.25], ms.float64))),
            "x_one": _d(ops.zeta(Tensor([1.0, 0.5], ms.float32), Tensor([1.0, 1.0], ms.float32)))}


def case_zeta_error():
    return {"int": _err(lambda: ops.zeta(Tensor([2, 3]), Tensor([1, 1]))),
            "mixed": _err(lambda: P.Zeta()(Tensor([2.0], ms.float32), Tensor([1.0], ms.float64)))}


def case_gamma_family():
    x = _u(3, (2, 3), 0.3, 4.0)
    out = {"Digamma": _d(P.Digamma()(x)), "Lgamma": _d(P.Lgamma()(x)),
           "Lgamma_neg": _d(P.Lgamma()(Tensor([-0.5, -2.5, 0.0], ms.float32))),
           "Polygamma": [_d(P.Polygamma()(Tensor(n, ms.int64), x)) for n in (0, 1, 2, 3)],
           "mvlgamma": _d(ops.mvlgamma(x + 2.0, 3)), "Mvlgamma": _d(P.Mvlgamma(p=2)(x + 1.0)),
           "f64": _d(ops.mvlgamma(Tensor([2.5, 4.0], ms.float64), 1))}
    return out


def case_gamma_family_grads():
    x = Tensor(np.array([0.6, 1.5, 3.0], np.float32))
    return {"Lgamma": ops.grad(lambda t: P.Lgamma()(t).sum())(x).asnumpy(),
            "Digamma": ops.grad(lambda t: P.Digamma()(t).sum())(x).asnumpy(),
            "mvlgamma": ops.grad(lambda t: ops.mvlgamma(t + 2.0, 2).sum())(x).asnumpy()}


def case_special_grads():
    return {"Betainc_x": ops.grad(lambda x: P.Betainc()(Tensor([2.0, 3.0]), Tensor([3.0, 1.5]), x).sum())(
                Tensor([0.3, 0.6])).asnumpy(),
            "igamma_a": ops.grad(lambda a: ops.igamma(a, Tensor([1.0, 2.0])).sum())(Tensor([0.5, 2.0])).asnumpy(),
            "igammac_both": [g.asnumpy() for g in ops.grad(lambda a, x: ops.igammac(a, x).sum(), (0, 1))(
                Tensor([[0.5], [3.0]]), Tensor([1.0, 2.5]))],
            "zeta_q": ops.grad(lambda q: ops.zeta(Tensor([2.0, 3.0]), q).sum())(Tensor([1.0, 2.0])).asnumpy(),
            "nextafter": ops.grad(lambda q: ops.nextafter(q, Tensor([2.0, 3.0])).sum())(Tensor([1.0, 2.0])).asnumpy(),
            "eps": ops.grad(lambda q: ops.eps(q).sum())(Tensor([1.0, 2.0])).asnumpy(),
            "Lgamma_int": _d(P.Lgamma()(Tensor([1, 2, 5], ms.int32)))}


def case_digamma_int_error():
    return _err(lambda: P.Digamma()(Tensor([1, 2], ms.int32)))


def case_mvlgamma_domain_error():
    return _err(lambda: ops.mvlgamma(Tensor([0.5, 1.0], ms.float32), 3))


def case_mvlgamma_p_error():
    return {"zero": _err(lambda: P.Mvlgamma(p=0)(Tensor([3.0], ms.float32))),
            "float": _err(lambda: P.Mvlgamma(p=1.5)(Tensor([3.0], ms.float32)))}


def case_nextafter_values():
    d = Tensor(np.array([1.0, 0.0, -3.0, 2.5], np.float64))
    e = Tensor(np.array([2.0, -1.0, -4.0, 2.5], np.float64))
    return {"nextafter": _d(ops.nextafter(d, e)), "NextAfter": _d(P.NextAfter()(d, e)),
            "moved": (ops.nextafter(d, e) != d).asnumpy()}


def case_nextafter_float32():
    x = Tensor(np.array([0.0, 1.0, -1.0, 3.5], np.float32))
    y = Tensor(np.array([1.0, 0.0, -2.0, 3.5], np.float32))
    out, prim = ops.nextafter(x, y), P.NextAfter()(x, y)
    return {"dtype": str(out.dtype), "moved": (out != x).asnumpy(), "up": (out > x).asnumpy(),  # exact, unlike values
            "prim_moved": (prim != x).asnumpy()}


def case_nextafter_error():
    return {"int": _err(lambda: ops.nextafter(Tensor([1, 2]), Tensor([2, 3]))),
            "mixed": _err(lambda: ops.nextafter(Tensor([1.0], ms.float32), Tensor([1.0], ms.float64)))}


def case_sinc_logit():
    x = Tensor(np.array([0.0, 0.25, -1.5, 2.0, 1e-5], np.float32))
    p = Tensor(np.array([0.0, 0.2, 0.5, 0.999, 1.0], np.float32))
    return {"Sinc": _d(P.Sinc()(x)), "Sinc_int": _d(P.Sinc()(Tensor([0, 1, 2], ms.int32))),
            "Sinc_f64": _d(P.Sinc()(Tensor([0.5, 0.0], ms.float64))),
            "Logit": _d(P.Logit()(p)), "Logit_eps": _d(P.Logit(eps=0.01)(p)),
            "Logit_f16": _d(P.Logit(eps=0.1)(Tensor([0.05, 0.5], ms.float16))),
            "Sinc_grad": ops.grad(lambda t: P.Sinc()(t).sum())(x[1:4]).asnumpy(),
            "Logit_grad": ops.grad(lambda t: P.Logit(eps=0.1)(t).sum())(p).asnumpy()}


def case_eps_rint():
    out = {}
    for name, dt in (("f16", np.float16), ("f32", np.float32), ("f64", np.float64)):
        t = Tensor(np.array([[1.0, -2.0, 3.0]], dt))
        out["Eps_" + name] = _d(P.Eps()(t))
        out["eps_" + name] = _d(ops.eps(t))
    r = Tensor(np.array([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 2.6, -0.2], np.float32))
    out["Rint"] = _d(P.Rint()(r))
    out["Rint_f64"] = _d(P.Rint()(Tensor([0.5, 3.5], ms.float64)))
    out["Rint_f16"] = _d(P.Rint()(Tensor([4.5, -3.7], ms.float16)))
    return out


def case_eps_int_error():
    return {"Eps": _err(lambda: P.Eps()(Tensor([1, 2], ms.int32))),
            "Rint": _err(lambda: P.Rint()(Tensor([1, 2], ms.int32)))}
