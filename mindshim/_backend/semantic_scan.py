"""Find MindSpore Tensor semantics a compiled region would silently lose.

Inside a compiled region tensors are plain torch tensors (see plain_region), so a Tensor method whose
MindSpore meaning differs from torch's *with the same call syntax* would compute torch's answer
without any error. The engine scans the user code a region reaches (constructs of user Cells, jit
functions and the functions they reach) once, before compiling, and keeps such a region eager.
Methods that differ loudly (`keep_dims=`, `asnumpy`, `astype`, `expand_dims`) need no scan: they fail
to trace and the region falls back anyway.
"""
from __future__ import annotations

import ast
import inspect
import textwrap
from typing import Any, Callable, Iterable

# name -> what MindSpore means that torch does not, for the same spelling
SILENT_METHODS = {
    "std": "MindSpore's Tensor.std defaults to ddof=0 (torch: unbiased)",
    "var": "MindSpore's Tensor.var defaults to ddof=0 (torch: unbiased)",
}
SILENT_ATTRIBUTES = {
    "size": "MindSpore's Tensor.size is the element count (torch: a method)",
}


def _user_functions(cells: Iterable[Any], functions: Iterable[Callable]) -> list[Callable]:
    out: dict[int, Callable] = {}
    for cell in cells:
        construct = getattr(type(cell), "construct", None)
        if construct is not None and not type(cell).__module__.startswith("mindshim."):
            out[id(construct)] = construct
    for fn in functions:
        if not getattr(fn, "__module__", "mindshim.").startswith(("mindshim.", "torch")):
            out[id(fn)] = fn
    return list(out.values())


def _hazard_in(fn: Callable) -> str | None:
    try:
        lines, first = inspect.getsourcelines(fn)
        tree = ast.parse(textwrap.dedent("".join(lines)))
        path = inspect.getsourcefile(fn) or "?"
    except (OSError, TypeError, SyntaxError):
        return None
    called = {id(node.func) for node in ast.walk(tree) if isinstance(node, ast.Call)}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute):
            continue
        where = f"{path}:{first + node.lineno - 1}"
        if node.attr in SILENT_METHODS and id(node) in called:
            return f"`.{node.attr}()` at {where}: {SILENT_METHODS[node.attr]}"
        if node.attr in SILENT_ATTRIBUTES and id(node) not in called:
            return f"`.{node.attr}` at {where}: {SILENT_ATTRIBUTES[node.attr]}"
    return None


def first_hazard(cells: Iterable[Any], functions: Iterable[Callable]) -> str | None:
    """The first use in user code of a Tensor method a compiled region would silently change, or None."""
    for fn in _user_functions(cells, functions):
        found = _hazard_in(fn)
        if found:
            return found
    return None
