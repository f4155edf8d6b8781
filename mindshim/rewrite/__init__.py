"""mindspore.rewrite: edit a network's `construct` as a tree of nodes and build a new network from it."""
from mindshim.rewrite.scoped_value import ScopedValue, ValueType
from mindshim.rewrite.symbol_tree import SymbolTree
from mindshim.rewrite.node import Node
from mindshim.rewrite.node_type import NodeType

__all__ = ["SymbolTree", "Node", "NodeType", "ScopedValue", "ValueType"]
