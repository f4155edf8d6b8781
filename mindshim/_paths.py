"""Every module path where MindSpore 2.10 exposes a public object resolves to the same mindshim object.

MindSpore defines each primitive in one module (`mindspore.ops.operations.array_ops.ScatterNdMul`,
`mindspore.ops.auto_generate.gen_ops_prim.Abs`, `mindspore.ops.function.math_func.addn`, ...) and
re-exports it at `mindspore.ops`; real code imports from any of these. `_mindspore_paths.PATHS`
(generated from real MindSpore by tools/dump_mindspore_paths.py) says which name at which path is which
`ops` object. mindshim keeps one home per name; this module answers lookups at the other paths:

- a mindshim module that exists at that path (`mindshim/ops/operations/nn_ops.py`) gets a module-level
  `__getattr__` fallback (`attach_loaded` when the `import mindspore` alias is installed, then by the
  alias's finder as each such module loads);
- a path with no mindshim file (`ops.auto_generate.gen_ops_def`, `ops.operations._inner_ops`) becomes
  a table-backed module created on first import (`table_module`).
"""
from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import sys
import types
from functools import lru_cache
from typing import Any, Callable

from mindshim._mindspore_paths import PATHS


@lru_cache(maxsize=None)
def entries(path: str) -> dict[str, tuple[str, str]]:
    """`ops.operations.nn_ops` -> {name: (namespace, canonical name)}."""
    out = {}
    for token in PATHS.get(path, "").split():
        name, _, target = token.partition("=")
        namespace, _, canonical = target.partition(":") if target else ("ops", "", name)
        out[name] = (namespace, canonical)
    return out


def resolve(path: str, name: str) -> Any:
    """The mindshim object MindSpore exposes as `mindspore.<path>.<name>` (AttributeError if none)."""
    entry = entries(path).get(name)
    if entry is None:
        raise AttributeError(f"module 'mindspore.{path}' has no attribute '{name}'")
    namespace, canonical = entry
    return getattr(importlib.import_module("mindshim." + namespace), canonical)


def _fallback(path: str, original: Callable[[str], Any] | None) -> Callable[[str], Any]:
    def __getattr__(name: str) -> Any:
        if name in entries(path):
            return resolve(path, name)
        child = f"{path}.{name}"
        if child in PATHS or _is_package(child):
            return table_module(child)
        if original is not None:
            return original(name)
        raise AttributeError(f"module 'mindspore.{path}' has no attribute '{name}'")

    __getattr__.table_path = path  # marks an attached fallback (attach is idempotent)
    return __getattr__


def _is_package(path: str) -> bool:
    prefix = path + "."
    return any(p.startswith(prefix) for p in PATHS)


def _exists(module_name: str) -> bool:
    try:
        return importlib.util.find_spec(module_name) is not None
    except (ImportError, ValueError):
        return False


def table_module(path: str) -> types.ModuleType:
    """The module `mindshim.<path>`: the real one if mindshim has it, else one backed by the table."""
    name = "mindshim." + path
    if name in sys.modules:
        return sys.modules[name]
    if _exists(name):
        return importlib.import_module(name)
    if path not in PATHS and not _is_package(path):
        raise ModuleNotFoundError(f"No module named 'mindspore.{path}'", name="mindspore." + path)
    parent_path, _, child = path.rpartition(".")
    parent = table_module(parent_path) if parent_path != "ops" else importlib.import_module("mindshim.ops")
    module = types.ModuleType(name, f"MindSpore's `mindspore.{path}`: its ops names, resolved by mindshim._paths.")
    module.__spec__ = importlib.machinery.ModuleSpec(name, None, is_package=_is_package(path))
    if _is_package(path):
        module.__path__ = []
    module.__getattr__ = _fallback(path, None)
    module.__all__ = sorted(entries(path))
    sys.modules[name] = module
    setattr(parent, child, module)
    return module


def attach(module: types.ModuleType, path: str) -> None:
    """Give an existing mindshim module the table's names for its MindSpore path."""
    original = module.__dict__.get("__getattr__")
    if getattr(original, "table_path", None) == path:
        return
    module.__getattr__ = _fallback(path, original)


def attach_loaded() -> None:
    """Attach the fallback to every loaded mindshim module that exists at a table path; the alias's finder
    attaches the ones that load later (importing them all here would undo the lazy subpackages)."""
    for path in PATHS:
        module = sys.modules.get("mindshim." + path)
        if module is not None:
            attach(module, path)
