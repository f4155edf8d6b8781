"""Parity cases for mindspore.Tensor's linear-algebra methods (products, decompositions, determinants, solves)
on small float32 (and some int32/float64) inputs. Decompositions are checked through reconstructions or
sign-free quantities where MindSpore and LAPACK may pick different signs."""
import numpy as np

import mindspore as ms
from mindspore import Tensor
from parity_ops_common import outcome as _o  # registered by the parity loader

COMPILED_PASS = False
TOLERANCES = {
    "products": {"rtol": 1e-5, "atol": 1e-5, "why": "dot-product summation order"},
    "determinants": {"rtol": 1e-4, "atol": 1e-5, "why": "LU pivoting order in det/inverse"},
    "decompositions": {"rtol": 1e-4, "atol": 1e-4, "why": "LAPACK vs MindSpore's decomposition rounding"},
    "solves": {"rtol": 1e-4, "atol": 1e-4, "why": "LAPACK vs MindSpore's solver rounding"},
}


def _f(a, dtype=np.float32):
    return Tensor(np.array(a, dtype))


def _spd():
    return _f([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]])


def case_products():
    a, b = _f([[1.0, 2.0], [3.0, 4.0], [5.0, -1.0]]), _f([[0.5, -1.0, 2.0], [1.5, 0.0, 1.0]])
    v, w = _f([1.0, -2.0, 3.0]), _f([0.5, 1.0, 2.0])
    ba, bb = _f(np.arange(12).reshape(2, 2, 3) / 4.0), _f(np.arange(12).reshape(2, 3, 2) / 3.0)
    i = Tensor(np.array([[1, 2], [3, 4]], np.int32))
    return {
        "matmul": _o(lambda: a.matmul(b)), "matmul_vec": _o(lambda: v.matmul(w)),
        "matmul_int": _o(lambda: i.matmul(i)), "mm": _o(lambda: a.mm(b)), "mm_int": _o(lambda: i.mm(i)),
        "bmm": _o(lambda: ba.bmm(bb)), "dot_1d": _o(lambda: v.dot(w)), "dot_int": _o(lambda: _f([1, 2], np.int32).dot(
            _f([3, 4], np.int32))), "dot": _o(lambda: a.dot(b)), "dot_3d": _o(lambda: ba.dot(_f(np.ones((3, 2))))),
        "inner": _o(lambda: v.inner(w)), "inner_2d": _o(lambda: a.inner(_f([[1.0, 0.5]]))),
        "outer": _o(lambda: v.outer(w)), "ger": _o(lambda: v.ger(w)), "outer_int": _o(lambda: i[0].outer(i[1])),
        "cross": _o(lambda: v.cross(w)), "cross_dim": _o(lambda: _f([[1.0, 0, 0], [0, 1.0, 0]]).cross(
            _f([[0, 1.0, 0], [0, 0, 1.0]]), dim=1)),
        "addmm": _o(lambda: _f(np.ones((3, 3))).addmm(a, b)),
        "addmm_ab": _o(lambda: _f(np.ones((3, 3))).addmm(a, b, beta=0.5, alpha=2.0)),
        "addmv": _o(lambda: _f([1.0, 1.0, 1.0]).addmv(a, _f([2.0, -1.0]))),
        "addmv_ab": _o(lambda: _f([1.0, 1.0, 1.0]).addmv(a, _f([2.0, -1.0]), beta=2, alpha=0.5)),
        "addr": _o(lambda: _f(np.ones((3, 3))).addr(v, w)),
        "addr_ab": _o(lambda: _f(np.ones((3, 3))).addr(v, w, 0.5, 2)),
        "addbmm": _o(lambda: _f(np.ones((2, 2))).addbmm(ba, bb)),
        "addbmm_ab": _o(lambda: _f(np.ones((2, 2))).addbmm(ba, bb, beta=0.5, alpha=0.25)),
        "baddbmm": _o(lambda: _f(np.ones((2, 2, 2))).baddbmm(ba, bb)),
        "baddbmm_ab": _o(lambda: _f(np.ones((2, 2, 2))).baddbmm(ba, bb, beta=2, alpha=0.5)),
        "matrix_power": _o(lambda: _f([[1.0, 1.0], [0.0, 2.0]]).matrix_power(3)),
        "matrix_power_0": _o(lambda: _f([[1.0, 1.0], [0.0, 2.0]]).matrix_power(0)),
        "matrix_power_int": _o(lambda: i.matrix_power(2)),
    }


def case_linalg_cpu_gap():
    """MindSpore 2.10's CPU backend has no InplaceAddmm or Ormqr kernel (ledger)."""
    x = _f(np.ones((3, 3)))
    a, b = _f([[1.0, 2.0], [3.0, 4.0], [5.0, -1.0]]), _f([[0.5, -1.0, 2.0], [1.5, 0.0, 1.0]])

    h, tau = _f([[2.0, -1.0], [1.0, 3.0], [0.0, 1.0]]).geqrf()

    def run():
        r = x.addmm_(a, b, beta=0.5, alpha=2)
        return [r, x, r is x]
    return {"addmm_": _o(run), "ormqr": _o(lambda: h.ormqr(tau, _f(np.ones((3, 2))))),
            "ormqr_t": _o(lambda: h.ormqr(tau, _f(np.ones((3, 2))), True, True))}


def case_linalg_broken_methods():
    """MindSpore 2.10's Tensor.triangular_solve raises AttributeError ('Registry' object has no attribute) and
    Tensor.eigvals TypeError (calls ops.eigvals without the tensor) (ledger)."""
    b = _f([[1.0, 0.5], [2.0, -1.0], [0.0, 1.0]])
    lower = _f([[2.0, 0.0, 0.0], [1.0, 3.0, 0.0], [0.5, -1.0, 4.0]])
    return {"triangular_solve": _o(lambda: b.triangular_solve(lower, upper=False)),
            "triangular_solve_t": _o(lambda: b.triangular_solve(lower, False, True)),
            "triangular_solve_unit": _o(lambda: b.triangular_solve(lower, upper=False, unitriangular=True)),
            "eigvals": _o(lambda: _f([[2.0, 0.0], [1.0, 3.0]]).eigvals()),
            "eigvals_f64": _o(lambda: _f([[4.0, 1.0], [2.0, 3.0]], np.float64).eigvals())}


def case_determinants():
    m = _f([[2.0, -1.0, 0.5], [1.0, 3.0, 1.0], [0.0, 1.0, 4.0]])
    neg = _f([[0.0, 1.0], [1.0, 0.0]])
    batch = _f([[[2.0, 1.0], [1.0, 3.0]], [[1.0, 2.0], [3.0, 4.0]]])
    return {
        "det": _o(lambda: m.det()), "det_batch": _o(lambda: batch.det()),
        "matrix_determinant": _o(lambda: m.matrix_determinant()),
        "matrix_determinant_batch": _o(lambda: batch.matrix_determinant()),
        "log_matrix_determinant": _o(lambda: m.log_matrix_determinant()),
        "log_matrix_determinant_neg": _o(lambda: neg.log_matrix_determinant()),
        "logdet": _o(lambda: m.logdet()), "logdet_neg": _o(lambda: neg.logdet()),
        "slogdet": _o(lambda: m.slogdet()), "slogdet_batch": _o(lambda: batch.slogdet()),
        "inverse": _o(lambda: m.inverse()), "inverse_batch": _o(lambda: batch.inverse()),
        "det_f64": _o(lambda: _f([[2.0, 1.0], [1.0, 3.0]], np.float64).det()),
    }


def case_decompositions():
    a = _f([[2.0, -1.0, 0.5], [1.0, 3.0, 1.0], [0.0, 1.0, 4.0], [1.0, 0.0, 1.0]])
    spd = _spd()

    def qr_recon(**kw):
        q, r = a.qr(**kw)
        return {"q_shape": list(q.shape), "r_shape": list(r.shape), "recon": (q @ r).asnumpy(),
                "r_upper": bool(np.allclose(np.tril(r.asnumpy(), -1), 0))}

    def svd_parts(**kw):
        out = a.svd(**kw)
        if not isinstance(out, (tuple, list)):
            return {"s": out.asnumpy()}
        s, u, v = out
        return {"s": s.asnumpy(), "u_shape": list(u.shape), "v_shape": list(v.shape),
                "recon": (u @ ms.ops.diag(s) @ v.T).asnumpy() if u.shape[1] == s.shape[0] else None}

    def geqrf_parts():
        h, tau = a.geqrf()
        q = h.orgqr(tau)
        return {"shapes": [list(h.shape), list(tau.shape)], "r_abs": np.abs(np.triu(h.asnumpy()[:3])),
                "q_recon": (q @ Tensor(np.triu(h.asnumpy()[:3]))).asnumpy()}

    return {
        "qr": _o(qr_recon), "qr_complete": _o(lambda: qr_recon(some=False)),
        "svd": _o(svd_parts), "svd_full": _o(lambda: svd_parts(full_matrices=True)),
        "svd_values": _o(lambda: svd_parts(compute_uv=False)),
        "geqrf": _o(geqrf_parts),
        "cholesky": _o(lambda: spd.cholesky()), "cholesky_upper": _o(lambda: spd.cholesky(upper=True)),
        "cholesky_inverse": _o(lambda: spd.cholesky().cholesky_inverse()),
        "cholesky_inverse_upper": _o(lambda: spd.cholesky(True).cholesky_inverse(upper=True)),
    }


def case_solves():
    spd = _spd()
    b = _f([[1.0, 0.5], [2.0, -1.0], [0.0, 1.0]])

    def lu_solve():  # Doolittle LU of the diagonally dominant matrix: partial pivoting keeps the row order
        a = spd.asnumpy().astype(np.float64)
        lu = a.copy()
        for k in range(3):
            lu[k + 1:, k] /= lu[k, k]
            lu[k + 1:, k + 1:] -= np.outer(lu[k + 1:, k], lu[k, k + 1:])
        return b.lu_solve(_f(lu), Tensor(np.array([1, 2, 3], np.int32)))

    return {
        "cholesky_solve": _o(lambda: b.cholesky_solve(spd.cholesky())),
        "cholesky_solve_upper": _o(lambda: b.cholesky_solve(spd.cholesky(upper=True), upper=True)),
        "lstsq": _o(lambda: b.lstsq(spd)),
        "lu_solve": _o(lu_solve),
        "mvlgamma": _o(lambda: _f([[1.5, 2.0], [3.0, 4.5]]).mvlgamma(2)),
        "mvlgamma_p1": _o(lambda: _f([0.5, 2.0]).mvlgamma(1)),
    }


def case_linalg_errors():
    m = _f([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    return {"matmul_shape": _o(lambda: m.matmul(m)), "mm_shape": _o(lambda: m.mm(m)),
            "bmm_rank": _o(lambda: m.bmm(m)), "dot_shape": _o(lambda: _f([1.0, 2.0]).dot(_f([1.0, 2.0, 3.0]))),
            "det_square": _o(lambda: m.det()), "inverse_square": _o(lambda: m.inverse()),
            "cross_size": _o(lambda: _f([1.0, 2.0]).cross(_f([1.0, 2.0]))),
            "matrix_power_square": _o(lambda: m.matrix_power(2)),
            "cholesky_int": _o(lambda: Tensor(np.eye(2, dtype=np.int32)).cholesky()),
            "mvlgamma_domain": _o(lambda: _f([0.2]).mvlgamma(3))}
