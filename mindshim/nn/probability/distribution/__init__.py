"""mindspore.nn.probability.distribution: probability distributions as Cells."""
from mindshim.nn.probability.distribution.distribution import Distribution
from mindshim.nn.probability.distribution.transformed_distribution import TransformedDistribution
from mindshim.nn.probability.distribution.bernoulli import Bernoulli
from mindshim.nn.probability.distribution.beta import Beta
from mindshim.nn.probability.distribution.categorical import Categorical
from mindshim.nn.probability.distribution.cauchy import Cauchy
from mindshim.nn.probability.distribution.exponential import Exponential
from mindshim.nn.probability.distribution.gamma import Gamma
from mindshim.nn.probability.distribution.geometric import Geometric
from mindshim.nn.probability.distribution.gumbel import Gumbel
from mindshim.nn.probability.distribution.logistic import Logistic
from mindshim.nn.probability.distribution.log_normal import LogNormal
from mindshim.nn.probability.distribution.normal import Normal
from mindshim.nn.probability.distribution.poisson import Poisson
from mindshim.nn.probability.distribution.uniform import Uniform
from mindshim.nn.probability.distribution.half_normal import HalfNormal
from mindshim.nn.probability.distribution.laplace import Laplace
from mindshim.nn.probability.distribution.student_t import StudentT

__all__ = ["Distribution", "TransformedDistribution", "Bernoulli", "Beta", "Categorical", "Cauchy", "Exponential",
           "Gamma", "Geometric", "Gumbel", "Logistic", "LogNormal", "Normal", "Poisson", "Uniform", "HalfNormal",
           "Laplace", "StudentT"]
