"""Parity cases for the torch-style array functions, views and in-place ops of `mindspore.ops.auto_generate`.
Cases whose ops MindSpore 2.10's CPU backend has no kernel for (`*_cpu_gap`) are recorded as its
RuntimeError and listed in the ledger; they still run every name."""
import numpy as np

import mindspore as ms
import mindspore.ops.auto_generate as ag
from mindspore import Parameter, Tensor
from mindspore.ops.auto_generate import flatten_ext, narrow
from parity_ops_common import describe as _d, error_name as _err, flush as _settle  # (parity loader)

_e = _err


def _x():
    return Tensor(np.arange(12, dtype=np.float32).reshape(3, 4))


def case_shape_views():
    _settle()
    x = _x()
    return {
        "flatten": [_d(flatten_ext(x)), _d(flatten_ext(x[None], 1)), _d(ag.FlattenExt()(x[None], 0, 1))],
        "narrow": [_d(narrow(x, 1, 1, 2)), _d(narrow(x, 0, -2, 2)), _d(ag.narrow_view(x, 1, 0, 3))],
        "as_strided": _d(ag.as_strided(x, (2, 2), (1, 2), 1)),
        "broadcast_to_view": _d(ag.broadcast_to_view(x[0], (2, 4))),
        "expand_dims_view": _d(ag.expand_dims_view(x, 1)), "select_ext_view": _d(ag.select_ext_view(x, 1, 2)),
        "transpose_ext_view": _d(ag.transpose_ext_view(x, 0, 1)), "transpose_view": _d(ag.transpose_view(x, (1, 0))),
        "view": _d(ag.view(x, (4, 3))), "view_dtype": _d(ag.view_dtype(x, ms.int32)),
        "view_dtype_u8": list(ag.view_dtype(x, ms.uint8).shape), "flip": _d(ag.flip(x, (0, 1))),
        "contiguous": _d(ag.contiguous(ag.transpose_ext_view(x, 0, 1))), "copy": _d(ag.copy(x)),
        "shape": list(ag.shape_(x)), "shape_type": type(ag.shape_(x)).__name__,
    }


def case_gather_scatter():
    _settle()
    x = _x()
    idx = Tensor(np.array([[0, 2], [1, 0], [3, 3]], np.int64))
    upd = Tensor(np.array([[9.0, 8.0], [7.0, 6.0], [5.0, 4.0]], np.float32))
    mask = Tensor(np.array([[True, False, False, True]] * 3))
    return {
        "gather_nd": _d(ag.gather_nd_ext(x, Tensor(np.array([[0, 1], [2, 3]], np.int32)))),
        "scatter_elements": [_d(ag.tensor_scatter_elements(x, idx, upd, 1)),
                             _d(ag.tensor_scatter_elements(x, idx, upd, 1, "add")),
                             _d(ag.TensorScatterElements(1, "add")(x, idx, upd))],
        "masked_scatter": _d(ag.masked_scatter(x, mask, x * 10)),
    }


def case_creation():
    _settle()
    return {"tuple_to_tensor": [_d(ag.tuple_to_tensor((1.5, 2))), _d(ag.tuple_to_tensor((True, False))),
                                _d(ag.tuple_to_tensor((1, 2))), _d(ag.TupleToTensor()((1, 2), ms.int64))],
            "scalar_to_tensor": [_d(ag.scalar_to_tensor(2.5)), _d(ag.scalar_to_tensor(True)),
                                 _d(ag.scalar_to_tensor(3))],
            "addn": _d(ag.addn([_x(), _x(), _x()])), "AddN": _d(ag.AddN()((_x(), _x())))}


def case_correlate():
    _settle()
    a, v = Tensor([0.0, 1.0, 2.0]), Tensor([3.0, 4.0, 5.0])
    return [_d(ag.correlate(a, Tensor([1.0, 2.0, 3.0, 4.0]))), _d(ag.correlate(a, Tensor([1.0, 2.0]), "same")),
            _d(ag.correlate(a, Tensor([1.0, 2.0]), "full")), _d(ag.Correlate("full")(a, v)),
            _d(ag.correlate(Tensor(np.array([1, 2, 3], np.int32)), Tensor(np.array([1, 1], np.int32))))]


def case_inplace_copy():
    _settle()
    x = Tensor(np.zeros((2, 3), np.float32))
    p = Parameter(Tensor(np.zeros((2, 3), np.float32)), name="p")
    out = ag.inplace_copy(x, Tensor([1.0, 2.0, 3.0]))
    ag.inplace_copy(p, Tensor(np.ones((2, 3), np.float32)))
    return {"out": _d(out), "x": x.asnumpy(), "p": p.asnumpy()}


def case_copy_cast():
    _settle()
    x = _x()
    i = Tensor(np.array([1, 2], np.int32))
    return {
        "TensorCopySlices": _d(ag.TensorCopySlices()(x, Tensor(np.ones((1, 4), np.float32)), (1, 0), (2, 4), (1, 1))),
        "ToDtype": _d(ag.ToDtype()(x, ms.int32)), "ToOther": _d(ag.ToOther()(x, i)),
        "ToDevice": _d(ag.ToDevice()(x, None, ms.float16)),
        "same_objects": [ag.Parameter is ms.Parameter, ag.COOTensor is ms.COOTensor, ag.CSRTensor is ms.CSRTensor,
                         ag.Zero is ms.common.initializer.Zero],
    }


def case_op_instances():
    _settle()
    x = _x()
    return {"sum": _d(ag.sum_ext_op(x, 1)), "mean": _d(ag.mean_ext_op(x)), "add": _d(ag.add_ext_op(x, x, 2)),
            "flatten": _d(ag.flatten_ext_op(x[None])), "dropout_eval": _d(ag.func_dropout_ext_op(x, 0.5, False, False,
                                                                                               Tensor(0), Tensor(0))),
            "types": [type(ag.sum_ext_op).__name__, type(ag.gen_ops_prim.matmul_ext_op).__name__,
                      type(ag.gen_ops_def.argsort_op).__name__]}


def case_arg_helpers():
    _settle()

    def val(fn):
        try:
            out = fn()
        except Exception as e:  # noqa: BLE001 - the type is the result
            return type(e).__name__
        return [type(out).__name__, list(out) if isinstance(out, (tuple, list)) else out]

    h = [lambda: ag.to_pair("Op", "k", 3), lambda: ag.to_pair("Op", "k", 2.5), lambda: ag.to_pair("Op", "k", [3, 4]),
         lambda: ag.to_pair("Op", "k", "a"), lambda: ag.to_kernel_size("Op", "k", 3),
         lambda: ag.to_kernel_size("Op", "k", (1, 1, 2, 3)), lambda: ag.to_kernel_size("Op", "k", [2, 3]),
         lambda: ag.to_kernel_size("Op", "k", (1, 2, 3)), lambda: ag.to_kernel_size("Op", "k", 2.5),
         lambda: ag.to_strides("Op", "s", [1, 1, 2, 3]), lambda: ag.to_dilations("Op", "d", 2),
         lambda: ag.to_output_padding("Op", "o", (1, 2, 3, 4)), lambda: ag.to_rates("Op", "r", 2.0),
         lambda: ag.to_2d_paddings("Op", "p", 1), lambda: ag.to_2d_paddings("Op", "p", (1, 2, 3, 4)),
         lambda: ag.to_2d_paddings("Op", "p", "a"), lambda: ag.arg_invalid_info("Op", "a", 3),
         lambda: ag.is_floating_point_mstype(ms.float16), lambda: ag.is_floating_point_mstype(ms.bfloat16),
         lambda: ag.is_floating_point_mstype(ms.int32), lambda: ag.is_integral_mstype(ms.uint64),
         lambda: ag.is_integral_mstype(ms.bool_), lambda: ag.int_to_float(3), lambda: ag.scalar_to_tuple(2.5),
         lambda: ag.is_shape_unknown((2, -1)), lambda: ag.is_shape_unknown(()), lambda: ag.is_shape_unknown((-3,)),
         lambda: ag.TensorToScalar()(Tensor(2.5)), lambda: ag.TensorToScalar()(Tensor(np.array([3], np.int32))),
         lambda: ag.TupleToList()((1, 2)), lambda: ag.ListToTuple()([1, 2])]
    return [val(f) for f in h]


def case_infer_errors():
    """Argument checks MindSpore makes before choosing a kernel (so they hold on CPU for Ascend-only ops too)."""
    x = _x()
    return {
        "stack_shapes": _e(lambda: ag.stack_ext([x, x[0]])), "flatten_order": _e(lambda: flatten_ext(x, 1, 0)),
        "tril_1d": _e(lambda: ag.tril_ext(x[0])), "diag_3d": _e(lambda: ag.diag_ext(x[None])),
        "narrow_dim": _e(lambda: narrow(x, 5, 0, 1)), "sort_dim": _e(lambda: ag.sort_ext(x, 5)),
        "topk_k": _e(lambda: ag.topk_ext(x, 10)),
    }


def case_errors():
    x = _x()
    return {"narrow_exceeds": _e(lambda: narrow(x, 1, 3, 2)),
            "gather_nd_out_of_range": _e(lambda: ag.gather_nd_ext(x, Tensor(np.array([[0, 5]], np.int32)))),
            "masked_scatter_short": _e(lambda: ag.masked_scatter(x, Tensor(np.ones((3, 4), np.bool_)),
                                                                  Tensor([1.0, 2.0])))}


def case_sort_cpu_gap():
    _settle()
    x = Tensor(np.array([[3.0, 1.0, 2.0], [0.0, 5.0, 4.0]], np.float32))
    return [_d(ag.sort_ext(x)), _d(ag.sort_ext(x, 0, True)), _d(ag.argsort_ext(x, descending=True)),
            _d(ag.topk_ext(x, 2)), _d(ag.topk_ext(x, 1, 0, False)), _d(ag.SortExt()(x, stable=True)),
            _d(ag.ArgSort()(x)), _d(ag.TopkExt()(x, 2, 1, True, True))]


def case_array_cpu_gap():
    _settle()
    x, i = _x(), Tensor(np.array([2, 0], np.int64))
    return [_d(ag.stack_ext([x, x], 1)), _d(ag.StackExt(0)((x, x))), _d(ag.diag_ext(x[0])), _d(ag.diag_ext(x, 1)),
            _d(ag.tril_ext(x, -1)), _d(ag.index_select_ext(x, 1, i)), _d(ag.index(x, [i])),
            _d(ag.index_fill_scalar(x, 1, i, -1.0)), _d(ag.index_fill_tensor(x, 0, i, Tensor(7.0))),
            _d(ag.select_v2(x > 5, x, -x)), _d(ag.type_as(x, i)), _d(ag.clone(x)), _d(ag.DiagExt()(x[0])),
            _d(ag.TrilExt()(x)), _d(ag.IndexSelect()(x, 0, i)), _d(ag.Index()(x, [i])), _d(ag.InnerIndex()(x, [i])),
            _d(ag.IndexFillScalar()(x, 1, i, 0.5)), _d(ag.IndexFillTensor()(x, 1, i, Tensor(0.5))),
            _d(ag.IndexAddExt()(x, 0, i, x[:2], alpha=2)), _d(ag.Scatter()(x, 1, i.reshape(1, 2), x[:1, :2])),
            _d(ag.ScatterValue()(x, 1, i.reshape(1, 2), 3.0)), _d(ag.ScatterAddExt()(x, 1, i.reshape(1, 2), x)),
            _d(ag.SelectV2()(x > 5, x, x * 0)), _d(ag.Clone()(x)), _d(ag.Contiguous()(x)), _d(ag.Copy()(x)),
            _d(ag.ExpandAs()(x[0], x)), _d(ag.Repeat()(x, (1, 2))), _d(ag.RepeatInterleaveInt()(x, 2, 0)),
            _d(ag.RepeatInterleaveTensor()(x, Tensor([1, 2, 0]), 0)), _d(ag.Chunk()(x, 2, 1)),
            _d(ag.ChunkView()(x, 3)), _d(ag.SplitTensor()(x, 2, 1)), _d(ag.SplitWithSize()(x, (1, 3), 1)),
            _d(ag.SplitTensorView()(x, 1)), _d(ag.SplitWithSizeView()(x, [2, 1])), _d(ag.UnstackExtView()(x, 1)),
            _d(ag.Take()(x, i)), _d(ag.SliceExt()(x, 1, 0, 4, 2)), _d(ag.SliceExtView()(x, 0, 1, 3, 1))]


def case_views_prims():
    _settle()
    x = _x()
    c = Tensor(np.array([1 + 2j, 3 - 1j], np.complex64))
    return [_d(ag.View()(x, (2, 6))), _d(ag.ViewDtype()(x, ms.int32)), _d(ag.ViewAs()(x, x.T)),
            _d(ag.AsStrided()(x, (2,), (2,))), _d(ag.BroadcastToView()(x[:1], (2, 4))),
            _d(ag.ExpandDimsView()(x, 0)), _d(ag.DiagonalView()(x, 1)), _d(ag.Diagonal(0, 1, 0)(x)),
            _d(ag.SelectExtView()(x, 0, 1)), _d(ag.Narrow()(x, 0, 1, 2)), _d(ag.NarrowView()(x, 1, 1, 1)),
            _d(ag.RealView()(c)), _d(ag.ImagView()(c))]


def case_unique_nonzero_cpu_gap():
    _settle()
    v = Tensor(np.array([3, 1, 3, 0, 1], np.int32))
    m = Tensor(np.array([[1, 0], [0, 2]], np.int32))
    return [_d(ag.Unique2()(v, True, True, True)), _d(ag.UniqueDim()(m, True, True, 0)),
            _d(ag.NonZeroExt()(m)), _d(ag.InnerNonZero()(m))]


def case_creation_cpu_gap():
    _settle()
    x = _x()
    return [_d(ag.FillScalar()((2, 3), 2.5)), _d(ag.FillTensor()((2,), Tensor(3), ms.float32)),
            _d(ag.FullLike()(x, 7)), _d(ag.OnesLikeExt()(x, ms.int32)), _d(ag.ZerosLikeExt()(x)),
            list(ag.Empty()((2, 3)).shape), list(ag.EmptyLike()(x).shape), _d(ag.NewOnes()(x, (2,))),
            _d(ag.NewZeros()(x, (1, 2), ms.int64)), list(ag.NewEmpty()(x, (3,)).shape), _d(ag.NewFull()(x, (2,), 4.0)),
            _d(ag.Arange()(0, 5, 2)), _d(ag.Arange()(0.0, 1.0, 0.25)), _d(ag.LinSpaceExt()(0, 1, 5)),
            _d(ag.OneHotExt()(Tensor(np.array([1, 0], np.int64)), 2, Tensor(1), Tensor(0)))]


def case_inplace_cpu_gap():
    _settle()
    x = Tensor(np.linspace(-2, 2, 6, dtype=np.float32).reshape(2, 3))
    p = Parameter(Tensor(np.ones((2, 3), np.float32)), name="p")
    i = Tensor(np.array([1, 0], np.int64))
    outs = [ag.inplace_add_ext(x.copy(), x, alpha=2), ag.inplace_adds_ext(x.copy(), 1.5),
            ag.inplace_addr(x.copy(), Tensor([1.0, 2.0]), Tensor([1.0, 0.0, -1.0])),
            ag.inplace_clamp_scalar(x.copy(), -1, 1), ag.inplace_clamp_tensor(x.copy(), x * 0, None),
            ag.inplace_elu(x.copy()), ag.inplace_fill_scalar(x.copy(), 3),
            ag.inplace_fill_tensor(x.copy(), Tensor(2.0)), ag.inplace_hardtanh(x.copy(), -0.5, 0.5),
            ag.inplace_mul(x.copy(), x), ag.inplace_muls(x.copy(), 3), ag.inplace_sign(x.copy()),
            ag.inplace_silu(x.copy()), ag.inplace_threshold(x.copy(), 0.5, 9.0),
            ag.inplace_scatter_add(x.copy(), 1, Tensor(np.array([[0], [2]], np.int64)), x),
            ag.div_scalar_(x.copy(), 2), ag.div_tensor_(x.copy(), x + 3), ag.divmod_scalar_(x.copy(), 2, "floor"),
            ag.divmod_tensor_(x.copy(), x + 3, "trunc"), ag.fill_diagonal_(x.copy(), 9.0), ag.floor_(x.copy()),
            ag.index_put_(x.copy(), [i], Tensor([7.0]), True), ag.masked_fill_scalar_(x.copy(), x > 0, 1.0),
            ag.masked_fill_tensor_(x.copy(), x > 0, Tensor(2.0)), ag.sub_scalar_(x.copy(), 2),
            ag.sub_tensor_(x.copy(), x, alpha=0.5)]
    ag.inplace_mul(p, Tensor(np.full((2, 3), 2.0, np.float32)))
    return [_d(o) for o in outs] + [p.asnumpy()]


def case_inplace_prims_cpu_gap():
    _settle()
    x = Tensor(np.linspace(0.5, 2, 6, dtype=np.float32).reshape(2, 3))
    i = Tensor(np.array([1, 0], np.int64))
    j = Tensor(np.array([[0, 2]], np.int64))
    m = Tensor(np.array([[True, False, True], [False, True, False]]))
    calls = [("InplaceAddExt", (x, 2)), ("InplaceAddsExt", (1,)),
             ("InplaceAddmm", (Tensor(np.eye(2, dtype=np.float32)), x)),
             ("InplaceAddr", (Tensor([1.0, 2.0]), Tensor([1.0, 0.0, 1.0]))), ("InplaceClampScalar", (1, 1.5)),
             ("InplaceClampTensor", (None, x * 0 + 1)), ("InplaceCopy", (x * 2,)), ("InplaceDiv", (x,)),
             ("InplaceDivs", (2,)), ("InplaceDivMod", (x, "floor")), ("InplaceDivMods", (2, "trunc")),
             ("InplaceElu", ()), ("InplaceErfinv", ()), ("InplaceExp", ()), ("InplaceFillDiagonal", (0.0,)),
             ("InplaceFillScalar", (1,)), ("InplaceFillTensor", (Tensor(1.0),)), ("InplaceFloor", ()),
             ("InplaceFloorDivide", (x,)), ("InplaceFloorDivides", (2,)), ("InplaceHardtanh", ()),
             ("InplaceIndexAddExt", (0, i, x)), ("InplaceIndexCopy", (0, i, x)),
             ("InplaceIndexFillScalar", (1, i, 0.0)),
             ("InplaceIndexFillTensor", (1, i, Tensor(0.0))), ("InplaceIndexPut", ([i], Tensor([3.0]))),
             ("InplaceLog", ()), ("InplaceMaskedFillScalar", (m, 0.0)), ("InplaceMaskedFillTensor", (m, Tensor(1.0))),
             ("InplaceMaskedScatter", (m, x * 10)), ("InplaceMul", (x,)), ("InplaceMuls", (2,)),
             ("InplacePut", (i, Tensor([5.0, 6.0]))), ("InplaceReLU", ()), ("InplaceRemainderTensorScalar", (0.7,)),
             ("InplaceRemainderTensorTensor", (x * 0 + 0.7,)), ("InplaceScatterAdd", (1, j, x)),
             ("InplaceScatterSrc", (1, j, x)), ("InplaceScatterSrcReduce", (1, j, x, "add")),
             ("InplaceScatterValue", (1, j, 2.0)), ("InplaceScatterValueReduce", (1, j, 2.0, "multiply")),
             ("InplaceSiLU", ()), ("InplaceSigmoid", ()), ("InplaceSign", ()), ("InplaceSubExt", (x, 2)),
             ("InplaceSubScalar", (1,)), ("InplaceTanh", ()), ("InplaceThreshold", (1.0, 0.0)), ("InplaceZero", ())]
    return [_d(getattr(ag, n)()(x.copy() / 2, *a)) for n, a in calls]


def case_more_cpu_gap():
    _settle()
    x = _x()
    m = Tensor(np.array([[True, False, False, True]] * 3))
    p = Parameter(Tensor(np.zeros((3, 4), np.float32)), name="p")
    ag.InnerInplaceIndexPut()(p, [Tensor(np.array([0, 2], np.int64))], Tensor([5.0]), False)
    y = x * 2
    ag.inplace_stop_gradient(y)
    return [_d(ag.MaskedFillScalar()(x, m, -1.0)), _d(ag.InnerUnique()(Tensor(np.array([2, 0, 2, 1], np.int32)),
                                                                        True, True)), p.asnumpy(), _d(y)]
