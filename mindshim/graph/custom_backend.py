"""mindspore.graph.register_custom_backend: loads a C++ compiler backend built against MindSpore's API.

The path checks are MindSpore's (ValueError); a valid library is then refused the way MindSpore refuses one it
cannot load (an error logged, `False`): torch.compile cannot host a MindSpore backend.
"""
from __future__ import annotations

import os

from mindshim import log as logger


def register_custom_backend(backend_name: str, backend_path: str) -> bool:
    if backend_name is None or backend_path is None:
        raise ValueError("Both backend_name and backend_path must be provided.")
    if not os.path.isabs(backend_path):
        raise ValueError(f"The backend_path must be an absolute path, got: {backend_path}")
    backend_path = os.path.realpath(backend_path)
    if not os.path.isfile(backend_path) or not os.access(backend_path, os.R_OK):
        raise ValueError(f"The file {backend_path} does not exist or permission denied!")
    if not backend_path.endswith(".so"):
        raise ValueError(f"The file {backend_path} is not a shared library!")
    logger.error(f"Failed to register custom backend '{backend_name}' from {backend_path}: mindshim runs networks "
                 f"with torch.compile, which cannot load a MindSpore compiler backend.")
    return False


__all__ = ["register_custom_backend"]
