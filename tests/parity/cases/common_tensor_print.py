"""Parity cases for printed tensors beyond common_tensor's: complex values in repr (`1.5-2.25j`), BFloat16 in
print() (`%f` elements in numpy's layout), and print(Parameter) (its one-line description)."""
import numpy as np

import mindspore as ms
from mindspore import Parameter, Tensor

TOLERANCES = {}


def case_complex_repr():
    return {
        "vector": repr(Tensor(np.array([1.5 - 2.25j, -0.1 + 1e-5j, 123456.7 + 0j, 1e10 + 1j], np.complex64))),
        "matrix": repr(Tensor(np.array([[1 + 1j, 2 - 1j]], np.complex128))),
        "scalar": repr(Tensor(np.array(2 + 3j, np.complex64))),
    }


def case_bfloat16_print():
    def bf16(a):
        return Tensor(np.array(a, np.float32)).astype(ms.bfloat16)
    return {
        "vector": str(bf16([0.1, -2.5, 1000.0, 1e-5, 3.0])),
        "matrix": str(bf16(np.arange(40).reshape(2, 20))),
        "scalar": str(bf16(0.3)),
        "long": str(bf16(np.arange(2000))),
        "repr": repr(bf16([0.1, 0.25])),
    }


def case_parameter_print():
    p = Parameter(Tensor(np.ones((2,), np.float32)), name="w")
    q = Parameter(Tensor(np.zeros((1, 3), np.int32)), name="counts", requires_grad=False)
    return {"str": str(p), "repr": repr(p), "frozen": str(q), "format": "{}".format(p)}
