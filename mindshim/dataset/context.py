"""`mindspore.dataset.context`: in MindSpore 2.10 this name is the `mindspore.context` module itself (as an
attribute of `mindspore.dataset`), so importing it here yields exactly that module."""
import sys

from mindshim import context as _context

sys.modules[__name__] = _context
