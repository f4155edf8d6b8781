"""Parity cases for the core r1.x array, nn and composite primitives (`from mindspore.ops import operations as P`):
Cast, Concat/Stack/Split, shape ops, Gather/GatherD, Select/MaskedFill, Sort/TopK, Assign*, Conv2D, pooling,
activations, SparseSoftmaxCrossEntropyWithLogits, Depend/Partial/HyperMap/Map and summaries."""
import numpy as np

import mindspore as ms
from mindspore import Parameter, Tensor, ops
from parity_ops_common import describe as _d, error_name as _err, outcome as _try  # (parity loader)
from mindspore.ops import operations as P

TOLERANCES = {
    "conv2d_attrs": {"rtol": 1e-4, "atol": 1e-5, "why": "convolution summation order"},
    "nn_dtypes": {"rtol": 1e-3, "atol": 1e-3, "why": "float16 convolution accumulates in a different order"},
    "nn_grads": {"rtol": 1e-4, "atol": 1e-5, "why": "convolution/transcendental summation order"},
    "activations": {"rtol": 1e-4, "atol": 1e-5, "why": "transcendental kernels differ in the last ulps"},
}

_ALL = ("float16", "float32", "float64", "int8", "int16", "int32", "int64", "uint8", "bool")


def _u(seed, shape, low=-1.0, high=1.0):
    return Tensor(np.random.RandomState(seed).uniform(low, high, shape).astype(np.float32))


def _ms(dtype):
    return ms.bool_ if dtype == "bool" else getattr(ms, dtype)


def _a(dtype, shape=(2, 3)):
    return Tensor((np.arange(int(np.prod(shape))).reshape(shape) % 3).astype(dtype))


def case_cast_dtypes():
    src = Tensor(np.array([-1.7, 0.0, 0.4, 2.6, 300.0], np.float32))
    out = {dt: _d(P.Cast()(src, _ms(dt))) for dt in ("float16", "float64", "int32", "int64", "bool")}
    ints = Tensor(np.array([0, 1, 2, 200], np.int32))
    out.update({"i_" + dt: _d(P.Cast()(ints, _ms(dt))) for dt in _ALL})
    out["from_bool"] = [_d(P.Cast()(Tensor(np.array([True, False])), _ms(dt))) for dt in ("float32", "int8", "uint8")]
    out["same"] = _d(P.Cast()(src, ms.float32))
    out["grad"] = ops.grad(lambda t: (P.Cast()(t, ms.float64) * 2).sum())(src).asnumpy()
    return out


def case_concat_stack_split():
    out = {}
    for dt in _ALL:
        a, b = _a(dt, (2, 3)), _a(dt, (2, 1))
        out[dt] = [_d(P.Concat(1)((a, b))), _d(P.Stack()([a, a])), _d(P.Split(1, 3)(a))]
    x = Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4))
    out["concat_axes"] = [_d(P.Concat()((x, x))), _d(P.Concat(-1)([x, x[:, :, :1]])), _d(P.Concat(axis=1)((x, x)))]
    out["stack_axes"] = [_d(P.Stack(-1)((x, x))), _d(P.Stack(axis=1)((x, x, x)))]
    out["split"] = [_d(P.Split()(x)), _d(P.Split(2, 2)(x)), _d(P.Split(-1, 4)(x)), _d(P.Split(axis=0, output_num=2)(x))]
    return out


def case_concat_split_grads():
    x, y = _u(1, (2, 3)), _u(2, (2, 2))
    w = _u(3, (2, 5))
    return {
        "Concat": [g.asnumpy() for g in ops.grad(lambda a, b: (P.Concat(1)((a, b)) * w).sum(), (0, 1))(x, y)],
        "Stack": ops.grad(lambda a: (P.Stack(1)((a, a * 2)) * 3).sum())(x).asnumpy(),
        "Split": ops.grad(lambda a: (P.Split(1, 3)(a)[1] * 5).sum())(x).asnumpy(),
    }


def case_shape_ops():
    x = Tensor(np.arange(6, dtype=np.float32).reshape(1, 2, 1, 3))
    out = {
        "Squeeze": [_d(P.Squeeze()(x)), _d(P.Squeeze(0)(x)), _d(P.Squeeze((0, 2))(x)), _d(P.Squeeze(-2)(x))],
        "ExpandDims": [_d(P.ExpandDims()(x, 0)), _d(P.ExpandDims()(x, -1)), _d(P.ExpandDims()(x, 2))],
        "Reshape": [_d(P.Reshape()(x, (3, 2))), _d(P.Reshape()(x, (-1,))), _d(P.Reshape()(x, (2, -1, 1)))],
        "Transpose": [_d(P.Transpose()(x, (3, 2, 1, 0))), _d(P.Transpose()(x, (0, 1, 3, 2)))],
        "Tile": [_d(P.Tile()(x, (1, 1, 2, 1))), _d(P.Tile()(x[0, :, 0], (2, 3))), _d(P.Tile()(x[0, :, 0], (2,)))],
        "BroadcastTo": [_d(P.BroadcastTo((2, 2, 3))(x[0, :, 0, :1])), _d(P.BroadcastTo((-1, 3, 4))(Tensor(np.ones((2, 1, 1), np.int32))))],
        "Rank": P.Rank()(x), "Size": P.Size()(x),
    }
    for dt in _ALL:
        t = _a(dt, (2, 3))
        out[dt] = [_d(P.Transpose()(t, (1, 0))), _d(P.Reshape()(t, (3, 2))), _d(P.Tile()(t, (1, 2))),
                   _d(P.ExpandDims()(t, 1)), _d(P.BroadcastTo((2, 2, 3))(t)), _d(P.Squeeze()(P.ExpandDims()(t, 0)))]
    return out


def case_shape_grads():
    x = _u(4, (2, 3))
    w = _u(5, (4, 3))
    return {
        "Tile": ops.grad(lambda a: (P.Tile()(a, (2, 1)) * w).sum())(x).asnumpy(),
        "BroadcastTo": ops.grad(lambda a: (P.BroadcastTo((4, 3))(a[:1]) * w).sum())(x).asnumpy(),
        "Transpose": ops.grad(lambda a: (P.Transpose()(a, (1, 0)) * w[:3, :2]).sum())(x).asnumpy(),
        "Reshape_ExpandDims_Squeeze": ops.grad(lambda a: (P.Squeeze(0)(P.ExpandDims()(P.Reshape()(a, (3, 2)), 0)) * w[:3, :2]).sum())(x).asnumpy(),
    }


def case_fill_like():
    x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    out = {"Zeros": [_d(P.Zeros()((2, 3), ms.float32)), _d(P.Zeros()(3, ms.int32))],
           "Ones": [_d(P.Ones()((2, 2), ms.float16)), _d(P.Ones()(2, ms.int64)), _d(P.Ones()((1, 2), ms.bool_))]}
    for dt in _ALL:
        t = _a(dt)
        out[dt] = [_d(P.ZerosLike()(t)), _d(P.OnesLike()(t))]
    out["ScalarCast"] = [P.ScalarCast()(2.7, ms.int64), P.ScalarCast()(3, ms.float64), P.ScalarCast()(0, ms.bool_),
                         P.ScalarCast()(-2.7, ms.int64), P.ScalarCast()(True, ms.float64)]
    out["ScalarCast_int32"] = _try(lambda: P.ScalarCast()(2.7, ms.int32))
    out["StopGradient"] = [_d(P.StopGradient()(x)),
                           ops.grad(lambda a: (a * P.StopGradient()(a)).sum())(x).asnumpy()]
    return out


def case_gather_family():
    x = Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4))
    idx = Tensor(np.array([2, 0, 2], np.int32))
    out = {"Gather": [_d(P.Gather()(x, idx, 1)), _d(P.Gather()(x, idx, -1)), _d(P.Gather()(x, Tensor(np.array([[1], [0]], np.int64)), 0)),
                      _d(P.Gather()(x, idx[0], 2))],
           "GatherD": [_d(P.GatherD()(x, 2, Tensor(np.array([[[0, 3], [1, 1], [2, 0]]] * 2, np.int32)))),
                       _d(P.GatherD()(x, 0, Tensor(np.zeros((1, 3, 4), np.int64))))]}
    for dt in _ALL:
        t = _a(dt, (3, 4))
        out[dt] = [_try(lambda t=t: P.Gather()(t, idx, 0)),
                   _try(lambda t=t: P.GatherD()(t, 1, Tensor(np.array([[3, 0], [1, 1], [2, 2]], np.int32))))]
    out["Gather_grad"] = ops.grad(lambda a: (P.Gather()(a, idx, 1) * 3).sum())(x).asnumpy()
    out["GatherD_grad"] = ops.grad(lambda a: P.GatherD()(a, 2, Tensor(np.array([[[0, 0]] * 3] * 2, np.int32))).sum())(x).asnumpy()
    return out


def case_gather_batch_dims():
    x = Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4))
    return [_d(P.Gather(1)(x, Tensor(np.array([[1, 0], [2, 2]], np.int32)), 1)),
            _d(P.Gather(batch_dims=1)(x, Tensor(np.array([[3], [0]], np.int32)), 2))]


def case_select_masked_fill():
    c = Tensor(np.array([[True, False, True], [False, True, False]]))
    x, y = _u(6, (2, 3)), _u(7, (2, 3))
    out = {"Select": _d(P.Select()(c, x, y)),
           "MaskedFill": [_d(P.MaskedFill()(x, c, Tensor(9.0, ms.float32))),
                          _d(P.MaskedFill()(x, Tensor(np.array([True, False, False])), Tensor(-1.0, ms.float32)))]}
    for dt in _ALL:
        a, b = _a(dt), Tensor(np.zeros((2, 3), dt))
        out[dt] = [_try(lambda a=a, b=b: P.Select()(c, a, b)),
                   _try(lambda a=a, dt=dt: P.MaskedFill()(a, c, Tensor(np.array(1, dt))))]
    out["Select_grad"] = [g.asnumpy() for g in ops.grad(lambda a, b: (P.Select()(c, a, b) * 2).sum(), (0, 1))(x, y)]
    out["MaskedFill_grad"] = ops.grad(lambda a: P.MaskedFill()(a, c, Tensor(0.0, ms.float32)).sum())(x).asnumpy()
    return out


def case_sort_topk():
    x = Tensor(np.array([[3.0, 1.0, 4.0, 1.5], [9.0, 2.0, 6.0, 5.0]], np.float32))
    out = {"Sort": [_d(P.Sort()(x)), _d(P.Sort(0)(x)), _d(P.Sort(-1, True)(x)), _d(P.Sort(axis=1, descending=True)(x))],
           "TopK": [_d(P.TopK()(x, 2)), _d(P.TopK(True)(x, 4)), _d(P.TopK(sorted=True)(x[0], 1))]}
    for dt in ("float16", "float64", "int8", "int16", "int32", "int64", "uint8"):
        t = Tensor(np.array([[3, 1, 4, 0], [9, 2, 6, 5]], dt))
        out[dt] = [_try(lambda t=t: P.Sort()(t)), _try(lambda t=t: P.TopK()(t, 2))]
    out["TopK_grad"] = ops.grad(lambda a: (P.TopK()(a, 2)[0] * 2).sum())(x).asnumpy()
    out["Sort_grad"] = ops.grad(lambda a: (P.Sort()(a)[0] * Tensor(np.arange(4, dtype=np.float32))).sum())(x).asnumpy()
    return out


def case_assign_family():
    p = Parameter(Tensor(np.ones((2, 2), np.float32)), name="p")
    q = Parameter(Tensor(np.array([1, 2], np.int32)), name="q")
    # each output is copied at once: MindSpore's outputs alias the Parameter for some of these and not others
    def _c(t):
        return {"dtype": str(t.dtype), "shape": list(t.shape), "value": t.asnumpy().copy()}

    r1 = _c(P.Assign()(p, Tensor(np.full((2, 2), 3.0, np.float32))))
    v1 = p.asnumpy().copy()
    r2 = _c(P.AssignAdd()(p, Tensor(np.full((2, 2), 0.5, np.float32))))
    v2 = p.asnumpy().copy()
    r3 = _c(P.AssignSub()(p, Tensor(np.array([[1.0, 2.0], [3.0, 4.0]], np.float32))))
    r4 = _c(P.AssignAdd()(q, Tensor(np.array([5, 5], np.int32))))
    return {"outs": [r1, r2, r3, r4], "values": [v1, v2, p.asnumpy(), q.asnumpy()]}


def case_conv2d_attrs():
    x, w = _u(8, (1, 4, 7, 7)), _u(9, (6, 4, 3, 3))
    wg = _u(10, (6, 2, 3, 3))
    return {
        "valid": _d(P.Conv2D(6, 3)(x, w)), "same": _d(P.Conv2D(6, 3, pad_mode="same")(x, w)),
        "pad": _d(P.Conv2D(6, (3, 3), pad_mode="pad", pad=1)(x, w)),
        "pad4": _d(P.Conv2D(6, 3, pad_mode="pad", pad=(1, 0, 2, 1))(x, w)),
        "stride": _d(P.Conv2D(6, 3, stride=2)(x, w)), "stride4": _d(P.Conv2D(6, 3, stride=(1, 1, 2, 1))(x, w)),
        "dilation": _d(P.Conv2D(6, 3, dilation=2)(x, w)),
        "same_stride": _d(P.Conv2D(6, 3, pad_mode="same", stride=2)(x, w)),
        "group": _d(P.Conv2D(6, 3, group=2)(x, wg)),
        "f16": _d(P.Conv2D(6, 3)(x.astype(ms.float16), w.astype(ms.float16))),
    }


def case_pool_attrs():
    x = _u(11, (1, 2, 5, 6))
    return {
        "MaxPool": [_d(P.MaxPool()(x)), _d(P.MaxPool(2, 2)(x)), _d(P.MaxPool(3, 2, "same")(x)),
                    _d(P.MaxPool((2, 3), (1, 2), "VALID")(x))],
        "AvgPool": [_d(P.AvgPool()(x)), _d(P.AvgPool(2, 2)(x)), _d(P.AvgPool(3, 2, "same")(x)),
                    _d(P.AvgPool((2, 3), (1, 2), "valid")(x)), _d(P.AvgPool(kernel_size=2, strides=1, pad_mode="SAME")(x))],
        "f16": [_d(P.MaxPool(2, 2)(x.astype(ms.float16))), _d(P.AvgPool(2, 2)(x.astype(ms.float16)))],
    }


def case_activations():
    x = _u(12, (2, 3, 4), -3.0, 3.0)
    out = {"Elu": [_d(P.Elu()(x)), _d(P.Elu(1.0)(x))], "GeLU": _d(P.GeLU()(x)), "FastGeLU": _d(P.FastGeLU()(x)),
           "Softplus": _d(P.Softplus()(x)), "BiasAdd": [_d(P.BiasAdd()(x, _u(13, (3,)))),
                                                        _d(P.BiasAdd()(x[0], _u(13, (4,)))),
                                                        _d(P.BiasAdd("NHWC")(x, _u(13, (4,))))]}
    for dt in ("float64",):
        t = x.astype(_ms(dt))
        out[dt] = {n: _try(lambda n=n: getattr(P, n)()(t)) for n in ("Elu", "GeLU", "FastGeLU", "Softplus")}
        out[dt]["BiasAdd"] = _try(lambda t=t, dt=dt: P.BiasAdd()(t, Tensor(np.ones(3, dt))))
    out["int"] = {n: _try(lambda n=n: getattr(P, n)()(Tensor(np.array([1, -2], np.int32)))) for n in ("Elu", "GeLU", "Softplus")}
    return out


def case_activations_f16():
    t = _u(12, (2, 3, 4), -3.0, 3.0).astype(ms.float16)
    out = {n: _try(lambda n=n: getattr(P, n)()(t)) for n in ("Elu", "GeLU", "FastGeLU", "Softplus")}
    out["BiasAdd"] = _try(lambda: P.BiasAdd()(t, Tensor(np.ones(3, np.float16))))
    return out


def case_nn_dtypes():
    x, w = _u(23, (1, 2, 4, 4)), _u(24, (2, 2, 3, 3))
    out = {}
    for dt in ("float16", "float64", "int32", "uint8"):
        a, b = x.astype(_ms(dt)), w.astype(_ms(dt))
        out[dt] = {"Conv2D": _try(lambda a=a, b=b: P.Conv2D(2, 3)(a, b)), "MaxPool": _try(lambda a=a: P.MaxPool(2, 2)(a)),
                   "AvgPool": _try(lambda a=a: P.AvgPool(2, 2)(a)),
                   "BiasAdd": _try(lambda a=a, dt=dt: P.BiasAdd()(a, Tensor(np.ones(2, dt)))),
                   "SparseCE": _try(lambda a=a: P.SparseSoftmaxCrossEntropyWithLogits()(a[0, 0], Tensor(np.array([0, 1, 2, 3], np.int32))))}
    return out


def case_sparse_softmax_ce():
    logits = _u(14, (3, 5), -2.0, 2.0)
    labels = Tensor(np.array([0, 4, 2], np.int32))
    return {
        "loss": _d(P.SparseSoftmaxCrossEntropyWithLogits()(logits, labels)),
        "is_grad": _d(P.SparseSoftmaxCrossEntropyWithLogits(True)(logits, labels)),
        "int64": _d(P.SparseSoftmaxCrossEntropyWithLogits()(logits, Tensor(np.array([1, 1, 3], np.int64)))),
        "grad": ops.grad(lambda t: P.SparseSoftmaxCrossEntropyWithLogits()(t, labels))(logits).asnumpy(),
    }


def case_nn_grads():
    x, w = _u(15, (1, 2, 5, 5)), _u(16, (3, 2, 3, 3))
    return {
        "Conv2D": [g.asnumpy() for g in ops.grad(lambda a, b: P.Conv2D(3, 3, pad_mode="same")(a, b).sum(), (0, 1))(x, w)],
        "MaxPool": ops.grad(lambda a: P.MaxPool(2, 2)(a).sum())(x).asnumpy(),
        "AvgPool": ops.grad(lambda a: P.AvgPool(3, 2, "same")(a).sum())(x).asnumpy(),
        "Elu": ops.grad(lambda a: P.Elu()(a).sum())(x).asnumpy(),
        "GeLU": ops.grad(lambda a: P.GeLU()(a).sum())(x).asnumpy(),
        "FastGeLU": ops.grad(lambda a: P.FastGeLU()(a).sum())(x).asnumpy(),
        "Softplus": ops.grad(lambda a: P.Softplus()(a).sum())(x).asnumpy(),
        "BiasAdd": ops.grad(lambda b: (P.BiasAdd()(x, b) * x).sum())(_u(17, (2,))).asnumpy(),
    }


def case_composite():
    x, y = Tensor(np.array([1.0, 2.0], np.float32)), Tensor(np.array([3.0, 4.0], np.float32))
    add = P.Partial()(ops.add, x)
    hm = ops.HyperMap()
    mp = ops.Map()
    add_mt = ops.MultitypeFuncGraph("add_mt")

    @add_mt.register("Tensor", "Tensor")
    def _add_tensors(a, b):
        return a + b * 2

    return {
        "Depend": _d(P.Depend()(x, y)),
        "Partial": _d(add(y)),
        "HyperMap": _d(hm(ops.mul, (x, y), (y, x))),
        "HyperMap_fn": _d(ops.HyperMap(add_mt)((x, y), (x, x))),
        "HyperMap_prim": _d(hm(P.Mul(), (x, y), (y, x))),
        "Map": _d(mp(ops.square, (x, y))),
        "Map_fn": _d(ops.Map(add_mt)((x, y), (y, y))),
        "Map_prim": _d(mp(P.Square(), (x, y))),
        "Summaries": [P.ScalarSummary()("s", Tensor(1.0)) is None, P.TensorSummary()("t", x) is None,
                      P.HistogramSummary()("h", x) is None,
                      P.ImageSummary()("i", Tensor(np.zeros((1, 3, 2, 2), np.float32))) is None],
    }


def case_print():
    return _d(P.Print()("value", Tensor(np.array([1, 2], np.int32))))


def case_array_errors():
    x = _u(18, (2, 3))
    return {
        "Concat_shape": _err(lambda: P.Concat(0)((x, _u(19, (2, 2))))),
        "Concat_dtype": _err(lambda: P.Concat(0)((x, Tensor(np.ones((2, 3), np.int32))))),
        "Stack_shape": _err(lambda: P.Stack()((x, _u(19, (3, 2))))),
        "Split_uneven": _err(lambda: P.Split(1, 2)(x)),
        "Reshape_bad": _err(lambda: P.Reshape()(x, (4, 2))),
        "Transpose_perm": _err(lambda: P.Transpose()(x, (0, 0))),
        "Squeeze_non1": _err(lambda: P.Squeeze(1)(x)),
        "ExpandDims_axis": _err(lambda: P.ExpandDims()(x, 4)),
        "BroadcastTo_bad": _err(lambda: P.BroadcastTo((3, 3))(x)),
        "Gather_index": _err(lambda: P.Gather()(x, Tensor(np.array([5], np.int32)), 1)),
        "Gather_float_index": _err(lambda: P.Gather()(x, Tensor(np.array([0.0], np.float32)), 1)),
        "TopK_k": _err(lambda: P.TopK()(x, 5)),
        "Cast_type": _err(lambda: P.Cast()(x, "float32")),
        "Select_cond": _err(lambda: P.Select()(x, x, x)),
    }


def case_nn_errors():
    x = _u(20, (1, 4, 5, 5))
    return {
        "Conv2D_channels": _err(lambda: P.Conv2D(2, 3)(x, _u(21, (2, 3, 3, 3)))),
        "Conv2D_pad_mode": _err(lambda: P.Conv2D(2, 3, pad_mode="full")),
        "Conv2D_pad_mode_upper": _err(lambda: P.Conv2D(2, 3, pad_mode="PAD", pad=1)),
        "Conv2D_pad_list": _err(lambda: P.Conv2D(2, 3, pad=[1, 1, 1, 1], pad_mode="pad")),
        "Conv2D_kernel_mismatch": _err(lambda: P.Conv2D(2, 5)(x, _u(21, (2, 4, 3, 3)))),
        "Conv2D_out_channel_mismatch": _err(lambda: P.Conv2D(3, 3)(x, _u(21, (2, 4, 3, 3)))),
        "Conv2D_group_mismatch": _err(lambda: P.Conv2D(2, 3, group=2)(x, _u(21, (2, 4, 3, 3)))),
        "Conv2D_rank": _err(lambda: P.Conv2D(2, 3)(x[0], _u(21, (2, 4, 3, 3)))),
        "Conv2D_pad_without_mode": _err(lambda: P.Conv2D(2, 3, pad=1)),
        "MaxPool_pad_mode": _err(lambda: P.MaxPool(2, 2, "full")),
        "AvgPool_kernel": _err(lambda: P.AvgPool(0)(x)),
        "AvgPool_pad_mode": _err(lambda: P.AvgPool(2, 2, "full")(x)),
        "MaxPool_4tuple": _err(lambda: P.MaxPool(kernel_size=(1, 1, 2, 2), strides=(1, 1, 1, 2))(x)),
        "MaxPool_rank": _err(lambda: P.MaxPool(2, 2)(x[0])),
        "BiasAdd_size": _err(lambda: P.BiasAdd()(x, _u(22, (3,)))),
        "SparseCE_labels": _err(lambda: P.SparseSoftmaxCrossEntropyWithLogits()(x[0, 0], Tensor(np.zeros(4, np.int32)))),
        "Elu_alpha": _err(lambda: P.Elu(0.5)(x)),
    }
