"""Checks of the prior / posterior factories the Bayesian layers take."""
from __future__ import annotations

from typing import Any

from mindshim.common.tensor import Tensor
from mindshim.nn.cell import Cell


def check_prior(prior_fn: Any, arg_name: str) -> Cell:
    """A prior Cell (or a factory of one) whose distributions are Normals with fixed mean and sd."""
    prior = prior_fn if isinstance(prior_fn, Cell) else prior_fn()
    for prior_name, prior_dist in prior.name_cells().items():
        if prior_name != "normal":
            raise TypeError(f"The type of distribution of `{arg_name}` must be `normal`")
        if not (isinstance(getattr(prior_dist, "_mean_value", None), Tensor)
                and isinstance(getattr(prior_dist, "_sd_value", None), Tensor)):
            raise TypeError(f"The input form of `{arg_name}` is incorrect")
    return prior


def check_posterior(posterior_fn: Any, shape: Any, param_name: str, arg_name: str) -> Cell:
    """posterior_fn(shape=, name=) must build a NormalPosterior-like Cell."""
    try:
        posterior = posterior_fn(shape=shape, name=param_name)
    except TypeError:
        raise TypeError(f"The type of `{arg_name}` must be `NormalPosterior`") from None
    for posterior_name in posterior.name_cells():
        if posterior_name != "normal":
            raise TypeError(f"The type of distribution of `{arg_name}` must be `normal`")
    return posterior
