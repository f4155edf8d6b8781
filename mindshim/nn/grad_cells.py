"""mindspore.nn.Jvp, nn.Vjp (mindspore.nn.grad) and nn.ForwardValueAndGrad.

Mapping decisions:
- Jvp(fn)(*inputs, v) -> (fn(*inputs), J·v); Vjp(fn)(*inputs, v) -> (fn(*inputs), vᵀJ). With one input the
  gradient is a Tensor, with several a tuple, as MindSpore returns them. For several inputs `v` of Jvp is a
  tuple (one tangent per input).
- ForwardValueAndGrad(network, weights, get_all, get_by_list, sens_param) returns (loss, grads) with
  GradOperation's grads layout; with sens_param the last input is the sensitivity and is not fed forward.
"""
from __future__ import annotations

from types import FunctionType, MethodType
from typing import Any, Callable

from mindshim.common.parameter import ParameterTuple
from mindshim.nn.cell import Cell
from mindshim.ops.composite import GradOperation


class Jvp(Cell):
    """nn.Jvp(fn): Jacobian-vector product of `fn` at the inputs, along the last argument."""

    def __init__(self, fn: Callable) -> None:
        super().__init__()
        self.fn = fn

    def construct(self, *args: Any) -> Any:
        from mindshim.ops.composite.functional_ad import jvp
        inputs, v = args[:-1], args[-1]
        if len(inputs) == 1:
            return jvp(self.fn, inputs[0], v)
        return jvp(self.fn, inputs, v)


class Vjp(Cell):
    """nn.Vjp(fn): vector-Jacobian product of `fn` at the inputs, with the last argument as the vector."""

    def __init__(self, fn: Callable) -> None:
        super().__init__()
        self.fn = fn
        self.grad = GradOperation(get_all=True, sens_param=True)
        self.grad_single_value = GradOperation(sens_param=True)

    def construct(self, *args: Any) -> Any:
        front = args[:-1]
        output = self.fn(*front)
        grad = self.grad_single_value if len(front) == 1 else self.grad
        return output, grad(self.fn)(*args)


class ForwardValueAndGrad(Cell):
    """nn.ForwardValueAndGrad(network, weights=None, get_all=False, get_by_list=False, sens_param=False)."""

    def __init__(self, network: Any, weights: Any = None, get_all: bool = False, get_by_list: bool = False,
                 sens_param: bool = False) -> None:
        super().__init__(auto_prefix=False)
        if not isinstance(network, (Cell, FunctionType, MethodType)):
            raise TypeError(f"For 'ForwardValueAndGrad', the argument 'network' must be cell, function type or "
                            f"method type, but got '{type(network)}'")
        if not isinstance(get_all, bool):
            raise TypeError(f"For 'ForwardValueAndGrad', the type of 'get_all' must be bool, but got "
                            f"'{type(get_all)}'")
        if not isinstance(get_by_list, bool):
            raise TypeError(f"For 'ForwardValueAndGrad', the type of 'get_by_list' must be bool, but got "
                            f"'{type(get_by_list)}'")
        if get_by_list and not isinstance(weights, (ParameterTuple, tuple, list)):
            raise TypeError(f"For 'ForwardValueAndGrad', when 'get_by_list' is set to True, the argument 'weights' "
                            f"must be Parameters array, but got '{type(weights)}'")
        self.network = network
        if isinstance(network, Cell):
            network.set_grad()
        self.weights = weights
        self.get_all = get_all
        self.get_by_list = get_by_list
        self.sens_param = sens_param
        self.grad = GradOperation(get_all=get_all, get_by_list=get_by_list, sens_param=sens_param)

    def construct(self, *inputs: Any) -> Any:
        grad_inputs = inputs
        if self.sens_param:
            inputs = inputs[:-1]
        loss = self.network(*inputs)
        if self.get_by_list:
            grads = self.grad(self.network, self.weights)(*grad_inputs)
        else:
            grads = self.grad(self.network)(*grad_inputs)
        return loss, grads


__all__ = ["Jvp", "Vjp", "ForwardValueAndGrad"]
