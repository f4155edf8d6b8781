"""mindspore.scipy.optimize: minimize (BFGS, LBFGS, LAGRANGE), line_search and linear_sum_assignment."""
from mindshim.scipy.optimize.minimize import minimize
from mindshim.scipy.optimize.line_search import line_search
from mindshim.scipy.optimize.linear_sum_assignment import linear_sum_assignment

__all__ = ["minimize", "line_search", "linear_sum_assignment"]
