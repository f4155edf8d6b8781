"""Gradients: `ops.GradOperation`, `ops.grad`, `ops.value_and_grad` on torch autograd.

Mapping decisions:
- MindSpore differentiates a function; torch records a tape. We run the function with grad enabled,
  then call `torch.autograd.grad` on its output. Gradients of inputs or weights the output does not
  depend on are zeros (MindSpore's answer), never None.
- Without `sens`, a non-scalar output is differentiated with a ones tensor (MindSpore's default);
  a tuple output is differentiated as the sum of its parts.
- Nested use (`grad(grad(f))`) keeps the inner graph (`create_graph`) so higher orders work.
- PYNATIVE reuse of the forward: when a Cell with `set_grad()` has just been called with the same
  input objects (TrainOneStepCell calls `network(*inputs)` and then `grad(network)(*inputs)`), the
  recorded forward is differentiated instead of running it again, as MindSpore's PyNative does.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

import torch

from mindshim._backend.plain_region import detached
from mindshim.common import _torch_errors
from mindshim.common.parameter import Parameter, ParameterTuple
from mindshim.common.tensor import Tensor, _wrap

_state = {"depth": 0}
_no_subclass = torch._C.DisableTorchFunctionSubclass
_tracked = torch._C.TensorBase.requires_grad.__get__  # torch's autograd flag, whatever the Tensor subclass says


def _as_outputs(out: Any) -> list[torch.Tensor]:
    if isinstance(out, torch.Tensor):
        return [out]
    if isinstance(out, (tuple, list)):
        flat: list[torch.Tensor] = []
        for o in out:
            flat.extend(_as_outputs(o))
        return flat
    return []


def _sens_for(outputs: list[torch.Tensor], sens: Any) -> list[torch.Tensor]:
    if sens is None:
        with _no_subclass():  # plain ones: no trip through the Tensor subclass's dispatch
            return [torch.ones_like(o) for o in outputs]
    sens_list = _as_outputs(sens)
    if len(sens_list) != len(outputs):
        raise ValueError(f"For 'GradOperation', the 'sens' should match the network output: "
                         f"{len(outputs)} outputs but {len(sens_list)} sens values.")
    return [s.to(o.dtype).expand_as(o) if s.shape != o.shape else s.to(o.dtype) for s, o in zip(sens_list, outputs)]


def _prepare_inputs(args: tuple, positions: Sequence[int]) -> tuple[list, list]:
    """Make the differentiated inputs require grad without cutting an outer graph."""
    new_args = list(args)
    targets = []
    for i in positions:
        a = args[i]
        if a.is_floating_point() or a.is_complex():
            if not a.requires_grad:
                a = a.detach().requires_grad_(True)
                new_args[i] = a
        targets.append(a)
    return new_args, targets


def _tensor_positions(args: tuple, positions: Sequence[int]) -> list[int]:
    """MindSpore differentiates Tensor inputs only: a number, bool, tuple or None at a position gets no gradient
    (it is left out of the result, not an error)."""
    return [i for i in positions if isinstance(args[i], torch.Tensor)]


def _reuse_forward(fn: Any, args: tuple) -> Any:
    record = getattr(fn, "_ms_last_forward", None)
    if record is None:
        return None
    rec_args, out = record
    object.__setattr__(fn, "_ms_last_forward", None)
    if len(rec_args) == len(args) and all(a is b for a, b in zip(rec_args, args)):
        return out
    return None


def _differentiate(fn: Callable, args: tuple, positions: Sequence[int], weights: Sequence[torch.Tensor],
                   sens: Any, has_aux: bool) -> tuple[Any, list, list]:
    """Run fn and return (output, input_grads, weight_grads)."""
    nested = _state["depth"] > 0
    out = None if (positions or nested) else _reuse_forward(fn, args)
    run_args, targets = _prepare_inputs(args, positions)
    if out is None:
        _state["depth"] += 1
        try:
            with torch.enable_grad():
                out = fn(*run_args)
        finally:
            _state["depth"] -= 1
    diff_out = out[0] if has_aux and isinstance(out, (tuple, list)) else out
    outputs = _as_outputs(diff_out)
    # torch's own flag (MindSpore's `Parameter.requires_grad` is a Python property; autograd reads torch's)
    with _no_subclass():  # (a torch property read on the subclass otherwise goes through __torch_function__)
        wrt = [t for t in targets if _tracked(t)] + [w for w in weights if _tracked(w)]
        keep = [i for i, o in enumerate(outputs) if _tracked(o)]
    grads: tuple = ()
    if wrt and keep:
        sens_list = _sens_for(outputs, sens)
        grads = _autograd_grad([outputs[i] for i in keep], wrt, [sens_list[i] for i in keep], nested)
    by_id = {id(t): g for t, g in zip(wrt, grads)}

    def grad_of(t: torch.Tensor) -> torch.Tensor:
        g = by_id.get(id(t))
        return _wrap(g) if g is not None else _wrap(torch.zeros_like(t))

    if not nested and torch.compiler.is_compiling():
        out = detached(out)  # its graph is spent; a compiled region may not return a consumed grad_fn
    return out, [grad_of(t) for t in targets], [grad_of(w) for w in weights]


def _autograd_grad(outputs: list, inputs: list, sens: list, nested: bool) -> tuple:
    """torch.autograd.grad with subclass dispatch off (the same as routing it through Tensor.__torch_function__,
    without the trip), torch errors translated as that route translates them."""
    try:
        with _no_subclass():
            return torch.autograd.grad(outputs, inputs, sens, allow_unused=True, create_graph=nested)
    except RuntimeError as err:
        mindspore_error = _torch_errors.translate(err)
        if mindspore_error is None:
            raise
        raise mindspore_error from err


def _weights_list(weights: Any) -> list:
    if weights is None:
        return []
    if isinstance(weights, Parameter):
        return [weights]
    if isinstance(weights, (list, tuple, ParameterTuple)):
        return list(weights)
    if hasattr(weights, "trainable_params"):
        return list(weights.trainable_params())
    raise TypeError(f"The weights you provided is expected to be a tensor, or a list or tuple. but got {weights}")


class GradOperation:
    """ops.GradOperation(get_all=False, get_by_list=False, sens_param=False)."""

    def __init__(self, get_all: bool = False, get_by_list: bool = False, sens_param: bool = False) -> None:
        self.get_all, self.get_by_list, self.sens_param = get_all, get_by_list, sens_param

    def __call__(self, fn: Callable, weights: Any = None) -> Callable:
        if self.get_by_list and weights is None:
            raise TypeError("For 'GradOperation', 'weights' must be given when 'get_by_list' is True.")
        weight_list = _weights_list(weights) if self.get_by_list else []

        def grad_fn(*args: Any) -> Any:
            sens = None
            if self.sens_param:
                if not args:
                    raise TypeError("For 'GradOperation' with sens_param=True, the last input must be the sens.")
                args, sens = args[:-1], args[-1]
            positions = list(range(len(args))) if self.get_all else ([0][:len(args)] if not self.get_by_list else [])
            positions = _tensor_positions(args, positions)
            _, in_grads, w_grads = _differentiate(fn, args, positions, weight_list, sens, False)
            if self.get_all and self.get_by_list:
                return tuple(in_grads), tuple(w_grads)
            if self.get_by_list:
                return tuple(w_grads)
            if self.get_all or not in_grads:
                return tuple(in_grads)
            return in_grads[0]

        return grad_fn


def _positions(grad_position: Any, n_args: int) -> list[int]:
    if grad_position is None:
        return []
    if isinstance(grad_position, bool) or not isinstance(grad_position, (int, tuple)):
        raise TypeError("For 'F.grad', the 'grad_position' must be int or tuple.")
    positions = [grad_position] if isinstance(grad_position, int) else list(grad_position)
    for p in positions:
        if p < 0:
            raise ValueError("grad_position must be >= 0.")
        if p >= n_args:
            raise RuntimeError(f"Position index {p} is exceed input size.")
    return positions


def _one_or_tuple(items: list) -> Any:
    """MindSpore hands back a lone gradient as itself and several (or none) as a tuple."""
    return items[0] if len(items) == 1 else tuple(items)


def _grad_impl(fn: Callable, grad_position: Any, weights: Any, has_aux: bool, return_ids: bool,
               with_value: bool, sens_param: bool = False) -> Callable:
    if grad_position is None and weights is None:
        raise ValueError("`grad_position` and `weight` can not be None at the same time.")
    weight_list = _weights_list(weights)
    one_weight = isinstance(weights, torch.Tensor)  # a lone Parameter gets its gradient back, not a 1-tuple

    def grad_fn(*args: Any) -> Any:
        sens = None
        if sens_param:  # the call's last argument is the output's gradient (sens), not an input of fn
            if not args:
                raise TypeError("For 'grad' with sens_param=True, the last input must be the sens.")
            args, sens = args[:-1], args[-1]
        positions = _tensor_positions(args, _positions(grad_position, len(args)))
        if not sens_param and not weight_list and not with_value and not return_ids and _inside_functorch(args):
            return _functorch_grad(fn, args, positions, len(positions) == 1, has_aux)
        out, in_grads, w_grads = _differentiate(fn, args, positions, weight_list, sens, has_aux)
        if return_ids:
            in_part: Any = _one_or_tuple([(p, g) for p, g in zip(positions, in_grads)])
            w_part: Any = tuple((w.name, g) for w, g in zip(weight_list, w_grads))
        else:
            in_part = _one_or_tuple(in_grads)
            w_part = tuple(w_grads)
        w_part = w_part[0] if one_weight else w_part
        if weights is None:
            grads = in_part
        elif grad_position is None:
            grads = w_part
        else:
            grads = (in_part, w_part)
        if with_value:
            return out, grads
        if has_aux:
            aux = tuple(out[1:]) if isinstance(out, (tuple, list)) else ()
            return grads, aux
        return grads

    return grad_fn


def _inside_functorch(args: tuple) -> bool:
    """Inside ops.vmap the inputs are functorch-batched tensors, where tape autograd cannot run."""
    is_wrapped = torch._C._functorch.is_functorch_wrapped_tensor
    return any(isinstance(a, torch.Tensor) and is_wrapped(a) for a in args)


def _functorch_grad(fn: Callable, args: tuple, positions: list, single: bool, has_aux: bool) -> Any:
    """grad under vmap (per-sample gradients): torch.func.grad, which composes with vmap."""
    def scalar_fn(*a: Any) -> Any:
        out = fn(*a)
        if has_aux:
            main, aux = (out[0], tuple(out[1:])) if isinstance(out, (tuple, list)) else (out, ())
            return main.sum(), aux
        return out.sum()

    argnums = positions[0] if single else tuple(positions)
    return torch.func.grad(scalar_fn, argnums=argnums, has_aux=has_aux)(*args)


def grad(fn: Callable, grad_position: Any = 0, weights: Any = None, has_aux: bool = False,
         return_ids: bool = False, sens_param: bool = False) -> Callable:
    """ops.grad / mindspore.grad."""
    return _grad_impl(fn, grad_position, weights, has_aux, return_ids, with_value=False, sens_param=sens_param)


def value_and_grad(fn: Callable, grad_position: Any = 0, weights: Any = None, has_aux: bool = False,
                   return_ids: bool = False, sens_param: bool = False) -> Callable:
    """ops.value_and_grad / mindspore.value_and_grad: returns (fn's full output, grads)."""
    return _grad_impl(fn, grad_position, weights, has_aux, return_ids, with_value=True, sens_param=sens_param)


def record_forward(cell: Any, args: tuple, out: Any) -> None:
    """Called by the engine for cells with `set_grad()`: lets the next grad reuse this forward."""
    if torch.is_grad_enabled() and _state["depth"] == 0 and isinstance(out, torch.Tensor):
        with _no_subclass():
            tracked = _tracked(out)
        if tracked:
            object.__setattr__(cell, "_ms_last_forward", (args, out))


__all__ = ["GradOperation", "grad", "value_and_grad"]
