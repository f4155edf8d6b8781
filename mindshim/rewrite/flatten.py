"""Flattening of `construct` statements before they become rewrite nodes: every nested call, operation or literal
in an argument moves into its own assignment to a fresh variable (`x = self.relu(self.conv(x))` becomes
`conv_var = self.conv(x)` then `x = self.relu(conv_var)`), so that each node holds one operation. The fresh names
follow MindSpore's (`<callee>_var`, `<op>_var`, `tuple_var`, ...) and statements are visited last to first as
MindSpore does, which fixes which of two equal names gets the `_1` suffix."""
from __future__ import annotations

import ast
import keyword
from typing import Any, List, Optional

_FIELDS = {ast.Return: ("value",), ast.Call: ("func", "args", "keywords"), ast.BinOp: ("left", "right"),
           ast.BoolOp: ("values",), ast.UnaryOp: ("operand",), ast.Compare: ("left", "comparators"),
           ast.If: ("test",), ast.For: ("iter",), ast.Tuple: ("elts",), ast.List: ("elts",)}
_NOT_FLATTENED_CALLS = ("set_vertex_attr",)


def flatten_body(body: List[ast.stmt], namer: Optional[Any] = None) -> None:
    """Flatten the statements of one block in place (nested blocks are flattened when they are parsed). Fresh
    names of blocks other than `construct`'s own also go through the tree's variable `namer`, as in MindSpore."""
    _split_chained_assigns(body)
    taken = _assigned_names(body)
    index = len(body) - 1
    while index >= 0:
        stmt = body[index]
        expr = stmt.value if isinstance(stmt, (ast.Assign, ast.Expr)) else stmt
        hoisted = _flatten_expr(expr, taken, namer)
        body[index:index] = hoisted
        index += len(hoisted) - 1


def _split_chained_assigns(body: List[ast.stmt]) -> None:
    """`a = b = v` becomes `b = v` then `a = b`."""
    for stmt in list(body):
        if isinstance(stmt, ast.Assign) and len(stmt.targets) > 1:
            where = body.index(stmt)
            for i, target in enumerate(stmt.targets[:-1]):
                source = ast.parse(ast.unparse(stmt.targets[i + 1]), mode="eval").body  # read, not store
                body.insert(where + i + 1, ast.Assign(targets=[target], value=source, lineno=0))
            stmt.targets = [stmt.targets[-1]]


def _assigned_names(body: List[ast.stmt]) -> List[str]:
    names: List[str] = []
    for stmt in body:
        if not isinstance(stmt, ast.Assign):
            continue
        pending = list(stmt.targets)
        while pending:
            target = pending.pop()
            if isinstance(target, ast.Name) and target.id not in names:
                names.append(target.id)
            elif isinstance(target, (ast.Tuple, ast.List)):
                pending.extend(target.elts)
    return names


def _flatten_expr(node: ast.AST, taken: List[str], namer: Optional[Any] = None) -> List[ast.stmt]:
    """Move the non-trivial operands of `node` into new assignments, returned in execution order."""
    fields = _FIELDS.get(type(node))
    if fields is None or _is_kept_call(node):
        return []
    hoisted: List[ast.stmt] = []
    for field in fields:
        child = getattr(node, field)
        if isinstance(child, list):
            for idx, item in enumerate(child):
                if isinstance(item, ast.Starred):
                    continue
                if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.And) and idx > 0:
                    continue  # later operands of `and` may only run when the first is true
                if isinstance(item, ast.keyword):
                    item.value = _hoist(item.value, taken, hoisted, namer)
                else:
                    child[idx] = _hoist(item, taken, hoisted, namer)
        else:
            setattr(node, field, _hoist(child, taken, hoisted, namer, isinstance(node, ast.For)))
    return hoisted


def _is_kept_call(node: ast.AST) -> bool:
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
    return name in _NOT_FLATTENED_CALLS


def _hoist(expr: ast.expr, taken: List[str], hoisted: List[ast.stmt], namer: Optional[Any] = None,
           loop_iter: bool = False) -> ast.expr:
    """`expr` itself when it is a name, constant or attribute of a name (except as the iterable of a for loop);
    else a fresh name assigned to it."""
    if expr is None or isinstance(expr, (ast.Name, ast.Constant)):
        return expr
    if isinstance(expr, ast.Attribute) and not loop_iter:
        root = expr
        while isinstance(root.value, ast.Attribute):
            root = root.value
        if isinstance(root.value, ast.Name):
            return expr
        name = _fresh_name(root.value, taken, namer)
        hoisted.append(_assign(name, root.value))
        root.value = ast.Name(id=name, ctx=ast.Load())
        return expr
    name = _fresh_name(expr, taken, namer)
    hoisted.append(_assign(name, expr))
    return ast.Name(id=name, ctx=ast.Load())


def _assign(name: str, value: ast.expr) -> ast.Assign:
    return ast.fix_missing_locations(ast.Assign(targets=[ast.Name(id=name, ctx=ast.Store())], value=value,
                                                lineno=0))


def _fresh_name(expr: ast.AST, taken: List[str], namer: Optional[Any] = None) -> str:
    base = _base_name(expr)
    if keyword.iskeyword(base):
        base += "_var"
    name, suffix = base, 0
    while name in taken:
        suffix += 1
        name = f"{base}_{suffix}"
    if namer is not None:
        name = namer.get_name(name)
    taken.append(name)
    return name


def _base_name(expr: ast.AST) -> str:
    if isinstance(expr, ast.Call):
        callee: Optional[str] = None
        if isinstance(expr.func, ast.Name):
            callee = expr.func.id
        elif isinstance(expr.func, ast.Attribute):
            callee = expr.func.attr
        return f"{callee}_var" if callee else "function_var"
    if isinstance(expr, (ast.BinOp, ast.BoolOp, ast.UnaryOp)):
        return type(expr.op).__name__.lower() + "_var"
    if isinstance(expr, ast.Name):
        return expr.id
    if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name):
        return f"{expr.value.id}_{expr.attr}"
    return type(expr).__name__.lower() + "_var"
