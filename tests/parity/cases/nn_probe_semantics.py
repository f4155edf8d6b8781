"""Parity cases for nn cells as training scripts use them, first part (with nn_probe_cells and
nn_probe_layers_losses): constructor validation (TypeError vs ValueError), Dropout's p/keep_prob rules, conv pad
modes and input ranks, parameter names, shapes and attributes."""
import numpy as np

import mindspore as ms
from mindspore import Parameter, ParameterTuple, Tensor, nn

from parity_probe_nn_common import _err, _x, _Net  # registered by the parity loader


# ----- constructor validation -----

def case_dense_constructor_errors():
    return {
        "in_str": _err(lambda: nn.Dense("3", 4)), "in_float": _err(lambda: nn.Dense(3.0, 4)),
        "in_zero": _err(lambda: nn.Dense(0, 4)), "out_negative": _err(lambda: nn.Dense(3, -1)),
        "in_bool": _err(lambda: nn.Dense(True, 4)), "has_bias_int": _err(lambda: nn.Dense(3, 4, has_bias=1)),
        "has_bias_str": _err(lambda: nn.Dense(3, 4, has_bias="yes")),
        "activation_unknown": _err(lambda: nn.Dense(3, 4, activation="nope")),
        "activation_int": _err(lambda: nn.Dense(3, 4, activation=3)),
        "weight_shape": _err(lambda: nn.Dense(3, 4, weight_init=Tensor(np.ones((3, 4), np.float32)))),
        "bias_shape": _err(lambda: nn.Dense(3, 4, bias_init=Tensor(np.ones((3,), np.float32)))),
    }


def case_conv_constructor_errors():
    return {
        "in_str": _err(lambda: nn.Conv2d("3", 4, 3)), "in_zero": _err(lambda: nn.Conv2d(0, 4, 3)),
        "out_negative": _err(lambda: nn.Conv2d(3, -4, 3)), "in_float": _err(lambda: nn.Conv2d(3.0, 4, 3)),
        "kernel_zero": _err(lambda: nn.Conv2d(3, 4, 0)), "kernel_float": _err(lambda: nn.Conv2d(3, 4, 3.0)),
        "kernel_list": _err(lambda: nn.Conv2d(3, 4, [3, 3])),
        "kernel_three": _err(lambda: nn.Conv2d(3, 4, (3, 3, 3))),
        "stride_zero": _err(lambda: nn.Conv2d(3, 4, 3, stride=0)),
        "dilation_zero": _err(lambda: nn.Conv2d(3, 4, 3, dilation=0)),
        "group_not_divisible": _err(lambda: nn.Conv2d(3, 4, 3, group=2)),
        "group_zero": _err(lambda: nn.Conv2d(4, 4, 3, group=0)),
        "group_float": _err(lambda: nn.Conv2d(4, 4, 3, group=2.0)),
        "has_bias_int": _err(lambda: nn.Conv2d(3, 4, 3, has_bias=1)),
        "format": _err(lambda: nn.Conv2d(3, 4, 3, data_format="NCWH")),
        "conv3d_stride_zero": _err(lambda: nn.Conv3d(2, 3, 3, stride=0)),
        "conv3d_has_bias_str": _err(lambda: nn.Conv3d(2, 3, 3, has_bias="t")),
        "transpose_stride_zero": _err(lambda: nn.Conv2dTranspose(2, 3, 3, stride=0)),
        "transpose_in_zero": _err(lambda: nn.Conv2dTranspose(0, 3, 3)),
        "transpose_has_bias_int": _err(lambda: nn.Conv2dTranspose(2, 3, 3, has_bias=1)),
        "conv1d_kernel_tuple": _err(lambda: nn.Conv1d(3, 4, (3,))),
        "conv1d_stride_zero": _err(lambda: nn.Conv1d(2, 3, 3, stride=0)),
    }


def case_conv_pad_argument_errors():
    return {
        "pad_mode_full": _err(lambda: nn.Conv2d(3, 4, 3, pad_mode="full")),
        "pad_mode_upper": _err(lambda: nn.Conv2d(3, 4, 3, pad_mode="SAME")),
        "pad_mode_int": _err(lambda: nn.Conv2d(3, 4, 3, pad_mode=1)),
        "transpose_pad_mode_full": _err(lambda: nn.Conv2dTranspose(3, 4, 3, pad_mode="full")),
        "transpose_pad_mode_int": _err(lambda: nn.Conv2dTranspose(2, 3, 3, pad_mode=0)),
        "padding_negative": _err(lambda: nn.Conv2d(3, 4, 3, pad_mode="pad", padding=-1)),
        "padding_float": _err(lambda: nn.Conv2d(3, 4, 3, pad_mode="pad", padding=1.0)),
        "padding_bool": _err(lambda: nn.Conv2d(2, 3, 3, pad_mode="pad", padding=True)),
        "padding_list": _err(lambda: nn.Conv2d(2, 3, 3, pad_mode="pad", padding=[1, 1, 1, 1])),
        "padding_three": _err(lambda: nn.Conv2d(3, 4, 3, pad_mode="pad", padding=(1, 1, 1))),
        "padding_two": _err(lambda: nn.Conv2d(3, 4, 3, pad_mode="pad", padding=(1, 2))),
        "padding_float_item": _err(lambda: nn.Conv2d(2, 3, 3, pad_mode="pad", padding=(1, 1, 1, 1.0))),
        "conv3d_padding_four": _err(lambda: nn.Conv3d(3, 4, 3, pad_mode="pad", padding=(1, 1, 1, 1))),
        "conv3d_padding_negative_item": _err(lambda: nn.Conv3d(2, 3, 3, pad_mode="pad",
                                                               padding=(1, 1, 1, 1, 1, -1))),
        "conv1d_padding_tuple": _err(lambda: nn.Conv1d(3, 4, 3, pad_mode="pad", padding=(1, 1))),
        "conv1d_padding_negative": _err(lambda: nn.Conv1d(2, 3, 3, pad_mode="pad", padding=-1)),
        "conv1d_pad_mode_full": _err(lambda: nn.Conv1d(2, 3, 3, pad_mode="full")),
        "conv3dT_padding_four": _err(lambda: nn.Conv3dTranspose(2, 3, 3, pad_mode="pad", padding=(1, 1, 1, 1))),
        "conv3dT_padding_float": _err(lambda: nn.Conv3dTranspose(2, 3, 3, pad_mode="pad", padding=1.0)),
        "conv1dT_padding_negative": _err(lambda: nn.Conv1dTranspose(2, 3, 3, pad_mode="pad", padding=-1)),
    }


def case_conv_weight_init_shapes():
    return {
        "conv1d_3d_init": list(nn.Conv1d(2, 3, 3, weight_init=Tensor(np.ones((3, 2, 3), np.float32))).weight.shape),
        "conv1d_4d_init": _err(lambda: nn.Conv1d(2, 3, 3, weight_init=Tensor(np.ones((3, 2, 1, 3), np.float32)))),
        "conv1d_2d_init": _err(lambda: nn.Conv1d(2, 3, 3, weight_init=Tensor(np.ones((3, 6), np.float32)))),
        "conv2d_wrong_init": _err(lambda: nn.Conv2d(2, 3, 3, weight_init=Tensor(np.ones((3, 2, 2, 2), np.float32)))),
        "conv2d_bias_init_without_bias": nn.Conv2d(2, 1, 1, bias_init="ones").bias is None,
    }


def case_batchnorm_constructor_errors():
    return {
        "num_features_zero": _err(lambda: nn.BatchNorm2d(0)),
        "num_features_float": _err(lambda: nn.BatchNorm2d(4.0)),
        "num_features_str_1d": _err(lambda: nn.BatchNorm1d("4")),
        "momentum_above_one": _err(lambda: nn.BatchNorm2d(4, momentum=1.5)),
        "momentum_negative": _err(lambda: nn.BatchNorm2d(4, momentum=-0.1)),
        "eps_zero": _err(lambda: nn.BatchNorm2d(4, eps=0.0)),
        "eps_negative": _err(lambda: nn.BatchNorm2d(4, eps=-1e-5)),
        "affine_int": _err(lambda: nn.BatchNorm2d(4, affine=1)),
        "use_batch_statistics_str": _err(lambda: nn.BatchNorm2d(4, use_batch_statistics="x")),
        "format": _err(lambda: nn.BatchNorm2d(4, data_format="NCWH")),
        "momentum_edges": [nn.BatchNorm2d(4, momentum=0.0).momentum, nn.BatchNorm2d(4, momentum=1.0).momentum,
                           nn.BatchNorm2d(4, momentum=1).momentum],
    }


def case_norm_embedding_pool_constructor_errors():
    return {
        "layernorm_int_shape": _err(lambda: nn.LayerNorm(4)),
        "groupnorm_not_divisible": _err(lambda: nn.GroupNorm(3, 4)),
        "groupnorm_zero_groups": _err(lambda: nn.GroupNorm(0, 4)),
        "embedding_vocab_zero": _err(lambda: nn.Embedding(0, 3)),
        "embedding_vocab_float": _err(lambda: nn.Embedding(10.0, 3)),
        "embedding_size_str": _err(lambda: nn.Embedding(10, "3")),
        "embedding_padding_idx_big": _err(lambda: nn.Embedding(10, 3, padding_idx=10)),
        "embedding_padding_idx_negative": _err(lambda: nn.Embedding(10, 3, padding_idx=-1)),
        "embedding_padding_idx_float": _err(lambda: nn.Embedding(10, 3, padding_idx=1.0)),
        "embedding_one_hot_int": _err(lambda: nn.Embedding(10, 3, use_one_hot=1)),
        "maxpool_kernel_zero": _err(lambda: nn.MaxPool2d(0)),
        "maxpool_kernel_float": _err(lambda: nn.MaxPool2d(2.0)),
        "maxpool_kernel_list": _err(lambda: nn.MaxPool2d([2, 2])),
        "maxpool_kernel_bool": _err(lambda: nn.MaxPool2d(True)),
        "maxpool_pad_mode_bad": _err(lambda: nn.MaxPool2d(2, pad_mode="pad2")),
        "maxpool_pad_mode_int": _err(lambda: nn.MaxPool2d(2, pad_mode=1)),
        "avgpool_kernel_float": _err(lambda: nn.AvgPool2d(2.0)),
        "avgpool_stride_zero": _err(lambda: nn.AvgPool2d(2, stride=0)),
        "flatten_start_float": _err(lambda: nn.Flatten(start_dim=1.0)),
        "unflatten_axis_str": _err(lambda: nn.Unflatten("1", (2, 2))),
    }


def case_rnn_constructor_errors():
    return {
        "input_str": _err(lambda: nn.LSTM("3", 4)), "hidden_zero": _err(lambda: nn.LSTM(3, 0)),
        "layers_zero": _err(lambda: nn.LSTM(3, 4, num_layers=0)),
        "layers_float": _err(lambda: nn.LSTM(3, 4, num_layers=1.0)),
        "dropout_above_one": _err(lambda: nn.LSTM(3, 4, dropout=1.5)),
        "dropout_negative": _err(lambda: nn.LSTM(3, 4, dropout=-0.1)),
        "bidirectional_int": _err(lambda: nn.LSTM(3, 4, bidirectional=1)),
        "gru_hidden_negative": _err(lambda: nn.GRU(3, -4)),
        "rnn_nonlinearity_int": _err(lambda: nn.RNN(3, 4, nonlinearity=1)),
    }


def case_container_constructor_errors():
    return {
        "seq_int": _err(lambda: nn.SequentialCell(3)),
        "seq_list_with_int": _err(lambda: nn.SequentialCell([nn.ReLU(), 3])),
        "seq_tuple": _err(lambda: nn.SequentialCell((nn.ReLU(), nn.Tanh()))),
        "seq_dict": _err(lambda: nn.SequentialCell({"a": nn.ReLU()})),
        "celllist_int": _err(lambda: nn.CellList(3)),
        "celllist_tuple": _err(lambda: nn.CellList((nn.ReLU(),))),
        "celllist_with_int": _err(lambda: nn.CellList([nn.ReLU(), 3])),
        "celllist_auto_prefix_kwarg": len(nn.CellList([nn.ReLU()], auto_prefix=False)),
    }


# ----- Dropout -----

def case_dropout_argument_rules():
    def attrs(d):
        return [d.p, d.keep_prob]
    return {
        "keep_prob_zero": _err(lambda: nn.Dropout(keep_prob=0.0)),
        "keep_prob_above_one": _err(lambda: nn.Dropout(keep_prob=1.5)),
        "keep_prob_int_one": _err(lambda: nn.Dropout(keep_prob=1)),
        "keep_prob_str": _err(lambda: nn.Dropout(keep_prob="0.5")),
        "p_one": _err(lambda: nn.Dropout(p=1.0)), "p_negative": _err(lambda: nn.Dropout(p=-0.1)),
        "p_int_one": _err(lambda: nn.Dropout(p=1)), "p_str": _err(lambda: nn.Dropout(p="0.5")),
        "p_int_zero": attrs(nn.Dropout(p=0)),
        "p_and_keep_prob": attrs(nn.Dropout(keep_prob=0.8, p=0.3)),
        "default": attrs(nn.Dropout()), "p_only": attrs(nn.Dropout(p=0.2)),
        "keep_prob_only": attrs(nn.Dropout(keep_prob=0.7)),
        "dtype_int_accepted": _err(lambda: nn.Dropout(p=0.2, dtype=ms.int32)),
    }


def _drop_values(layer):
    layer.set_train(True)
    out = layer(Tensor(np.ones((4, 100), np.float32))).asnumpy()
    return sorted(set(np.round(out.ravel(), 4).tolist()))


def case_dropout_train_identity_rules():
    return {
        "p0": _drop_values(nn.Dropout(p=0.0)),
        "keep_prob_one": _drop_values(nn.Dropout(keep_prob=1.0)),
        "keep_prob_one_beside_p": _drop_values(nn.Dropout(keep_prob=1.0, p=0.5)),
        "p0_beside_keep_prob": _drop_values(nn.Dropout(keep_prob=0.5, p=0.0)),
        "p02_scale": _drop_values(nn.Dropout(p=0.2)),
        "keep08_scale": _drop_values(nn.Dropout(keep_prob=0.8)),
    }


def case_dropout_input_dtypes():
    return {
        "int_train": _err(lambda: nn.Dropout(p=0.5).set_train()(Tensor(np.ones((2, 2), np.int32)))),
        "int_eval": nn.Dropout(p=0.5)(Tensor(np.ones((2, 2), np.int32))).asnumpy(),
        "f16_train_dtype": str(nn.Dropout(p=0.5).set_train()(Tensor(np.ones((2, 2), np.float16))).dtype),
    }


# ----- conv shapes and input ranks -----

def case_conv_pad_mode_output_shapes():
    x4, x3, x5 = _x(1, 2, 7, 7), _x(1, 2, 9, seed=1), _x(1, 2, 5, 6, 7, seed=2)
    res = {}
    for pm in ("same", "valid", "pad"):
        for st in (1, 2, 3):
            for k in (2, 3):
                kw = {"pad_mode": pm, "stride": st, "padding": 1 if pm == "pad" else 0}
                res[f"conv2d_{pm}_s{st}_k{k}"] = list(nn.Conv2d(2, 3, k, **kw)(x4).shape)
                res[f"conv2dT_{pm}_s{st}_k{k}"] = list(nn.Conv2dTranspose(2, 3, k, **kw)(x4).shape)
        for st in (1, 2):
            kw = {"pad_mode": pm, "stride": st, "padding": 2 if pm == "pad" else 0}
            res[f"conv1d_{pm}_s{st}"] = list(nn.Conv1d(2, 3, 3, **kw)(x3).shape)
            res[f"conv1dT_{pm}_s{st}"] = list(nn.Conv1dTranspose(2, 3, 3, **kw)(x3).shape)
            kw["padding"] = 1 if pm == "pad" else 0
            res[f"conv3d_{pm}_s{st}"] = list(nn.Conv3d(2, 4, 3, **kw)(x5).shape)
    res["dilation_same"] = list(nn.Conv2d(2, 3, 3, dilation=2)(x4).shape)
    res["dilation_valid"] = list(nn.Conv2d(2, 3, 3, dilation=2, pad_mode="valid")(x4).shape)
    res["pad_tuple"] = list(nn.Conv2d(2, 3, 3, pad_mode="pad", padding=(0, 1, 2, 3))(x4).shape)
    return res


def case_conv_input_rank_errors():
    return {
        "conv2d_3d": _err(lambda: nn.Conv2d(2, 3, 3)(Tensor(np.ones((2, 7, 7), np.float32)))),
        "conv2d_5d": _err(lambda: nn.Conv2d(2, 3, 3)(Tensor(np.ones((1, 1, 2, 5, 5), np.float32)))),
        "conv1d_2d": _err(lambda: nn.Conv1d(2, 3, 3)(Tensor(np.ones((2, 9), np.float32)))),
        "conv3d_4d": _err(lambda: nn.Conv3d(2, 3, 3)(Tensor(np.ones((2, 5, 5, 5), np.float32)))),
        "conv2dT_3d": _err(lambda: nn.Conv2dTranspose(2, 3, 3)(Tensor(np.ones((2, 5, 5), np.float32)))),
        "conv1dT_2d": _err(lambda: nn.Conv1dTranspose(2, 3, 3)(Tensor(np.ones((2, 5), np.float32)))),
        "conv3dT_4d": _err(lambda: nn.Conv3dTranspose(2, 3, 3)(Tensor(np.ones((2, 5, 5, 5), np.float32)))),
        "conv2d_int_input": _err(lambda: nn.Conv2d(2, 3, 3)(Tensor(np.ones((1, 2, 5, 5), np.int32)))),
    }


def case_conv_weight_and_bias_values():
    x = _x(1, 2, 7, 7)
    return {
        "ones_weight": nn.Conv2d(2, 1, 3, pad_mode="valid", weight_init="ones")(x).asnumpy(),
        "bias_only": nn.Conv2d(2, 1, 1, has_bias=True, bias_init="ones", weight_init="zeros")(x).asnumpy()[0, 0, 0],
        "has_bias_defaults": [nn.Conv2d(1, 1, 1).bias is None, nn.Conv1d(1, 1, 1).bias is None,
                              nn.Conv3d(1, 1, 1).bias is None, nn.Conv2dTranspose(1, 1, 1).bias is None,
                              nn.Dense(1, 1).bias is None],
    }


# ----- parameter names, shapes and attributes -----

def case_param_names_and_shapes():
    def named(cell):
        return [[p.name, list(p.shape), p.requires_grad] for p in cell.get_parameters()]
    return {
        "net": named(_Net()),
        "trainable": [p.name for p in _Net().trainable_params()],
        "untrainable": [p.name for p in _Net().untrainable_params()],
        "bn_no_recurse": [p.name for p in _Net().bn.untrainable_params(recurse=False)],
        "bn1d": named(nn.BatchNorm1d(3)), "bn_affine_false": named(nn.BatchNorm2d(3, affine=False)),
        "layernorm": named(nn.LayerNorm((3,))), "groupnorm": named(nn.GroupNorm(1, 3)),
        "embedding": named(nn.Embedding(4, 3)), "prelu": named(nn.PReLU()),
        "lstm": named(nn.LSTM(3, 4, num_layers=2, bidirectional=True)), "gru": named(nn.GRU(3, 4)),
        "rnn_no_bias": named(nn.RNN(3, 4, has_bias=False)), "lstmcell": named(nn.LSTMCell(3, 4)),
        "conv1d": named(nn.Conv1d(3, 4, 3, has_bias=True)), "conv3d": named(nn.Conv3d(3, 4, 3, has_bias=True)),
        "conv2dT": named(nn.Conv2dTranspose(3, 4, 3, has_bias=True)),
        "conv_group_weight": list(nn.Conv2d(4, 6, 3, group=2).weight.shape),
        "dense_f16": [str(nn.Dense(3, 4, dtype=ms.float16).weight.dtype),
                      str(nn.Dense(3, 4, dtype=ms.float16).bias.dtype)],
        "bn_f16": [str(p.dtype) for p in nn.BatchNorm2d(3, dtype=ms.float16).get_parameters()],
    }


def case_layer_attributes():
    c = nn.Conv2d(1, 2, (3, 5), stride=2, pad_mode="pad", padding=(1, 2, 3, 4))
    c1 = nn.Conv1d(1, 2, 3, stride=2, pad_mode="pad", padding=1)
    d = nn.Dense(2, 3, activation="relu")
    bn = nn.BatchNorm2d(3, momentum=0.99)
    lstm = nn.LSTM(3, 4, 2, batch_first=True)
    emb = nn.Embedding(5, 3, padding_idx=1)
    return {
        "conv": [list(c.kernel_size), list(c.stride), list(c.dilation), c.pad_mode, list(c.padding), c.group,
                 c.data_format],
        "conv1d": [list(c1.kernel_size), list(c1.stride), list(c1.dilation), list(c1.padding)],
        "dense": [d.in_channels, d.out_channels, d.has_bias, d.activation_flag, type(d.activation).__name__],
        "bn": [bn.num_features, bn.eps, bn.momentum, bn.use_batch_statistics],
        "lstm": [lstm.batch_first, lstm.num_layers, lstm.bidirectional, lstm.hidden_size, lstm.dropout],
        "embedding": [emb.vocab_size, emb.embedding_size, emb.padding_idx, emb.use_one_hot,
                      emb.embedding_table.asnumpy()[1].tolist(), emb.embedding_table.name],
    }


