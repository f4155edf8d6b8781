"""Parity cases for mindspore.numpy array manipulation: reshaping and axes (expand_dims, squeeze, transpose,
rollaxis, swapaxes, moveaxis, reshape, ravel), joining (concatenate, append, stack, *stack, atleast_*d),
tiling/broadcasting, splitting, flipping, rolling, rot90, repeat, size and array_str. Values, dtypes, container
types and error types."""
import numpy as np

import mindspore as ms
import mindspore.numpy as mnp
from mindspore import Tensor
from parity_ops_common import outcome as _o  # registered by the parity loader

COMPILED_PASS = False


def _a():
    return Tensor(np.arange(6).reshape(2, 3).astype(np.float32))


def _ai():
    return Tensor(np.arange(6).reshape(2, 3).astype(np.int32))


def _b3():
    return Tensor(np.arange(24).reshape(2, 3, 4).astype(np.float32))


def _shape(fn):
    out = _o(fn)
    return out if isinstance(out, str) else out.get("shape", out)


def case_axes_shapes():
    b3, ones = _b3(), Tensor(np.ones((1, 2, 1), np.float16))
    return {
        "expand_dims": _shape(lambda: mnp.expand_dims(_a(), 0)),
        "expand_dims_tuple": _shape(lambda: mnp.expand_dims(_a(), (0, -1))),
        "expand_dims_list": _shape(lambda: mnp.expand_dims(_a(), [1, 3])),
        "squeeze": _o(lambda: mnp.squeeze(ones)), "squeeze_axis": _shape(lambda: mnp.squeeze(ones, 2)),
        "squeeze_tuple": _shape(lambda: mnp.squeeze(ones, (0, 2))), "squeeze_not_one": _o(lambda: mnp.squeeze(ones, 1)),
        "transpose": _o(lambda: mnp.transpose(_ai())), "transpose_axes": _shape(lambda: mnp.transpose(b3, (1, 0, 2))),
        "transpose_list": _shape(lambda: mnp.transpose(b3, [2, 0, 1])),
        "rollaxis": _shape(lambda: mnp.rollaxis(b3, 2)), "rollaxis_start": _shape(lambda: mnp.rollaxis(b3, 0, 3)),
        "rollaxis_neg": _shape(lambda: mnp.rollaxis(b3, 1, -1)), "rollaxis_same": _shape(lambda: mnp.rollaxis(b3, 1, 2)),
        "swapaxes": _o(lambda: mnp.swapaxes(b3, 0, 2)), "swapaxes_neg": _shape(lambda: mnp.swapaxes(b3, -1, 0)),
        "moveaxis": _shape(lambda: mnp.moveaxis(b3, 0, -1)),
        "moveaxis_tuple": _o(lambda: mnp.moveaxis(b3, (0, 1), (2, 0))),
        "reshape": _o(lambda: mnp.reshape(b3, (4, -1))), "reshape_list": _shape(lambda: mnp.reshape(b3, [24])),
        "reshape_int": _shape(lambda: mnp.reshape(b3, 24)), "ravel": _o(lambda: mnp.ravel(_ai())),
        "ravel_bool": _o(lambda: mnp.ravel(Tensor(np.eye(2, dtype=bool)))),
    }


def case_axes_errors():
    b3 = _b3()
    return {
        "expand_dims_range": _o(lambda: mnp.expand_dims(_a(), 5)),
        "expand_dims_list_input": _o(lambda: mnp.expand_dims([1, 2], 0)),
        "expand_dims_float": _o(lambda: mnp.expand_dims(_a(), 1.0)),
        "expand_dims_dup": _o(lambda: mnp.expand_dims(_ai(), (0, 0))),
        "expand_dims_tuple_range": _o(lambda: mnp.expand_dims(_ai(), (0, 4))),
        "squeeze_range": _o(lambda: mnp.squeeze(_ai(), 3)),
        "transpose_len": _o(lambda: mnp.transpose(b3, (1, 0))), "transpose_dup": _o(lambda: mnp.transpose(_ai(), (0, 0))),
        "rollaxis_start": _o(lambda: mnp.rollaxis(b3, 1, 5)), "rollaxis_axis": _o(lambda: mnp.rollaxis(b3, 3)),
        "rollaxis_float": _o(lambda: mnp.rollaxis(_ai(), 0.0)),
        "swapaxes_range": _o(lambda: mnp.swapaxes(b3, 0, 3)), "swapaxes_float": _o(lambda: mnp.swapaxes(_ai(), 0, 1.0)),
        "reshape_size": _o(lambda: mnp.reshape(b3, (5, -1))),
        "moveaxis_len": _o(lambda: mnp.moveaxis(b3, (0, 1), (2,))),
        "moveaxis_dup": _o(lambda: mnp.moveaxis(b3, (0, 0), (2, 1))),
        "moveaxis_range": _o(lambda: mnp.moveaxis(b3, 3, 0)),
    }


def case_concatenate_append():
    a, ai = _a(), _ai()
    return {
        "axis0_promote": _o(lambda: mnp.concatenate((a, ai))),
        "axis1_i8": _o(lambda: mnp.concatenate([ai, Tensor(np.ones((2, 1), np.int8))], 1)),
        "axis_none": _o(lambda: mnp.concatenate((a, Tensor([1, 2], ms.int64)), None)),
        "tensor_input": _shape(lambda: mnp.concatenate(_b3(), 1)),
        "tensor_input_values": _o(lambda: mnp.concatenate(Tensor(np.arange(8).reshape(2, 2, 2)), 0)),
        "tensor_none": _o(lambda: mnp.concatenate(a, None)), "single": _o(lambda: mnp.concatenate([a])),
        "u8_i8": _o(lambda: mnp.concatenate((Tensor([1], ms.uint8), Tensor([1], ms.int8)))),
        "bool_i8": _o(lambda: mnp.concatenate((Tensor([True]), Tensor([1], ms.int8)))),
        "f16_i64": _o(lambda: mnp.concatenate((Tensor([1], ms.float16), Tensor([1], ms.int64)))),
        "u64_i64": _o(lambda: mnp.concatenate((Tensor([1], ms.uint64), Tensor([1], ms.int64)))),
        "u16_f64": _o(lambda: mnp.concatenate((Tensor([1], ms.uint16), Tensor([1.5], ms.float64)))),
        "u32_i16": _o(lambda: mnp.concatenate((Tensor([1], ms.uint32), Tensor([1], ms.int16)))),
        "append": _o(lambda: mnp.append(a, ai)), "append_axis": _o(lambda: mnp.append(a, ai, 0)),
        "append_axis1": _o(lambda: mnp.append(ai, Tensor(np.ones((2, 1), np.int32)), 1)),
    }


def case_concatenate_errors():
    a, ai = _a(), _ai()
    return {
        "axis_range": _o(lambda: mnp.concatenate((a, ai), 2)), "rank": _o(lambda: mnp.concatenate((a, Tensor([1.0])))),
        "shape": _o(lambda: mnp.concatenate((a, Tensor(np.ones((2, 2), np.float32))))),
        "lists": _o(lambda: mnp.concatenate(([1, 2], [3]))), "none": _o(lambda: mnp.concatenate(None)),
        "append_rank": _o(lambda: mnp.append(a, Tensor([1.0]), 0)), "append_list": _o(lambda: mnp.append([1], [2])),
        "append_axis": _o(lambda: mnp.append(a, a, 3)),
    }


def case_stacks():
    p, q = Tensor([1, 2]), Tensor([3, 4])
    return {
        "column_stack": _o(lambda: mnp.column_stack((p, q))), "column_stack_0d": _o(lambda: mnp.column_stack((Tensor(1), Tensor(2)))),
        "column_stack_2d": _o(lambda: mnp.column_stack((_ai(), Tensor([[1], [2]], ms.int32)))),
        "column_stack_tensor": _o(lambda: mnp.column_stack(p)),
        "vstack": _o(lambda: mnp.vstack((p, q))), "vstack_0d": _o(lambda: mnp.vstack((Tensor(1), Tensor(2)))),
        "vstack_2d": _shape(lambda: mnp.vstack([_ai(), _ai()])),
        "hstack": _o(lambda: mnp.hstack((p, q))), "hstack_2d": _shape(lambda: mnp.hstack((_ai(), _ai()))),
        "hstack_0d": _o(lambda: mnp.hstack((Tensor(1), Tensor(2)))),
        "dstack": _o(lambda: mnp.dstack((p, q))), "dstack_2d": _shape(lambda: mnp.dstack((_ai(), _ai()))),
        "dstack_3d": _shape(lambda: mnp.dstack((_b3(), _b3()))),
        "dstack_0d": _shape(lambda: mnp.dstack((Tensor(1), Tensor(2)))),
        "stack": _o(lambda: mnp.stack((p, q), 1)), "stack_neg": _o(lambda: mnp.stack((p, q), -1)),
        "stack_promote": _o(lambda: mnp.stack((p, Tensor([3.0, 4])))), "stack_tensor": _o(lambda: mnp.stack(_a(), 1)),
        "stack_axis_wraps": _o(lambda: mnp.stack((p, q), 5)),
        "stack_empty": _o(lambda: mnp.stack((Tensor(np.ones((0,), np.int32)), Tensor(np.ones((0,), np.int32))))),
        "stack_bool": _o(lambda: mnp.stack([Tensor([True]), Tensor([False])])),
    }


def case_stack_errors():
    return {
        "column_stack_empty": _o(lambda: mnp.column_stack(())), "column_stack_int": _o(lambda: mnp.column_stack(3)),
        "vstack_empty": _o(lambda: mnp.vstack([])), "hstack_empty": _o(lambda: mnp.hstack([])),
        "dstack_int": _o(lambda: mnp.dstack(1)),
        "hstack_lists": _o(lambda: mnp.hstack([[1], [2]])), "stack_int": _o(lambda: mnp.stack(3)),
        "stack_shapes": _o(lambda: mnp.stack((Tensor([1, 2]), Tensor([3, 4, 5])))),
    }


def case_atleast():
    return {
        "1d": _o(lambda: mnp.atleast_1d(Tensor(1))), "1d_many": _o(lambda: mnp.atleast_1d(Tensor(1), Tensor([1, 2]))),
        "2d": _o(lambda: mnp.atleast_2d(Tensor([1, 2]))), "2d_many": _o(lambda: mnp.atleast_2d(Tensor(1.0), _a())),
        "3d": _o(lambda: mnp.atleast_3d(Tensor([1, 2]))),
        "3d_shapes": [_shape(lambda: x) for x in mnp.atleast_3d(Tensor(1), _a(), _b3(), Tensor(np.ones((1, 1, 1, 1))))],
        "1d_list": _o(lambda: mnp.atleast_1d([1])), "3d_list": _o(lambda: mnp.atleast_3d([1])),
    }


def case_tile_broadcast():
    p = Tensor([1, 2])
    return {
        "tile": _o(lambda: mnp.tile(p, 2)), "tile_2d": _o(lambda: mnp.tile(p, (2, 2))),
        "tile_fewer_reps": _o(lambda: mnp.tile(_ai(), 2)), "tile_list": _o(lambda: mnp.tile(_ai(), [2])),
        "tile_zero": _o(lambda: mnp.tile(_ai(), (0, 2))), "tile_bool": _o(lambda: mnp.tile(Tensor([True]), 3)),
        "tile_float": _o(lambda: mnp.tile(_ai(), 2.0)), "tile_list_input": _o(lambda: mnp.tile([1], 2)),
        "broadcast_to": _o(lambda: mnp.broadcast_to(p, (3, 2))), "broadcast_same": _o(lambda: mnp.broadcast_to(_ai(), (2, 3))),
        "broadcast_bool": _o(lambda: mnp.broadcast_to(Tensor([True]), (2,))),
        "broadcast_bad": _o(lambda: mnp.broadcast_to(p, (3, 3))), "broadcast_list": _o(lambda: mnp.broadcast_to([1, 2], (3, 2))),
        "broadcast_arrays": _o(lambda: mnp.broadcast_arrays(p, Tensor([[1.0], [2]]))),
        "broadcast_arrays_three": _o(lambda: mnp.broadcast_arrays(Tensor(1), p, Tensor([[True], [False]]))),
        "broadcast_arrays_bad": _o(lambda: mnp.broadcast_arrays(p, Tensor([1.0, 2, 3]))),
    }


def case_split():
    r6, r7 = Tensor(np.arange(6)), Tensor(np.arange(7).astype(np.float32))
    return {
        "sections": _o(lambda: mnp.split(r6, 3)), "indices": _o(lambda: mnp.split(r6, [1, 4])),
        "negative_index": _o(lambda: mnp.split(r6, [-2])), "axis1": _o(lambda: mnp.split(_ai(), 3, axis=1)),
        "index_past_end": _o(lambda: mnp.split(r6, (2, 10))),
        "array_split": _o(lambda: mnp.array_split(r7, 3)), "array_split_indices": _o(lambda: mnp.array_split(r7, (3,))),
        "array_split_even": _o(lambda: mnp.array_split(r6, 2)),
        "array_split_axis1": _o(lambda: mnp.array_split(Tensor(np.arange(10).reshape(2, 5)), 3, axis=1)),
        "vsplit": _o(lambda: mnp.vsplit(_ai(), 2)), "hsplit": _o(lambda: mnp.hsplit(_ai(), [1])),
        "dsplit": _o(lambda: mnp.dsplit(_b3(), 2)),
    }


def case_split_errors():
    r6 = Tensor(np.arange(6))
    return {
        "not_divisible": _o(lambda: mnp.split(r6, 4)), "too_many": _o(lambda: mnp.split(r6, 7)),
        "empty_piece": _o(lambda: mnp.split(r6, [2, 2])), "float": _o(lambda: mnp.split(r6, 2.0)),
        "axis_range": _o(lambda: mnp.split(_ai(), 3, axis=2)), "axis_float": _o(lambda: mnp.split(_ai(), (1,), 1.0)),
        "array_split_too_many": _o(lambda: mnp.array_split(Tensor(np.arange(3)), 4)),
        "dsplit_2d": _o(lambda: mnp.dsplit(_ai(), 2)), "list_input": _o(lambda: mnp.split([1, 2], 2)),
    }


def case_flip_roll_rot90():
    b3 = _b3()
    return {
        "flip": _o(lambda: mnp.flip(_ai())), "flip0": _o(lambda: mnp.flip(_ai(), 0)),
        "flip_tuple": _o(lambda: mnp.flip(b3, (0, 2))), "flip_bool": _o(lambda: mnp.flip(Tensor([True, False]))),
        "flip_f16": _o(lambda: mnp.flip(Tensor(np.array([1, 2, 3], np.float16)))),
        "flipud": _o(lambda: mnp.flipud(_ai())), "fliplr": _o(lambda: mnp.fliplr(_ai())),
        "roll": _o(lambda: mnp.roll(_ai(), 1)), "roll_axis": _o(lambda: mnp.roll(_ai(), -1, 1)),
        "roll_tuples": _o(lambda: mnp.roll(b3, (1, 2), (0, 2))), "roll_broadcast": _o(lambda: mnp.roll(b3, 1, (0, 2))),
        "roll_lists": _o(lambda: mnp.roll(_ai(), [1, 1], [0, 1])), "roll_bool": _o(lambda: mnp.roll(Tensor([True, False, False]), 1)),
        "roll_f64": _o(lambda: mnp.roll(Tensor(np.array([1.0, 2, 3])), 4)), "roll_same_axis": _o(lambda: mnp.roll(_ai(), (1, 1), (1, 1))),
        "rot90": _o(lambda: mnp.rot90(_ai())), "rot90_2": _o(lambda: mnp.rot90(_ai(), 2)),
        "rot90_neg": _o(lambda: mnp.rot90(_ai(), -1)), "rot90_5": _o(lambda: mnp.rot90(_ai(), 5)),
        "rot90_axes": _o(lambda: mnp.rot90(b3, 1, (2, 0))), "rot90_3_axes": _o(lambda: mnp.rot90(b3, 3, [1, 2])),
    }


def case_flip_roll_rot90_errors():
    return {
        "flip_axis": _o(lambda: mnp.flip(_ai(), 2)), "flip_list": _o(lambda: mnp.flip([1, 2])),
        "fliplr_1d": _o(lambda: mnp.fliplr(Tensor([1, 2]))), "flip_dup": _o(lambda: mnp.flip(_ai(), (0, 0))),
        "roll_axis": _o(lambda: mnp.roll(_ai(), 1, 2)), "roll_mismatch": _o(lambda: mnp.roll(_ai(), (1, 2, 3), (0, 1))),
        "roll_float": _o(lambda: mnp.roll(_ai(), 1.5)),
        "rot90_same_axes": _o(lambda: mnp.rot90(_ai(), 1, (0, 0))), "rot90_one_axis": _o(lambda: mnp.rot90(_ai(), 1, (0,))),
        "rot90_float_k": _o(lambda: mnp.rot90(_ai(), 1.0)), "rot90_int_axes": _o(lambda: mnp.rot90(_ai(), 1, 0)),
    }


def case_repeat():
    return {
        "flat": _o(lambda: mnp.repeat(_ai(), 2)), "axis_list": _o(lambda: mnp.repeat(_ai(), (1, 2), 0)),
        "scalar": _o(lambda: mnp.repeat(3, 2)), "list": _o(lambda: mnp.repeat([1, 2], 2)),
        "single_list": _o(lambda: mnp.repeat(_ai(), [2], 1)), "float_input": _o(lambda: mnp.repeat(_a(), 2, -1)),
        "zero_in_list": _o(lambda: mnp.repeat(_ai(), (0, 1), 0)),
        "float_repeats": _o(lambda: mnp.repeat(_ai(), 2.0)), "axis_range": _o(lambda: mnp.repeat(_ai(), 2, 3)),
        "length_mismatch": _o(lambda: mnp.repeat(_ai(), (1, 2, 3), 0)), "negative": _o(lambda: mnp.repeat(_ai(), -1)),
    }


def case_size_array_str():
    return {
        "size": _o(lambda: mnp.size(_ai())), "size_axis": _o(lambda: mnp.size(_ai(), -1)),
        "size_list": _o(lambda: mnp.size([[1, 2]])), "size_scalar": _o(lambda: mnp.size(3)),
        "size_axis_range": _o(lambda: mnp.size(_ai(), 2)), "size_axis_float": _o(lambda: mnp.size(_ai(), 1.0)),
        "size_numpy": _o(lambda: mnp.size(np.ones(3))),
        "str_int": mnp.array_str(_ai()), "str_float": mnp.array_str(Tensor([1.5, 2.25])),
        "str_bool": mnp.array_str(Tensor([True, False])), "str_list": _o(lambda: mnp.array_str([1])),
    }


def case_gradients():
    from mindspore import ops
    x = Tensor(np.arange(6).reshape(2, 3).astype(np.float32))
    w = Tensor(np.arange(1, 13).astype(np.float32))

    def join(t):
        return (mnp.ravel(mnp.concatenate((t, mnp.swapaxes(t, 0, 1).reshape(2, 3)), 0)) * w).sum()

    def shape_ops(t):
        return (mnp.ravel(mnp.tile(mnp.transpose(t), (1, 2))) * w).sum() + (mnp.repeat(t, 2, 1) * 2).sum()

    def stacks(t):
        return (mnp.stack((t, t * 2), 1) ** 2).sum() + (mnp.split(t, 3, 1)[2] * 3).sum()

    return {"concatenate_swapaxes": ops.grad(join)(x).asnumpy(), "tile_transpose_repeat": ops.grad(shape_ops)(x).asnumpy(),
            "stack_split": ops.grad(stacks)(x).asnumpy()}
