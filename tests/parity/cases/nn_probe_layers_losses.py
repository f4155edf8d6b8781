"""Parity cases for nn cells as training scripts use them, third part: BatchNorm/Flatten/Embedding/RNN input
checks, the losses' lazy argument checks, norms and activations on unusual inputs."""
import numpy as np

from mindspore import Parameter, ParameterTuple, Tensor, nn
from mindspore.common.initializer import One

from parity_probe_nn_common import _err, _x, _names, _keys  # registered by the parity loader


# ----- BatchNorm, Flatten, Embedding, RNN inputs -----

def case_batchnorm_input_rank_errors():
    return {
        "bn2d_3d": _err(lambda: nn.BatchNorm2d(3)(Tensor(np.ones((3, 2, 2), np.float32)))),
        "bn1d_4d": _err(lambda: nn.BatchNorm1d(3)(_x(4, 3, 2, 2))),
        "bn1d_1d": _err(lambda: nn.BatchNorm1d(3)(Tensor(np.ones((3,), np.float32)))),
        "bn2d_int": _err(lambda: nn.BatchNorm2d(3)(Tensor(np.ones((1, 3, 2, 2), np.int32)))),
        "bn1d_3d_ok": list(nn.BatchNorm1d(3)(_x(4, 3, 5)).shape),
    }


def case_batchnorm_momentum_steps():
    x = _x(4, 3, 2, 2)
    res = {}
    for key, momentum, steps in (("m09", 0.9, 1), ("m01", 0.1, 1), ("m0", 0.0, 1), ("m1", 1.0, 1),
                                 ("m09_x3", 0.9, 3)):
        bn = nn.BatchNorm2d(3, momentum=momentum)
        bn.set_train(True)
        for _ in range(steps):
            out = bn(x)
        res[key] = [bn.moving_mean.asnumpy(), bn.moving_variance.asnumpy(), out.asnumpy()[0, :, 0, 0]]
    return res


def case_flatten_and_embedding_input_errors():
    x = Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4))
    emb = nn.Embedding(5, 3, padding_idx=2)
    return {
        "flatten_1_1": list(nn.Flatten(1, 1)(x).shape), "flatten_0_-1": list(nn.Flatten(0, -1)(x).shape),
        "flatten_start_after_end": _err(lambda: nn.Flatten(2, 1)(x)),
        "flatten_1d": _err(lambda: nn.Flatten()(Tensor(np.ones(3, np.float32)))),
        "flatten_out_of_range": _err(lambda: nn.Flatten(3)(x)),
        "unflatten_negative": list(nn.Unflatten(-1, (2, -1))(x).shape),
        "unflatten_list": list(nn.Unflatten(1, [3, 1])(x).shape),
        "unflatten_bad": _err(lambda: nn.Unflatten(1, (2, 2))(x)),
        "embedding_float_ids": _err(lambda: emb(Tensor(np.array([2.0, 0.0], np.float32)))),
        "embedding_int64_ids": list(emb(Tensor(np.array([2, 0], np.int64))).shape),
        "embedding_padding_row_ones": nn.Embedding(4, 2, embedding_table="ones", padding_idx=0).embedding_table
        .asnumpy(),
    }


def case_rnn_input_size_errors():
    xs = _x(3, 5, 5)
    h = Tensor(np.zeros((5, 6), np.float32))
    return {
        "lstm": _err(lambda: nn.LSTM(4, 6)(xs)), "gru": _err(lambda: nn.GRU(4, 6)(xs)),
        "rnn": _err(lambda: nn.RNN(4, 6)(xs)),
        "lstmcell": _err(lambda: nn.LSTMCell(4, 6)(Tensor(np.zeros((5, 5), np.float32)), (h, h))),
        "grucell": _err(lambda: nn.GRUCell(4, 6)(Tensor(np.zeros((5, 5), np.float32)), h)),
    }


def case_rnn_output_shapes():
    xs = _x(3, 5, 4)
    res = {}
    for cls in (nn.LSTM, nn.GRU, nn.RNN):
        for key, kw in (("plain", {}), ("batch_first", {"batch_first": True}), ("bi", {"bidirectional": True}),
                        ("two_layers", {"num_layers": 2}),
                        ("three_bi_bf", {"num_layers": 3, "bidirectional": True, "batch_first": True})):
            out, h = cls(4, 6, **kw)(xs)
            hs = [list(t.shape) for t in h] if isinstance(h, tuple) else list(h.shape)
            res[f"{cls.__name__}_{key}"] = [list(out.shape), hs]
    return res


# ----- losses -----

def case_loss_reduction_checked_when_called():
    x = Tensor(np.random.RandomState(0).rand(2, 3).astype(np.float32))
    y = Tensor((np.random.RandomState(1).rand(2, 3) > 0.5).astype(np.float32))
    res = {}
    for r in ("avg", "MEAN", None, 1):
        res[f"bce_logits_init_{r}"] = _err(lambda r=r: nn.BCEWithLogitsLoss(reduction=r))
        res[f"kldiv_init_{r}"] = _err(lambda r=r: nn.KLDivLoss(reduction=r))
        res[f"mse_init_{r}"] = _err(lambda r=r: nn.MSELoss(reduction=r))
        res[f"bce_logits_call_{r}"] = _err(lambda r=r: nn.BCEWithLogitsLoss(reduction=r)(x, y))
        res[f"kldiv_call_{r}"] = _err(lambda r=r: nn.KLDivLoss(reduction=r)(x, y))
    res["bce_logits_upper_values"] = [nn.BCEWithLogitsLoss(reduction="MEAN")(x, y).asnumpy(),
                                      nn.BCEWithLogitsLoss(reduction="Sum")(x, y).asnumpy(),
                                      nn.BCEWithLogitsLoss(reduction="NONE")(x, y).asnumpy()]
    res["kldiv_avg_attr"] = nn.KLDivLoss(reduction="avg").reduction
    res["kldiv_batchmean"] = nn.KLDivLoss(reduction="batchmean")(x, y).asnumpy()
    return res


def case_loss_constructor_errors():
    return {
        "ce_label_smoothing_negative": _err(lambda: nn.CrossEntropyLoss(label_smoothing=-0.1)),
        "ce_label_smoothing_int": _err(lambda: nn.CrossEntropyLoss(label_smoothing=1)),
        "ce_ignore_index_float": _err(lambda: nn.CrossEntropyLoss(ignore_index=1.0)),
        "ce_ignore_index_bool": _err(lambda: nn.CrossEntropyLoss(ignore_index=True)),
        "ce_weight_list": _err(lambda: nn.CrossEntropyLoss(weight=[1.0, 2.0])),
        "nll_ignore_index_float": _err(lambda: nn.NLLLoss(ignore_index=1.0)),
        "nll_ignore_index_str": _err(lambda: nn.NLLLoss(ignore_index="1")),
        "nll_weight_list": _err(lambda: nn.NLLLoss(weight=[1.0, 2.0])),
        "cosine_margin_int": _err(lambda: nn.CosineEmbeddingLoss(margin=0)),
        "cosine_margin_two": _err(lambda: nn.CosineEmbeddingLoss(margin=2.0)),
        "margin_ranking_str": _err(lambda: nn.MarginRankingLoss(margin="1")),
        "sce_sparse_int": _err(lambda: nn.SoftmaxCrossEntropyWithLogits(sparse=1)),
        "smooth_l1_beta_zero_init": _err(lambda: nn.SmoothL1Loss(beta=0.0)),
        "l1_reduction_upper": _err(lambda: nn.L1Loss(reduction="MEAN")),
        "bce_reduction_none_value": _err(lambda: nn.BCELoss(reduction=None)),
    }


def case_loss_argument_errors_when_called():
    x = Tensor(np.random.RandomState(0).rand(2, 3).astype(np.float32))
    y = Tensor((np.random.RandomState(1).rand(2, 3) > 0.5).astype(np.float32))
    return {
        "smooth_l1_beta_zero": _err(lambda: nn.SmoothL1Loss(beta=0.0)(x, y)),
        "smooth_l1_beta_negative": _err(lambda: nn.SmoothL1Loss(beta=-1.0)(x, y)),
        "smooth_l1_beta_int": nn.SmoothL1Loss(beta=1)(x, y).asnumpy(),
        "huber_delta_negative": _err(lambda: nn.HuberLoss(delta=-1.0)(x, y)),
        "huber_delta_zero": _err(lambda: nn.HuberLoss(delta=0.0)(x, y)),
        "huber_delta_str": _err(lambda: nn.HuberLoss(delta="1")(x, y)),
        "huber_delta_int": nn.HuberLoss(delta=1)(x, y).asnumpy(),
        "bce_weight_list": _err(lambda: nn.BCELoss(weight=[1.0])(x, y)),
    }


# ----- norms and activations -----

def case_layernorm_groupnorm_checks():
    x = _x(2, 3, 4)
    return {
        "ln_begin_axis_out_of_range": _err(lambda: nn.LayerNorm((4,), begin_norm_axis=3)(x)),
        "ln_shape_mismatch": _err(lambda: nn.LayerNorm((5,))(x)),
        "ln_begin_axis_1": nn.LayerNorm((3, 4), begin_norm_axis=1, begin_params_axis=1)(x).asnumpy(),
        "gn_channels_mismatch": _err(lambda: nn.GroupNorm(1, 4)(x)),
        "gn_eps_int": _err(lambda: nn.GroupNorm(1, 3, eps=1)),
        "gn_affine_int": _err(lambda: nn.GroupNorm(1, 3, affine=1)),
    }


def case_activation_constructor_checks():
    return {
        "softmax_axis_tuple": nn.Softmax(axis=(1,))(_x(2, 3)).asnumpy(),
        "softmax_axis_float": _err(lambda: nn.Softmax(axis=1.0)),
        "gelu_approximate_int": _err(lambda: nn.GELU(approximate=1)),
        "prelu_channel_zero": _err(lambda: nn.PReLU(channel=0)),
        "prelu_w_int": _err(lambda: nn.PReLU(w=1)),
        "prelu_w_list_length": _err(lambda: nn.PReLU(channel=3, w=[0.1, 0.2])),
        "prelu_w_list": nn.PReLU(channel=2, w=[0.1, 0.2]).w.asnumpy(),
        "prelu_w_tensor_shape": _err(lambda: nn.PReLU(channel=2, w=Tensor(np.ones(3, np.float32)))),
        "leaky_alpha_str": _err(lambda: nn.LeakyReLU(alpha="a")),
        "elu_alpha_two": _err(lambda: nn.ELU(alpha=2.0)),
    }


def case_activation_input_dtypes():
    ints = Tensor(np.array([-5, -1, 0, 1, 2, 3, 4, 10], np.int32))
    res = {name: _err(lambda layer=layer: layer(Tensor(np.array([-5, 1, 10], np.int32))))
           for name, layer in (("sigmoid", nn.Sigmoid()), ("tanh", nn.Tanh()), ("relu6", nn.ReLU6()),
                               ("gelu", nn.GELU()), ("softmax", nn.Softmax()), ("softsign", nn.Softsign()),
                               ("mish", nn.Mish()), ("prelu", nn.PReLU()), ("elu", nn.ELU()))}
    res["hsigmoid_int32"] = nn.HSigmoid()(ints).asnumpy()
    res["hsigmoid_int8"] = nn.HSigmoid()(Tensor(np.array([0, 2, 3, 10], np.int8))).asnumpy()
    res["hswish_int32"] = nn.HSwish()(ints).asnumpy()
    res["relu_bool"] = nn.ReLU()(Tensor(np.array([True, False]))).asnumpy()
    res["relu_int"] = nn.ReLU()(ints).asnumpy()
    res["sigmoid_f64"] = nn.Sigmoid()(Tensor(np.array([0.5], np.float64))).asnumpy()
    return res


class _NoConstruct(nn.Cell):
    pass


def case_cell_without_construct():
    return _err(lambda: _NoConstruct()(_x(2)))


def case_conv2d_transpose_output_padding_checked_when_called():
    x = Tensor(np.ones((1, 1, 4, 4), np.float32))

    def build(**kw):
        return nn.Conv2dTranspose(1, 1, 3, stride=2, weight_init="ones", **kw)
    return {
        "same_build": _err(lambda: build(output_padding=1)),
        "same_call": _err(lambda: build(output_padding=1)(x)),
        "valid_call": _err(lambda: build(pad_mode="valid", output_padding=1)(x)),
        "too_big_build": _err(lambda: build(pad_mode="pad", output_padding=2)),
        "too_big_call": _err(lambda: build(pad_mode="pad", output_padding=2)(x)),
        "negative_build": _err(lambda: build(pad_mode="pad", output_padding=-1)),
        "negative_call": _err(lambda: build(pad_mode="pad", output_padding=-1)(x)),
        "float": _err(lambda: build(pad_mode="pad", output_padding=1.0)),
        "three": _err(lambda: build(pad_mode="pad", output_padding=(1, 1, 1))),
        "tuple_values": build(pad_mode="pad", output_padding=(1, 0))(x).asnumpy(),
        "int_values": build(pad_mode="pad", padding=1, output_padding=1)(x).asnumpy(),
    }


def case_initializer_arguments():
    return {
        "one_object": nn.Dense(2, 2, weight_init=One()).weight.asnumpy(),
        "int": nn.Dense(2, 2, weight_init=1).weight.asnumpy(),
        "float_bias": nn.Dense(2, 2, bias_init=0.5).bias.asnumpy(),
        "upper_name": nn.Dense(2, 2, weight_init="ONES").weight.asnumpy(),
        "unknown_name": _err(lambda: nn.Dense(2, 2, weight_init="nothing")),
        "embedding_tensor_padding": nn.Embedding(3, 2, embedding_table=Tensor(np.ones((3, 2), np.float32)),
                                                 padding_idx=1).embedding_table.asnumpy(),
        "embedding_tensor_shape": _err(lambda: nn.Embedding(3, 2, embedding_table=Tensor(np.ones((2, 2), np.float32)))),
        "bn_gamma_tensor": nn.BatchNorm2d(2, gamma_init=Tensor(np.array([2., 3.], np.float32))).gamma.asnumpy(),
        "bn_gamma_shape": _err(lambda: nn.BatchNorm2d(2, gamma_init=Tensor(np.array([2., 3., 4.], np.float32)))),
        "bn_gamma_unknown": _err(lambda: nn.BatchNorm2d(2, gamma_init="bad")),
        "delattr_bias": (lambda d: (delattr(d, "bias"), _names(d))[1])(nn.Dense(2, 2)),
        "seq_single_cell": _names(nn.SequentialCell(nn.Dense(2, 2))),
    }


class _ParamListDup(nn.Cell):
    def __init__(self):
        super().__init__()
        self.ps = [Parameter(Tensor(np.ones(2, np.float32)), name="x1"),
                   Parameter(Tensor(np.ones(2, np.float32)), name="x1")]

    def construct(self, x):
        return x


class _TupleDefaultNames(nn.Cell):
    def __init__(self):
        super().__init__()
        self.ps = ParameterTuple([Parameter(Tensor(np.ones(2, np.float32))), Parameter(Tensor(np.ones(2, np.float32)))])
        self.same = Parameter(Tensor(np.ones(2, np.float32)), name="q")
        self.qs = ParameterTuple([self.same, self.same])

    def construct(self, x):
        return x


class _WithEmptyDict(nn.Cell):
    def __init__(self):
        super().__init__()
        self.d = nn.CellDict()
        self.e = nn.ReLU()

    def construct(self, x):
        return x


def case_parameter_collections_and_truthiness():
    return {
        "list_duplicate_names": _err(_ParamListDup),
        "tuple_default_names": _keys(_TupleDefaultNames()),
        "empty_cell_dict_listed": [n for n, _ in _WithEmptyDict().cells_and_names()],
        "truth": [bool(nn.ReLU()), bool(nn.CellDict()), bool(nn.SequentialCell()), bool(nn.CellList())],
    }
