"""Make `import mindspore` mean mindshim, only when asked.

One meta-path finder maps every `mindspore.X` module to `mindshim.X` (the same module object, so
`mindspore.nn.Cell is mindshim.nn.Cell`), and one table maps legacy r1.x deep paths whose home
moved. `install_alias()` is called by `mindshim run`, `python -m mindshim` and notebooks.
"""
from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys

from mindshim import _paths

# r1.x / moved paths -> their mindshim home (everything else maps by prefix).
LEGACY_PATHS: dict[str, str] = {
    "mindspore.nn.metrics": "mindshim.train.metrics",
    "mindspore.train.callback": "mindshim.train.callback",
    "mindspore.ops.functional": "mindshim.ops.functional",
    "mindspore.common.api": "mindshim.common.api",
    "mindspore.train.loss_scale_manager": "mindshim.amp",
    "mindspore.nn.wrap.loss_scale": "mindshim.nn.wrap.loss_scale",
    "mindspore.communication.management": "mindshim.communication.management",
}


class _AliasLoader(importlib.abc.Loader):
    def __init__(self, target: str) -> None:
        self.target = target

    def create_module(self, spec):
        module = importlib.import_module(self.target)
        self._original_spec = module.__spec__
        return module

    def exec_module(self, module) -> None:
        module.__spec__ = self._original_spec  # keep the module's own identity
        _paths.attach_loaded()  # MindSpore's defining-module paths answer with the same objects


class _AttachingLoader(importlib.abc.Loader):
    """Loads a mindshim module at a MindSpore table path as usual, then gives it the table's names."""

    def __init__(self, inner: importlib.abc.Loader, path: str) -> None:
        self.inner, self.path = inner, path

    def create_module(self, spec):
        return self.inner.create_module(spec)

    def exec_module(self, module) -> None:
        self.inner.exec_module(module)
        _paths.attach(module, self.path)

    def __getattr__(self, name: str):  # get_source, get_filename, is_package, ... for inspect and pkgutil
        return getattr(self.inner, name)


def _table_module_spec(fullname: str, path):
    """While the alias is installed, a mindshim module at a table path loads with its fallback attached."""
    table_path = fullname[len("mindshim."):]
    if table_path not in _paths.PATHS:
        return None
    spec = importlib.machinery.PathFinder.find_spec(fullname, path)
    if spec is None or spec.loader is None:
        return None
    spec.loader = _AttachingLoader(spec.loader, table_path)
    return spec


class _AliasFinder(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname: str, path=None, target=None):
        if fullname.startswith("mindshim."):
            return _table_module_spec(fullname, path)
        if fullname != "mindspore" and not fullname.startswith("mindspore."):
            return None
        target_name = LEGACY_PATHS.get(fullname) or "mindshim" + fullname[len("mindspore"):]
        try:
            found = importlib.util.find_spec(target_name) is not None
        except ModuleNotFoundError:
            found = False
        if not found:
            try:  # a MindSpore module path with no mindshim file: built from the path table
                _paths.table_module(fullname[len("mindspore."):])
            except (ModuleNotFoundError, ValueError):
                return None
        return importlib.util.spec_from_loader(fullname, _AliasLoader(target_name))


_FINDER = _AliasFinder()


def install_alias() -> None:
    """Make `import mindspore...` resolve to mindshim in this process."""
    if _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)
    _register_loaded()
    _paths.attach_loaded()  # modules registered above never pass through _AliasLoader


def _register_loaded() -> None:
    """Enter the mindshim modules already imported under their `mindspore.` names. As in MindSpore, where
    `mindspore.ops` imports its submodules up front, `import mindspore.ops.op_info_register` then finds the
    module loaded and leaves the package attribute of that name (a function) alone."""
    for name, module in list(sys.modules.items()):
        if module is not None and name.startswith("mindshim.") and not name.startswith("mindshim._"):
            alias = "mindspore" + name[len("mindshim"):]
            if alias not in LEGACY_PATHS:
                sys.modules.setdefault(alias, module)


def uninstall_alias() -> None:
    if _FINDER in sys.meta_path:
        sys.meta_path.remove(_FINDER)
    for name in [n for n in sys.modules if n == "mindspore" or n.startswith("mindspore.")]:
        del sys.modules[name]


def alias_installed() -> bool:
    return _FINDER in sys.meta_path
