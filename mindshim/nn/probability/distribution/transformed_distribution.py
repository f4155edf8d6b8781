"""mindspore.nn.probability.distribution.TransformedDistribution: Y = f(X) for a bijector f and a distribution X."""
from __future__ import annotations

from typing import Any

import numpy as np
import torch

from mindshim import _checkparam as validator
from mindshim.common import dtype as mstype
from mindshim.common.tensor import plain, wrap
from mindshim.nn.probability.distribution.distribution import Distribution


class TransformedDistribution(Distribution):
    """TransformedDistribution(bijector, distribution, seed=None, name='transformed_distribution')."""

    def __init__(self, bijector: Any, distribution: Any, seed: Any = None,
                 name: str = "transformed_distribution") -> None:
        param = dict(locals())
        from mindshim.nn.probability.bijector import Bijector
        validator.check_value_type("bijector", bijector, [Bijector], type(self).__name__)
        validator.check_value_type("distribution", distribution, [Distribution], type(self).__name__)
        validator.check_type_name("dtype", distribution.dtype, mstype.float_type, type(self).__name__)
        super().__init__(seed, distribution.dtype, name, param)
        self._bijector = bijector
        self._distribution = distribution
        self._is_linear_transformation = bijector.is_constant_jacobian
        self._dtype = distribution.dtype
        self._batch_shape = distribution.batch_shape
        self._is_scalar_batch = distribution.is_scalar_batch and bijector.is_scalar_batch
        self.default_parameters = distribution.default_parameters
        self.parameter_names = distribution.parameter_names
        self.parameter_type = distribution.parameter_type
        self._broadcast_shape = self._broadcast_bijector_dist()

    @property
    def bijector(self) -> Any:
        return self._bijector

    @property
    def distribution(self) -> Any:
        return self._distribution

    @property
    def is_linear_transformation(self) -> bool:
        return self._is_linear_transformation

    def _broadcast_bijector_dist(self) -> Any:
        if self.batch_shape is None or self.bijector.batch_shape is None:
            return None
        return tuple(torch.broadcast_shapes(tuple(self.bijector.batch_shape), tuple(self.batch_shape)))

    def _cdf(self, value: Any, *args: Any, **kwargs: Any) -> Any:
        return self.distribution.cdf(self.bijector.inverse(value), *args, **kwargs)

    def _log_cdf(self, value: Any, *args: Any, **kwargs: Any) -> Any:
        return wrap(torch.log(plain(self._cdf(value, *args, **kwargs))))

    def _survival_function(self, value: Any, *args: Any, **kwargs: Any) -> Any:
        return wrap(1.0 - plain(self._cdf(value, *args, **kwargs)))

    def _log_survival(self, value: Any, *args: Any, **kwargs: Any) -> Any:
        return wrap(torch.log(plain(self._survival_function(value, *args, **kwargs))))

    def _log_prob(self, value: Any, *args: Any, **kwargs: Any) -> Any:
        unadjusted = plain(self.distribution.log_prob(self.bijector.inverse(value), *args, **kwargs))
        log_jacobian = plain(self.bijector.inverse_log_jacobian(value))
        # a point outside the support stays at -inf (not nan from an infinite jacobian)
        return wrap(torch.where(unadjusted == -np.inf, unadjusted, unadjusted + log_jacobian))

    def _prob(self, value: Any, *args: Any, **kwargs: Any) -> Any:
        return wrap(torch.exp(plain(self._log_prob(value, *args, **kwargs))))

    def _sample(self, *args: Any, **kwargs: Any) -> Any:
        return self.bijector.forward(self.distribution.sample(*args, **kwargs))

    def _mean(self, *args: Any, **kwargs: Any) -> Any:
        if not self.is_linear_transformation:
            raise ValueError("mean function must be implemented for non-linear transformation")
        return self.bijector.forward(self.distribution.mean(*args, **kwargs))
