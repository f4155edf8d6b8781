"""Parsing a network's `construct` into rewrite nodes, named and typed as MindSpore's rewrite names and types
them (`conv1`, `relu_1`, `binop_add`, `constant_assign`, `if_node`, `return`, ...)."""
from __future__ import annotations

import ast
import builtins
import copy
import inspect
import sys
import textwrap
from typing import Any, Dict, List, Optional, Union

from mindshim.nn.cell import Cell
from mindshim.ops.primitive import Primitive
from mindshim.rewrite.flatten import flatten_body
from mindshim.rewrite.node import Node
from mindshim.rewrite.node_type import NodeType
from mindshim.rewrite.scoped_value import ScopedValue, value_of_ast
from mindshim.rewrite.tree import TreeImpl

_OWN_PACKAGES = ("mindspore", "mindshim")
_CONTAINERS = ("SequentialCell", "CellList")


def build_tree(network: Cell) -> TreeImpl:
    owner = next((c for c in type(network).__mro__ if "construct" in c.__dict__), type(network))
    class_def = _class_ast(owner)
    func_ast = copy.deepcopy(next(s for s in class_def.body if isinstance(s, ast.FunctionDef)
                                  and s.name == "construct"))
    tree = TreeImpl(network, type(network), func_ast)
    tree.class_def = class_def
    flatten_body(func_ast.body)
    _add_inputs(tree, func_ast.args, tree.nodes)
    _parse_block(tree, func_ast.body, tree.nodes, None)
    return tree


def _class_ast(owner: type) -> ast.ClassDef:
    source = textwrap.dedent(inspect.getsource(owner))  # its TypeError/OSError are MindSpore's too
    module = ast.parse(source)
    for item in ast.walk(module):
        if isinstance(item, ast.ClassDef) and item.name == owner.__name__:
            if any(isinstance(stmt, ast.FunctionDef) and stmt.name == "construct" for stmt in item.body):
                return item
    raise RuntimeError(f"For 'SymbolTree', can not find 'construct' of network class '{owner.__name__}'.")


def _add_inputs(tree: TreeImpl, args: ast.arguments, block: List[Node], parent: Optional[Node] = None) -> None:
    """Positional parameters become Input nodes; `*args`, keyword-only parameters (all together) and `**kwargs`
    become Python nodes named `arg`, `list`, `arg_1` as MindSpore's rewrite makes them."""
    for arg in (args.posonlyargs + args.args)[1:]:
        node = Node(NodeType.Input, "input_" + arg.arg, arg, [ScopedValue.create_naming_value(arg.arg)])
        tree.target_namer.add_name(arg.arg)
        tree.add(node, block, parent)
    for extra, name in ((args.vararg, "arg"), (args.kwonlyargs, "list"), (args.kwarg, "arg")):
        if extra:
            tree.add(Node(NodeType.Python, name), block, parent)


def _parse_block(tree: TreeImpl, body: List[ast.stmt], block: List[Node], parent: Optional[Node]) -> None:
    for stmt in body:
        if isinstance(stmt, ast.If):
            _parse_if(tree, stmt, block, parent)
            continue
        if isinstance(stmt, (ast.For, ast.While)):
            _parse_loop(tree, stmt, block, parent)
            continue
        node = _node_of(tree, stmt)
        for target in node._targets:
            if not target.scope:
                tree.target_namer.add_name(str(target.value))
        tree.add(node, block, parent)


def _parse_if(tree: TreeImpl, stmt: ast.If, block: List[Node], parent: Optional[Node]) -> None:
    flatten_body(stmt.body, tree.target_namer)
    if stmt.orelse:
        flatten_body(stmt.orelse, tree.target_namer)
    test = [value_of_ast(stmt.test)]
    if_node = Node(NodeType.ControlFlow, "if_node", stmt, [], test, arg_slots=[(stmt, "test", None)])
    stmt._if_owner = if_node
    tree.add(if_node, block, parent)
    _parse_block(tree, stmt.body, if_node._body, if_node)
    if stmt.orelse:
        else_node = Node(NodeType.ControlFlow, "else_node", stmt, [], test, arg_slots=[(stmt, "test", None)])
        tree.add(else_node, block, parent)
        _parse_block(tree, stmt.orelse, else_node._body, else_node)
        if_node._partner, else_node._partner = else_node, if_node


def _parse_loop(tree: TreeImpl, stmt: Union[ast.For, ast.While], block: List[Node], parent: Optional[Node]) -> None:
    """A for/while loop is one ControlFlow node (`for_node`, `while_node`) holding the nodes of its body."""
    flatten_body(stmt.body, tree.target_namer)
    field = "iter" if isinstance(stmt, ast.For) else "test"
    name = "for_node" if isinstance(stmt, ast.For) else "while_node"
    node = Node(NodeType.ControlFlow, name, stmt, [], [value_of_ast(getattr(stmt, field))],
                arg_slots=[(stmt, field, None)])
    stmt._if_owner = node
    tree.add(node, block, parent)
    _parse_block(tree, stmt.body, node._body, node)


def _targets(target: ast.expr) -> List[ScopedValue]:
    if isinstance(target, (ast.Tuple, ast.List)):
        return [value_of_ast(e) for e in target.elts]
    return [value_of_ast(target)]


def _python_node(stmt: ast.stmt) -> Node:
    return Node(NodeType.Python, type(stmt).__name__, stmt)


def _node_of(tree: TreeImpl, stmt: ast.stmt) -> Node:
    if isinstance(stmt, ast.Return):
        args = [value_of_ast(stmt.value)] if stmt.value is not None else []
        return Node(NodeType.Output, "return", stmt, [], args, arg_slots=[(stmt, "value", None)])
    if not isinstance(stmt, ast.Assign) or len(stmt.targets) != 1:
        return _python_node(stmt)
    targets, value = _targets(stmt.targets[0]), stmt.value
    if isinstance(value, ast.Call):
        return _call_node(tree, stmt, targets, value)
    if isinstance(value, (ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.Compare)):
        return _math_node(stmt, targets, value)
    simple = {ast.Subscript: "subscript_var", ast.Constant: "constant_assign", ast.Name: "name_assign",
              ast.Attribute: "attribute_assign"}
    if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name) and value.value.id == "self":
        obj = getattr(tree.network, value.attr, None)
        if type(obj).__name__ == "CellList" or (isinstance(obj, list) and obj
                                                 and all(isinstance(c, Cell) for c in obj)):
            node = Node(NodeType.CellContainer, f"self.{value.attr}", stmt, targets, [], instance=obj)
            return _container_node(tree, node, obj, f"self.{value.attr}")
    if type(value) in simple:
        return Node(NodeType.CallMethod, simple[type(value)], stmt, targets, [value_of_ast(value)],
                    arg_slots=[(stmt, "value", None)])
    if isinstance(value, (ast.Tuple, ast.List)):
        args = [value_of_ast(e) for e in value.elts]
        if any(a.value is None and a.type.name == "UnsupportedValue" for a in args):
            return _python_node(stmt)
        name = "tuple" if isinstance(value, ast.Tuple) else "list"
        return Node(NodeType.CallMethod, name, stmt, targets, args,
                    arg_slots=[(value, "elts", i) for i in range(len(args))])
    if isinstance(value, ast.Dict) and all(isinstance(k, ast.Constant) and isinstance(k.value, str)
                                           for k in value.keys):
        kwargs = {k.value: value_of_ast(v) for k, v in zip(value.keys, value.values)}
        slots = {k.value: (value, "values", i) for i, k in enumerate(value.keys)}
        return Node(NodeType.CallMethod, "dict", stmt, targets, [], kwargs, kwarg_slots=slots)
    return _python_node(stmt)


def _math_node(stmt: ast.Assign, targets: List[ScopedValue], value: ast.expr) -> Node:
    kind = type(value).__name__
    if isinstance(value, ast.BinOp):
        name, slots = f"{kind}_{type(value.op).__name__}", [(value, "left", None), (value, "right", None)]
    elif isinstance(value, ast.UnaryOp):
        name, slots = f"{kind}_{type(value.op).__name__}", [(value, "operand", None)]
    elif isinstance(value, ast.BoolOp):
        name, slots = f"{kind}_{type(value.op).__name__}", [(value, "values", i) for i in range(len(value.values))]
    else:
        name = kind + "".join(f"_{type(op).__name__}" for op in value.ops)
        slots = [(value, "left", None)] + [(value, "comparators", i) for i in range(len(value.comparators))]
    args = [value_of_ast(_read_slot(slot)) for slot in slots]
    return Node(NodeType.MathOps, name.lower(), stmt, targets, args, arg_slots=slots)


def _read_slot(slot) -> ast.expr:
    holder, field, index = slot
    return getattr(holder, field) if index is None else getattr(holder, field)[index]


def _call_node(tree: TreeImpl, stmt: ast.Assign, targets: List[ScopedValue], call: ast.Call) -> Node:
    args = [value_of_ast(a) for a in call.args]
    kwargs = {kw.arg: value_of_ast(kw.value) for kw in call.keywords if kw.arg is not None}
    arg_slots = [(call, "args", i) for i in range(len(call.args))]
    kwarg_slots = {kw.arg: (kw, "value", None) for kw in call.keywords if kw.arg is not None}
    func = call.func
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else "function"

    def make(kind: NodeType, instance: Any = None) -> Node:
        return Node(kind, name, stmt, targets, args, kwargs, instance, arg_slots, kwarg_slots)

    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self":
        obj = getattr(tree.network, func.attr, None)
        if isinstance(obj, Cell):
            return _cell_node(tree, make, obj, func.attr)
        if isinstance(obj, Primitive):
            return make(NodeType.CallPrimitive, obj)
        if inspect.ismethod(obj):
            return _method_node(tree, make, obj, func.attr)
        if isinstance(inspect.getattr_static(tree.network, func.attr, None), staticmethod):
            return make(NodeType.CallFunction)  # MindSpore keeps no instance for a static method
        return make(NodeType.CallFunction, obj)
    if isinstance(func, ast.Name) and func.id in dir(builtins):
        return make(NodeType.CallFunction)
    return make(NodeType.CallFunction, _resolve(tree.origin_cls, func))


def _is_container(cell: Any) -> bool:
    return type(cell).__name__ in _CONTAINERS and type(cell).__module__.split(".")[0] in _OWN_PACKAGES


def _sub_tree(tree: TreeImpl, cell: Cell) -> Optional[TreeImpl]:
    """The tree of a user-defined cell (one whose class source can be read), else None."""
    if type(cell).__module__.split(".")[0] in _OWN_PACKAGES:
        return None
    try:
        sub = build_tree(cell)
    except (OSError, TypeError, RuntimeError):
        return None
    tree.sub_trees.append(sub)
    return sub


def _cell_node(tree: TreeImpl, make, cell: Cell, attr: str) -> Node:
    if _is_container(cell):
        return _container_node(tree, make(NodeType.CellContainer, cell), cell, f"self.{attr}")
    sub = _sub_tree(tree, cell)
    if sub is None:
        return make(NodeType.CallCell, cell)
    node = make(NodeType.Tree, cell)
    node._sub_tree = sub
    tree.init_lines.append(f"self.{attr} = {sub.opt_cls_name}(self.{attr})")
    return node


def _container_node(tree: TreeImpl, node: Node, container: Any, path: str) -> Node:
    """A SequentialCell/CellList node holds one node per member cell (named after the member's class, with the
    container's targets and arguments); members that are user networks become sub-trees."""
    node._container_path = path
    for i, cell in enumerate(container):
        kind = NodeType.CellContainer if _is_container(cell) else NodeType.CallCell
        member = Node(kind, type(cell).__name__, None, node._targets, node._args, node._kwargs, instance=cell)
        if kind == NodeType.CellContainer:
            _container_node(tree, member, cell, f"{path}[{i}]")
        else:
            sub = _sub_tree(tree, cell)
            if sub is not None:
                member._type, member._sub_tree = NodeType.Tree, sub
                tree.init_lines.append(f"{path}[{i}] = {sub.opt_cls_name}({path}[{i}])")
        tree.add(member, node._body, node)
    return node


def _method_node(tree: TreeImpl, make, method: Any, name: str) -> Node:
    """A call of a method of the network defined next to its `construct`: the method body becomes nodes of the
    call node (its parameters as inputs) and is written back into the generated class. Each call parses the
    body again (the code keeps one definition, from the first call); other methods are plain calls, as in
    MindSpore."""
    defs = [s for s in tree.class_def.body if isinstance(s, ast.FunctionDef) and s.name == name]
    if not defs:
        return make(NodeType.CallFunction)
    node = make(NodeType.CallFunction, method)
    tree.add(node, [], None)  # named before the nodes of its body, as MindSpore names it
    if name in tree.methods:
        func_def = tree.methods[name][0]
    else:
        func_def = copy.deepcopy(defs[-1])
        tree.methods[name] = (func_def, node)
        flatten_body(func_def.body, tree.target_namer)
    _add_inputs(tree, func_def.args, node._body, node)
    _parse_block(tree, func_def.body, node._body, node)
    node._named = True
    return node


def _resolve(cls: type, func: ast.expr) -> Any:
    """The object a callee expression names in the network's module, or None (a method of a local value...)."""
    parts: List[str] = []
    while isinstance(func, ast.Attribute):
        parts.insert(0, func.attr)
        func = func.value
    if not isinstance(func, ast.Name):
        return None
    module = sys.modules.get(cls.__module__)
    scope: Dict[str, Any] = vars(module) if module is not None else {}
    if func.id not in scope:
        return None
    obj = scope[func.id]
    for part in parts:
        obj = getattr(obj, part, None)
        if obj is None:
            return None
    return obj
