"""Parity cases for more array ops: space/batch reshuffles, PadV3/Padding, ReverseSequence, Pack/ParallelConcat,
FillV2/FillDiagonal/Eye/Expand, GatherV2, IdentityN/InvertPermutation, ListDiff, LowerBound/UpperBound,
RaggedRange, Tril/TriuIndices, UnravelIndex, DataFormat*, CompareAndBitpack, scalar/tuple conversions and views."""
import numpy as np

import mindspore as ms
from mindspore import Parameter, Tensor, ops
from parity_ops_common import error_name as _err  # registered by the parity loader


def _d(t):
    if isinstance(t, (tuple, list)):
        return {"type": type(t).__name__, "items": [_d(i) for i in t]}
    if isinstance(t, Tensor):
        return {"dtype": str(t.dtype), "shape": list(t.shape), "value": t.asnumpy()}
    return t


def _ar(shape, dtype=np.float32):
    return Tensor(np.arange(int(np.prod(shape))).reshape(shape).astype(dtype))


def case_space_batch_nd():
    x = _ar((1, 2, 4, 4))
    s2b = ops.SpaceToBatchND((2, 2), ((0, 0), (1, 1)))(x)
    b2s = ops.BatchToSpaceND((2, 2), ((0, 0), (0, 1)))(_ar((4, 1, 2, 2), np.int32))
    line = _ar((2, 1, 6), np.uint8)
    return {
        "s2b": _d(s2b), "b2s": _d(b2s),
        "roundtrip": _d(ops.batch_to_space_nd(s2b, (2, 2), ((0, 0), (1, 1)))),
        "int_block": _d(ops.space_to_batch_nd(line, 2, ((1, 1),))),
        "fn_b2s_int_block": _d(ops.batch_to_space_nd(_ar((4, 3, 2)), 2, ((1, 0),))),
        "3d_block": _d(ops.space_to_batch_nd(_ar((1, 2, 2, 2, 4), np.float16), (1, 2, 2), ((0, 0),) * 3)),
        "grad": ops.grad(lambda t: (ops.space_to_batch_nd(t, (2, 2), ((1, 1), (0, 0))) * 3).sum())(x).asnumpy(),
    }


def case_space_batch_errors():
    x = _ar((1, 1, 4, 4))
    return {
        "not_divisible": _err(lambda: ops.SpaceToBatchND((3, 3), ((0, 0), (0, 0)))(x)),
        "batch_not_divisible": _err(lambda: ops.BatchToSpaceND((2, 2), ((0, 0), (0, 0)))(_ar((3, 1, 2, 2)))),
        "neg_pad": _err(lambda: ops.SpaceToBatchND((2, 2), ((0, -1), (0, 0)))),
        "zero_block": _err(lambda: ops.BatchToSpaceND((0, 2), ((0, 0), (0, 0)))),
        "bad_pad_shape": _err(lambda: ops.SpaceToBatchND((2, 2), ((0, 0),))),
        "float_block": _err(lambda: ops.SpaceToBatchND((2.0, 2), ((0, 0), (0, 0)))),
    }


def case_cpu_gap_reshuffles():
    # SpaceToBatch, BatchToSpace, BatchToSpaceNDV2 and SplitV have no CPU kernel in MindSpore 2.10
    x = _ar((4, 1, 2, 2))
    return {
        "SpaceToBatch": _d(ops.SpaceToBatch(2, [[0, 0], [0, 0]])(_ar((1, 1, 4, 4)))),
        "BatchToSpace": _d(ops.BatchToSpace(2, [[0, 0], [0, 1]])(x)),
        "BatchToSpaceNDV2": _d(ops.BatchToSpaceNDV2()(x, Tensor([2, 2]), Tensor([[0, 0], [0, 1]]))),
        "SplitV": _d(ops.SplitV([1, -1], 1, 2)(_ar((2, 3)))),
    }


def case_cpu_gap_fills():
    # Fills and LerpScalar have no CPU kernel in MindSpore 2.10
    return {"Fills": _d(ops.Fills()(_ar((2, 2)), 2.5)),
            "LerpScalar": _d(ops.LerpScalar()(Tensor([1.0, 2.0]), Tensor([3.0, 5.0]), 0.5))}


def case_cpu_gap_move_to():
    return _d(ops.move_to(_ar((2, 2)), "CPU"))


def case_cpu_gap_move_to_prim():
    return _d(ops.MoveTo()(_ar((2, 2)), "CPU", True))


def case_cpu_gap_type_as():
    return _d(ops.type_as(Tensor([1, 2], ms.int32), Tensor([1.5])))


def case_scalar_to_array_removed():
    return _d(ops.scalar_to_array(7))


def case_scalar_to_array_prim_removed():
    return _d(ops.ScalarToArray()(1.5))


def case_compare_and_bitpack():
    cab = ops.CompareAndBitpack()
    return {
        "float": _d(cab(_ar((2, 8)), Tensor(3.0, ms.float32))),
        "int8": _d(cab(Tensor(np.array([[0, 9, -3, 4, 5, 6, 7, 8] * 2], np.int8)), Tensor(np.int8(5)))),
        "float64_3d": _d(cab(_ar((2, 1, 16), np.float64), Tensor(np.float64(10.5)))),
        "bool": _d(cab(Tensor(np.array([True, False, True, True, False, False, False, True])), Tensor(False))),
        "bool_hi": _d(cab(Tensor(np.array([True, True] + [False] * 6)), Tensor(True))),
        "not_div8": _err(lambda: cab(Tensor(np.arange(6).astype(np.int8)), Tensor(np.int8(5)))),
        "uint8": _err(lambda: cab(Tensor(np.arange(8).astype(np.uint8)), Tensor(np.uint8(5)))),
        "mixed": _err(lambda: cab(_ar((8,)), Tensor(np.int32(5)))),
    }


def case_data_format():
    dims = Tensor([0, 1, 2, 3, -1, -4, 4], ms.int32)
    return {
        "dim_map": _d(ops.DataFormatDimMap()(dims)),
        "dim_map_rev": _d(ops.DataFormatDimMap("NCHW", "NHWC")(Tensor([0, 1, 2, 3, -2], ms.int64))),
        "vec": _d(ops.DataFormatVecPermute()(Tensor([1, 2, 3, 4], ms.int32))),
        "vec_rev": _d(ops.DataFormatVecPermute("NCHW", "NHWC")(Tensor([[1, 2], [3, 4], [5, 6], [7, 8]], ms.int64))),
        "vec_same": _d(ops.DataFormatVecPermute("NHWC", "NHWC")(Tensor([1, 2, 3, 4], ms.int32))),
        "bad_format": _err(lambda: ops.DataFormatDimMap("NHWC", "NCWH")),
        "float_input": _err(lambda: ops.DataFormatDimMap()(Tensor([0.0]))),
        "vec_shape": _err(lambda: ops.DataFormatVecPermute()(Tensor([1, 2, 3], ms.int32))),
    }


def case_expand_eye_fill():
    x = Tensor([[1], [2]], ms.float32)
    return {
        "expand": _d(ops.Expand()(x, Tensor([2, 2, 3], ms.int64))),
        "expand_keep": _d(ops.Expand()(Tensor([[1], [2]], ms.int8), Tensor([2, -1], ms.int32))),
        "expand_bad": _err(lambda: ops.Expand()(x, Tensor([3, 3], ms.int32))),
        "eye": [_d(ops.Eye()(2, 3, d)) for d in (ms.int32, ms.bool_, ms.uint16, ms.float16, ms.float64)],
        "eye_empty": _d(ops.Eye()(0, 2, ms.float32)),
        "eye_neg": _err(lambda: ops.Eye()(-1, 2, ms.float32)),
        "fill_v2": _d(ops.FillV2()(Tensor([2, 3], ms.int32), Tensor(1.5, ms.float32))),
        "fill_v2_tuple": _d(ops.FillV2()((2, 3), Tensor(1, ms.int8))),
        "fill_v2_bool": _d(ops.FillV2()(Tensor([2], ms.int64), Tensor([True]))),
        "fill_v2_neg": _err(lambda: ops.FillV2()(Tensor([2, -3], ms.int64), Tensor(1.5, ms.float32))),
        "fill_v2_scalar": _err(lambda: ops.FillV2()((2, 3), 1.5)),
    }


def case_fill_diagonal():
    z = np.zeros
    return {
        "tall": _d(ops.FillDiagonal(9.0)(Tensor(z((5, 3), np.float32)))),
        "tall_wrap": _d(ops.FillDiagonal(9.0, True)(Tensor(z((7, 3), np.float32)))),
        "wide_wrap": _d(ops.FillDiagonal(1.0, True)(Tensor(z((3, 5), np.float32)))),
        "cube": _d(ops.FillDiagonal(-1.5)(Tensor(z((2, 2, 2), np.float32)))),
        "int_trunc": _d(ops.FillDiagonal(-2.7)(Tensor(z((2, 2), np.int64)))),
        "uint8_wrap": _d(ops.FillDiagonal(300.0)(Tensor(z((2, 2), np.uint8)))),
        "int_value": _err(lambda: ops.FillDiagonal(9)),
        "rank1": _err(lambda: ops.FillDiagonal(1.0)(Tensor(z((3,), np.float32)))),
        "uneven": _err(lambda: ops.FillDiagonal(1.0)(Tensor(z((2, 3, 2), np.float32)))),
    }


def case_gather_v2():
    x = _ar((2, 3))
    g = ops.GatherV2()
    return {
        "axis1": _d(g(x, Tensor([2, 0]), 1, 0)),
        "neg_2d": _d(g(x, Tensor([[-1, 0]]), 1, 0)),
        "axis0_int": _d(g(_ar((3, 2), np.int32), Tensor([2, 2, 0], ms.int32), 0, 0)),
        "out_of_range": _err(lambda: g(x, Tensor([3]), 1, 0)),
        "three_args": _err(lambda: g(x, Tensor([1]), 0)),
        "grad": ops.grad(lambda t: (g(t, Tensor([2, 0, 2]), 1, 0) * 2).sum())(x).asnumpy(),
    }


def case_identity_invert():
    a, b = Tensor([1.0]), Tensor([2], ms.int64)
    return {
        "identity_list": _d(ops.IdentityN()([a, b])),
        "identity_tuple": _d(ops.IdentityN()((a,))),
        "identity_bad": _err(lambda: ops.IdentityN()(a)),
        "identity_empty": _err(lambda: ops.IdentityN()([])),
        "identity_scalar": _err(lambda: ops.IdentityN()([a, 2])),
        "invert": list(ops.InvertPermutation()((3, 4, 0, 2, 1))),
        "invert_type": type(ops.InvertPermutation()([1, 0])).__name__,
        "invert_dup": _err(lambda: ops.InvertPermutation()((1, 1))),
        "invert_gap": _err(lambda: ops.InvertPermutation()((0, 2))),
        "invert_float": _err(lambda: ops.InvertPermutation()((1.0, 0.0))),
        "invert_tensor": _err(lambda: ops.InvertPermutation()(Tensor([1, 0]))),
    }


def case_list_diff_bounds():
    srt = Tensor([[1, 3, 5], [2, 4, 6]], ms.float32)
    val = Tensor([[3, 6], [1, 7]], ms.float32)
    return {
        "diff": _d(ops.ListDiff()(Tensor([1, 2, 3, 4, 5, 6]), Tensor([1, 3, 5]))),
        "diff_uint8": _d(ops.ListDiff(ms.int64)(Tensor([3, 1, 3, 2], ms.uint8), Tensor([2], ms.uint8))),
        "diff_float": _d(ops.ListDiff()(Tensor([1.5, 2.5, 1.5]), Tensor([2.5]))),
        "diff_mixed": _err(lambda: ops.ListDiff()(Tensor([1, 2], ms.int32), Tensor([2], ms.int64))),
        "diff_2d": _err(lambda: ops.ListDiff()(Tensor([[1, 2]], ms.int32), Tensor([2], ms.int32))),
        "diff_out_idx": _err(lambda: ops.ListDiff(ms.float32)),
        "lower": _d(ops.LowerBound()(srt, val)),
        "upper": _d(ops.UpperBound(ms.int64)(srt, val)),
        "lower_int8": _d(ops.LowerBound()(Tensor([[1, 3, 3, 5]], ms.int8), Tensor([[3, 6, 0]], ms.int8))),
        "upper_uint16": _d(ops.UpperBound()(Tensor([[1, 3, 3, 5]], ms.uint16), Tensor([[3, 6, 0]], ms.uint16))),
        "bound_mixed": _err(lambda: ops.LowerBound()(srt, Tensor([[3, 6], [1, 7]], ms.int32))),
        "bound_rank": _err(lambda: ops.LowerBound()(Tensor([1.0, 3.0]), Tensor([3.0]))),
        "bound_rows": _err(lambda: ops.UpperBound()(srt, Tensor([[3.0, 6.0]]))),
        "bound_out_type": _err(lambda: ops.LowerBound(ms.float32)),
    }


def case_pack_concat_split():
    a, b = Tensor([[1, 2]], ms.int32), Tensor([[3, 4]], ms.int32)
    return {
        "pack0": _d(ops.Pack()([Tensor([1, 2]), Tensor([3, 4])])),
        "pack1": _d(ops.Pack(1)((Tensor([1.0, 2.0]), Tensor([3.0, 4.0])))),
        "pack_axis": _err(lambda: ops.Pack(1.0)),
        "parallel": _d(ops.ParallelConcat()([a, b])),
        "parallel_one": _d(ops.ParallelConcat()([Tensor([[1, 2]], ms.uint8)])),
        "parallel_rows": _err(lambda: ops.ParallelConcat()([a, Tensor([[3, 4], [5, 6]], ms.int32)])),
        "parallel_dtype": _err(lambda: ops.ParallelConcat()([a, Tensor([[3, 4]], ms.float32)])),
        "splitv_zero": _err(lambda: ops.SplitV([1, 0], 1, 2)),
        "splitv_num": _err(lambda: ops.SplitV([1, 2], 1, 0)),
    }


def case_pad_v3():
    x = _ar((2, 3))
    x3 = _ar((1, 2, 3))
    return {
        "constant": _d(ops.PadV3()(x, Tensor([1, 1, 0, 1], ms.int64), Tensor(5.0))),
        "constant_int": _d(ops.PadV3()(_ar((2, 3), np.int32), (1, 2), Tensor(7, ms.int32))),
        "negative": _d(ops.PadV3()(x, (-1, 1), 0.0)),
        "non_contiguous": _d(ops.PadV3(paddings_contiguous=False)(x, Tensor([1, 2, 0, 1], ms.int64), Tensor(5.0))),
        "reflect": _d(ops.PadV3("reflect")(x3, (2, 1))),
        "edge": _d(ops.PadV3("edge")(_ar((1, 2, 2, 2)), (1, 0, 0, 1))),
        "edge_nc": _d(ops.PadV3("edge", False)(_ar((1, 2, 2, 3)), (1, 0, 2, 1))),
        "circular": _d(ops.PadV3("circular")(x3, (1, 1))),
        "grad": ops.grad(lambda t: (ops.PadV3("reflect")(t, (2, 1)) * _ar((1, 2, 6))).sum())(x3).asnumpy(),
        "bad_mode": _err(lambda: ops.PadV3("wrap")),
        "reflect_2d": _err(lambda: ops.PadV3("reflect")(x, (1, 1))),
        "reflect_big": _err(lambda: ops.PadV3("reflect")(x3, (3, 1))),
        "constant_no_value": _err(lambda: ops.PadV3()(x, (1, 1, 1, 1))),
    }


def case_padding():
    return {
        "prim": _d(ops.Padding(4)(Tensor([[8.0], [10.0]]))),
        "one": _d(ops.Padding(1)(Tensor([[8.0], [10.0]]))),
        "fn_int": _d(ops.padding(Tensor([[[8]], [[10]]], ms.int32), 3)),
        "zero": _err(lambda: ops.Padding(0)),
        "last_dim": _err(lambda: ops.Padding(3)(Tensor([[8.0, 1.0], [10.0, 2.0]]))),
        "rank1": _err(lambda: ops.padding(Tensor([8.0]), 3)),
    }


def case_ragged_range():
    rr = ops.RaggedRange(ms.int64)
    return {
        "int": _d(rr(Tensor([2, 5, 8], ms.int32), Tensor([3, 5, 12], ms.int32), Tensor([1, 1, 1], ms.int32))),
        "float": _d(ops.RaggedRange(ms.int32)(Tensor([0.0, 1.0]), Tensor([3.0, 2.0]), Tensor([1.5, 0.5]))),
        "negative_step": _d(rr(Tensor([5, 0], ms.int64), Tensor([0, 3], ms.int64), Tensor([-2, -1], ms.int64))),
        "bad_tsplits": _err(lambda: ops.RaggedRange(ms.float32)),
    }


def case_reverse_sequence():
    x, w = _ar((3, 3)), _ar((3, 3)) + 1  # w is not x: MindSpore differentiates through a closure that is the input
    return {
        "prim": _d(ops.ReverseSequence(1)(x, Tensor([1, 2, 3]))),
        "fn_swapped": _d(ops.reverse_sequence(x, Tensor([1, 2, 3]), 0, 1)),
        "int8": _d(ops.ReverseSequence(0, 1)(_ar((2, 3), np.int8), Tensor([2, 1, 0], ms.int32))),
        "3d": _d(ops.ReverseSequence(2, 0)(_ar((2, 2, 4)), Tensor([4, 2], ms.int64))),
        "grad": ops.grad(lambda t: (ops.reverse_sequence(t, Tensor([2, 3, 1]), 1) * w).sum())(x).asnumpy(),
        "too_long": _err(lambda: ops.ReverseSequence(1)(_ar((2, 3), np.int8), Tensor([4, 1], ms.int64))),
        "float_lengths": _err(lambda: ops.ReverseSequence(1)(_ar((2, 3)), Tensor([1.0, 1.0]))),
    }


def case_scalar_tuple_conversions():
    return {
        "s2t": [_d(ops.ScalarToTensor()(1, ms.float32)), _d(ops.ScalarToTensor()(2)), _d(ops.ScalarToTensor()(True)),
                _d(ops.ScalarToTensor()(3, ms.int8))],
        "scalar_to_tensor": [_d(ops.scalar_to_tensor(7)), _d(ops.scalar_to_tensor(7, ms.int32)),
                             _d(ops.scalar_to_tensor(2.7, ms.int32)), _d(ops.scalar_to_tensor(3, ms.bool_)),
                             _d(ops.scalar_to_tensor(3, ms.uint16)), _d(ops.scalar_to_tensor(-1.5, ms.float64))],
        "s2t_str": _err(lambda: ops.scalar_to_tensor("a")),
        "s2t_tensor": _err(lambda: ops.ScalarToTensor()(Tensor(3))),
        "t2a": [_d(ops.TupleToArray()((1, 2))), _d(ops.TupleToArray()((1.5, 2.5))), _d(ops.TupleToArray()(range(3)))],
        "tuple_to_array": [_d(ops.tuple_to_array((1, 2, 3))), _d(ops.tuple_to_array((1.0, 2, 3))),
                           _d(ops.tuple_to_array((True, False))), _d(ops.tuple_to_array((1.5, 2)))],
        "t2a_mixed": _err(lambda: ops.TupleToArray()((1, 2.5))),
        "t2a_empty": _err(lambda: ops.TupleToArray()(())),
        "t2a_list": _err(lambda: ops.TupleToArray()([1, 2])),
        "t2a_bool": _err(lambda: ops.TupleToArray()((True, False))),
        "tensor_to_tuple": [ops.TensorToTuple()(Tensor([1, 2])), ops.TensorToTuple()(Tensor([1.5, -2.0])),
                            ops.TensorToTuple()(Tensor([[1, 2]])), ops.TensorToTuple()((1, 2))],
        "t2t_scalar": _err(lambda: ops.TensorToTuple()(Tensor(3.5))),
    }


def case_views():
    x = _ar((2, 3, 4))
    p = Parameter(Tensor(np.zeros((2, 3), np.float32)), name="p")
    out = ops.CopyWithSlice()(p, _ar((2, 3)))
    return {
        "transpose": _d(ops.TransposeView()(x, (2, 0, 1))),
        "transpose_ext": _d(ops.TransposeExtView()(x, -1, 0)),
        "select": _d(ops.SelectView()(_ar((2, 3), np.int64), 1, 1)),
        "select_row": _d(ops.SelectView()(x, 0, 0)),
        "copy_out": _d(out), "copy_param": p.asnumpy(),
        "slice_get": [ops.SliceGetItem(slice(1, 5, 2), "start"), ops.SliceGetItem(slice(1, 5, 2), "stop"),
                      ops.SliceGetItem(slice(1, 5, 2), "step"), ops.SliceGetItem(slice(3), "stop")],
        "slice_get_int": _err(lambda: ops.SliceGetItem(3, "stop")),
        "view_as": _d(ops.view_as(_ar((2, 3)), Tensor(np.zeros((3, 2))))),
    }


def case_misc():
    saf = ops.SubAndFilter()
    return {
        "reusing": ops.Reusing()(len)([1, 2]),
        "sub_filter": _d(saf(Tensor(np.array([1, 3, 5, 8, 9, 16]), ms.int32), 10, 5)),
        "sub_filter64": _d(saf(Tensor(np.array([1, 3, 5, 8, 9, 16]), ms.int64), 4, 1)),
        "sub_filter_float": _err(lambda: saf(Tensor(np.array([1.5, 6]), ms.float32), 10, 5)),
        "tensor_add": _d(ops.TensorAdd()(Tensor([1, 2], ms.uint8), Tensor([3, 4], ms.uint8))),
        "tensor_add_bcast": _d(ops.TensorAdd()(_ar((2, 3)), Tensor([1.0, 2.0, 3.0]))),
    }


def case_tril_triu_unravel():
    ui = ops.UnravelIndex()
    return {
        "tril": _d(ops.TrilIndices(3, 3)()),
        "tril_off": _d(ops.TrilIndices(3, 2, -1)()),
        "triu": _d(ops.TriuIndices(3, 4, 1, ms.int64)()),
        "triu_empty": _d(ops.TriuIndices(0, 3)()),
        "tril_neg": _err(lambda: ops.TrilIndices(-1, 3)),
        "tril_dtype": _err(lambda: ops.TrilIndices(2, 3, dtype=ms.float32)),
        "unravel": _d(ui(Tensor([5, 7, 0], ms.int32), Tensor([3, 4], ms.int32))),
        "unravel_0d": _d(ui(Tensor(5, ms.int64), Tensor([3, 4], ms.int64))),
        "unravel_3": _d(ui(Tensor([23, 6], ms.int64), Tensor([2, 3, 4], ms.int64))),
        "unravel_oob": _err(lambda: ui(Tensor([12], ms.int32), Tensor([3, 4], ms.int32))),
        "unravel_neg": _err(lambda: ui(Tensor([-1], ms.int32), Tensor([3, 4], ms.int32))),
        "unravel_2d": _err(lambda: ui(Tensor([[1]], ms.int32), Tensor([3, 4], ms.int32))),
        "unravel_zero_dim": _err(lambda: ui(Tensor([1], ms.int32), Tensor([3, 0], ms.int32))),
    }


def _morph_net(bprop):
    def infer(*args):
        return args[0]

    def fn(x, y):
        return x * y + 1

    class MorphNet(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = Parameter(Tensor(np.array([1.0, 2.0, 3.0], np.float32)), name="w")
            self.m = ops.Morph(fn, infer, infer, bprop)

        def construct(self, x):
            return self.m(x * 2, self.w) * self.w

    return MorphNet()


def case_morph_graph():
    def bprop(x, y, out, dout):
        return dout * 10, dout * x

    x = Tensor(np.array([4.0, 5.0, 6.0], np.float32))
    mode = ms.get_context("mode")
    ms.set_context(mode=ms.GRAPH_MODE)  # Morph runs only inside a GRAPH_MODE Cell
    try:
        out = {}
        for name, b in (("auto", None), ("bprop", bprop)):
            net = _morph_net(b)
            grads = ops.GradOperation(get_all=True, get_by_list=True)(net, net.trainable_params())(x)
            out[name] = {"out": net(x).asnumpy(), "dx": grads[0][0].asnumpy(), "dw": grads[1][0].asnumpy()}
        return out
    finally:
        ms.set_context(mode=mode)


def case_morph_pynative():
    def infer(*args):
        return args[0]

    def with_default(x, y=1):
        return x + y

    def bprop(x, y, out, dout):
        return dout, dout

    mode = ms.get_context("mode")
    ms.set_context(mode=ms.PYNATIVE_MODE)
    try:
        return {"call": _err(lambda: ops.Morph(with_default, infer, infer)(Tensor([1.0]), Tensor([2.0]))),
                "bprop_default": _err(lambda: ops.Morph(with_default, infer, infer, bprop))}
    finally:
        ms.set_context(mode=mode)


def case_input_checks():
    i32 = ms.int32
    rr = ops.RaggedRange(i32)
    return {
        "ragged_shapes": _err(lambda: rr(Tensor([1], i32), Tensor([3, 2], i32), Tensor([1], i32))),
        "ragged_zero_delta": _err(lambda: rr(Tensor([1, 2], i32), Tensor([3, 2], i32), Tensor([0, 1], i32))),
        "ragged_uint8": _err(lambda: rr(Tensor([1], ms.uint8), Tensor([3], ms.uint8), Tensor([1], ms.uint8))),
        "expand_tuple": _err(lambda: ops.Expand()(Tensor([[1], [2]], ms.float32), (2, 2))),
        "list_diff_bool": _err(lambda: ops.ListDiff()(Tensor([True, False]), Tensor([True]))),
        "bound_bool": _err(lambda: ops.LowerBound()(Tensor([[True, False]]), Tensor([[True]]))),
        "pad_value_dtype": _err(lambda: ops.PadV3()(_ar((2, 2)), (1, 0), Tensor(3, i32))),
        "b2s_bool": _err(lambda: ops.batch_to_space_nd(_ar((4, 2), np.bool_), (2,), ((0, 1),))),
        "pad_uint8": _d(ops.PadV3()(_ar((2, 2), np.uint8), (1, 1), Tensor(3, ms.uint8))),
        "pad_bool": _d(ops.PadV3()(_ar((2, 2), np.bool_), (1, 0), Tensor(True))),
        "fill_v2_empty": _d(ops.FillV2()(Tensor([0, 2], i32), Tensor(1.0))),
        "eye_complex": _d(ops.Eye()(2, 2, ms.complex64)),
        "gather_uint16": _d(ops.GatherV2()(_ar((2, 3), np.uint16), Tensor([1]), -1, 0)),
        "bitpack_f16": _d(ops.CompareAndBitpack()(_ar((8,), np.float16), Tensor(np.float16(2)))),
    }
