"""Parity checks of `mindspore.mint` random functions: shapes, dtypes and deterministic properties (ranges,
permutations, 0/1 values) computed inside each case, since random streams cannot match MindSpore's.

MindSpore 2.10's CPU backend has no kernel for any of them (InplaceUniform/InplaceNormal/InplaceRandom "create
kernelmod failed", RandpermExt/NormalFloatFloat/BernoulliExt/MultinomialExt "unregistered"): each draw falls back
to a numpy draw of the documented dtype, shape and distribution, so the golden holds the documented properties and
mindshim's real draws must have them."""
import numpy as np

import mindspore as ms
from mindspore import Tensor, mint
from parity_ops_common import flush as _flush  # (parity loader)

COMPILED_PASS = False


def _draw(fn, dtype, shape, sample):
    """(dtype, shape, values) of `fn()`, or of the documented fallback where the CPU backend has no kernel."""
    _flush()
    try:
        out = fn()
        return str(out.dtype), list(out.shape), out.asnumpy()
    except RuntimeError:
        _flush()
        return dtype, list(shape), sample


def _rng():
    return np.random.RandomState(0)


def case_uniform_normal():
    x = Tensor(np.ones((2, 2), np.float16))
    u, g = _rng().uniform, _rng().randn
    draws = [_draw(lambda: mint.rand(2, 3), "Float32", (2, 3), u(size=(2, 3))),
             _draw(lambda: mint.rand((4,), dtype=ms.float64), "Float64", (4,), u(size=4)),
             _draw(lambda: mint.rand([2, 2]), "Float32", (2, 2), u(size=(2, 2))),
             _draw(lambda: mint.rand_like(x), "Float16", (2, 2), u(size=(2, 2))),
             _draw(lambda: mint.randn(3, 2), "Float32", (3, 2), g(3, 2)),
             _draw(lambda: mint.randn((5,), dtype=ms.float16), "Float16", (5,), g(5)),
             _draw(lambda: mint.randn_like(x, dtype=ms.float32), "Float32", (2, 2), g(2, 2))]
    return {"meta": [d[:2] for d in draws],
            "in_unit": [bool(((d[2] >= 0) & (d[2] < 1)).all()) for d in draws[:4]],
            "finite": [bool(np.isfinite(d[2]).all()) for d in draws[4:]]}


def case_normal():
    n = _rng().normal
    draws = [_draw(lambda: mint.normal(0.0, 1.0, (3, 2)), "Float32", (3, 2), n(size=(3, 2))),
             _draw(lambda: mint.normal(Tensor(np.full((2, 3), 100.0, np.float32)), 0.01), "Float32", (2, 3),
                   n(100.0, 0.01, (2, 3))),
             _draw(lambda: mint.normal(5.0, Tensor(np.full((4,), 0.001, np.float32))), "Float32", (4,),
                   n(5.0, 0.001, 4)),
             _draw(lambda: mint.normal(Tensor(np.zeros((2,), np.float32)), Tensor(np.full((2,), 1e-4, np.float32))),
                   "Float32", (2,), n(0.0, 1e-4, 2))]
    return {"meta": [d[:2] for d in draws],
            "near": [bool(np.allclose(draws[1][2], 100.0, atol=0.2)), bool(np.allclose(draws[2][2], 5.0, atol=0.05)),
                     bool(np.allclose(draws[3][2], 0.0, atol=0.01))]}


def case_randint():
    x = Tensor(np.zeros((3, 3), np.float32))
    r = _rng().randint
    draws = [_draw(lambda: mint.randint(0, 5, (100,)), "Int64", (100,), r(0, 5, 100)),
             _draw(lambda: mint.randint(3, (2, 3)), "Int64", (2, 3), r(0, 3, (2, 3))),
             _draw(lambda: mint.randint(-2, 2, (4,), dtype=ms.int32), "Int32", (4,), r(-2, 2, 4)),
             _draw(lambda: mint.randint_like(x, 10), "Float32", (3, 3), r(0, 10, (3, 3)).astype(np.float32)),
             _draw(lambda: mint.randint_like(x, 2, 4, dtype=ms.int32), "Int32", (3, 3), r(2, 4, (3, 3)))]
    bounds = [(0, 5), (0, 3), (-2, 2), (0, 10), (2, 4)]
    return {"meta": [d[:2] for d in draws],
            "ranges": [bool(((d[2] >= lo) & (d[2] < hi) & (d[2] == np.floor(d[2]))).all())
                       for d, (lo, hi) in zip(draws, bounds)]}


def case_randperm():
    p = _rng().permutation
    draws = [_draw(lambda: mint.randperm(6), "Int64", (6,), p(6)),
             _draw(lambda: mint.randperm(5, dtype=ms.int32), "Int32", (5,), p(5))]
    return {"meta": [d[:2] for d in draws], "perm": [sorted(d[2].tolist()) for d in draws]}


def case_bernoulli_multinomial():
    p = np.array([[0.0, 1.0, 0.0], [1.0, 1.0, 0.0]], np.float32)
    probs = np.array([[0.0, 0.5, 0.5, 0.0], [1.0, 0.0, 0.0, 0.0]], np.float32)
    b = _draw(lambda: mint.bernoulli(Tensor(p)), "Float32", p.shape, p.copy())
    m1 = _draw(lambda: mint.multinomial(Tensor(probs), 2), "Int64", (2, 2), np.array([[2, 1], [0, 1]]))
    m2 = _draw(lambda: mint.multinomial(Tensor(probs), 3, replacement=True), "Int64", (2, 3),
               np.array([[1, 1, 2], [0, 0, 0]]))
    m3 = _draw(lambda: mint.multinomial(Tensor(np.array([0.2, 0.3, 0.5], np.float32)), 2), "Int64", (2,),
               np.array([2, 0]))
    return {"bernoulli": [b[:2], b[2]], "m1": [m1[:2], sorted(m1[2][0].tolist()), int(m1[2][1][0])],
            "m2": [m2[:2], bool(((m2[2][0] == 1) | (m2[2][0] == 2)).all()), m2[2][1].tolist()],
            "m3": [m3[:2], len(set(m3[2].tolist()))]}

