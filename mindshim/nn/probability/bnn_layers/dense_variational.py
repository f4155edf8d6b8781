"""mindspore.nn.probability.bnn_layers DenseReparam and DenseLocalReparam: dense layers whose weight (and bias)
are Normal posteriors, sampled on each call, with a KL loss against their priors."""
from __future__ import annotations

from typing import Any

import torch

from mindshim import _checkparam as validator
from mindshim.common.tensor import plain, wrap
from mindshim.nn.cell import Cell
from mindshim.nn.probability.bnn_layers._util import check_posterior, check_prior
from mindshim.nn.probability.bnn_layers.layer_distribution import NormalPrior, normal_post_fn
from mindshim.nn.probability.distribution.normal import Normal

__all__ = ["DenseReparam", "DenseLocalReparam"]


def bias_add(x: Any, bias: Any) -> Any:
    """BiasAdd: the bias on the channel axis (1)."""
    b = plain(bias)
    return wrap(plain(x) + b.reshape((1, -1) + (1,) * (x.dim() - 2)))


def variational_kl(layer: Cell) -> Any:
    """Sum of KL(posterior || prior) over the weight and, where there is one, the bias."""
    total = None
    parts = [("weight_posterior", "weight_prior")] + ([("bias_posterior", "bias_prior")] if layer.has_bias else [])
    for post_name, prior_name in parts:
        posterior, prior = getattr(layer, post_name), getattr(layer, prior_name)
        kl = plain(prior("kl_loss", posterior("get_dist_type"), *posterior("get_dist_args"))).sum()
        total = kl if total is None else total + kl
    return wrap(total)


def setup_posteriors(layer: Cell, weight_shape: list, weight_prior_fn: Any, weight_posterior_fn: Any,
                     bias_prior_fn: Any, bias_posterior_fn: Any) -> None:
    layer.weight_prior = check_prior(weight_prior_fn, "weight_prior_fn")
    layer.weight_posterior = check_posterior(weight_posterior_fn, shape=weight_shape, param_name="bnn_weight",
                                             arg_name="weight_posterior_fn")
    if layer.has_bias:
        layer.bias_prior = check_prior(bias_prior_fn, "bias_prior_fn")
        layer.bias_posterior = check_posterior(bias_posterior_fn, shape=[layer.out_channels], param_name="bnn_bias",
                                               arg_name="bias_posterior_fn")


def posterior_repr(layer: Cell) -> str:
    s = f"weight_mean={layer.weight_posterior.mean}, weight_std={layer.weight_posterior.untransformed_std}, " \
        f"has_bias={layer.has_bias}"
    if layer.has_bias:
        s += f", bias_mean={layer.bias_posterior.mean}, bias_std={layer.bias_posterior.untransformed_std}"
    return s


class _DenseVariational(Cell):
    """The shared dense Bayesian layer: subclasses give `_apply_variational_weight`."""

    def __init__(self, in_channels: int, out_channels: int, activation: Any = None, has_bias: bool = True,
                 weight_prior_fn: Any = NormalPrior, weight_posterior_fn: Any = normal_post_fn,
                 bias_prior_fn: Any = NormalPrior, bias_posterior_fn: Any = normal_post_fn) -> None:
        super().__init__()
        self.in_channels = validator.check_positive_int(in_channels)
        self.out_channels = validator.check_positive_int(out_channels)
        self.has_bias = validator.check_bool(has_bias)
        setup_posteriors(self, [self.out_channels, self.in_channels], weight_prior_fn, weight_posterior_fn,
                         bias_prior_fn, bias_posterior_fn)
        self.activation = activation
        self.activation_flag = bool(activation)
        if self.activation_flag:
            if isinstance(activation, str):
                from mindshim.nn import get_activation
                self.activation = get_activation(activation)
            elif not isinstance(activation, Cell):
                raise ValueError("The type of `activation` is wrong.")

    def construct(self, x: Any) -> Any:
        outputs = self._apply_variational_weight(x)
        if self.has_bias:
            outputs = self.apply_variational_bias(outputs)
        if self.activation_flag:
            outputs = self.activation(outputs)
        return outputs

    def extend_repr(self) -> str:
        s = f"in_channels={self.in_channels}, out_channels={self.out_channels}, {posterior_repr(self)}"
        if self.activation_flag:
            s += f", activation={self.activation}"
        return s

    def apply_variational_bias(self, inputs: Any) -> Any:
        return bias_add(inputs, self.bias_posterior("sample"))

    def compute_kl_loss(self) -> Any:
        return variational_kl(self)


class DenseReparam(_DenseVariational):
    """DenseReparam(in_channels, out_channels, activation=None, has_bias=True, weight_prior_fn=NormalPrior,
    weight_posterior_fn=normal_post_fn, bias_prior_fn=NormalPrior, bias_posterior_fn=normal_post_fn):
    one weight sample per call (the reparameterisation trick)."""

    def _apply_variational_weight(self, inputs: Any) -> Any:
        weight = plain(self.weight_posterior("sample"))
        return wrap(torch.matmul(plain(inputs), weight.t()))


class DenseLocalReparam(_DenseVariational):
    """DenseLocalReparam(...same arguments as DenseReparam): samples the pre-activations (local reparameterisation):
    N(x W_mean^T, sqrt(x^2 (W_sd^2)^T))."""

    def __init__(self, in_channels: int, out_channels: int, activation: Any = None, has_bias: bool = True,
                 weight_prior_fn: Any = NormalPrior, weight_posterior_fn: Any = normal_post_fn,
                 bias_prior_fn: Any = NormalPrior, bias_posterior_fn: Any = normal_post_fn) -> None:
        super().__init__(in_channels, out_channels, activation=activation, has_bias=has_bias,
                         weight_prior_fn=weight_prior_fn, weight_posterior_fn=weight_posterior_fn,
                         bias_prior_fn=bias_prior_fn, bias_posterior_fn=bias_posterior_fn)
        self.normal = Normal()

    def _apply_variational_weight(self, inputs: Any) -> Any:
        x = plain(inputs)
        mean = torch.matmul(x, plain(self.weight_posterior("mean")).t())
        std = torch.sqrt(torch.matmul(torch.square(x), torch.square(plain(self.weight_posterior("sd"))).t()))
        return self.normal("sample", mean=wrap(mean), sd=wrap(std))
