"""A local package imported by planted_unsupported.py: a relative import and a re-exported alias."""
from mindspore import nn as nn_alias

from .layers import make_net
