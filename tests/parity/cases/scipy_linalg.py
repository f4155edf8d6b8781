"""Parity of `mindspore.scipy.linalg` (block_diag, cholesky, cho_factor, cho_solve, eigh, inv, lstsq, lu, lu_factor,
solve_triangular): values and dtypes over float32/float64/int inputs (ints compute in float64), and MindSpore's
argument errors. Eigenvectors are compared through what is unique about them (|v| and the reconstruction)."""
import numpy as np

import mindspore as ms
from mindspore import Tensor
from mindspore.scipy import linalg as L
from parity_ops_common import outcome as _o  # (parity loader)

COMPILED_PASS = False

TOLERANCES = {
    "factorizations": {"rtol": 1e-5, "atol": 1e-5, "why": "LAPACK vs Eigen kernels round differently"},
    "solves": {"rtol": 1e-5, "atol": 1e-5, "why": "LAPACK vs Eigen kernels round differently"},
    "eigh": {"rtol": 1e-5, "atol": 1e-5, "why": "LAPACK vs Eigen eigen-solvers round differently"},
    "lstsq": {"rtol": 1e-4, "atol": 1e-5, "why": "different least-squares drivers round differently"},
    "solve_triangular_dtypes": {"rtol": 2e-3, "atol": 5e-3,
                                "why": "MindSpore substitutes in float16 arithmetic; mindshim solves float16 in "
                                       "float32 and rounds once (2 float16 ulps apart)"},
    "eigh_complex": {"rtol": 1e-5, "atol": 1e-5, "why": "LAPACK vs Eigen eigen-solvers round differently"},
}

_A = np.array([[4.0, 2.0, 0.6], [2.0, 5.0, 1.0], [0.6, 1.0, 3.0]])
_G = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.5], [7.0, 8.5, 1.0]])
_B = np.array([[1.0, 2.0], [0.0, 1.0], [3.0, -1.0]])


def _t(x, dtype=np.float32):
    return Tensor(np.asarray(x).astype(dtype))


def case_block_diag():
    a, b = _t(_A), _t(_B)
    return {"three": _o(lambda: L.block_diag(a, b, _t([7.0]))), "vector": _o(lambda: L.block_diag(_t([1.0, 2.0]), a)),
            "scalar": _o(lambda: L.block_diag(_t(5.0), _t(np.ones((1, 2))))), "empty": _o(lambda: L.block_diag()),
            "f64": _o(lambda: L.block_diag(_t(_A, np.float64), _t(_B, np.float64))),
            "int": _o(lambda: L.block_diag(_t(_A, np.int32), _t(_B, np.int32))),
            "rank3": _o(lambda: L.block_diag(_t(np.ones((2, 2, 2)))))}


def case_factorizations():
    out = {}
    for name, dtype in (("f32", np.float32), ("f64", np.float64), ("i32", np.int32)):
        a = _t(_A * 10 if dtype == np.int32 else _A, dtype)
        g = _t(_G, dtype)
        out[name] = {
            "cholesky": _o(lambda: L.cholesky(a)), "cholesky_lower": _o(lambda: L.cholesky(a, lower=True)),
            "cho_factor": _o(lambda: L.cho_factor(a)), "cho_factor_lower": _o(lambda: L.cho_factor(a, True)),
            "inv": _o(lambda: L.inv(g)), "lu": _o(lambda: L.lu(g)), "lu_factor": _o(lambda: L.lu_factor(g)),
        }
    return out


def case_lu_permute_l():
    return _o(lambda: L.lu(_t(_G), permute_l=True))


def case_solves():
    a, g, b = _t(_A), _t(_G), _t(_B)
    tri = _t(np.tril(_G))
    return {
        "cho_solve": _o(lambda: L.cho_solve(L.cho_factor(a), b)),
        "cho_solve_lower": _o(lambda: L.cho_solve(L.cho_factor(a, lower=True), b[:, 0])),
        "cho_solve_f64": _o(lambda: L.cho_solve(L.cho_factor(_t(_A, np.float64)), _t(_B, np.float64))),
        "tri_lower": _o(lambda: L.solve_triangular(tri, b, lower=True)),
        "tri_upper": _o(lambda: L.solve_triangular(g, b)),
        "tri_trans_T": _o(lambda: L.solve_triangular(tri, b, trans="T", lower=True)),
        "tri_trans_1": _o(lambda: L.solve_triangular(g, b[:, 1], trans=1)),
        "tri_trans_C": _o(lambda: L.solve_triangular(g, b, trans="C")),
        "tri_unit": _o(lambda: L.solve_triangular(tri, b, lower=True, unit_diagonal=True)),
        "tri_f64": _o(lambda: L.solve_triangular(_t(np.tril(_G), np.float64), _t(_B, np.float64), lower=True)),
        "tri_bad_trans": _o(lambda: L.solve_triangular(g, b, trans="X")),
    }


def _eig_summary(a):
    w, v = L.eigh(a)
    vv = v.asnumpy().astype(np.float64)
    recon = vv @ np.diag(w.asnumpy().astype(np.float64)) @ vv.T
    return {"w": w.asnumpy(), "w_dtype": str(w.dtype), "v_dtype": str(v.dtype), "abs_v": np.abs(v.asnumpy()),
            "recon_ok": bool(np.allclose(recon, a.asnumpy(), atol=1e-4))}


def case_eigh():
    return {"f32": _eig_summary(_t(_A)), "f64": _eig_summary(_t(_A, np.float64)),
            "upper": _o(lambda: L.eigh(_t(np.triu(_A)), lower=False, eigvals_only=True)),
            "vals_only": _o(lambda: L.eigh(_t(_A), eigvals_only=True)),
            "int": _o(lambda: L.eigh(_t(_A * 10, np.int32), eigvals_only=True))}


def case_lstsq():
    a, b = _t(_G), _t(_B)
    tall = _t(np.vstack([_G, [[1.0, 0.0, 2.0]]]))
    bt = _t(np.vstack([_B, [[0.5, 0.5]]]))
    sq = L.lstsq(a, b)
    tl = L.lstsq(tall, bt)
    return {"square": [sq[0].asnumpy(), list(sq[1].shape), str(sq[1].dtype), int(sq[2].asnumpy()), str(sq[2].dtype),
                       list(sq[3].shape)],
            "tall_solution": tl[0].asnumpy(), "tall_rank": int(tl[2].asnumpy())}


def case_argument_errors():
    a, g, b = _t(_A), _t(_G), _t(_B)
    return {
        "inv_nonsquare": _o(lambda: L.inv(b)), "inv_f16": _o(lambda: L.inv(a.astype(ms.float16))),
        "inv_numpy": _o(lambda: L.inv(_A)), "inv_overwrite_type": _o(lambda: L.inv(a, overwrite_a=1)),
        "cholesky_lower_type": _o(lambda: L.cholesky(a, lower=1)),
        "cholesky_f16": _o(lambda: L.cholesky(a.astype(ms.float16))),
        "cho_factor_nonsquare": _o(lambda: L.cho_factor(b)),
        "cho_solve_dtype": _o(lambda: L.cho_solve((a, False), b.astype(ms.float64))),
        "cho_solve_shape": _o(lambda: L.cho_solve((a, False), _t(np.ones((2, 2))))),
        "eigh_b": _o(lambda: L.eigh(a, b=a)), "eigh_nonsquare": _o(lambda: L.eigh(b)),
        "eigh_type": _o(lambda: L.eigh(a, type=1.0)),
        "lu_rank3": _o(lambda: L.lu(_t(np.ones((2, 3, 3))))), "lu_wide": _o(lambda: L.lu(b.T)),
        "lu_tall": _o(lambda: L.lu(b)), "lu_factor_nonsquare": _o(lambda: L.lu_factor(b)),
    }


def case_solve_triangular_dtypes():
    tri, b = np.tril(_G), _B
    out = {}
    for dtype in (np.int8, np.int16, np.int32, np.int64, np.float16, np.complex64, np.uint8, np.bool_):
        out[np.dtype(dtype).name] = _o(lambda dtype=dtype: L.solve_triangular(_t(tri, dtype), _t(b, dtype),
                                                                             lower=True))
    f = _t(tri)
    out.update({
        "batch": _o(lambda: L.solve_triangular(_t(np.stack([tri, tri.T * 2])), _t(np.stack([b, -b])), lower=True)),
        "batch_trans": _o(lambda: L.solve_triangular(_t(np.stack([tri, tri * 2])), _t(np.stack([b, -b])),
                                                     trans="T", lower=True)),
        "mixed": _o(lambda: L.solve_triangular(f, _t(b, np.float64), lower=True)),
        "trans_3": _o(lambda: L.solve_triangular(f, _t(b), trans=3)),
        "numpy": _o(lambda: L.solve_triangular(tri, b, lower=True)),
        "b_rank3": _o(lambda: L.solve_triangular(f, _t(np.ones((2, 3, 2))))),
        "b_rows": _o(lambda: L.solve_triangular(f, _t(np.ones((2, 2))))),
        "a_nonsquare": _o(lambda: L.solve_triangular(_t(np.ones((3, 2))), _t(np.ones((3, 2))))),
    })
    return out


def case_cholesky_not_positive_definite():
    return L.cholesky(_t([[1.0, 2.0], [2.0, 1.0]])).asnumpy()


def case_eigh_complex():
    a = _t([[2.0, 1j], [-1j, 3.0]], np.complex64)
    w, v = L.eigh(a)
    vals = L.eigh(a, eigvals_only=True, lower=False)
    return {"w": w.asnumpy(), "w_dtype": str(w.dtype), "v_dtype": str(v.dtype), "abs_v": np.abs(v.asnumpy()),
            "vals": vals.asnumpy()}
