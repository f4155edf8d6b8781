"""Parity cases for the torch-style nn functions and primitives of `mindspore.ops.auto_generate`
(activations, losses, convolution, pooling, normalization, padding, upsampling). Cases whose ops MindSpore
2.10's CPU backend has no kernel for (`*_cpu_gap`) are recorded as its RuntimeError and listed in the ledger."""
import numpy as np

import mindspore as ms
import mindspore.ops.auto_generate as ag
from mindspore import Parameter, Tensor, ops
from parity_ops_common import describe as _d, error_name as _err, flush as _settle  # (parity loader)

_e = _err

TOLERANCES = {}


def _u(seed, shape, low=-1.0, high=1.0):
    return Tensor(np.random.RandomState(seed).uniform(low, high, shape).astype(np.float32))


def case_softplus_relu():
    _settle()
    x = _u(0, (2, 3), -3, 3)
    i = Tensor(np.array([[-1, 0, 2]], np.int32))
    return {"softplus": [_d(ag.softplus_ext(x)), _d(ag.softplus_ext(x, 2, 3)), _d(ag.SoftplusExt()(x, beta=0.5))],
            "relu": [_d(ag.relu(x)), _d(ag.relu(i)), _d(ag.relu(Tensor([True, False])))],
            "silu": _d(ag.SiLU()(x)), "pixel_shuffle": _d(ag.PixelShuffle()(_u(16, (1, 4, 2, 2)), 2))}


def case_upsample_nearest():
    _settle()
    x = _u(14, (1, 1, 2, 3))
    return [_d(ag.UpsampleNearest2D()(x, (4, 5))), _d(ag.UpsampleNearest2D()(x, None, (2.0, 2.0))),
            _d(ag.UpsampleNearest1D()(x[0], (5,)))]


def case_smooth_l1():
    _settle()
    x, y = _u(1, (2, 3)), _u(2, (2, 3))
    return [_d(ag.smooth_l1_loss(x, y)), _d(ag.smooth_l1_loss(x, y, 0.5, "mean")),
            _d(ag.smooth_l1_loss(x, y, 2.0, "sum"))]


def case_batch_norm_legacy():
    _settle()
    x = _u(3, (4, 3), 0, 5)
    one, zero = Tensor(np.ones(3, np.float32)), Tensor(np.zeros(3, np.float32))
    m = Parameter(Tensor(np.zeros(3, np.float32)), name="m")
    v = Parameter(Tensor(np.ones(3, np.float32)), name="v")
    train = ag.batch_norm_(x, one * 1, zero * 1, m, v, True, 1e-5, 0.2)
    return {"infer": _d(ag.batch_norm_(x, one * 2, zero + 1, zero + 1, one * 4)[0]),
            "train": [_d(train[0]), _d(train[3]), _d(train[4])], "running": [m.asnumpy(), v.asnumpy()]}


def case_dropout_eval():
    _settle()
    x = _u(40, (2, 3))
    return [_d(ag.FuncDropoutExt()(x, 0.5, False, False, Tensor(0), Tensor(0))),
            _d(ag.FuncDropoutExt()(x, 0.0, False, True, Tensor(0), Tensor(0)))]


def case_errors():
    x = _u(19, (2, 3))
    img = _u(43, (1, 1, 4, 4))
    return {"gelu_approx": _e(lambda: ag.GeluExt()(x, "cubic")),
            "l1_reduction": _e(lambda: ag.l1_loss_ext(x, x, "foo")),
            "conv_padding": _e(lambda: ag.Conv2DPadding()(img, img, None, 1, "foo")),
            "conv_2d_input": _e(lambda: ag.Conv2DExt()(x, x)),
            "pad_odd": _e(lambda: ag.ConstantPadND()(x, (1,))),
            "log_softmax_dim": _e(lambda: ag.log_softmax_ext(x, 5)),
            "softplus_int": _e(lambda: ag.softplus_ext(Tensor(np.array([1, 2], np.int32))))}



def case_activation_ext_cpu_gap():
    _settle()
    x = _u(4, (2, 3), -2, 2)
    return [_d(ag.GeluExt()(x)), _d(ag.GeluExt()(x, "tanh")), _d(ag.SiLU()(x)), _d(ag.LogSigmoid()(x)[0])]


def case_conv_ext_cpu_gap():
    _settle()
    x, w, b = _u(5, (1, 2, 5, 5)), _u(6, (3, 2, 3, 3)), _u(7, (3,))
    return [_d(ag.Conv2DExt()(x, w, b, 1, 1)), _d(ag.Conv2DExt()(x, w, None, 2, 0, 1, 1)),
            _d(ag.Conv2DPadding()(x, w, b, 1, "same")), _d(ag.Conv1DExt()(x[:, :, 0], w[:, :, 0], b)),
            _d(ag.Conv3DExt()(x[:, :, None], w[:, :, None], b))]


def case_norm_ext_cpu_gap():
    _settle()
    x = _u(8, (2, 4, 3), 0, 4)
    w, b = _u(9, (3,)), _u(10, (3,))
    return [_d(ag.LayerNormExt()(x, (3,), w, b)), _d(ag.GroupNorm()(x, 2, _u(11, (4,)), None, 1e-5)),
            _d(ag.BatchNormExt()(x, None, None, Tensor(np.zeros(4, np.float32)), Tensor(np.ones(4, np.float32)),
                                 False, 0.1, 1e-5)[0])]


def case_pool_ext_cpu_gap():
    _settle()
    x = _u(12, (1, 2, 4, 4))
    return [_d(ag.AvgPool2D()(x, 2, 2)), _d(ag.AdaptiveAvgPool2DExt()(x, (2, 1))),
            _d(ag.FuncMaxPool2D()(x, 2, 2, 0, (1, 1), False, True))]


def case_pad_cpu_gap():
    _settle()
    x = _u(13, (1, 2, 3, 3))
    return [_d(ag.ConstantPadND()(x, (1, 0, 2, 1), 0.5)), _d(ag.ReflectionPad2D()(x, (1, 1, 1, 1))),
            _d(ag.ReplicationPad2D()(x, (0, 2, 1, 0))), _d(ag.ReflectionPad1D()(x[0], (1, 2))),
            _d(ag.ReplicationPad1D()(x[0], (2, 0))), _d(ag.ReflectionPad3D()(x[None], (1, 1, 1, 1, 1, 1))),
            _d(ag.ReplicationPad3D()(x[None], (1, 0, 0, 1, 1, 0)))]


def case_upsample_cpu_gap():
    _settle()
    x = _u(14, (1, 1, 2, 3))
    return [_d(ag.UpsampleBilinear2D()(x, (3, 4), None, True)), _d(ag.UpsampleBilinear2D()(x, (3, 4))),
            _d(ag.UpsampleBicubic2D()(x, (4, 4))),
            _d(ag.UpsampleLinear1D()(x[0], (5,), None, False))]


def case_embedding_cpu_gap():
    _settle()
    w = _u(15, (5, 3))
    idx = Tensor(np.array([[0, 2], [4, 1]], np.int32))
    return [_d(ag.Embedding()(idx, w)), _d(ag.Embedding()(idx, w, 2)),
            _d(ag.OneHotExt()(Tensor(np.array([0, 2, 1], np.int64)), 3, Tensor(1.0), Tensor(0.0))),
            _d(ag.OneHotExt(0)(Tensor(np.array([0, 2], np.int64)), 3, Tensor(5), Tensor(-1)))]


def case_losses_ext_cpu_gap():
    _settle()
    x, y = _u(17, (2, 3)), _u(18, (2, 3))
    return [_d(ag.MSELossExt()(x, y)), _d(ag.MSELossExt()(x, y, "none")), _d(ag.KLDiv()(x, y.abs(), "sum")),
            _d(ag.KLDiv()(x, x, "batchmean", True))]



def case_activation_cpu_gap():
    _settle()
    x = _u(20, (2, 3), -3, 3)
    return [_d(ag.elu_ext(x)), _d(ag.elu_ext(x, 0.5)), _d(ag.EluExt(0.3)(x)), _d(ag.leaky_relu_ext(x, 0.2)),
            _d(ag.mish_ext(x)), _d(ag.selu_ext(x)), _d(ag.hardtanh(x, -0.5, 0.5)), _d(ag.threshold(x, 0.5, 9.0)),
            _d(ag.log_softmax_ext(x, 1)), _d(ag.log_softmax_ext(x, 0, ms.float64)),
            _d(ag.LeakyReLUExt()(x)), _d(ag.MishExt()(x)), _d(ag.SeLUExt()(x)), _d(ag.Hardtanh()(x)),
            _d(ag.Threshold()(x, 0.0, -1.0))]


def case_loss_cpu_gap():
    _settle()
    x, y = _u(21, (3, 4)), _u(22, (3, 4))
    t = Tensor(np.array([0, 3, 1], np.int64))
    return [_d(ag.l1_loss_ext(x, y)), _d(ag.l1_loss_ext(x, y, "none")), _d(ag.L1LossExt()(x, y, "sum")),
            _d(ag.cosine_embedding_loss(x, y, Tensor([1.0, -1.0, 1.0]), 0.1)),
            _d(ag.CosineEmbeddingLoss()(x, y, Tensor([1.0, -1.0, 1.0]), 0.0, "none")),
            _d(ag.cross_entropy_loss(x, t)[:2]), _d(ag.CrossEntropyLoss()(x, t, None, "sum")[0]),
            _d(ag.NLLLoss2d()(ag.log_softmax_ext(_u(23, (1, 3, 2, 2)), 1), Tensor(np.array([[[0, 2], [1, 1]]])),
                              Tensor([1.0, 2.0, 1.0])))]


def case_conv_cpu_gap():
    _settle()
    x, w, b = _u(24, (1, 2, 5)), _u(25, (3, 2, 3)), _u(26, (3,))
    x2, w2 = _u(27, (1, 2, 4, 4)), _u(28, (2, 3, 3, 3))
    return [_d(ag.convolution(x, w, b, 1, 1)), _d(ag.Convolution()(x2, w2, None, 2, 1, 1, True, 1)),
            _d(ag.ConvolutionStr()(x, w, b, 1, "same")), _d(ag.Conv1DPadding()(x, w, b, 1, "valid")),
            _d(ag.Conv3DPadding()(x2[:, :, None], w2[:2, :2, None], None, 1, "same")),
            _d(ag.ConvTranspose2D()(x2, w2, None, 2, 1, 1)),
            _d(ag.conv_tbc(_u(29, (5, 1, 2)), _u(30, (3, 2, 4)), _u(31, (4,)), 1)),
            _d(ag.ConvTbc()(x.transpose(2, 0, 1), w.transpose(2, 1, 0), b))]


def case_pool_cpu_gap():
    _settle()
    x = _u(32, (1, 2, 6))
    x3 = _u(33, (1, 1, 4, 4, 4))
    out, idx = ag.FuncMaxPool2D()(x3[0], 2, 2, 0, (1, 1), False, True)
    return [_d(ag.adaptive_avg_pool1d(x, 4)), _d(ag.avg_pool1d_ext(x, 2)), _d(ag.avg_pool1d_ext(x, 3, 2, 1)),
            _d(ag.adaptive_avg_pool3d_ext(x3, (2, 2, 1))), _d(ag.AdaptiveMaxPool1D()(x, 3)),
            _d(ag.AvgPool1D()(x, 2)), _d(ag.AvgPool3DExt()(x3, 2)), _d(ag.AdaptiveAvgPool1D()(x, 2)),
            _d(ag.AdaptiveAvgPool3DExt()(x3, (1, 1, 1))), _d(ag.max_unpool2d_ext(out, idx, 2)),
            _d(ag.MaxUnpool2DExt()(out, idx, 2, 2)),
            _d(ag.fold_ext(_u(34, (1, 4, 4)), (3, 3), (2, 2))), _d(ag.unfold_ext(x3[0], (2, 2))),
            _d(ag.Col2ImExt()(_u(34, (1, 4, 4)), (3, 3), (2, 2))), _d(ag.Im2ColExt()(x3[0], (2, 2), 1, 1, 2))]


def case_norm_cpu_gap():
    _settle()
    x = _u(35, (4, 3, 2), 0, 3)
    mean, invstd = ag.batch_norm_stats(x, 1e-5)
    rm, rv = Parameter(Tensor(np.zeros(3, np.float32)), name="rm"), Parameter(Tensor(np.ones(3, np.float32)), name="rv")
    g = ag.batch_norm_gather_stats_with_counts(x, mean[None], invstd[None], rm, rv, 0.1, 1e-5, Tensor([8.0]))
    return [_d(mean), _d(invstd), _d(ag.batch_norm_elemt(x, None, None, mean, invstd)), _d(g), rm.asnumpy(),
            rv.asnumpy(), _d(ag.BatchNormStats()(x, 1e-5)), _d(ag.BatchNormElemt()(x, Tensor([1.0, 2.0, 3.0]),
                                                                                  None, mean, invstd)),
            _d(ag.BatchNormGatherStatsWithCounts()(x, mean[None], invstd[None], None, None, 0.1, 1e-5,
                                                   Tensor([8.0])))]


def case_nn_more_cpu_gap():
    _settle()
    x = Tensor(np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4))
    y = _u(41, (2, 3))
    return [_d(ag.MaxPoolWithIndices(2)(x)), _d(ag.MaxPoolWithIndices(3, 1, 1)(x)),
            _d(ag.LayerNormV3()(y, Tensor(np.ones(3, np.float32)), Tensor(np.zeros(3, np.float32)))),
            _d(ag.SoftmaxBackward()(y, ops.softmax(y, -1), -1)),
            _d(ag.L1LossBackwardExt()(Tensor(1.0), y, y * 0 + 0.5)),
            _d(ag.EmbeddingDenseBackward()(Tensor(np.ones((2, 3), np.float32)), Tensor([0, 2]), 4)),
            _d(ag.adaptive_avg_pool2d_grad_ext(Tensor(np.ones((1, 1, 1, 1), np.float32)), x)),
            _d(ag.Swiglu()(_u(42, (2, 4)))), _d(ag.extract_image_patches(x, (1, 1, 2, 2), (1, 1, 1, 2), (1, 1, 1, 1)))]


def case_random_cpu_gap():
    _settle()
    s, o = Tensor(0), Tensor(0)
    x = Tensor(np.zeros((200, 50), np.float32))
    probs = Tensor(np.array([[0.0, 1.0, 3.0]], np.float32))

    def rng(t, lo, hi):
        v = t.asnumpy()
        return [str(t.dtype), list(t.shape), bool((v >= lo).all() and (v < hi).all())]

    u = ag.RandExt()((100, 100), s, o)
    n = ag.Randn()((100, 100), s, o, ms.float64)
    out = {"rand": rng(u, 0, 1), "rand_mean": bool(abs(float(u.mean().asnumpy()) - 0.5) < 0.05),
           "randn": [str(n.dtype), bool(abs(float(n.std().asnumpy()) - 1) < 0.05)],
           "randint": rng(ag.RandInt()(2, 5, (3, 4), s, o), 2, 5),
           "randperm": sorted(ag.RandpermExt()(6, s, o).asnumpy().tolist()),
           "uniform": rng(ag.UniformExt()(x, -2.0, 3.0, s, o), -2, 3),
           "normal_ff": list(ag.NormalFloatFloat()(1.0, 2.0, (2, 3), s, o).shape),
           "normal_tt": list(ag.NormalTensorTensor()(x, x + 1, s, o).shape),
           "normal_tf": list(ag.NormalTensorFloat()(x, 1.0, s, o).shape),
           "normal_ft": list(ag.NormalFloatTensor()(1.0, x + 1, s, o).shape),
           "multinomial": rng(ag.MultinomialExt()(probs, 4, True, s, o), 1, 3),
           "bernoulli": rng(ag.BernoulliExt()(x + 0.5, s, o), 0, 1.5),
           "like": [rng(ag.RandLikeExt()(x, s, o), 0, 1), list(ag.RandnLike()(x, s, o).shape),
                    rng(ag.RandIntLike()(x, 0, 3, s, o), 0, 3)]}
    inplace = {"normal": ag.InplaceNormal()(x.copy(), 5.0, 0.1, s, o),
               "uniform": ag.InplaceUniform()(x.copy(), 1, 2, s, o),
               "random": ag.InplaceRandom()(x.copy(), 0, 4, s, o),
               "exponential": ag.InplaceExponential()(x.copy(), 2.0, s, o),
               "bernoulli": ag.inplace_bernoulli_scalar(x.copy(), 0.5, s, o),
               "bernoulli_t": ag.inplace_bernoulli_tensor(x.copy(), x + 0.5, s, o),
               "bernoulli_prim": ag.InplaceBernoulliScalar()(x.copy(), 0.5, s, o),
               "bernoulli_prim_t": ag.InplaceBernoulliTensor()(x.copy(), x + 0.5, s, o)}
    out["inplace"] = {k: [str(v.dtype), round(float(v.mean().asnumpy()), 1)] for k, v in inplace.items()}
    d = ag.FuncDropoutExt()(x + 1, 0.5, True, False, s, o).asnumpy()
    d2 = ag.Dropout2dExt()((x + 1).reshape(1, 200, 50, 1), 0.5, True, False, s, o).asnumpy()
    out["dropout"] = [bool(set(np.unique(d).tolist()) <= {0.0, 2.0}), bool(abs((d == 0).mean() - 0.5) < 0.05),
                      bool(set(np.unique(d2).tolist()) <= {0.0, 2.0})]
    return out
