"""Parity cases for Pow's integer and Bool rules (an integer to a negative power: 0, +-1, or for 0 the int32/int64
minimum and 0 for narrower types; Bool promoted by the exponent, Bool ** Bool refused) through ops.pow, the Pow
primitive, Tensor.pow and `**`, and for the repr/str of dtype objects (a list of dtypes prints `mindspore.int64`)."""
import numpy as np

import mindspore as ms
from mindspore import Tensor, ops
from mindspore.ops import operations as P
from parity_ops_common import outcome as _o  # registered by the parity loader


def case_pow_integer_negative_exponent():
    a = Tensor(np.array([2, 3, -1, 1, 0, -2], np.int32))
    return {
        "ops_neg1": _o(lambda: ops.pow(a, -1)), "ops_neg2": _o(lambda: ops.pow(a, -2)),
        "primitive_neg3": _o(lambda: P.Pow()(a, -3)), "method_neg1": _o(lambda: a.pow(-1)),
        "dunder_neg1": _o(lambda: a ** -1), "float_exponent": _o(lambda: ops.pow(a, 0.5)),
        "int8": _o(lambda: ops.pow(Tensor(np.array([0, 2, -1], np.int8)), -1)),
        "int16": _o(lambda: ops.pow(Tensor(np.array([0, -1], np.int16)), -1)),
        "uint8": _o(lambda: ops.pow(Tensor(np.array([0, 1, 2], np.uint8)), -1)),
        "int64": _o(lambda: ops.pow(Tensor(np.array([0, -1], np.int64)), -3)),
        "reflected": _o(lambda: 2 ** Tensor(np.array([1, 2], np.int32))),
    }


def case_pow_bool_base():
    b = Tensor(np.array([True, False]))
    return {
        "int_scalar": _o(lambda: ops.pow(b, 2)), "float_scalar": _o(lambda: ops.pow(b, 2.0)),
        "int32_tensor": _o(lambda: ops.pow(b, Tensor(np.array([2, 3], np.int32)))),
        "method": _o(lambda: b.pow(2)), "dunder": _o(lambda: b ** 2),
        "bool_tensor": _o(lambda: ops.pow(b, Tensor(np.array([True, True])))),
    }


def case_dtype_repr_and_str():
    types = [ms.bool_, ms.int8, ms.int16, ms.int32, ms.int64, ms.uint8, ms.uint16, ms.uint32, ms.uint64, ms.float16,
             ms.float32, ms.float64, ms.bfloat16, ms.complex64, ms.complex128, ms.int_, ms.uint, ms.float_, ms.number,
             ms.float8_e4m3fn, ms.float8_e5m2, ms.string, ms.list_, ms.tuple_, ms.type_none]
    return {"repr": [repr(t) for t in types], "str": [str(t) for t in types], "list": str(types[:3]),
            "format": "{} {!r}".format(ms.float32, ms.float32)}
