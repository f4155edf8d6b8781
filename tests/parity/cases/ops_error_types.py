"""Parity cases for the exception type of common bad arguments (shape, axis and dtype problems): MindSpore's
shape inference raises ValueError/TypeError where torch raises RuntimeError/IndexError
(mindshim/common/_torch_errors.py)."""
import numpy as np

from mindspore import Tensor, ops
from mindspore.ops import operations as P
from parity_ops_common import error_name as _err  # registered by the parity loader

_A = np.ones((2, 3), np.float32)
_B = np.ones((4, 5), np.float32)
_H = np.ones((2, 3), np.float16)


def case_shape_mismatches():
    a, b = Tensor(_A), Tensor(_B)
    return {
        "add": _err(lambda: a + b), "ops_add": _err(lambda: ops.add(a, b)), "mul": _err(lambda: P.Mul()(a, b)),
        "where": _err(lambda: ops.where(a > 0, a, b)), "broadcast_to": _err(lambda: ops.broadcast_to(a, (3, 3))),
        "concat": _err(lambda: ops.concat((a, b))), "stack": _err(lambda: ops.stack((a, b))),
        "reshape": _err(lambda: ops.reshape(a, (4, 4))), "reshape_prim": _err(lambda: P.Reshape()(a, (4, 4))),
        "tensor_reshape": _err(lambda: a.reshape(4, 4)), "bmm_rank": _err(lambda: ops.bmm(a, a)),
        "matmul_inner": _err(lambda: ops.matmul(a, a)), "index": _err(lambda: a[5]),
    }


def case_axis_out_of_range():
    a = Tensor(_A)
    return {
        "transpose": _err(lambda: ops.transpose(a, (0, 2))), "sum": _err(lambda: ops.sum(a, 5)),
        "softmax": _err(lambda: ops.softmax(a, 4)), "expand_dims": _err(lambda: ops.expand_dims(a, 5)),
        "squeeze_non_one": _err(lambda: ops.squeeze(a, 0)),
    }


def case_dtype_mismatches():
    a, h = Tensor(_A), Tensor(_H)
    return {"matmul": _err(lambda: ops.matmul(a, h.T)), "add_mixed": _err(lambda: ops.add(a, h))}
