"""Parity cases found by probing the r1.x primitives (`import mindspore.ops.operations as P`) against MindSpore
2.10: the `attrs` a primitive records (constructor arguments, input/output names, side-effect flags), argument
checks (which exception type), reductions' axis forms, Argmax/Softmax/MatMul checks, CumSum exclusive with inf,
array-primitive checks, integer/bool kernels, and zero gradients MindSpore gives labels/on-off values."""
import numpy as np

import mindspore as ms
from mindspore import Parameter, Tensor
from parity_ops_common import describe as _d, error_name as _err, error_type as _etype  # (parity loader)
from mindspore.ops import composite as C
from mindspore.ops import operations as P
from mindspore import nn

TOLERANCES = {
    "grads_zero_for_labels": {"rtol": 1e-4, "atol": 1e-5, "why": "softmax kernels differ in the last ulps"},
    "softmax_axis": {"rtol": 1e-4, "atol": 1e-5, "why": "softmax kernels differ in the last ulps"},
    "nn_arg_checks": {"rtol": 1e-4, "atol": 1e-5, "why": "normalisation/softmax kernels differ in the last ulps"},
}


def _x(*shape, seed=0):
    return Tensor(np.random.RandomState(seed).randn(*shape).astype(np.float32))


def _i(*values):
    return Tensor(np.array(values, np.int32))


def _attrs(op):
    """A primitive's attrs as [name, type name, value] rows (tuples and lists told apart)."""
    rows = []
    for key in sorted(op.attrs):
        value = op.attrs[key]
        if isinstance(value, (tuple, list)):
            rows.append([key, type(value).__name__, [list(v) if isinstance(v, (tuple, list)) else v for v in value]])
        elif isinstance(value, (bool, int, float, str)) or value is None:
            rows.append([key, type(value).__name__, value])
        else:
            rows.append([key, "other", None])
    return rows


def case_attrs_io_names():
    ops = {"Sub": P.Sub(), "Mod": P.Mod(), "Tan": P.Tan(), "AddN": P.AddN(), "Cast": P.Cast(), "Fill": P.Fill(),
           "IsNan": P.IsNan(), "SquaredDifference": P.SquaredDifference(), "TruncateDiv": P.TruncateDiv(),
           "Xdivy": P.Xdivy(), "SeLU": P.SeLU(), "Mish": P.Mish(), "Softplus": P.Softplus(),
           "TensorScatterUpdate": P.TensorScatterUpdate(), "UnsortedSegmentMax": P.UnsortedSegmentMax(),
           "BesselI0": P.BesselI0(), "BesselI0e": P.BesselI0e()}
    return {name: _attrs(op) for name, op in ops.items()}


def case_attrs_init_args():
    ops = {"ReduceSum": P.ReduceSum(True), "ReduceMean": P.ReduceMean(), "ReduceMax": P.ReduceMax(keep_dims=True),
           "ReduceAll": P.ReduceAll(), "MatMul": P.MatMul(True), "BatchMatMul": P.BatchMatMul(False, True),
           "ArgMaxWithValue": P.ArgMaxWithValue(1, True), "ArgMinWithValue": P.ArgMinWithValue(),
           "CumSum": P.CumSum(True, False), "Concat": P.Concat(1), "Stack": P.Stack(1), "Split": P.Split(1, 3),
           "Squeeze": P.Squeeze(2), "OneHot": P.OneHot(0), "TopK": P.TopK(), "Sort": P.Sort(0, True),
           "BroadcastTo": P.BroadcastTo((2, 3)), "Softmax": P.Softmax(1), "LogSoftmax": P.LogSoftmax(1),
           "L2Normalize": P.L2Normalize(1), "Pad": P.Pad(((1, 1), (0, 2))), "InplaceAdd": P.InplaceAdd((0, 2)),
           "ResizeNearestNeighbor": P.ResizeNearestNeighbor((4, 6)), "BatchNorm": P.BatchNorm(),
           "SparseSoftmaxCrossEntropyWithLogits": P.SparseSoftmaxCrossEntropyWithLogits(),
           "Elu": P.Elu(), "Range": P.Range(), "StridedSlice": P.StridedSlice(1, 2)}
    return {name: _attrs(op) for name, op in ops.items()}


def case_attrs_side_effects():
    ops = {"Assign": P.Assign(), "AssignAdd": P.AssignAdd(), "ApplyMomentum": P.ApplyMomentum(),
           "Dropout": P.Dropout(), "UniformReal": P.UniformReal(), "Print": P.Print(),
           "ScalarSummary": P.ScalarSummary()}
    out = {name: [row for row in _attrs(op) if row[0].startswith("side_effect")] for name, op in ops.items()}
    relu = P.ReLU()
    relu.init_prim_io_names(inputs=["a"], outputs=["b"])
    relu.add_prim_attr("primitive_target", "CPU")
    out["ReLU_custom"] = _attrs(relu)
    out["attributes"] = [P.ReduceSum(True).keep_dims, list(P.Softmax(1).axis), list(P.Squeeze(1).axis),
                         P.Concat(2).axis, P.LogSoftmax(1).axis, list(P.L2Normalize(1).axis)]
    return out


def case_reduce_axis_forms():
    x = _x(2, 3, 4)
    out = {}
    for name in ("ReduceSum", "ReduceMean", "ReduceMax", "ReduceMin", "ReduceProd", "ReduceAny"):
        op = getattr(P, name)()
        arg = x > 0 if name == "ReduceAny" else x
        out[name] = {"none": _err(lambda: op(arg, None)), "tensor_axis": _d(op(arg, Tensor(1))),
                     "neg": _d(op(arg, -2)), "list": _d(op(arg, [0, 2]))}
    out["ReduceAll_none"] = _d(P.ReduceAll()(x > 0, None))
    out["ReduceAll_tensor_axis"] = _d(P.ReduceAll(True)(x > 0, Tensor(1)))
    return out


def case_argmax_checks():
    x = _x(2, 3)
    return {
        "f32_out": _err(lambda: P.Argmax(output_type=ms.float32)(x)),
        "i64_out": _d(P.Argmax(output_type=ms.int64)(x)),
        "axis_none": _err(lambda: P.Argmin(None)(x)),
        "zero_d": _err(lambda: P.Argmax()(Tensor(1.0))),
        "bool": _err(lambda: P.Argmax()(Tensor([True, False]))),
        "with_value_bool": _err(lambda: P.ArgMaxWithValue(0)(Tensor([True, False]))),
        "with_value_axis": _err(lambda: P.ArgMinWithValue(5)(x)),
        "with_value_zero_d": _d(P.ArgMaxWithValue()(Tensor(1.0))),
        "with_value": _d(P.ArgMaxWithValue(-1, True)(x)),
    }


def case_softmax_axis():
    x = _x(2, 3, 4)
    return {
        "tuple_one": _d(P.Softmax((1,))(x)),
        "tuple_two": _err(lambda: P.Softmax((0, 1))(x)),
        "float_axis": _etype(lambda: P.Softmax(1.5)),
        "out_of_range": _err(lambda: P.Softmax(5)(x)),
        "zero_d": _err(lambda: P.Softmax()(Tensor(1.0))),
        "int_input": _err(lambda: P.Softmax()(_i(1, 2))),
        "log_tuple": _err(lambda: P.LogSoftmax((1,))(x)),
        "log_zero_d": _err(lambda: P.LogSoftmax()(Tensor(1.0))),
        "log_axis0": _d(P.LogSoftmax(0)(x)),
    }


def case_matmul_checks():
    a, b = _x(3, 4), _x(4, 5, seed=1)
    return {
        "three_d": _err(lambda: P.MatMul()(_x(2, 3, 4), b)),
        "one_d": _err(lambda: P.MatMul()(_x(4), b)),
        "inner": _err(lambda: P.MatMul()(a, a)),
        "dtypes": _err(lambda: P.MatMul()(a.astype(ms.float16), b)),
        "transposed": _d(P.MatMul(True, True)(Tensor(a.asnumpy().T), Tensor(b.asnumpy().T))),
        "batch_inner": _err(lambda: P.BatchMatMul()(_x(2, 3, 4), _x(2, 3, 5))),
        "batch_broadcast": _err(lambda: P.BatchMatMul()(_x(2, 3, 4), _x(1, 4, 5))),
    }


def case_cumsum_exclusive():
    c = Tensor(np.array([[1.0, np.inf, 2.0], [3.0, -1.0, 0.5]], np.float32))
    out = {f"{ex}_{rv}": _d(P.CumSum(ex, rv)(c, 1)) for ex in (False, True) for rv in (False, True)}
    out["axis0"] = _d(P.CumSum(True, True)(c, 0))
    out["tensor_axis"] = _d(P.CumSum(True)(c, Tensor(1)))
    out["int"] = _d(P.CumSum(True, True)(_i(1, 2, 3), 0))
    out["bool"] = _err(lambda: P.CumSum()(Tensor([True, True]), 0))
    out["bad_axis"] = _err(lambda: P.CumSum()(c, 2))
    return out


def case_shape_arg_checks():
    x = _x(2, 3)
    return {
        "transpose_tensor_perm": _err(lambda: P.Transpose()(x, Tensor([1, 0]))),
        "transpose_short": _err(lambda: P.Transpose()(x, (0,))),
        "reshape_two_infer": _err(lambda: P.Reshape()(x, (-1, -1))),
        "tile_list": _err(lambda: P.Tile()(x, [2, 2])),
        "tile_negative": _err(lambda: P.Tile()(x, (-1, 2))),
        "broadcast_lead_infer": _err(lambda: P.BroadcastTo((-1, 2, 3))(x)),
        "broadcast_infer": _d(P.BroadcastTo((2, -1, 3))(_x(1, 3))),
        "fill_list_shape": _err(lambda: P.Fill()(ms.float16, [2], 2)),
        "fill_negative": _err(lambda: P.Fill()(ms.float32, (-1,), 3.0)),
        "squeeze_float": _etype(lambda: P.Squeeze(1.0)),
        "slice_too_long": _err(lambda: P.Slice()(x, (0, 1), (2, 3))),
        "slice_negative_begin": _err(lambda: P.Slice()(x, (0, -1), (2, 1))),
        "slice_tensor_args": _d(P.Slice()(x, Tensor([0, 1]), Tensor([1, -1]))),
    }


def case_join_checks():
    x = _x(2, 3)
    return {
        "concat_f16_f32": _err(lambda: P.Concat()((x, x.astype(ms.float16)))),
        "concat_one_tensor": _err(lambda: P.Concat()(x)),
        "stack_mixed": _err(lambda: P.Stack()((x, _i(1, 2, 3, 4, 5, 6).reshape(2, 3)))),
        "stack_axis": _d(P.Stack(-1)([x, x])),
    }


def case_select_checks():
    idx = _i(1, 0, 2)
    v = Tensor(np.array([[3, 1, 2, 5], [4, 4, 0, 1]], np.float32))
    return {
        "onehot_mixed": _err(lambda: P.OneHot()(idx, 3, Tensor(1, ms.float16), Tensor(0, ms.float32))),
        "onehot_scalars": _err(lambda: P.OneHot()(idx, 3, 1.0, 0.0)),
        "onehot_float_indices": _err(lambda: P.OneHot()(Tensor([1.0]), 3, Tensor(1.0), Tensor(0.0))),
        "onehot_axis": _err(lambda: P.OneHot(2)(idx, 3, Tensor(1.0), Tensor(0.0))),
        "topk_zero": _err(lambda: P.TopK()(v, 0)),
        "topk_big": _err(lambda: P.TopK()(v, 5)),
        "topk_zero_d": _err(lambda: P.TopK()(Tensor(1.0), 1)),
        "topk_bool": _err(lambda: P.TopK()(Tensor([True, False]), 1)),
        "topk_tensor_k": _d(P.TopK()(v, Tensor(2))),
        "sort_bool": _err(lambda: P.Sort()(Tensor([True, False]))),
        "sort_axis": _err(lambda: P.Sort(2)(v)),
    }


def case_inspect_checks():
    arr = np.ones((2, 3), np.float32)
    return {
        "cast_numpy": _err(lambda: P.Cast()(arr, ms.float32)),
        "cast_tuple": _err(lambda: P.Cast()((1, 2), ms.float32)),
        "cast_scalar": _d(P.Cast()(1.5, ms.int32)),
        "shape_numpy": _etype(lambda: P.Shape()(arr)),
        "rank_numpy": _etype(lambda: P.Rank()(arr)),
        "size_numpy": _etype(lambda: P.Size()(arr)),
        "dtype_numpy": _etype(lambda: P.DType()(arr)),
    }


def case_range_checks():
    return {
        "maxlen_ignored": _d(P.Range(maxlen=3)(Tensor(0), Tensor(5), Tensor(1))),
        "mixed": _err(lambda: P.Range()(Tensor(0), Tensor(5.0), Tensor(2))),
        "wrong_sign": _err(lambda: P.Range()(Tensor(5), Tensor(0), Tensor(2))),
        "zero_delta": _err(lambda: P.Range()(Tensor(0), Tensor(5), Tensor(0))),
        "negative": _d(P.Range()(Tensor(5), Tensor(0), Tensor(-2))),
    }


def case_scatter_and_slice_checks():
    x = Tensor(np.arange(12, dtype=np.float32).reshape(3, 4))
    y = Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4))
    return {
        "scatter_nd_list_shape": _err(lambda: P.ScatterNd()(_i(1).reshape(1, 1), Tensor([1.0]), [3])),
        "scatter_nd_tensor_shape": _err(lambda: P.ScatterNd()(_i(1).reshape(1, 1), Tensor([1.0]), Tensor([3]))),
        "tensor_scatter_update_dtype": _err(lambda: P.TensorScatterUpdate()(x, _i(0, 0).reshape(1, 2), _i(9))),
        "strided_empty": _d(P.StridedSlice()(y, (1, 0, 0), (1, 3, 4), (1, 1, 1))),
        "strided_lengths": _err(lambda: P.StridedSlice()(y, (0, 0), (2, 3, 4), (1, 1, 1))),
        "strided_zero_stride": _err(lambda: P.StridedSlice()(y, (0, 0, 0), (2, 3, 4), (1, 0, 1))),
        "strided_masks": _d(P.StridedSlice(begin_mask=1, end_mask=2, shrink_axis_mask=4)(y, (1, 1, 2), (2, 2, 3),
                                                                                        (1, 1, 1))),
    }


def case_assign_shapes():
    pa = Parameter(Tensor(np.ones(3, np.float32)), name="pa")
    out = {"assign_add_broadcast": _err(lambda: P.AssignAdd()(pa, Tensor([1.0]))),
           "assign_shape": _err(lambda: P.Assign()(pa, Tensor([1.0, 2.0])))}
    P.AssignAdd()(pa, Tensor([1.0, 2.0, 3.0]))
    P.AssignSub()(pa, Tensor([0.5, 0.5, 0.5]))
    out["after"] = _d(pa)
    return out


def case_nn_arg_checks():
    x = _x(3, 4)
    lg, lb = _x(3, 4, seed=1), P.Softmax()(_x(3, 4, seed=2))
    return {
        "l2n_int": _err(lambda: P.L2Normalize(-1)(_i(1, 2, 3, 4).reshape(2, 2))),
        "l2n_two_axes": _etype(lambda: P.L2Normalize((0, 1))),
        "l2n_float_axis": _etype(lambda: P.L2Normalize(1.0)),
        "l2n_tuple_axis": _d(P.L2Normalize((1,))(x)),
        "pad_list": _etype(lambda: P.Pad([[1, 1], [0, 2]])),
        "pad_negative": _err(lambda: P.Pad(((-1, 1), (0, 2)))(x)),
        "pad_rank": _err(lambda: P.Pad(((1, 1),))(x)),
        "mirror_mode": _etype(lambda: P.MirrorPad("CONSTANT")),
        "mirror_too_big": _err(lambda: P.MirrorPad()(x, Tensor(np.array([[3, 3], [0, 0]], np.int32)))),
        "mirror_symmetric": _d(P.MirrorPad("SYMMETRIC")(x, Tensor(np.array([[1, 1], [2, 2]], np.int32)))),
        "resize_nn_3d": _err(lambda: P.ResizeNearestNeighbor((4, 6))(_x(1, 2, 3))),
        "bias_add_1d": _err(lambda: P.BiasAdd()(Tensor([1.0, 2.0]), Tensor([1.0, 2.0]))),
        "bias_add_dtypes": _err(lambda: P.BiasAdd()(_x(2, 2), Tensor(np.ones(2, np.float16)))),
        "sce_3d": _err(lambda: P.SoftmaxCrossEntropyWithLogits()(_x(2, 3, 4), _x(2, 3, 4))),
        "sce_dtypes": _err(lambda: P.SoftmaxCrossEntropyWithLogits()(lg, lb.astype(ms.float16))),
        "ssce_float_labels": _err(lambda: P.SparseSoftmaxCrossEntropyWithLogits()(lg, Tensor([0.0, 1.0, 1.0]))),
        "ssce_negative": _err(lambda: P.SparseSoftmaxCrossEntropyWithLogits()(lg, _i(0, -1, 1))),
        "ssce_3d": _d(P.SparseSoftmaxCrossEntropyWithLogits()(_x(2, 3, 4), Tensor(np.zeros((2, 3), np.int32)))),
    }


def case_unary_tensor_only():
    arr = np.array([1.0, 2.0], np.float32)
    out = {}
    for name in ("Exp", "Log", "Sqrt", "Rsqrt", "Square", "Abs", "Neg", "Floor", "Ceil", "Round", "Sign", "IsNan",
                 "IsInf", "IsFinite", "Reciprocal", "Sigmoid", "Tanh", "ReLU", "Erf", "Sin", "Cos", "ZerosLike",
                 "OnesLike", "LogicalNot", "Softsign", "HSwish", "Mish", "Trunc"):
        op = getattr(P, name)()
        out[name] = [_etype(lambda: op(arr)), _etype(lambda: op(1.5))]
    return out


def case_int_bool_kernels():
    return {
        "relu_bool": _d(P.ReLU()(Tensor([True, False]))),
        "relu6_f64": _err(lambda: P.ReLU6()(Tensor(np.array([-1.0, 7.0])))),
        "relu6_int": _err(lambda: P.ReLU6()(_i(-1, 7))),
        "hswish_int": _d(P.HSwish()(_i(-1, 2, 5))),
        "hsigmoid_int": _d(P.HSigmoid()(_i(-1, 2, 5))),
        "softsign_int": _err(lambda: P.Softsign()(_i(1, 2))),
        "add_bool": _err(lambda: P.Add()(Tensor([True, False]), Tensor([True, True]))),
        "add_bool_int": _d(P.Add()(Tensor([True, False]), Tensor([1, 2]))),
        "xdivy_int": _err(lambda: P.Xdivy()(_i(1, 2), _i(1, 2))),
        "xdivy_bool": _err(lambda: P.Xdivy()(Tensor([True, False]), Tensor([True, True]))),
    }


class _Net(nn.Cell):
    def __init__(self, op, kind):
        super().__init__()
        self.op, self.kind = op, kind
        self.indices = Tensor(np.array([0, 2], np.int32))

    def construct(self, a, b):
        if self.kind == "sce":
            return self.op(a, b)[0]
        return self.op(self.indices, 3, a, b)


def case_grads_zero_for_labels():
    grad = C.GradOperation(get_all=True, sens_param=True)
    logits, labels = _x(2, 3), P.Softmax()(_x(2, 3, seed=1))
    sce = grad(_Net(P.SoftmaxCrossEntropyWithLogits(), "sce"))(logits, labels, Tensor([1.0, -2.0]))
    onehot = grad(_Net(P.OneHot(), "onehot"))(Tensor(2.0), Tensor(0.5), _x(2, 3, seed=2))
    return {"sce": _d(sce), "onehot": _d(onehot)}


def case_misc_checks():
    x = _x(2, 3)
    return {
        "flatten_1d": _d(P.Flatten()(_x(3))),
        "flatten_0d": _err(lambda: P.Flatten()(Tensor(1.0))),
        "flatten_3d": _d(P.Flatten()(_x(2, 1, 2))),
        "linspace_int": _err(lambda: P.LinSpace()(Tensor(0), Tensor(4), 5)),
        "linspace": _d(P.LinSpace()(Tensor(0.0), Tensor(1.0), 5)),
        "addn_shapes": _err(lambda: P.AddN()((x, _x(3)))),
        "addn_one_tensor": _err(lambda: P.AddN()(x)),
        "addn_list": _d(P.AddN()([x, x])),
        "names": [P.Unpack().name, P.TensorAdd().name, P.Unstack().name, P.Add().name],
        "unpack_attrs": _attrs(P.Unpack()),
        "unpack": _d(P.Unpack(1)(x)),
    }


def case_binary_kernels():
    x = Tensor(np.array([[-1.0, -0.5, 0.0], [1.0, 1.5, 2.0]], np.float32))
    y = Tensor(np.array([1.0, 0.5, 2.0], np.float32))
    xi = Tensor(np.array([[-2, -1, 0], [1, 2, 3]], np.int32))
    b1, b2 = Tensor([True, False]), Tensor([True, True])
    return {
        "floor_mod_signed_zero": _d(P.FloorMod()(x, y)),
        "mod_signed_zero": _d(P.Mod()(x, y)),
        "floor_div_bool": _d(P.FloorDiv()(b1, b2)),
        "sub_bool": _err(lambda: P.Sub()(b1, b2)),
        "squared_difference_bool": _err(lambda: P.SquaredDifference()(b1, b2)),
        "xdivy_int_float": _d(P.Xdivy()(xi, y)),
        "xdivy_int_scalar": _d(P.Xdivy()(xi, 2.5)),
        "xlogy_scalar": _err(lambda: P.Xlogy()(x, 2)),
        "selu_int": _d(P.SeLU()(xi)),
        "log_attrs": _attrs(P.Log()),
        "segment_sum_attrs": _attrs(P.SegmentSum()),
    }


def case_ref_scatter_and_segments():
    def var():
        return Parameter(Tensor(np.arange(6, dtype=np.float32).reshape(3, 2)), name="v")

    out = {}
    for name in ("ScatterUpdate", "ScatterAdd"):
        v = var()
        getattr(P, name)()(v, _i(0), Tensor(np.full((1, 2), 2, np.int32)))
        out[name + "_int_updates"] = _d(v)
    out["uss_float_ids"] = _err(lambda: P.UnsortedSegmentSum()(Tensor([1.0, 2.0]), Tensor([0.0, 1.0]), 2))
    out["uss_bool"] = _err(lambda: P.UnsortedSegmentSum()(Tensor([True, True]), _i(0, 0), 1))
    out["uss_shape"] = _err(lambda: P.UnsortedSegmentSum()(Tensor([1.0, 2.0]), _i(0, 1, 1), 2))
    out["uss_int64_ids"] = _d(P.UnsortedSegmentSum()(Tensor([1.0, 2.0]), Tensor(np.array([1, 1], np.int64)), 2))
    out["depth_to_space_attrs"] = _attrs(P.DepthToSpace(2))
    return out


def case_conv_pool_attrs():
    return {
        "conv2d": _attrs(P.Conv2D(3, 3)),
        "conv2d_stride": _attrs(P.Conv2D(2, (3, 2), stride=2, dilation=(1, 2), pad_mode="pad", pad=1)),
        "maxpool": _attrs(P.MaxPool(2, 2, "same")),
        "maxpool_default": _attrs(P.MaxPool()),
        "avgpool": _attrs(P.AvgPool(2, 2, "same")),
        "avgpool_default": _attrs(P.AvgPool()),
        "attributes": [list(P.Conv2D(3, (3, 2), stride=2).kernel_size), list(P.MaxPool(2, 1).kernel_size)],
    }


def case_primitive_reprs():
    """repr shows MindSpore's attributes (all but the io names) in the order its constructor sets them."""
    prims = (P.ReduceSum(True), P.Sub(), P.Softmax(), P.Conv2D(4, 3), P.Assign(), P.MatMul(transpose_b=True),
             P.Cast(), P.Dropout(0.5), P.ReduceMean(), P.Concat(1), P.Split(1, 2), P.OneHot(), P.TopK(sorted=True),
             P.CumSum(True), P.LayerNorm(), P.MaxPool(2, 2), P.AvgPool(3, 1, "same"), P.StridedSlice(1), P.Squeeze(0),
             P.L2Normalize(), P.SparseSoftmaxCrossEntropyWithLogits(), P.Depend(), P.Partial())
    return {type(p).__name__: repr(p) for p in prims}
