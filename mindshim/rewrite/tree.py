"""The implementation side of a rewrite SymbolTree: the network, its `construct` as nodes, the names in use, and
the data-flow relations (which node provides which argument) computed from the node order."""
from __future__ import annotations

import ast
from typing import Any, Dict, List, Optional, Tuple

from mindshim.rewrite.namer import CLASS_NAMER, Namer
from mindshim.rewrite.node import Node
from mindshim.rewrite.node_type import NodeType
from mindshim.rewrite.scoped_value import ValueType


class TreeImpl:
    def __init__(self, network: Any, origin_cls: type, func_ast: ast.FunctionDef):
        self.network = network
        self.origin_cls = origin_cls
        self.func_ast = func_ast
        self.nodes: List[Node] = []
        self.node_namer = Namer()
        self.target_namer = Namer()
        self.opt_cls_name = CLASS_NAMER.get_name(origin_cls.__name__ + "Opt")
        self.init_lines: List[str] = []   # extra statements of the optimized class' __init__
        self.sub_trees: List["TreeImpl"] = []
        self.functions: List[Any] = []    # functions of inserted call-function nodes, imported by the code
        self.methods: Dict[str, Tuple[ast.FunctionDef, Node]] = {}  # parsed methods, written into the class
        self.class_def: Optional[ast.ClassDef] = None

    def add_parameter(self, node: Node) -> None:
        """An inserted input node becomes a new (last positional) parameter of `construct`."""
        args = self.func_ast.args
        args.args.append(ast.arg(arg=str(node._targets[0].value)))
        if node._default is not None:
            from mindshim.rewrite.scoped_value import ast_of_value
            args.defaults.append(ast_of_value(node._default))
        node._stmt = args.args[-1]

    # ------------------------------------------------------------------------------------------ node lists
    def add(self, node: Node, block: List[Node], parent: Optional[Node] = None, index: Optional[int] = None) -> Node:
        if getattr(node, "_named", False):  # a method-call node, named when its body was parsed
            node._named = False
        else:
            node._name = self.node_namer.get_name(node._name)
        node._tree = self
        node._block = block
        node._parent = parent
        if index is None:
            block.append(node)
        else:
            block.insert(index, node)
        return node

    def walk(self, all_nodes: bool = False) -> List[Node]:
        """Top-level nodes in order; with all_nodes, the nodes of control-flow bodies follow."""
        result = list(self.nodes)
        if all_nodes:
            pending = [n for n in self.nodes if n._body]
            while pending:
                owner = pending.pop()
                result.extend(owner._body)
                pending.extend(n for n in owner._body if n._body)
        return result

    def all_nodes(self, subtree_nodes: bool = True) -> List[Node]:
        """Every node of the tree's blocks, then (with subtree_nodes) those of its sub-network trees."""
        result = self.walk(all_nodes=True)
        if subtree_nodes:
            for node in list(result):
                if node._type == NodeType.Tree and node._sub_tree is not None:
                    result.extend(node._sub_tree.all_nodes(True))
        return result

    def find(self, name: str) -> Optional[Node]:
        for node in self.walk(all_nodes=True):
            if node._name == name:
                return node
        return None

    def owns(self, node: Node) -> bool:
        return node._tree is self and node._block is not None and node in node._block

    def order_key(self, node: Node) -> Tuple[int, ...]:
        path: List[int] = []
        while node is not None:
            block = node._block
            path.insert(0, block.index(node) if block is not None and node in block else 0)
            node = node._parent
        return tuple(path)

    # ------------------------------------------------------------------------------------------ data flow
    def _preceding(self, node: Node) -> List[Node]:
        """Nodes of the same block that run before `node`, nearest first: as in MindSpore, a control-flow body
        neither sees the values of the enclosing block nor provides values to it."""
        block = node._block or []
        idx = block.index(node) if node in block else len(block)
        return [n for n in reversed(block[:idx]) if n._type != NodeType.ControlFlow]

    def _provider(self, node: Node, name: str) -> Optional[Tuple[Node, int]]:
        for candidate in self._preceding(node):
            for out_idx, target in enumerate(candidate._targets):
                if target.type == ValueType.NamingValue and not target.scope and target.value == name:
                    return candidate, out_idx
        return None

    def arg_providers(self, node: Node) -> Dict[int, Tuple[Node, int]]:
        providers: Dict[int, Tuple[Node, int]] = {}
        values = list(node._args) + list(node._kwargs.values())
        for idx, value in enumerate(values):
            if value.type == ValueType.NamingValue and not value.scope:
                found = self._provider(node, value.value)
                if found is not None:
                    providers[idx] = found
        return providers

    def target_users(self, node: Node) -> Dict[int, List[Tuple[Node, int]]]:
        users: Dict[int, List[Tuple[Node, int]]] = {i: [] for i in range(len(node._targets))}
        if node._type == NodeType.ControlFlow:
            return users
        for other in node._block or []:
            if other is node:
                continue
            for arg_idx, (provider, out_idx) in self.arg_providers(other).items():
                if provider is node:
                    users[out_idx].append((other, arg_idx))
        for key in users:
            users[key].sort(key=lambda pair: self.order_key(pair[0]))
        return users
