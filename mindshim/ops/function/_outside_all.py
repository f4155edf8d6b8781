"""Functions MindSpore 2.10 binds on `mindspore.ops.function` / `ops.functional` outside their `__all__`
(`F.argmax_ext`, `ops.function.split_ext`, ...): old and generated code calls them. Several have no CPU kernel in
MindSpore 2.10 (ArgMaxExt, UniformExt); these follow the mint functions they are the kernels of."""
from __future__ import annotations

from typing import Any

from mindshim.ops.composite.base import depend, partial  # ops.function.other_func's homes of these
from mindshim.ops.operations.math_ops import Div


def split_ext(tensor: Any, split_size: Any, dim: int = 0) -> Any:
    from mindshim import mint
    return mint.split(tensor, split_size, dim)


def remainder_ext(input: Any, other: Any) -> Any:  # noqa: A002 - MindSpore's argument name
    from mindshim import mint
    return mint.remainder(input, other)


def argmax_ext(input: Any, dim: int | None = None, keepdim: bool = False) -> Any:  # noqa: A002
    from mindshim import mint
    return mint.argmax(input, dim, keepdim)


def uniform_ext(tensor: Any, a: float, b: float, generator: Any = None) -> Any:
    """A new tensor shaped and typed like `tensor`, drawn from U[a, b)."""
    from mindshim import mint
    return mint.empty_like(tensor).uniform_(a, b, generator=generator)


tensor_div_ = Div()

__all__ = ["depend", "partial", "split_ext", "remainder_ext", "argmax_ext", "uniform_ext", "tensor_div_"]
