"""Parity cases for mindspore.numpy's indexing-style array functions: where, select, choose, take,
take_along_axis, piecewise, unravel_index, unique, intersect1d, argwhere, apply_along_axis and apply_over_axes.
Values, dtypes, container types and error types."""
import numpy as np

import mindspore as ms
import mindspore.numpy as mnp
from mindspore import Tensor
from parity_ops_common import outcome as _o  # registered by the parity loader

COMPILED_PASS = False


def _ai():
    return Tensor(np.arange(6).reshape(2, 3).astype(np.int32))


def _x():
    return Tensor(np.arange(6).astype(np.float32))


def case_where():
    return {
        "promote": _o(lambda: mnp.where(Tensor([True, False]), Tensor([1, 2]), Tensor([3.0, 4]))),
        "scalars": _o(lambda: mnp.where([True, False], 1, 2)), "scalar_float": _o(lambda: mnp.where([True, False], 1, 2.5)),
        "bools": _o(lambda: mnp.where([True, False], True, False)),
        "int_condition": _o(lambda: mnp.where(Tensor([1, 0]), 1, 2)),
        "float_condition": _o(lambda: mnp.where(Tensor([0.5, 0.0]), 1, 2)),
        "broadcast": _o(lambda: mnp.where(Tensor([[True], [False]]), Tensor([1, 2, 3]), 0)),
        "int64_scalar": _o(lambda: mnp.where(Tensor([True, False]), Tensor([1, 2]), 5)),
        "u8_i8": _o(lambda: mnp.where(Tensor([True, False]), Tensor([1], ms.uint8), Tensor([1], ms.int8))),
        "f16_i32": _o(lambda: mnp.where(Tensor([True, False]), Tensor([1.5], ms.float16), Tensor([7], ms.int32))),
        "condition_only": _o(lambda: mnp.where(Tensor([1, 0]))),
        "shapes": _o(lambda: mnp.where(Tensor([True, False]), Tensor([1, 2, 3]), 5)),
        "numpy": _o(lambda: mnp.where(np.array([True]), 1, 2)),
    }


def case_select():
    x = _x()
    return {
        "basic": _o(lambda: mnp.select([x < 2, x > 3], [x, x ** 2])),
        "default": _o(lambda: mnp.select([x < 2, x > 3], [x, x ** 2], default=-1)),
        "lists": _o(lambda: mnp.select([[True, False], [False, True]], [[1, 2], [3, 4]])),
        "tensors": _o(lambda: mnp.select(Tensor([[True, False], [False, True]]), Tensor([[1, 2], [3, 4]]), Tensor([7, 8]))),
        "broadcast": _o(lambda: mnp.select([[True], [False]], [[1, 2], [3, 4]], 9)),
        "float_default_int": _o(lambda: mnp.select([[True, False]], [[1, 2]], 2.7)),
        "float_condition": _o(lambda: mnp.select([[0.5, 0.0]], [[1, 2]])),
        "float_choices": _o(lambda: mnp.select([[True, False]], [[1.5, 2]])),
        "first_wins": _o(lambda: mnp.select([[True, True], [True, False]], [[1, 2], [3, 4]])),
        "length": _o(lambda: mnp.select([[True, False]], [[1, 2], [3, 4]])),
        "scalars": _o(lambda: mnp.select(True, 1)),
        "default_shape": _o(lambda: mnp.select([[True, False]], [[1, 2]], Tensor([1, 2, 3]))),
    }


def case_choose():
    table = [[0, 1, 2, 3], [10, 11, 12, 13], [20, 21, 22, 23], [30, 31, 32, 33]]
    return {
        "basic": _o(lambda: mnp.choose(Tensor([2, 3, 1, 0]), table)),
        "clip": _o(lambda: mnp.choose(Tensor([2, 4, 1, -1]), table)),
        "wrap": _o(lambda: mnp.choose(Tensor([2, 4, 1, -1]), table, mode="wrap")),
        "broadcast_scalars": _o(lambda: mnp.choose(Tensor([[1, 0, 1], [0, 1, 0]]), [-10, 10])),
        "tensor_choices": _o(lambda: mnp.choose(Tensor([[1, 0, 1], [0, 1, 0]]), Tensor([[1.0, 2, 3], [4, 5, 6]]))),
        "tensor_list_promote": _o(lambda: mnp.choose(Tensor([1, 0]), (Tensor([1, 2]), Tensor([3.0, 4])))),
        "list_a": _o(lambda: mnp.choose([1, 0], [[1, 2], [3, 4]])),
        "int8_a": _o(lambda: mnp.choose(Tensor(np.array([1, 0], np.int8)), [[1, 2], [3, 4]])),
        "float_a": _o(lambda: mnp.choose(Tensor([1.0, 0]), [[1, 2], [3, 4]])),
        "uint8_a": _o(lambda: mnp.choose(Tensor(np.array([1, 0], np.uint8)), [[1, 2], [3, 4]])),
        "bool_a": _o(lambda: mnp.choose(Tensor([True, False]), [[1, 2], [3, 4]])),
        "raise": _o(lambda: mnp.choose(Tensor([1, 0]), [[1, 2], [3, 4]], mode="raise")),
        "bad_mode": _o(lambda: mnp.choose(Tensor([1, 0]), [[1, 2], [3, 4]], mode="x")),
    }


def case_take():
    ai = _ai()
    return {
        "flat": _o(lambda: mnp.take(ai, Tensor([0, 4]))),
        "axis": _o(lambda: mnp.take(ai, Tensor([[0, 2], [1, 1]]), 1)),
        "clip": _o(lambda: mnp.take(ai, Tensor([-1, 9]))), "clip_negative": _o(lambda: mnp.take(ai, Tensor([-7, -6, 6]))),
        "clip_axis": _o(lambda: mnp.take(ai, Tensor([-5, 3]), axis=1)),
        "wrap": _o(lambda: mnp.take(ai, Tensor([-1, 9]), mode="wrap")),
        "int32_indices": _o(lambda: mnp.take(ai, Tensor(np.array([1, 7], np.int32)), axis=1)),
        "scalar_index": _o(lambda: mnp.take(Tensor([1.5, 2.5]), Tensor(1))),
        "raise": _o(lambda: mnp.take(ai, Tensor([0]), mode="raise")), "bad_mode": _o(lambda: mnp.take(ai, Tensor([0]), mode="x")),
        "list_indices": _o(lambda: mnp.take(ai, [0, 1])), "axis_range": _o(lambda: mnp.take(ai, Tensor([0]), axis=2)),
        "float_indices": _o(lambda: mnp.take(ai, Tensor([0.0]))),
    }


def case_take_along_axis():
    ai = _ai()
    return {
        "axis1": _o(lambda: mnp.take_along_axis(ai, Tensor([[0], [2]]), 1)),
        "axis_none": _o(lambda: mnp.take_along_axis(ai, Tensor([5, 0]), None)),
        "tiled": _o(lambda: mnp.take_along_axis(ai, Tensor([[1, 0]]), 0)),
        "negative": _o(lambda: mnp.take_along_axis(ai, Tensor([[-1], [0]]), 1)),
        "int32": _o(lambda: mnp.take_along_axis(ai, Tensor(np.array([[1], [2]], np.int32)), 1)),
        "argsort_like": _o(lambda: mnp.take_along_axis(Tensor([[3.0, 1, 2]]), Tensor([[1, 2, 0]]), -1)),
        "rank": _o(lambda: mnp.take_along_axis(ai, Tensor([1]), 1)),
        "out_of_range": _o(lambda: mnp.take_along_axis(ai, Tensor([[0], [3]]), 1)),
        "out_of_range_negative": _o(lambda: mnp.take_along_axis(ai, Tensor([[0], [-4]]), 1)),
        "list": _o(lambda: mnp.take_along_axis([1, 2], Tensor([0]), 0)),
    }


def case_piecewise():
    x = _x()
    return {
        "constants": _o(lambda: mnp.piecewise(x, [x < 2, x >= 2], [-1, 1])),
        "functions_default": _o(lambda: mnp.piecewise(x, [x < 2, x >= 4], [lambda v: -v, lambda v: v * 10, lambda v: v + 100])),
        "int_function": _o(lambda: mnp.piecewise(Tensor([1, 2, 3]), [Tensor([True, False, True])], [lambda v: v * 2])),
        "args": _o(lambda: mnp.piecewise(x, [x > 3], [lambda v, k: v * k], 3)),
        "constant_default": _o(lambda: mnp.piecewise(x, [x < 2], [7, 9])),
        "count": _o(lambda: mnp.piecewise(x, [x < 2], [7, 9, 10])),
        "tensor_condition": _o(lambda: mnp.piecewise(x, x < 2, [7])),
    }


def case_unravel_index():
    return {
        "c": _o(lambda: mnp.unravel_index(Tensor([22, 41, 37]), (7, 6))),
        "f": _o(lambda: mnp.unravel_index(Tensor([31, 41, 13]), (7, 6), order="F")),
        "scalar": _o(lambda: mnp.unravel_index(1621, (6, 7, 8, 9))), "int_shape": _o(lambda: mnp.unravel_index(5, 7)),
        "clipped": _o(lambda: mnp.unravel_index(Tensor([50, -50, -3]), (7, 6))),
        "int32": _o(lambda: mnp.unravel_index(Tensor(np.array([5, 7], np.int32)), (3, 4))),
        "list": _o(lambda: mnp.unravel_index([5, 7], (3, 4))),
        "two_d": _o(lambda: mnp.unravel_index(Tensor([[1, 5], [7, 11]]), (3, 4), order="F")),
        "order": _o(lambda: mnp.unravel_index(5, (3, 4), order="X")),
    }


def case_unique():
    return {
        "first_seen_order": _o(lambda: mnp.unique(Tensor([3, 1, 3, 2]))),
        "inverse_2d": _o(lambda: mnp.unique(Tensor([[3, 1], [3, 2]]), True)),
        "float_inverse": _o(lambda: mnp.unique(Tensor([3.0, 1, 3, 2]), return_inverse=True)),
        "int32": _o(lambda: mnp.unique(Tensor(np.array([3, 1, 3], np.int32)), True)),
        "f16": _o(lambda: mnp.unique(Tensor(np.array([3, 1, 3], np.float16)), True)),
        "u8": _o(lambda: mnp.unique(Tensor(np.array([3, 1, 3], np.uint8)), True)),
        "f64": _o(lambda: mnp.unique(Tensor(np.array([3, 1, 3], np.float64)), True)),
        "i8": _o(lambda: mnp.unique(Tensor(np.array([3, 1, 3], np.int8)), True)),
        "bool": _o(lambda: mnp.unique(Tensor([True, False, True]))), "list": _o(lambda: mnp.unique([1, 2])),
    }


def case_intersect1d():
    return {
        "lists": _o(lambda: mnp.intersect1d([1, 3, 4, 3], [3, 1, 2, 1])),
        "indices": _o(lambda: mnp.intersect1d([1, 3, 4, 3], [3, 1, 2, 1], return_indices=True)),
        "unique": _o(lambda: mnp.intersect1d([1, 3, 4], [3, 1, 2], assume_unique=True)),
        "unique_indices": _o(lambda: mnp.intersect1d([1, 3, 4], [3, 1, 2], assume_unique=True, return_indices=True)),
        "float_2d": _o(lambda: mnp.intersect1d(Tensor([1.0, 3, 4]), Tensor([[3, 1], [2, 9]]))),
        "empty": _o(lambda: mnp.intersect1d([1, 2], [3, 4])),
        "empty_indices": _o(lambda: mnp.intersect1d([1, 2], [3, 4], return_indices=True)),
        "mixed": _o(lambda: mnp.intersect1d(Tensor([1, 2]), Tensor([2.0, 4]))),
        "flag_type": _o(lambda: mnp.intersect1d([1, 2], [3, 4], assume_unique=1)),
    }


def case_argwhere():
    return {
        "2d": _o(lambda: mnp.argwhere(_ai() > 2)), "list": _o(lambda: mnp.argwhere([1, 0, 2])),
        "float": _o(lambda: mnp.argwhere(Tensor([1.0, 0, 2]))), "bool": _o(lambda: mnp.argwhere(Tensor([[True, False]]))),
        "none": _o(lambda: mnp.argwhere(Tensor([0, 0]))),
    }


def case_apply_along_over_axes():
    ai, b3 = _ai(), Tensor(np.arange(24).reshape(2, 3, 4).astype(np.float32))
    return {
        "along_reduce": _o(lambda: mnp.apply_along_axis(lambda v: v.sum(), 1, ai)),
        "along_same": _o(lambda: mnp.apply_along_axis(lambda v: v * 2, 0, ai)),
        "along_expand": _o(lambda: mnp.apply_along_axis(lambda v, k: mnp.diag(v) * k, -1, b3[0], 2)),
        "along_3d": _o(lambda: mnp.apply_along_axis(lambda v: v[::2], 1, b3)),
        "along_axis": _o(lambda: mnp.apply_along_axis(lambda v: v, 2, ai)),
        "over_axes": _o(lambda: mnp.apply_over_axes(lambda t, axis: t.sum(axis=axis), b3, [0, 2])),
        "over_int": _o(lambda: mnp.apply_over_axes(lambda t, axis: t.sum(axis=axis), ai, 1)),
        "over_keepdims": _o(lambda: mnp.apply_over_axes(lambda t, axis: t.max(axis=axis, keepdims=True), ai, (0, 1))),
        "over_bad": _o(lambda: mnp.apply_over_axes(lambda t, axis: t.sum(), b3, (0, 1))),
    }


def case_gradients():
    from mindspore import ops
    x = Tensor(np.array([[1.0, -2, 3], [-4, 5, -6]], np.float32))

    def selects(t):
        return (mnp.where(t > 0, t * 2, t ** 2)).sum() + mnp.take_along_axis(t, Tensor([[2], [0]]), 1).sum()

    def takes(t):
        return (mnp.take(t, Tensor([0, 5, 5])) * Tensor([1.0, 2, 3])).sum() + mnp.select([t > 0], [t * 3]).sum()

    def pads(t):
        return ((mnp.pad(t, 1, mode="wrap") ** 2).sum() + (mnp.pad(t, (1, 2), mode="edge") * 2).sum()
                + (mnp.pad(t, 1, mode="mean") * 2).sum() + (mnp.pad(t, (2, 1), constant_values=3) ** 2).sum())

    return {"where_take_along": ops.grad(selects)(x).asnumpy(), "take_select": ops.grad(takes)(x).asnumpy(),
            "pad": ops.grad(pads)(x).asnumpy()}
