"""Parity of what ms.grad / value_and_grad / GradOperation return for the inputs and weights scripts pass:
numbers, bools and tuples among the inputs get no gradient (left out of the result, not an error), a lone
gradient comes back as itself and none as (), a lone Parameter as `weights` gives its gradient (not a 1-tuple),
and the grad_position / weights errors (type and key words)."""
import numpy as np

import mindspore as ms
from mindspore import Parameter, Tensor
from mindspore.ops import composite as C
from parity_ops_common import error_words as _err  # registered by the parity loader

_W = Parameter(Tensor(np.array([2.0, 3.0], np.float32)), name="w")


def _x():
    return Tensor(np.array([1.0, 2.0], np.float32))


def _h(a, n):
    return (a * n * _W).sum()


def _h_first(n, a):
    return (a * n * _W).sum()


def _h_mixed(a, flag, s):
    return (a * _W).sum() * (2 if flag else 1) * s


def _out(value):
    if isinstance(value, (tuple, list)):
        return [type(value).__name__, [_out(v) for v in value]]
    return value.asnumpy() if hasattr(value, "asnumpy") else value


def case_non_tensor_inputs_get_no_gradient():
    x = _x()
    return {
        "getall_int": _out(C.GradOperation(get_all=True)(_h)(x, 3)),
        "default_int_first": _out(C.GradOperation()(_h_first)(3, x)),
        "getall_int_first": _out(C.GradOperation(get_all=True)(_h_first)(3, x)),
        "getall_bool_float": _out(C.GradOperation(get_all=True)(_h_mixed)(x, True, 2.0)),
        "grad_position_int_input": _out(ms.grad(_h, grad_position=1)(x, 3)),
        "grad_positions_one_tensor": _out(ms.grad(_h, grad_position=(0, 1))(x, 3)),
        "grad_position_first_int": _out(ms.grad(_h_first, grad_position=0)(3, x)),
        "grad_position_float": _out(ms.grad(_h_mixed, grad_position=2)(x, True, 2.0)),
        "value_and_grad_int": _out(ms.value_and_grad(_h, grad_position=(0, 1))(x, 3)),
    }


def case_single_parameter_weights():
    x = _x()
    return {
        "grad": _out(ms.grad(_h, grad_position=None, weights=_W)(x, 3)),
        "grad_and_input": _out(ms.grad(_h, grad_position=0, weights=_W)(x, 3)),
        "list_of_one": _out(ms.grad(_h, grad_position=None, weights=[_W])(x, 3)),
        "value_and_grad": _out(ms.value_and_grad(_h, grad_position=None, weights=_W)(x, 3)),
        "return_ids": _out(ms.grad(_h, grad_position=None, weights=_W, return_ids=True)(x, 3)),
    }


def case_argument_errors():
    x, y = _x(), _x() + 1
    return {
        "position_past_inputs": _err(lambda: ms.grad(_h, grad_position=5)(x, y), "5", "exceed"),
        "negative_position": _err(lambda: ms.grad(_h, grad_position=-1)(x, y), "grad_position", ">= 0"),
        "position_in_tuple_past_inputs": _err(lambda: ms.grad(_h, grad_position=(0, 4))(x, y), "4", "exceed"),
        "position_float": _err(lambda: ms.grad(_h, grad_position=1.0)(x, y), "grad_position", "int or tuple"),
        "position_list": _err(lambda: ms.grad(_h, grad_position=[0, 1])(x, y), "grad_position", "int or tuple"),
        "both_none": _err(lambda: ms.grad(_h, grad_position=None, weights=None)(x, y), "grad_position", "None"),
        "weights_int": _err(lambda: ms.grad(_h, weights=3)(x, y), "weights", "list or tuple"),
    }
