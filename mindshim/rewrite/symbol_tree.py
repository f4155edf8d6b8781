"""mindspore.rewrite.SymbolTree: a network's `construct` as an editable list of nodes (query, insert, erase,
replace), printed as source with `get_code` and turned back into a network with `get_network`."""
from __future__ import annotations

from typing import List, Optional, Union

from mindshim import _checkparam as validator
from mindshim import log as logger
from mindshim.nn.cell import Cell
from mindshim.rewrite import codegen
from mindshim.rewrite.node import Node
from mindshim.rewrite.node_type import NodeType
from mindshim.rewrite.parser import build_tree
from mindshim.rewrite.tree import TreeImpl


class Position:
    """Where `SymbolTree.insert` puts a node: before or after an existing node of a tree."""

    def __init__(self, symbol_tree: TreeImpl, node: Node, before_node: bool):
        self.symbol_tree = symbol_tree
        self.node = node
        self.before_node = before_node


class SymbolTree:
    """The rewrite view of a network. Create it with `SymbolTree.create(network)`."""

    def __init__(self, handler: TreeImpl):
        validator.check_value_type("handler", handler, [TreeImpl], "SymbolTree")
        self._symbol_tree = handler

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SymbolTree) and other._symbol_tree is self._symbol_tree

    __hash__ = object.__hash__

    @classmethod
    def create(cls, network: Cell) -> "SymbolTree":
        """Parse `network`'s class source: its `construct` becomes the nodes of the tree."""
        validator.check_value_type("network", network, [Cell], "SymbolTree")
        return cls(build_tree(network))

    def get_handler(self) -> TreeImpl:
        return self._symbol_tree

    def get_origin_network(self) -> Cell:
        return self._symbol_tree.network

    def nodes(self, all_nodes: bool = False):
        """A generator of the nodes of `construct`; with all_nodes, also those inside control-flow blocks,
        called methods, cell containers and sub-network trees."""
        validator.check_value_type("all_nodes", all_nodes, [bool], "nodes")
        found = self._symbol_tree.all_nodes() if all_nodes else list(self._symbol_tree.nodes)
        return (node for node in found)

    def all_nodes(self, subtree_nodes: bool = True) -> List[Node]:
        validator.check_value_type("subtree_nodes", subtree_nodes, [bool], "all_nodes")
        return self._symbol_tree.all_nodes(subtree_nodes)

    def get_node(self, node_name: str) -> Optional[Node]:
        validator.check_value_type("node_name", node_name, [str], "SymbolTree")
        return self._symbol_tree.find(node_name)

    def get_inputs(self) -> List[Node]:
        return [n for n in self._symbol_tree.nodes if n._type == NodeType.Input]

    def _real(self, node: Union[Node, str]) -> Node:
        """The node itself, or the top-level node of that name (MindSpore looks names up at the top level only)."""
        if isinstance(node, str):
            found = next((n for n in self._symbol_tree.nodes if n._name == node), None)
        else:
            found = node
        if found is None or not self._symbol_tree.owns(found):
            raise RuntimeError("Node is not belong to current SymbolTree: ", node)
        return found

    def before(self, node: Union[Node, str]) -> Position:
        """The position just before `node`."""
        validator.check_value_type("node", node, [Node, str], "SymbolTree")
        return Position(self._symbol_tree, self._real(node), True)

    def after(self, node: Union[Node, str]) -> Position:
        """The position just after `node`."""
        validator.check_value_type("node", node, [Node, str], "SymbolTree")
        return Position(self._symbol_tree, self._real(node), False)

    def insert(self, position: Position, node: Node) -> Node:
        """Put the new `node` at `position` (from `before`/`after`); its name is made unique in the tree."""
        validator.check_value_type("position", position, [Position], "SymbolTree")
        validator.check_value_type("node", node, [Node], "SymbolTree")
        if position.symbol_tree is not self._symbol_tree:
            raise ValueError("Position is not in current SymbolTree, node:", position.node.get_name())
        return self._insert(node, position.node, position.before_node)

    def _insert(self, node: Node, base: Node, before: bool) -> Node:
        tree = self._symbol_tree
        if node._tree is not None:
            raise RuntimeError(f"Node {node.get_name()} is already in a SymbolTree, create a new node to insert.")
        block = base._block
        container = base._parent if base._parent is not None and base._parent._container_path else None
        tail = block[-1] if block else None
        index = block.index(base) + (0 if before else 1)
        tree.add(node, block, base._parent, index)
        if container is not None:
            return self._insert_in_container(container, node, base, before, tail)
        for target in node._targets:
            if not target.scope:
                tree.target_namer.add_name(str(target.value))
        if node._type == NodeType.Input and node._stmt is None:
            tree.add_parameter(node)
        if node._type == NodeType.CallFunction and node._field is None and node._instance is not None:
            node._field = node._instance.__name__
            tree.functions.append(node._instance)
        if node._type in (NodeType.CallCell, NodeType.CallPrimitive) and node._field is None:
            node.rename_field(node._name)
            setattr(tree.network, node._name, node._instance)
            tree.init_lines.append(f"self.{node._name} = obj.{node._name}")
        return node

    def _insert_in_container(self, container: Node, node: Node, base: Node, before: bool, tail: Node) -> Node:
        """A cell added to a SequentialCell/CellList: kept on the network and put into the container by
        `__init__`, at the index MindSpore computes (the base node's index after the insertion)."""
        tree = self._symbol_tree
        node._field = node._name
        setattr(tree.network, node._name, node._instance)
        idx = container._body.index(base)
        path = container._container_path
        api = "_insert" if type(container._instance).__name__ == "SequentialCell" else "insert"
        if before:
            tree.init_lines.append(f"{path}.{api}({idx}, self.{node._name})")
        elif base is tail:
            tree.init_lines.append(f"{path}.append(self.{node._name})")
        else:
            tree.init_lines.append(f"{path}.{api}({idx + 1}, self.{node._name})")
        return node

    def erase(self, node: Union[Node, str]) -> Optional[Node]:
        """Remove `node` from the tree and return it; the nodes using its targets are left as they are."""
        validator.check_value_type("node", node, [Node, str], "SymbolTree")
        real = self._real(node)
        users = self._symbol_tree.target_users(real)
        container = real._parent if real._parent is not None and real._parent._container_path else None
        if container is not None:
            self._symbol_tree.init_lines.append(f"del {container._container_path}[{real._block.index(real)}]")
            users = {}
        real._block.remove(real)
        for out_idx, entries in users.items():
            for user, arg_idx in entries:
                if arg_idx not in self._symbol_tree.arg_providers(user):
                    logger.warning(f"Node {real.get_name()}'s target {out_idx}({real._targets[out_idx]}) is used in "
                                   f"node {user.get_name()}'s arg {arg_idx}, no other node provides this target if "
                                   f"node {real.get_name()} is erased.")
        real._tree = None
        return real

    def replace(self, old_node: Node, new_nodes: List[Node]) -> Node:
        """Insert `new_nodes` in order where `old_node` is, erase `old_node`, and return the last new node."""
        validator.check_value_type("old_node", old_node, [Node], "SymbolTree")
        validator.check_element_type_of_iterable("new_nodes", new_nodes, [Node], "SymbolTree")
        real = self._real(old_node)
        base = real
        for node in new_nodes:
            base = self._insert(node, base, False)
        self.erase(real)
        return new_nodes[-1] if new_nodes else real

    def unique_name(self, name: str = "output") -> str:
        """A variable name not yet used in `construct`, made from `name`."""
        validator.check_value_type("name", name, [str], "SymbolTree")
        return self._symbol_tree.target_namer.get_name(name)

    def set_output(self, index: int, return_value: str) -> Node:
        validator.check_value_type("index", index, [int], "SymbolTree")
        validator.check_value_type("return_value", return_value, [str], "SymbolTree")
        output = next(n for n in self._symbol_tree.nodes if n._type == NodeType.Output)
        output.set_arg(index, return_value)
        return output

    def get_code(self) -> str:
        """The source of the rewritten network class (and of its rewritten sub-networks)."""
        return codegen.get_code(self._symbol_tree)

    def get_network(self) -> Cell:
        """A new network running the edited `construct`, sharing the original's cells and parameters."""
        return codegen.get_network(self._symbol_tree)

    def print_node_tabulate(self, all_nodes: bool = False) -> None:
        """Print each node's type, name, code, argument providers and target users as a table."""
        validator.check_value_type("all_nodes", all_nodes, [bool], "print_node_tabulate")
        from mindshim.rewrite.dump import node_table
        print(node_table(self._symbol_tree, all_nodes))

    def dump(self) -> None:
        self.print_node_tabulate()

    def get_saved_file_name(self) -> str:
        return getattr(self._symbol_tree, "saved_file_name", "network_define.py")

    def set_saved_file_name(self, file_name: str) -> None:
        validator.check_value_type("file_name", file_name, [str], "Saving network")
        self._symbol_tree.saved_file_name = file_name if file_name.endswith(".py") else file_name + ".py"

    def save_network_to_file(self) -> None:
        with open(self.get_saved_file_name(), "w", encoding="utf-8") as handle:
            handle.write(self.get_code())
