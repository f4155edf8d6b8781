"""Kept for `mint.nn.functional`, which imports `sigmoid`/`tanh` from here: they are `mindspore.ops`'s own objects
(MindSpore binds mint.sigmoid, mint.tanh and mint.nn.functional's to the same functions); the dtype checks live in
`mindshim.ops.function.nn_func`."""
from mindshim.ops import sigmoid, tanh

__all__: list[str] = []
