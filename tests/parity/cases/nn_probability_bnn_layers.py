"""Parity of `mindspore.nn.probability.bnn_layers` (deterministic parts only: the weight samples differ): the
posterior Parameters (drawn from numpy's global generator, which the parity loader seeds with 0 before each case)
by name, shape, trainability and value; the cell tree; repr; KL losses and their gradients; posterior/prior calls
through `construct`; output shapes and dtypes of DenseReparam, DenseLocalReparam, ConvReparam; WithBNNLossCell's
names, KL collection and loss shape; argument errors."""
import numpy as np

import mindspore as ms
from mindspore import Tensor, nn
from mindspore.nn.probability import bnn_layers as bl
from parity_ops_common import error_words as _err  # registered by the parity loader


def _names(cell):
    return [[n, p.name, list(p.shape), p.requires_grad] for n, p in cell.parameters_and_names()]


def _shape_dtype(t):
    return [list(t.shape), str(t.dtype)]


def case_dense_reparam():
    d = bl.DenseReparam(3, 2)
    return {"names": _names(d), "cells": [n for n, _ in d.cells_and_names()], "repr": repr(d),
            "kl": d.compute_kl_loss().asnumpy(),
            "posterior_mean": d.weight_posterior("mean").asnumpy(), "posterior_sd": d.weight_posterior("sd").asnumpy(),
            "dist_args": [a.asnumpy() for a in d.weight_posterior("get_dist_args")],
            "dist_type": d.weight_posterior("get_dist_type"),
            "prior_kl": d.weight_prior("kl_loss", "Normal", Tensor([0.5], ms.float32), Tensor([0.2], ms.float32)).asnumpy(),
            "out": _shape_dtype(d(Tensor(np.ones((4, 3), np.float32))))}


def case_dense_local_reparam():
    d = bl.DenseLocalReparam(3, 2, activation="relu", has_bias=False)
    return {"names": _names(d), "cells": [n for n, _ in d.cells_and_names()], "repr": repr(d),
            "kl": d.compute_kl_loss().asnumpy(), "out": _shape_dtype(d(Tensor(np.ones((4, 3), np.float32))))}


def case_conv_reparam():
    c = bl.ConvReparam(2, 3, 3, has_bias=True)
    valid = bl.ConvReparam(2, 3, (3, 2), pad_mode="valid", stride=2)
    return {"names": _names(c), "cells": [n for n, _ in c.cells_and_names()],
            "kl": c.compute_kl_loss().asnumpy(), "repr_head": repr(c).split("\n")[0],
            "out": _shape_dtype(c(Tensor(np.ones((1, 2, 5, 5), np.float32)))),
            "out_valid": _shape_dtype(valid(Tensor(np.ones((1, 2, 7, 7), np.float32)))),
            "attrs": [list(valid.kernel_size), list(valid.stride), valid.pad_mode, valid.shape]}


def case_prior_and_posterior():
    post = bl.NormalPosterior("w", (2, 3))
    prior, prior2 = bl.NormalPrior(), bl.NormalPrior(mean=1, std=0.5)
    return {"posterior_names": _names(post), "posterior_repr": repr(post), "prior_repr": repr(prior),
            "prior_names": _names(prior), "sample": _shape_dtype(post("sample")), "mean": post("mean").asnumpy(),
            "prior_mean": prior("mean").asnumpy(), "prior_sd": prior("sd").asnumpy(),
            "prior2_sd": prior2("sd").asnumpy(), "kl": prior("kl_loss", "Normal", *post("get_dist_args")).asnumpy()}


class _Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = bl.DenseReparam(3, 4, activation="relu")
        self.fc2 = nn.Dense(4, 2, weight_init="ones", bias_init="zeros")

    def construct(self, x):
        return self.fc2(self.fc1(x))


def case_with_bnn_loss_cell():
    net = _Net()
    w = bl.WithBNNLossCell(net, nn.MSELoss(), 1, 0.001)
    loss = w(Tensor(np.ones((2, 3), np.float32)), Tensor(np.zeros((2, 2), np.float32)))
    return {"names": _names(w), "kl_terms": len(w.kl_loss), "backbone": w.backbone_network is net,
            "loss": _shape_dtype(loss), "kl": w.kl_loss[0]().asnumpy()}


def case_kl_gradient():
    d = bl.DenseReparam(3, 2)
    params = d.trainable_params()
    grads = ms.grad(d.compute_kl_loss, grad_position=None, weights=params)()
    return {"names": [p.name for p in params], "grads": [g.asnumpy() for g in grads]}


def case_errors():
    return {
        "in_channels_0": _err(lambda: bl.DenseReparam(0, 2)),
        "has_bias_int": _err(lambda: bl.DenseReparam(2, 2, has_bias=1)),
        "activation_int": _err(lambda: bl.DenseReparam(2, 2, activation=3), "activation"),
        "posterior_fn": _err(lambda: bl.DenseReparam(2, 2, weight_posterior_fn=lambda: 1), "weight_posterior_fn"),
        "prior_instance": _names(bl.DenseReparam(2, 2, weight_prior_fn=bl.NormalPrior(mean=1.0, std=0.5))),
        "post_name": _err(lambda: bl.NormalPosterior(1, (2,)), "name"),
        "post_shape": _err(lambda: bl.NormalPosterior("a", 2), "shape"),
        "post_loc_mean": _err(lambda: bl.NormalPosterior("a", (2,), loc_mean="x"), "loc_mean"),
        "post_loc_std": _err(lambda: bl.NormalPosterior("a", (2,), loc_std=-1), "loc_std"),
        "post_bool": _err(lambda: bl.NormalPosterior("a", (2,), loc_mean=True), "loc_mean"),
        "dnn_factor": _err(lambda: bl.WithBNNLossCell(_Net(), nn.MSELoss(), -1), "dnn_factor"),
        "bnn_factor": _err(lambda: bl.WithBNNLossCell(_Net(), nn.MSELoss(), 1, "1"), "bnn_factor"),
        "conv_pad_mode": _err(lambda: bl.ConvReparam(2, 3, 3, pad_mode="bad"), "pad_mode"),
        "prior_std0": _err(lambda: bl.NormalPrior(std=0), "Standard deviation"),
    }
