"""mindspore.rewrite.NodeType: what kind of statement of `construct` a rewrite `Node` stands for."""
from enum import Enum


class NodeType(Enum):
    """Kind of a `Node`: a call of a cell, primitive or function, an input, the output, a sub-network, a math
    operation, a control-flow statement or a statement kept as plain Python."""
    Unknown = 0
    CallCell = 1
    CallPrimitive = 2
    CallModule = 3
    CallFunction = 4
    CallMethod = 5
    Python = 6
    Input = 7
    Output = 8
    Tree = 9
    CellContainer = 10
    MathOps = 11
    ControlFlow = 12
