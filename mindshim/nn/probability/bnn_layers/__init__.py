"""mindspore.nn.probability.bnn_layers: Bayesian layers (weights as Normal posteriors) and their loss wrapper."""
from mindshim.nn.probability.bnn_layers import bnn_cell_wrapper, conv_variational, dense_variational, layer_distribution
from mindshim.nn.probability.bnn_layers.conv_variational import ConvReparam
from mindshim.nn.probability.bnn_layers.dense_variational import DenseReparam, DenseLocalReparam
from mindshim.nn.probability.bnn_layers.layer_distribution import NormalPrior, NormalPosterior
from mindshim.nn.probability.bnn_layers.bnn_cell_wrapper import WithBNNLossCell

__all__ = ["ConvReparam", "DenseReparam", "DenseLocalReparam", "NormalPrior", "NormalPosterior", "WithBNNLossCell"]
