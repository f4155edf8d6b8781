"""mindspore.nn.probability.bijector: invertible transformations of random variables."""
from mindshim.nn.probability.bijector.bijector import Bijector
from mindshim.nn.probability.bijector.power_transform import PowerTransform
from mindshim.nn.probability.bijector.exp import Exp
from mindshim.nn.probability.bijector.scalar_affine import ScalarAffine
from mindshim.nn.probability.bijector.softplus import Softplus
from mindshim.nn.probability.bijector.gumbel_cdf import GumbelCDF
from mindshim.nn.probability.bijector.invert import Invert

__all__ = ["Bijector", "PowerTransform", "Exp", "ScalarAffine", "Softplus", "GumbelCDF", "Invert"]
