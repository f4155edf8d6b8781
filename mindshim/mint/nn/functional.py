"""mindspore.mint.nn.functional: torch-style functional layers. Where MindSpore re-exports an `ops`,
`ops.auto_generate` or `mint` function this module re-exports mindshim's same object; the rest live in `_func_act`
and `_func_nn`."""
from mindshim.mint._array import conv2d  # MindSpore's mint.conv2d is this same function
from mindshim.ops import sigmoid, tanh  # the same objects as mint.sigmoid / mint.tanh, as in MindSpore
from mindshim.ops.auto_generate import leaky_relu_ext as leaky_relu
from mindshim.mint.nn._func_act import (dropout, dropout2d, elu, elu_, gelu, glu, hardtanh,
                                        log_softmax, logsigmoid, normalize, one_hot, relu6, relu_, silu, softmax,
                                        threshold)
from mindshim.mint.nn._func_nn import (adaptive_avg_pool3d, adaptive_max_pool1d, avg_pool2d, avg_pool3d,
                                       batch_norm, binary_cross_entropy, binary_cross_entropy_with_logits, conv1d,
                                       conv3d, cross_entropy, interpolate, kl_div, max_pool2d, nll_loss, pad, upsample)
from mindshim.ops import (adaptive_avg_pool2d_ext as adaptive_avg_pool2d, adaptive_max_pool2d, conv_transpose2d,
                          dense as linear, embedding, grid_sample, group_norm, inplace_sigmoid as sigmoid_,
                          layer_norm, mse_loss_ext as mse_loss, prelu, relu, soft_margin_loss)
from mindshim.ops.auto_generate import (adaptive_avg_pool1d, avg_pool1d_ext as avg_pool1d, cosine_embedding_loss,
                                        flatten_ext as flatten, fold_ext as fold, inplace_hardtanh as hardtanh_,
                                        inplace_threshold as threshold_, max_unpool2d_ext as max_unpool2d,
                                        unfold_ext as unfold)
from mindshim.ops.auto_generate._ext_nn import pixel_shuffle

__all__ = [
    "adaptive_avg_pool1d", "adaptive_avg_pool2d", "adaptive_avg_pool3d", "adaptive_max_pool1d", "adaptive_max_pool2d",
    "avg_pool1d", "avg_pool2d", "avg_pool3d", "batch_norm", "binary_cross_entropy", "binary_cross_entropy_with_logits",
    "conv1d", "conv2d", "conv3d", "conv_transpose2d", "cosine_embedding_loss", "cross_entropy", "dropout",
    "dropout2d", "elu", "elu_", "embedding", "flatten", "fold", "gelu", "glu", "grid_sample", "group_norm",
    "hardtanh", "hardtanh_", "interpolate", "kl_div", "layer_norm", "leaky_relu", "linear", "log_softmax",
    "logsigmoid", "max_pool2d", "max_unpool2d", "mse_loss", "nll_loss", "normalize", "one_hot", "pad",
    "pixel_shuffle", "prelu", "relu", "relu6", "relu_", "sigmoid", "sigmoid_", "silu", "soft_margin_loss", "softmax",
    "tanh", "threshold", "threshold_", "unfold", "upsample",
]
