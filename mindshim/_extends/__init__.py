"""mindspore._extends: the Python helpers MindSpore's C++ side calls; scripts import `cell_attr_register`."""
from mindshim._extends import utils
from mindshim._extends.utils import cell_attr_register

__all__ = ["cell_attr_register"]
