"""mindspore.nn.probability: distributions, bijectors and Bayesian layers."""
from mindshim.nn.probability import bijector, distribution

__all__ = ["bijector", "distribution"]
