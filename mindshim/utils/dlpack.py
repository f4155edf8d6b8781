"""mindspore.utils from_dlpack / to_dlpack: zero-copy exchange through DLPack capsules (torch's implementation).
Like MindSpore, to_dlpack refuses bool and complex tensors and from_dlpack takes only a capsule: anything else,
or a capsule already consumed, is a RuntimeError."""
from __future__ import annotations

from typing import Any

import torch

from mindshim._errors import unsupported
from mindshim.common.tensor import Tensor, wrap

_INVALID = ("from_dlpack received an invalid capsule. Note that DLTensor capsules can be consumed only once, so you "
            "might have already constructed a tensor from it once.")


def _is_capsule(obj: Any) -> bool:
    return type(obj).__name__ == "PyCapsule"


def from_dlpack(dlpack: Any) -> Tensor:
    """A Tensor sharing memory with the DLPack capsule."""
    if not _is_capsule(dlpack):
        raise RuntimeError(_INVALID)
    try:
        return wrap(torch.utils.dlpack.from_dlpack(dlpack))
    except (RuntimeError, ValueError, TypeError) as err:
        raise RuntimeError(_INVALID) from err


def to_dlpack(tensor: Tensor) -> Any:
    """A DLPack capsule over the tensor's memory (MindSpore 2.10 exports no bool or complex tensors)."""
    if not isinstance(tensor, torch.Tensor):
        raise AttributeError(f"'{type(tensor).__name__}' object has no attribute 'has_init'")
    if tensor.dtype == torch.bool or tensor.is_complex():
        raise RuntimeError(f"Unsupported data type: {tensor.dtype} cannot be exported through DLPack.")
    return torch.utils.dlpack.to_dlpack(tensor.detach().as_subclass(torch.Tensor))


def _reuse_data_ptr(*args: Any) -> None:
    raise unsupported("mindspore.utils._reuse_data_ptr")
