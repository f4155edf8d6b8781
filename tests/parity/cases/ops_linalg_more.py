"""Parity cases for linear-algebra primitives and functions: Cholesky/LU solves, eig, SVD/QR (compared through
invariants where LAPACK and MindSpore may pick other signs or orders), least squares, log-determinant, the
*V3 diagonal family, band/adjoint/dense helpers, gradients and errors."""
import numpy as np

from mindspore import Tensor, ops
from parity_ops_common import error_name as _err  # registered by the parity loader
from mindspore.ops import operations as P

TOLERANCES = {
    "eig_invariants": {"rtol": 1e-4, "atol": 1e-4, "why": "eigen solvers differ (LAPACK vs Eigen) in the last ulps"},
    "svd_qr_invariants": {"rtol": 1e-4, "atol": 1e-4, "why": "SVD/QR algorithms differ in the last ulps"},
    "least_squares": {"rtol": 1e-4, "atol": 1e-4, "why": "pseudo-inverse vs normal equations / QR rounding"},
    "cholesky_family": {"rtol": 1e-4, "atol": 1e-5, "why": "triangular solve order"},
    "lu_family": {"rtol": 1e-4, "atol": 1e-5, "why": "triangular solve order"},
    "logdet_power_norm": {"rtol": 1e-4, "atol": 1e-5, "why": "decomposition rounding"},
    "solves": {"rtol": 1e-4, "atol": 1e-5, "why": "LU vs other solver rounding"},
    "grads": {"rtol": 1e-4, "atol": 1e-5, "why": "solve/decomposition rounding in backward"},
}


def _u(seed, shape, low=-1.0, high=1.0, dtype=np.float32):
    return Tensor(np.random.RandomState(seed).uniform(low, high, shape).astype(dtype))


def _d(t):
    if isinstance(t, (tuple, list)):
        return [_d(i) for i in t]
    return {"dtype": str(t.dtype), "shape": list(t.shape), "value": t.asnumpy()}


def _spd(seed, n, dtype=np.float32):
    a = np.random.RandomState(seed).uniform(-1, 1, (n, n))
    return (a @ a.T + n * np.eye(n)).astype(dtype)


def _wellcond(seed, shape, dtype=np.float32):
    a = np.random.RandomState(seed).uniform(-1, 1, shape)
    return (a + 3 * np.eye(shape[-1])).astype(dtype)


def case_cholesky_family():
    out = {}
    for dt in (np.float32, np.float64):
        a = _spd(0, 3, dt)
        low, up = np.linalg.cholesky(a), np.linalg.cholesky(a).T.copy()
        b = _u(1, (3, 2), dtype=dt)
        out[dt.__name__] = {
            "CholeskyInverse": _d(P.CholeskyInverse()(Tensor(low))),
            "CholeskyInverse_upper": _d(P.CholeskyInverse(upper=True)(Tensor(up))),
            "cholesky_inverse": _d(ops.cholesky_inverse(Tensor(up), upper=True)),
            "CholeskySolve": _d(P.CholeskySolve()(b, Tensor(low))),
            "cholesky_solve_upper": _d(ops.cholesky_solve(b, Tensor(up), upper=True)),
            "full_matrix": [_d(P.CholeskyInverse()(Tensor(_wellcond(43, (3, 3), dt)))),
                            _d(P.CholeskyInverse(True)(Tensor(_wellcond(43, (3, 3), dt)))),
                            _d(P.CholeskySolve()(b, Tensor(_wellcond(44, (3, 3), dt)))),
                            _d(P.CholeskySolve(True)(b, Tensor(_wellcond(44, (3, 3), dt))))],
        }
    return out


def case_eig_invariants():
    out = {}
    for dt in (np.float32, np.float64):
        a = np.array([[4.0, 1.0, 0.5], [2.0, 3.0, 1.0], [0.0, 1.0, 2.0]], dt)
        w, v = P.Eig(compute_v=True)(Tensor(a))
        w2, v2 = ops.eig(Tensor(a))
        wn, vn = w.asnumpy(), v.asnumpy()
        w_only, empty = P.Eig()(Tensor(a))
        out[dt.__name__] = {
            "dtypes": [str(w.dtype), str(v.dtype), str(w2.dtype), str(ops.eigvals(Tensor(a)).dtype)],
            "shapes": [list(w.shape), list(v.shape), list(empty.shape)],
            "sorted_eigvals": np.sort_complex(wn),
            "sorted_eigvals_fn": np.sort_complex(w2.asnumpy()),
            "sorted_eigvals_only": np.sort_complex(ops.eigvals(Tensor(a)).asnumpy()),
            "sorted_Eig_values_only": np.sort_complex(w_only.asnumpy()),
            "residual": np.abs(a @ vn - vn * wn).max() < 1e-3,
            "residual_fn": np.abs(a @ v2.asnumpy() - v2.asnumpy() * w2.asnumpy()).max() < 1e-3,
            "unit_vectors": np.abs(np.linalg.norm(vn, axis=0) - 1).max() < 1e-4,
        }
    rot = Tensor(np.array([[0.0, -1.0], [1.0, 0.0]], np.float32))
    out["complex_pair"] = np.sort_complex(ops.eigvals(rot).asnumpy())
    return out


def case_svd_qr_invariants():
    x = _u(2, (2, 4, 3))
    xn = x.asnumpy()
    s, u, v = P.Svd()(x)
    sf, uf, vf = P.Svd(full_matrices=True)(x)
    s_only = P.Svd(compute_uv=False)(x)
    q, r = P.Qr()(x)
    qf, rf = P.Qr(full_matrices=True)(x)
    un, vn, qn, rn = u.asnumpy(), v.asnumpy(), q.asnumpy(), r.asnumpy()
    return {
        "s": _d(s), "s_full": sf.asnumpy(), "s_only": [_d(t) for t in s_only],
        "svd_shapes": [list(u.shape), list(v.shape), list(uf.shape), list(vf.shape)],
        "svd_reconstruct": np.einsum("bij,bj,bkj->bik", un, s.asnumpy(), vn),
        "qr_shapes": [list(q.shape), list(r.shape), list(qf.shape), list(rf.shape)],
        "qr_dtypes": [str(q.dtype), str(r.dtype)],
        "qr_reconstruct": qn @ rn, "qr_full_reconstruct": qf.asnumpy() @ rf.asnumpy(),
        "r_abs_diag": np.abs(np.diagonal(rn, axis1=-2, axis2=-1)),
        "r_upper": bool(np.all(np.tril(rn, -1) == 0)),
        "q_orthonormal": np.einsum("bij,bik->bjk", qn, qn),
    }


def case_householder():
    a = np.array([[2.0, -1.0, 0.5], [1.0, 3.0, -2.0], [0.5, 1.0, 4.0], [1.0, 0.0, 1.0]], np.float32)
    y, tau = P.Geqrf()(Tensor(a))
    y2, tau2 = ops.geqrf(Tensor(a))
    h = _u(3, (4, 3))
    t = Tensor(np.array([1.2, 0.7, 1.5], np.float32))
    return {"Geqrf": _d((y, tau)), "geqrf": _d((y2, tau2)), "Orgqr": _d(P.Orgqr()(h, t)),
            "orgqr": _d(ops.orgqr(h, t)), "orgqr_of_geqrf": _d(ops.orgqr(y, tau))}


def case_least_squares():
    x, a = _u(4, (5, 3)), _u(5, (5, 2))
    wide = _u(6, (2, 4))
    x64, a64 = _u(4, (2, 5, 3), dtype=np.float64), _u(5, (2, 5, 2), dtype=np.float64)
    return {
        "Lstsq": _d(P.Lstsq()(x, a)), "Lstsq_int_l2": _d(P.Lstsq(fast=1, l2_regularizer=0)(x, a)),
        "Lstsq_vector": _d(P.Lstsq()(x, a[:, 0])),
        "lstsq": _d(ops.lstsq(x, a)), "lstsq_wide": _d(ops.lstsq(wide, _u(7, (2, 3)))),
        "MatrixSolveLs": _d(P.MatrixSolveLs()(x64, a64, Tensor(np.float64(0.0)))),
        "MatrixSolveLs_l2": _d(P.MatrixSolveLs()(x64, a64, Tensor(np.float64(0.3)))),
        "MatrixSolveLs_slow": _d(P.MatrixSolveLs(fast=False)(x64, a64, Tensor(np.float64(0.3)))),
        "MatrixSolveLs_f32": _d(P.MatrixSolveLs()(x, a, Tensor(np.float64(0.1)))),
        "MatrixSolveLs_wide": _d(P.MatrixSolveLs()(wide, _u(7, (2, 3)), Tensor(np.float64(0.2)))),
    }


def case_lu_family():
    lu = Tensor(np.array([[4.0, 3.0, 1.0], [0.5, 2.0, -1.0], [0.25, 0.5, 3.0]], np.float32))
    piv = Tensor(np.array([2, 3, 3], np.int32))
    b = _u(8, (3, 2))
    return {
        "LuSolve": _d(P.LuSolve()(b, lu, piv)), "lu_solve": _d(ops.lu_solve(b, lu, piv)),
        "LuUnpack": _d(P.LuUnpack()(lu, piv)), "lu_unpack": _d(ops.lu_unpack(lu, piv)),
        "lu_unpack_int64_pivots": _d(ops.lu_unpack(lu, Tensor(np.array([1, 3, 3], np.int64)))),
    }


def case_logdet_power_norm():
    a = Tensor(np.array([[[2.0, 1.0], [1.0, 3.0]], [[0.0, 2.0], [1.0, 1.0]]], np.float32))
    c = Tensor(np.array([[2.0 + 0.5j, 0.3], [0.1, 1.5 - 0.2j]], np.complex64))
    x = _u(9, (2, 3, 4))
    return {
        "LogMatrixDeterminant": _d(P.LogMatrixDeterminant()(a)),
        "log_matrix_determinant": _d(ops.log_matrix_determinant(Tensor(_wellcond(10, (3, 3), np.float64)))),
        "MatrixPower": [_d(P.MatrixPower(n)(a)) for n in (3, 1, 0, -1)],
        "MatrixLogarithm": _d(P.MatrixLogarithm()(c)),
        "NuclearNorm": _d(P.NuclearNorm()(x[0])),
        "NuclearNorm_dims": [_d(P.NuclearNorm(dim=[1, 2])(x)), _d(P.NuclearNorm(dim=[0, 2], keepdim=True)(x))],
    }


def case_solves():
    a = Tensor(_wellcond(11, (2, 3, 3)))
    b = _u(12, (2, 3, 2))
    sup, main, sub = _u(13, (2, 1, 4)), _u(14, (2, 1, 4)), _u(15, (2, 1, 4))
    return {
        "MatrixSolve": _d(P.MatrixSolve()(a, b)), "MatrixSolve_adjoint": _d(P.MatrixSolve(adjoint=True)(a, b)),
        "MatrixTriangularSolve": _d(P.MatrixTriangularSolve()(a, b)),
        "MatrixTriangularSolve_upper": _d(P.MatrixTriangularSolve(lower=False)(a, b)),
        "MatrixTriangularSolve_adjoint": _d(P.MatrixTriangularSolve(adjoint=True)(a, b)),
        "MatrixTriangularSolve_upper_adjoint": _d(P.MatrixTriangularSolve(False, True)(a, b)),
        "TridiagonalMatMul": _d(P.TridiagonalMatMul()(sup, main, sub, _u(16, (2, 4, 3)))),
    }


def case_diag_v3():
    x = Tensor(np.arange(1, 25, dtype=np.float32).reshape(2, 3, 4))
    k = Tensor(np.array([-1, 1], np.int32))
    pad = Tensor(np.float32(-9))
    out = {a: _d(P.MatrixDiagPartV3(align=a)(x, k, pad)) for a in ("RIGHT_LEFT", "LEFT_RIGHT", "LEFT_LEFT",
                                                                  "RIGHT_RIGHT")}
    out["part_single"] = _d(ops.matrix_diag_part(x, Tensor(np.int32(1)), Tensor(np.float32(0))))
    out["part_fn_band"] = _d(ops.matrix_diag_part(x, Tensor(np.array([-2, 0], np.int32)), pad, align="LEFT_LEFT"))
    band = Tensor(np.arange(1, 10, dtype=np.float32).reshape(3, 3))
    out["MatrixDiagV3"] = _d(P.MatrixDiagV3()(band, k, Tensor(np.int32(-1)), Tensor(np.int32(-1)),
                                              Tensor(np.float32(7))))
    out["MatrixDiagV3_cols"] = _d(P.MatrixDiagV3(align="LEFT_RIGHT")(band, k, Tensor(np.int32(3)),
                                                                     Tensor(np.int32(4)), Tensor(np.float32(0))))
    vec = Tensor(np.array([[1, 2, 3], [4, 5, 6]], np.int32))
    out["matrix_diag"] = _d(ops.matrix_diag(vec))
    out["matrix_diag_k"] = _d(ops.matrix_diag(vec, k=1, num_rows=3, padding_value=-1))
    out["matrix_diag_rect"] = _d(ops.matrix_diag(vec, k=-1, num_rows=4, num_cols=5))
    base = Tensor(np.zeros((2, 3, 4), np.float32))
    out["MatrixSetDiagV3"] = _d(P.MatrixSetDiagV3()(base, _u(17, (2, 3, 3)), k))
    out["matrix_set_diag"] = _d(ops.matrix_set_diag(base, _u(18, (2, 3))))
    out["matrix_set_diag_k"] = _d(ops.matrix_set_diag(base, _u(19, (2, 3)), k=1, align="LEFT_RIGHT"))
    return out


def case_band_adjoint_dense():
    x = _u(20, (2, 3, 4))
    c = Tensor(np.array([[1 + 2j, 3 - 1j], [0.5j, 2.0]], np.complex64))
    w, b = _u(21, (5, 4)), _u(22, (5,))
    x1, x2, wb = _u(23, (3, 2)), _u(24, (3, 4)), _u(25, (5, 2, 4))
    # before ConjugateTranspose: after it, MindSpore 2.10's adjoint of a complex tensor comes back unconjugated
    adj = [_d(ops.adjoint(c)), _d(ops.adjoint(x))]
    return {
        "MatrixBandPart": [_d(P.MatrixBandPart()(x, 1, 0)), _d(P.MatrixBandPart()(x, -1, 1))],
        "ConjugateTranspose": [_d(P.ConjugateTranspose()(c, (1, 0))), _d(P.ConjugateTranspose()(x, (2, 0, 1)))],
        "adjoint": adj,
        "Dense": [_d(P.Dense()(x, w, b)), _d(P.Dense()(x, w))],
        "bidense": [_d(ops.bidense(x1, x2, wb, _u(26, (5,)))), _d(ops.bidense(x1, x2, wb))],
    }


def case_grads():
    a = Tensor(_spd(27, 3))
    b = _u(28, (3, 2))
    x = _u(29, (3, 3))
    low = Tensor(np.linalg.cholesky(_spd(27, 3)))
    return {
        "cholesky_solve": ops.grad(lambda t: ops.cholesky_solve(t, low).sum())(b).asnumpy(),
        "log_matrix_determinant": ops.grad(lambda t: ops.log_matrix_determinant(t)[1])(a).asnumpy(),
        "matrix_set_diag": ops.grad(lambda t, d: (ops.matrix_set_diag(t, d) * x).sum(), (0, 1))(
            x, _u(30, (3,)))[1].asnumpy(),
        "adjoint": ops.grad(lambda t: (ops.adjoint(t) * x).sum())(_u(42, (3, 3))).asnumpy(),
        "MatrixSolve": ops.grad(lambda t: P.MatrixSolve()(a, t).sum())(b).asnumpy(),
        "bidense": ops.grad(lambda t: ops.bidense(t, b.T, _u(31, (2, 3, 3))).sum())(b.T).asnumpy(),
    }


def case_matrix_exp():
    a = Tensor(np.array([[0.0, 1.0], [-1.0, 0.0]], np.float32))
    return {"MatrixExp": _d(P.MatrixExp()(a))}


def case_ormqr():
    h, tau = _u(32, (3, 3)), Tensor(np.array([1.2, 0.7, 0.0], np.float32))
    c = _u(33, (3, 2))
    return {"Ormqr": _d(P.Ormqr()(h, tau, c)), "ormqr_T": _d(ops.ormqr(h, tau, c, transpose=True)),
            "ormqr_right": _d(ops.ormqr(h, tau, _u(34, (2, 3)), left=False))}


def case_baddbmm_ext():
    return {"baddbmm_ext": _d(ops.baddbmm_ext(_u(35, (2, 2, 2)), _u(36, (2, 2, 3)), _u(37, (2, 3, 2)),
                                              beta=0.5, alpha=2.0))}


def case_errors():
    i = Tensor(np.eye(3, dtype=np.int32))
    f = _u(38, (3, 3))
    return {
        "Lstsq_l2": _err(lambda: P.Lstsq(l2_regularizer=0.5)),
        "Lstsq_slow": _err(lambda: P.Lstsq(fast=False)),
        "lstsq_int": _err(lambda: ops.lstsq(i, i)),
        "lstsq_rows": _err(lambda: ops.lstsq(f, _u(39, (4, 2)))),
        "diag_part_int_k": _err(lambda: ops.matrix_diag_part(f, 0, 0.0)),
        "diag_part_align": _err(lambda: P.MatrixDiagPartV3(align="UP")),
        "nuclear_3d": _err(lambda: P.NuclearNorm()(_u(40, (2, 3, 3)))),
        "matrix_power_float_n": _err(lambda: P.MatrixPower(1.5)),
        "matrix_log_real": _err(lambda: P.MatrixLogarithm()(f)),
        "eig_nonsquare": _err(lambda: ops.eig(_u(41, (2, 3)))),
        "lu_unpack_pivot_range": _err(lambda: ops.lu_unpack(f, Tensor(np.array([1, 5, 3], np.int32)))),
        "lu_solve_pivot_zero": _err(lambda: ops.lu_solve(f, f, Tensor(np.array([0, 2, 3], np.int32)))),
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
    for dt in ("float16", "float64", "int32", "uint8", "bool", "complex64"):
        a = Tensor(np.array([[4.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 2.0]]).astype(dt))
        b = Tensor(np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]).astype(dt))
        piv = Tensor(np.array([1, 2, 3], np.int32))
        ops_ = {
            "CholeskyInverse": lambda: P.CholeskyInverse()(a), "CholeskySolve": lambda: P.CholeskySolve()(b, a),
            "Eig": lambda: P.Eig(True)(a), "eigvals": lambda: ops.eigvals(a), "Geqrf": lambda: P.Geqrf()(a),
            "LogMatrixDeterminant": lambda: P.LogMatrixDeterminant()(a), "Lstsq": lambda: P.Lstsq()(a, b),
            "LuSolve": lambda: P.LuSolve()(b, a, piv), "LuUnpack": lambda: P.LuUnpack()(a, piv),
            "MatrixBandPart": lambda: P.MatrixBandPart()(a, 1, 0),
            "MatrixDiagPartV3": lambda: P.MatrixDiagPartV3()(a, Tensor(np.int32(0)), Tensor(np.array(0).astype(dt))),
            "MatrixSetDiagV3": lambda: P.MatrixSetDiagV3()(a, a[0], Tensor(np.int32(0))),
            "matrix_diag": lambda: ops.matrix_diag(a[0]),
            "MatrixPower": lambda: P.MatrixPower(2)(a.reshape(1, 3, 3)), "MatrixSolve": lambda: P.MatrixSolve()(a, b),
            "MatrixSolveLs": lambda: P.MatrixSolveLs()(a, b, Tensor(np.float64(0))),
            "MatrixTriangularSolve": lambda: P.MatrixTriangularSolve()(a, b),
            "NuclearNorm": lambda: P.NuclearNorm()(a), "Orgqr": lambda: P.Orgqr()(a, a[0]),
            "Qr": lambda: P.Qr()(a), "Svd": lambda: P.Svd()(a),
            "TridiagonalMatMul": lambda: P.TridiagonalMatMul()(a[:1], a[1:2], a[2:], b),
            "ConjugateTranspose": lambda: P.ConjugateTranspose()(a, (1, 0)), "adjoint": lambda: ops.adjoint(a),
            "Dense": lambda: P.Dense()(a, a, a[0]), "bidense": lambda: ops.bidense(a, a, a.reshape(1, 3, 3)),
        }
        table[dt] = {n: _dtype_or_error(f) for n, f in ops_.items()}
    h = Tensor(np.array([[4.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 2.0]], np.float16))
    hb = Tensor(np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], np.float16))
    i = Tensor(np.array([[2, 1], [1, 3]], np.int32))
    table["values"] = {
        "CholeskyInverse_f16": P.CholeskyInverse()(h).asnumpy(), "MatrixSolve_f16": P.MatrixSolve()(h, hb).asnumpy(),
        "LogMatrixDeterminant_f16": P.LogMatrixDeterminant()(h)[1].asnumpy(), "lstsq_f16": ops.lstsq(h, hb).asnumpy(),
        "MatrixPower_int": P.MatrixPower(3)(i.reshape(1, 2, 2)).asnumpy(),
        "LuUnpack_int": [t.asnumpy() for t in P.LuUnpack()(i, Tensor(np.array([2, 2], np.int32)))],
        "bidense_int": ops.bidense(i, i, i.reshape(1, 2, 2)).asnumpy(),
    }
    return table
