"""P.Print: one line per argument, tensors in MindSpore's Tensor repr, returns None (as MindSpore 2.10 prints in
PyNative mode; the parity case can only check the return value because MindSpore prints from C++)."""
import numpy as np

from mindshim import Tensor, ops
from mindshim.ops import operations as P


def test_print_one_line_per_argument(capfd):
    out = P.Print()("hello", Tensor(np.array([[1, 2], [3, 4]], np.int32)), "x:",
                    Tensor(np.array([1.5, 2.0], np.float32)), 3, Tensor(np.array([True, False])), (1, 2))
    assert out is None
    assert capfd.readouterr().out.splitlines() == [
        "hello",
        "Tensor(shape=[2, 2], dtype=Int32, value=",
        "[[1, 2],",
        " [3, 4]])",
        "x:",
        "Tensor(shape=[2], dtype=Float32, value= [ 1.50000000e+00,  2.00000000e+00])",
        "3",
        "Tensor(shape=[2], dtype=Bool, value= [ True, False])",
        "(1, 2)",
    ]


def test_print_scalar_tensor_and_functional_form(capfd):
    assert P.Print()(Tensor(2.5), Tensor(np.array([1, 2], np.uint8))) is None
    assert ops.print_("a", Tensor([1.0])) is None
    assert capfd.readouterr().out.splitlines() == [
        "Tensor(shape=[], dtype=Float32, value= 2.5)",
        "Tensor(shape=[2], dtype=UInt8, value= [1, 2])",
        "a",
        "Tensor(shape=[1], dtype=Float32, value= [ 1.00000000e+00])",
    ]
