"""mindspore.nn.probability.bnn_layers.ConvReparam: a 2-D convolution whose kernel (and bias) are Normal
posteriors sampled on each call. Like MindSpore, it also holds the plain Conv2d `weight`/`bias` Parameters
(initialised, frozen, unused)."""
from __future__ import annotations

from typing import Any

import torch

from mindshim.common import dtype as mstype
from mindshim.common.tensor import plain, wrap
from mindshim.nn.layer.conv import _ConvForward
from mindshim.nn.probability.bnn_layers.dense_variational import (
    bias_add, posterior_repr, setup_posteriors, variational_kl,
)
from mindshim.nn.probability.bnn_layers.layer_distribution import NormalPrior, normal_post_fn

__all__ = ["ConvReparam"]


def _twice(value: Any) -> Any:
    return (value, value) if isinstance(value, int) else value


class _ConvVariational(_ConvForward):
    _fast = False  # construct calls the posterior cells

    def __init__(self, in_channels: int, out_channels: int, kernel_size: Any, stride: Any = 1,
                 pad_mode: str = "same", padding: Any = 0, dilation: Any = 1, group: int = 1, has_bias: bool = False,
                 weight_prior_fn: Any = NormalPrior, weight_posterior_fn: Any = normal_post_fn,
                 bias_prior_fn: Any = NormalPrior, bias_posterior_fn: Any = normal_post_fn) -> None:
        if pad_mode not in ("valid", "same", "pad"):
            raise ValueError(f"Attr 'pad_mode' of 'Conv2d' Op passed {pad_mode}, should be one of values in "
                             "'valid', 'same', 'pad'.")
        kernel_size, stride, dilation = _twice(kernel_size), _twice(stride), _twice(dilation)
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding, dilation, group,
                         has_bias, "normal", "zeros", "NCHW", False, mstype.float32)
        self._plan()
        self.shape = [self.out_channels, self.in_channels // self.group, *self.kernel_size]
        self.weight.requires_grad = False
        if self.has_bias:
            self.bias.requires_grad = False
        setup_posteriors(self, self.shape, weight_prior_fn, weight_posterior_fn, bias_prior_fn, bias_posterior_fn)

    def construct(self, inputs: Any) -> Any:
        outputs = self._apply_variational_weight(inputs)
        if self.has_bias:
            outputs = self.apply_variational_bias(outputs)
        return outputs

    def extend_repr(self) -> str:
        return (f"in_channels={self.in_channels}, out_channels={self.out_channels}, kernel_size={self.kernel_size}, "
                f"stride={self.stride}, pad_mode={self.pad_mode}, padding={self.padding}, dilation={self.dilation}, "
                f"group={self.group}, {posterior_repr(self)}")

    def compute_kl_loss(self) -> Any:
        return variational_kl(self)

    def apply_variational_bias(self, inputs: Any) -> Any:
        return bias_add(inputs, self.bias_posterior("sample"))


class ConvReparam(_ConvVariational):
    """ConvReparam(in_channels, out_channels, kernel_size, stride=1, pad_mode='same', padding=0, dilation=1,
    group=1, has_bias=False, weight_prior_fn=NormalPrior, weight_posterior_fn=normal_post_fn,
    bias_prior_fn=NormalPrior, bias_posterior_fn=normal_post_fn)."""

    def _apply_variational_weight(self, inputs: Any) -> Any:
        self._check_rank(inputs)
        weight = plain(self.weight_posterior("sample"))
        return wrap(torch.conv2d(self._padded(plain(inputs)), weight, None, self.stride, self._conv_pad,
                                 self.dilation, self.group))
