"""Writing a SymbolTree back as Python: the module text `get_code` shows (laid out as MindSpore's rewrite lays it
out) and the optimized network class built from it, a subclass of the original whose `construct` is the edited
one and whose `__init__` takes over the original instance's attributes."""
from __future__ import annotations

import ast
import importlib
import linecache
import os
import sys
import types
from typing import Any, Dict, List, Tuple

from mindshim.rewrite.tree import TreeImpl

_HEADER = ("import sys\nimport mindspore\nfrom mindspore import nn\nfrom mindspore.nn import Cell\n"
           "from mindspore.ops import functional as F\n#\n#\n")


def _ordered(tree: TreeImpl) -> List[TreeImpl]:
    """Sub-networks before the networks that use them."""
    out: List[TreeImpl] = []
    for sub in tree.sub_trees:
        for item in _ordered(sub):
            if item not in out:
                out.append(item)
    out.append(tree)
    return out


def _decorated(func: ast.FunctionDef, name: str) -> bool:
    return any(isinstance(d, ast.Name) and d.id == name for d in func.decorator_list)


def _class_members(tree: TreeImpl) -> Tuple[List[str], List[ast.stmt]]:
    """The original class body as MindSpore's rewrite carries it over: methods in source order (construct and
    parsed methods regenerated, the others as written, `__init__` replaced), no docstring; class attributes,
    static methods and properties are also re-bound from the original class by `__init__`."""
    lines: List[str] = []
    members: List[ast.stmt] = []
    body = tree.class_def.body if tree.class_def is not None else []
    for item in body:
        if isinstance(item, (ast.Assign, ast.AnnAssign)):
            targets = item.targets if isinstance(item, ast.Assign) else [item.target]
            lines += [f"self.__class__.{t.id} = obj.__class__.{t.id}" for t in targets if isinstance(t, ast.Name)]
        if not isinstance(item, ast.FunctionDef) or item.name == "__init__":
            continue
        if item.name == "construct":
            members.append(_construct_ast(tree))
        elif item.name in tree.methods:
            func_def, node = tree.methods[item.name]
            func_def.body = node.block_ast() or [ast.Pass()]
            members.append(func_def)
        else:
            members.append(item)
        if _decorated(item, "staticmethod"):
            lines.append(f"self.{item.name} = obj.__class__.{item.name}")
        elif _decorated(item, "property"):
            lines.append(f"self.__class__.{item.name} = obj.__class__.{item.name}")
    if not any(isinstance(m, ast.FunctionDef) and m.name == "construct" for m in members):
        members.append(_construct_ast(tree))
    return lines, members


def _construct_ast(tree: TreeImpl) -> ast.FunctionDef:
    construct = ast.FunctionDef(name="construct", args=tree.func_ast.args, body=[],
                                decorator_list=tree.func_ast.decorator_list, returns=None, type_comment=None,
                                lineno=0)
    for node in tree.nodes:
        stmt = node.to_ast()
        if stmt is not None:
            construct.body.append(stmt)
    construct.body = construct.body or [ast.Pass()]
    return construct


def class_ast(tree: TreeImpl) -> ast.ClassDef:
    base = tree.origin_cls.__name__
    class_lines, members = _class_members(tree)
    init_src = ("def __init__(self, obj):\n    nn.Cell.__init__(self)\n"
                "    for key, value in obj.__dict__.items():\n        setattr(self, key, value)\n"
                + "".join(f"    {line}\n" for line in class_lines + tree.init_lines))
    cls = ast.ClassDef(name=tree.opt_cls_name, bases=[ast.Name(id=base, ctx=ast.Load()),
                                                       ast.parse("nn.Cell", mode="eval").body],
                       keywords=[], body=[ast.parse(init_src).body[0], *members], decorator_list=[])
    return ast.fix_missing_locations(cls)


def _import_of(cls: Any) -> List[ast.stmt]:
    """How the generated module reaches the original class (or a function): from `__main__`'s globals, by a module
    path under one of sys.path's entries, or from its file after putting the file's folder first on sys.path."""
    name = cls.__name__
    if cls.__module__ == "__main__":
        return [ast.parse(f"{name} = getattr(sys.modules['__main__'], {name!r})").body[0]]
    if cls.__module__.split(".")[0] in ("mindshim", "mindspore"):  # the framework's own objects, as MindSpore names
        return [ast.parse(f"from {'mindspore' + cls.__module__[len(cls.__module__.split('.')[0]):]} "
                          f"import {name}").body[0]]
    try:
        path = os.path.normcase(os.path.abspath(sys.modules[cls.__module__].__file__))
    except (KeyError, AttributeError, TypeError):
        return [ast.parse(f"from {cls.__module__} import {name}").body[0]]
    prefixes = sorted({os.path.normcase(p) for p in sys.path if p and path.startswith(os.path.normcase(p))},
                      key=len, reverse=True)
    for prefix in prefixes:
        module = path[len(prefix):].replace(os.path.sep, ".")[1:].rsplit(".", 1)[0]
        if module == cls.__module__ or all(part.isidentifier() for part in module.split(".")):
            return [ast.parse(f"from {module} import {name}").body[0]]
    folder = os.path.dirname(os.path.realpath(path))
    module = os.path.basename(path).rsplit(".")[0]
    return [ast.parse(f"sys.path.insert(0, {folder!r})").body[0],
            ast.parse(f"from {module} import {name}").body[0]]


def _block(tree: TreeImpl) -> str:
    cls = tree.origin_cls
    if cls.__module__ == "__main__":
        where = os.path.dirname(os.path.realpath(getattr(sys.modules["__main__"], "__file__", None) or "."))
        prefix = [ast.parse(f"sys.path.insert(0, {where!r})").body[0]] + _import_of(cls)
    else:
        prefix = _import_of(cls)
    for func in tree.functions:
        prefix += _import_of(func)
    module = ast.Module(body=prefix + [class_ast(tree)], type_ignores=[])
    return ast.unparse(ast.fix_missing_locations(module)) + "\n#\n"


def get_code(tree: TreeImpl) -> str:
    return (_HEADER + "".join(_block(item) for item in _ordered(tree)))[:-1]


def build_class(tree: TreeImpl) -> type:
    """Define the optimized classes (sub-networks first) in a fresh module registered for `inspect`."""
    origin_module = sys.modules.get(tree.origin_cls.__module__)
    namespace: Dict[str, object] = dict(vars(origin_module)) if origin_module is not None else {}
    nn = importlib.import_module("mindshim.nn")
    classes: Dict[TreeImpl, type] = {}
    module_name = f"{tree.opt_cls_name}_{id(tree)}"
    module = types.ModuleType(module_name)
    filename = f"<rewrite {module_name}>"
    source_parts: List[str] = []
    for item in _ordered(tree):
        namespace.update({"nn": nn, "sys": sys, item.origin_cls.__name__: item.origin_cls})
        namespace.update({sub.opt_cls_name: classes[sub] for sub in item.sub_trees})
        namespace.update({func.__name__: func for func in item.functions})
        source = ast.unparse(class_ast(item)) + "\n"
        offset = sum(part.count("\n") for part in source_parts)
        code = compile("\n" * offset + source, filename, "exec")
        source_parts.append(source)
        namespace["__name__"] = module_name
        exec(code, namespace)  # noqa: S102 - the code is the user's own construct, edited through the rewrite API
        classes[item] = namespace[item.opt_cls_name]
    full = "".join(source_parts)
    module.__dict__.update(namespace)
    module.__file__ = filename
    sys.modules[module_name] = module
    linecache.cache[filename] = (len(full), None, full.splitlines(keepends=True), filename)
    return classes[tree]


def get_network(tree: TreeImpl):
    return build_class(tree)(tree.network)
