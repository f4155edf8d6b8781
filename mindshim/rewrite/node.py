"""mindspore.rewrite.Node: one statement of a network's `construct` (an input, a call, an operation, the return,
a control-flow block or a statement kept as plain Python), with its targets and arguments. Editing a node's
arguments edits the statement it generates."""
from __future__ import annotations

import ast
import types
from typing import Any, Dict, List, Optional, Tuple, Union

from mindshim import _checkparam as validator
from mindshim.nn.cell import Cell
from mindshim.ops.primitive import Primitive
from mindshim.rewrite.node_type import NodeType
from mindshim.rewrite.scoped_value import ScopedValue, as_value, ast_of_value

Slot = Tuple[Any, str, Optional[int]]  # (ast node holding the argument, its field, index in a list field)


class Node:
    """A node of a `SymbolTree`. Make new ones with `Node.create_call_cell` and add them with `SymbolTree.insert`."""

    def __init__(self, node_type: NodeType, name: str, stmt: Optional[ast.AST] = None,
                 targets: Optional[List[ScopedValue]] = None, args: Optional[List[ScopedValue]] = None,
                 kwargs: Optional[Dict[str, ScopedValue]] = None, instance: Any = None,
                 arg_slots: Optional[List[Slot]] = None, kwarg_slots: Optional[Dict[str, Slot]] = None):
        self._type = node_type
        self._name = name
        self._stmt = stmt
        self._targets = list(targets or [])
        self._args = list(args or [])
        self._kwargs = dict(kwargs or {})
        self._instance = instance
        self._arg_slots = list(arg_slots or [])
        self._kwarg_slots = dict(kwarg_slots or {})
        self._tree = None          # the SymbolTree (implementation side) holding the node
        self._block: Optional[List["Node"]] = None  # the node list the node sits in
        self._parent: Optional["Node"] = None      # the control-flow node whose body holds it
        self._body: List["Node"] = []              # statements of a control-flow node
        self._partner: Optional["Node"] = None     # if_node <-> else_node
        self._sub_tree = None                      # SymbolTree implementation of a Tree node
        self._field: Optional[str] = None          # attribute of the network an inserted cell is stored as
        self._default: Optional[ScopedValue] = None
        self._container_path: Optional[str] = None  # `self.seq` for a cell-container node

    def __eq__(self, other: object) -> bool:
        return self is other

    __hash__ = object.__hash__

    @staticmethod
    def create_call_cell(cell: Union[Cell, Primitive], targets: List[Union[ScopedValue, str]],
                         args: List[ScopedValue] = None, kwargs: Dict[str, ScopedValue] = None, name: str = "",
                         is_sub_net: bool = False) -> "Node":
        """A node `targets = self.<name>(*args, **kwargs)` calling `cell`; `name` defaults to the cell's class."""
        validator.check_value_type("cell", cell, [Cell, Primitive], "Node")
        validator.check_element_type_of_iterable("targets", targets, [ScopedValue, str], "Node")
        validator.check_value_type("name", name, [str], "Node")
        validator.check_value_type("is_sub_net", is_sub_net, [bool], "Node")
        if args is not None:
            validator.check_element_type_of_iterable("args", args, [ScopedValue], "Node")
        if kwargs is not None:
            validator.check_element_type_of_dict("kwargs", kwargs, [str], [ScopedValue], "Node")
        kind = NodeType.CallPrimitive if isinstance(cell, Primitive) else NodeType.CallCell
        node = Node(kind, name or type(cell).__name__, None, [as_value(t) for t in targets], args or [],
                    kwargs or {}, instance=cell)
        node._build_call(ast.Attribute(value=ast.Name(id="self", ctx=ast.Load()), attr=node._name, ctx=ast.Load()))
        return node

    @staticmethod
    def create_call_function(function: Any, targets: List[Union[ScopedValue, str]], args: List[ScopedValue] = None,
                             kwargs: Dict[str, ScopedValue] = None) -> "Node":
        """A node `targets = <function>(*args, **kwargs)`, named after the function."""
        validator.check_value_type("function", function, [types.FunctionType, type, type(abs)], "create_call_function")
        validator.check_element_type_of_iterable("targets", targets, [ScopedValue, str], "create_call_function")
        if args is not None:
            validator.check_element_type_of_iterable("args", args, [ScopedValue], "create_call_function")
        if kwargs is not None:
            validator.check_element_type_of_dict("kwargs", kwargs, [str], [ScopedValue], "create_call_function")
        node = Node(NodeType.CallFunction, function.__name__, None, [as_value(t) for t in targets], args or [],
                    kwargs or {}, instance=function)
        node._build_call(ast.Name(id=function.__name__, ctx=ast.Load()))
        return node

    @staticmethod
    def create_input(param_name: str, default: Optional[ScopedValue] = None) -> "Node":
        """An input node: inserted into a tree, it adds the parameter `param_name` to `construct`."""
        validator.check_value_type("param_name", param_name, [str], "Node")
        if default is not None:
            validator.check_value_type("default", default, [ScopedValue], "Node")
        node = Node(NodeType.Input, "input_" + param_name, None, [ScopedValue.create_naming_value(param_name)])
        node._default = default
        return node

    def _build_call(self, func: ast.expr) -> None:
        call = ast.Call(func=func, args=[ast_of_value(a) for a in self._args],
                        keywords=[ast.keyword(arg=k, value=ast_of_value(v)) for k, v in self._kwargs.items()])
        self._stmt = ast.Assign(targets=[ast.Name(id="_", ctx=ast.Store())], value=call, lineno=0)
        self._arg_slots = [(call, "args", i) for i in range(len(self._args))]
        self._kwarg_slots = {kw.arg: (kw, "value", None) for kw in call.keywords}

    # ----------------------------------------------------------------------------------------------- queries
    def get_handler(self) -> "Node":
        return self

    def get_name(self) -> str:
        return self._name

    def get_node_type(self) -> NodeType:
        return self._type

    def get_instance_type(self) -> type:
        if isinstance(self._instance, types.FunctionType):
            return self._instance  # MindSpore gives the function itself
        return type(self._instance)

    def get_instance(self) -> Any:
        return self._instance

    def get_targets(self) -> List[ScopedValue]:
        return list(self._targets)

    def get_args(self) -> List[ScopedValue]:
        return list(self._args)

    def get_kwargs(self) -> Dict[str, ScopedValue]:
        return dict(self._kwargs)

    def get_symbol_tree(self):
        if self._tree is None:
            return None
        from mindshim.rewrite.symbol_tree import SymbolTree
        return SymbolTree(self._tree)

    def get_sub_tree(self):
        if self._type != NodeType.Tree:
            raise TypeError(f"For get_sub_tree, the type of node should be {NodeType.Tree}, but got {self._type}.")
        from mindshim.rewrite.symbol_tree import SymbolTree
        return SymbolTree(self._sub_tree)

    def get_inputs(self) -> List["Node"]:
        """The nodes providing this node's arguments, in argument order."""
        if self._tree is None:
            return []
        providers = self._tree.arg_providers(self)
        return [providers[i][0] for i in sorted(providers)]

    def get_users(self) -> List["Node"]:
        """The nodes using one of this node's targets, in program order."""
        if self._tree is None:
            return []
        users: List[Node] = []
        for entries in self._tree.target_users(self).values():
            for user, _ in entries:
                if user not in users:
                    users.append(user)
        return sorted(users, key=self._tree.order_key)

    def get_source_code(self) -> str:
        if self._type == NodeType.Input:
            return ast.unparse(self._stmt) if self._stmt is not None else ""
        stmt = self.to_ast()
        if isinstance(stmt, list):
            return "\n".join(ast.unparse(s) for s in stmt)
        return ast.unparse(stmt).strip() if stmt is not None else ""

    # ----------------------------------------------------------------------------------------------- edits
    def set_arg(self, index: int, arg: Union[ScopedValue, str]) -> None:
        """Replace the `index`-th argument with `arg` (a ScopedValue, or a str naming a variable)."""
        validator.check_value_type("index", index, [int], "Node")
        validator.check_value_type("arg", arg, [ScopedValue, str], "Node")
        if index < 0 or index >= len(self._args):
            raise ValueError(f"The 'index' must be in range of [0, {len(self._args)}), but got {index} with type "
                             f"'{type(index).__name__}'.")
        value = as_value(arg)
        self._args[index] = value
        if index < len(self._arg_slots):
            _write_slot(self._arg_slots[index], ast_of_value(value))

    def set_arg_by_node(self, arg_idx: int, src_node: "Node", out_idx: Optional[int] = None) -> None:
        """Make the `arg_idx`-th argument the `out_idx`-th target (default the first) of `src_node`."""
        validator.check_value_type("arg_idx", arg_idx, [int], "Node")
        validator.check_value_type("src_node", src_node, [Node], "Node")
        if out_idx is not None:
            validator.check_value_type("out_idx", out_idx, [int], "Node")
        targets = src_node.get_targets()
        which = 0 if out_idx is None else out_idx
        if which < 0 or which >= len(targets):
            raise ValueError(f"The 'out_idx' must be in range of [0, {len(targets)}), but got {which} with type "
                             f"'{type(which).__name__}'.")
        self.set_arg(arg_idx, targets[which])

    def set_attribute(self, key: str, value: Any) -> None:
        validator.check_value_type("key", key, [str], "Node attribute")
        self.__dict__.setdefault("_attributes", {})[key] = value

    def get_attributes(self) -> Dict[str, Any]:
        return dict(self.__dict__.get("_attributes", {}))

    def get_attribute(self, key: str) -> Any:
        validator.check_value_type("key", key, [str], "Node attribute")
        return self.__dict__.get("_attributes", {}).get(key)

    def get_arg_providers(self) -> dict:
        if self._tree is None:
            return {}
        return {i: (node, out) for i, (node, out) in self._tree.arg_providers(self).items()}

    def get_target_users(self, index: int = -1) -> Union[dict, list]:
        validator.check_value_type("index", index, [int], "get_target_users")
        users = self._tree.target_users(self) if self._tree is not None else {}
        return users if index == -1 else users.get(index, [])

    # ----------------------------------------------------------------------------------------------- codegen
    def rename_field(self, field: str) -> None:
        """Store the inserted cell as `self.<field>` and call it so."""
        self._field = field
        call = self._stmt.value
        call.func.attr = field

    def to_ast(self) -> Union[ast.stmt, List[ast.stmt], None]:
        """The statement this node writes into `construct` (None for inputs and else-branches)."""
        if self._type == NodeType.Input:
            return None
        if self._type == NodeType.ControlFlow:
            if self._name_is_else():
                return None
            if isinstance(self._stmt, (ast.For, ast.While)):
                self._stmt.body = self.block_ast() or [ast.Pass()]
                return self._stmt
            orelse = self._partner.block_ast() if self._partner is not None and self._partner._tree else []
            return ast.If(test=self._stmt.test, body=self.block_ast() or [ast.Pass()], orelse=orelse)
        if isinstance(self._stmt, ast.Assign) and self._targets:
            self._stmt.targets = [_target_ast(self._targets)]
        return self._stmt

    def _name_is_else(self) -> bool:
        return self._stmt is not None and self is not getattr(self._stmt, "_if_owner", self)

    def block_ast(self) -> List[ast.stmt]:
        out: List[ast.stmt] = []
        for node in self._body:
            stmt = node.to_ast()
            if stmt is not None:
                out.append(stmt)
        return out


def _target_ast(targets: List[ScopedValue]) -> ast.expr:
    if len(targets) == 1:
        return _store(ast_of_value(targets[0]))
    return ast.Tuple(elts=[_store(ast_of_value(t)) for t in targets], ctx=ast.Store())


def _store(expr: ast.expr) -> ast.expr:
    if isinstance(expr, (ast.Name, ast.Attribute, ast.Tuple, ast.List)):
        expr.ctx = ast.Store()
    return expr


def _write_slot(slot: Slot, expr: ast.expr) -> None:
    holder, field, index = slot
    if index is None:
        setattr(holder, field, expr)
    else:
        getattr(holder, field)[index] = expr
