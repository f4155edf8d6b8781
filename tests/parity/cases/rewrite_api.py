"""Parity of `mindspore.rewrite`: SymbolTree.create on small networks (cells, primitives, math operations, nested
calls flattened into `<name>_var` temporaries, constants, subscripts, a tuple return, if/else on an attribute and
a custom sub-cell), the node names, types, targets, arguments and data flow, the `get_code()` text, and networks
built by `get_network()` before and after insert/erase/replace/set_arg edits; ScopedValue and the argument errors.
Networks calling `mindspore.ops` functions are left out: MindSpore rewrites those functions' own source into the
code, which the shim does not reproduce."""
import re

import numpy as np

from mindspore import Tensor, nn, ops
from mindspore.rewrite import Node, NodeType, ScopedValue, SymbolTree, ValueType
from parity_ops_common import error_words as _err  # registered by the parity loader

TOLERANCES = {}


def _w(*shape, seed=0):
    return Tensor(np.random.RandomState(seed).uniform(-0.5, 0.5, shape).astype(np.float32))


class SmallLeNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 2, 3, pad_mode='valid', weight_init=_w(2, 1, 3, 3), has_bias=False)
        self.relu = nn.ReLU()
        self.max_pool2d = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = nn.Flatten()
        self.fc1 = nn.Dense(18, 6, weight_init=_w(6, 18, seed=1), bias_init=_w(6, seed=2))
        self.fc2 = nn.Dense(6, 3, weight_init=_w(3, 6, seed=3), bias_init=_w(3, seed=4))

    def construct(self, x):
        x = self.conv1(x)
        x = self.relu(x)
        x = self.max_pool2d(x)
        x = self.flatten(x)
        x = self.fc1(x)
        x = self.relu(x)
        x = self.fc2(x)
        return x


class MixedNet(nn.Cell):
    def __init__(self, flag=True):
        super().__init__()
        self.dense = nn.Dense(4, 4, weight_init=_w(4, 4, seed=5), bias_init=_w(4, seed=6))
        self.relu = nn.ReLU()
        self.add = ops.Add()
        self.flag = flag
        self.scale = 2.0

    def construct(self, x, y=None):
        x = self.dense(x)
        z = self.add(x, x)
        x = self.relu(self.dense(z))
        x = x * self.scale + 1
        if self.flag:
            x = self.relu(x)
            x = x - z
        else:
            x = x + z
        b = 3
        c = x[0]
        d = -c
        return x, d * b


class Block(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(4, 4, weight_init=_w(4, 4, seed=7), bias_init=_w(4, seed=8))
        self.act = nn.Tanh()

    def construct(self, x):
        x = self.dense(x)
        x = self.act(x)
        return x


class Outer(nn.Cell):
    def __init__(self):
        super().__init__()
        self.block = Block()
        self.head = nn.Dense(4, 2, weight_init=_w(2, 4, seed=9), bias_init=_w(2, seed=10))

    def construct(self, x):
        x = self.block(x)
        x = self.head(x)
        return x


def scale_by(a, k=2.0):
    return a * k


class LoopNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(4, 4, weight_init=_w(4, 4, seed=14), bias_init=_w(4, seed=15))
        self.blocks = nn.CellList([nn.ReLU(), nn.Tanh()])
        self.split = ops.Split(axis=1, output_num=2)

    def construct(self, x, *args, scale=1.0, **kw):
        x = self.dense(x)
        for cell in self.blocks:
            x = cell(x)
        i = 0
        while i < 2:
            i += 1
        x += 1
        a, b = self.split(x)
        c = {'k': a, 'j': 2}
        d = [a, b]
        e = not self.training
        g = self.dense(x=x) * scale
        return a, b, g


class MethodNet(nn.Cell):
    def __init__(self, flag=True):
        super().__init__()
        self.dense = nn.Dense(4, 4, weight_init=_w(4, 4, seed=16), bias_init=_w(4, seed=17))
        self.relu = nn.ReLU()
        self.flag = flag

    def helper(self, x, k=2.0):
        return self.relu(self.dense(x)) * k

    def construct(self, x):
        y = self.relu(self.dense(x))
        if self.flag:
            y = self.relu(self.dense(y))
        z = self.helper(y)
        z = self.helper(z, 0.5)
        return z + y


class MemberNet(nn.Cell):
    """A network with class attributes, a static method, a property and an unused method."""
    offset = 0.25

    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(4, 2, weight_init=_w(2, 4, seed=18), bias_init=_w(2, seed=19))

    @staticmethod
    def twice(a):
        return a * 2

    def unused(self, y):
        return y + 1

    def construct(self, x):
        return self.twice(self.dense(x)) + self.offset + self.bonus

    @property
    def bonus(self):
        return 0.5


class SeqNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.seq = nn.SequentialCell([nn.Dense(4, 4, weight_init=_w(4, 4, seed=20), bias_init=_w(4, seed=21)),
                                      nn.ReLU(), Block(), nn.Tanh()])
        self.blocks = nn.CellList([nn.ReLU(), nn.Tanh()])

    def construct(self, x):
        x = self.seq(x)
        for cell in self.blocks:
            x = cell(x)
        return x


def _code(stree):
    """get_code() without the lines naming where the case file lives (they depend on sys.path) and the
    process-wide class counter."""
    lines = [ln for ln in stree.get_code().split("\n")
             if not ln.startswith("sys.path.insert") and not (ln.startswith("from ") and "mindspore" not in ln)]
    return re.sub(r"Opt_\d+\b", "Opt", "\n".join(lines))


def _nodes(stree, all_nodes=False):
    return [{"name": n.get_name(), "type": str(n.get_node_type()), "inst": n.get_instance_type().__name__,
             "targets": [str(t) for t in n.get_targets()], "args": [str(a) for a in n.get_args()],
             "kwargs": {k: str(v) for k, v in n.get_kwargs().items()},
             "inputs": [i.get_name() for i in n.get_inputs()], "users": [u.get_name() for u in n.get_users()]}
            for n in stree.nodes(all_nodes=all_nodes)]


def _run(net, *args):
    out = net(*args)
    if isinstance(out, tuple):
        return [o.asnumpy() for o in out]
    return out.asnumpy()


def _img():
    return Tensor(np.random.RandomState(11).rand(2, 1, 8, 8).astype(np.float32))


def _vec():
    return Tensor(np.random.RandomState(12).rand(3, 4).astype(np.float32))


def case_lenet_parse():
    net = SmallLeNet()
    stree = SymbolTree.create(net)
    new = stree.get_network()
    return {"nodes": _nodes(stree), "code": _code(stree), "origin": _run(net, _img()), "rebuilt": _run(new, _img()),
            "node_found": stree.get_node("relu_1").get_name(), "missing": stree.get_node("nope") is None,
            "new_type": re.sub(r"_\d+$", "", type(new).__name__), "is_new": new is not net,
            "n_params": len(new.trainable_params())}


def case_mixed_parse():
    net = MixedNet()
    stree = SymbolTree.create(net)
    net_off = MixedNet(flag=False)
    return {"nodes": _nodes(stree), "all_nodes": _nodes(stree, all_nodes=True), "code": _code(stree),
            "origin": _run(net, _vec()), "rebuilt": _run(stree.get_network(), _vec()),
            "off": _run(SymbolTree.create(net_off).get_network(), _vec()), "off_origin": _run(net_off, _vec()),
            "inputs": [n.get_name() for n in stree.get_inputs()]}


def case_insert_after():
    net = SmallLeNet()
    stree = SymbolTree.create(net)
    fc1 = stree.get_node("fc1")
    new = Node.create_call_cell(nn.Tanh(), targets=["x"], args=[ScopedValue.create_naming_value("x")],
                                name="new_tanh")
    before = {"name": new.get_name(), "tree": new.get_symbol_tree() is None, "targets": str(new.get_targets())}
    got = stree.insert(stree.after(fc1), new)
    dup = Node.create_call_cell(nn.ReLU(), targets=["x"], args=[ScopedValue.create_naming_value("x")], name="relu")
    stree.insert(stree.before("fc2"), dup)
    return {"before": before, "got": got.get_name(), "dup": dup.get_name(), "nodes": _nodes(stree),
            "code": _code(stree), "out": _run(stree.get_network(), _img()),
            "origin_has_field": hasattr(net, "new_tanh"), "tree_set": new.get_symbol_tree() is not None,
            "unique": [stree.unique_name(), stree.unique_name("x"), stree.unique_name("x"),
                       stree.unique_name("output")]}


def case_erase_replace():
    net = SmallLeNet()
    stree = SymbolTree.create(net)
    erased = stree.erase(stree.get_node("max_pool2d"))
    after_erase = {"name": erased.get_name(), "tree": erased.get_symbol_tree() is None, "nodes": _nodes(stree)}
    stree2 = SymbolTree.create(SmallLeNet())
    conv = stree2.get_node("conv1")
    new_conv = Node.create_call_cell(nn.Conv2d(1, 2, 3, pad_mode='valid', weight_init=_w(2, 1, 3, 3, seed=13),
                                               has_bias=False),
                                     targets=["x"], args=[ScopedValue.create_naming_value("x")], name="conv_same")
    pool = Node.create_call_cell(nn.LeakyReLU(0.1), targets=["x"], args=[ScopedValue.create_naming_value("x")],
                                 name="pool")
    last = stree2.replace(conv, [new_conv, pool])
    return {"erase": after_erase, "erase_code": _code(stree), "last": last.get_name(), "nodes": _nodes(stree2),
            "code": _code(stree2), "out": _run(stree2.get_network(), _img()),
            "by_name": stree2.erase("relu_1").get_name(), "names": [n.get_name() for n in stree2.nodes()]}


def case_set_arg():
    net = MixedNet()
    stree = SymbolTree.create(net)
    add = stree.get_node("add")
    add.set_arg(1, "x")
    add.set_arg(0, ScopedValue.create_naming_value("x"))
    dense_1 = stree.get_node("dense_1")
    dense_1.set_arg_by_node(0, stree.get_node("dense"))
    mult = stree.get_node("binop_mult")
    mult.set_arg(1, ScopedValue.create_variable_value(0.5))
    return {"nodes": _nodes(stree), "code": _code(stree), "out": _run(stree.get_network(), _vec()),
            "dense_users": [u.get_name() for u in stree.get_node("dense").get_users()],
            "add_users": [u.get_name() for u in add.get_users()]}


def case_subnet_tree():
    net = Outer()
    stree = SymbolTree.create(net)
    block = stree.get_node("block")
    sub = block.get_sub_tree()
    act = sub.get_node("act")
    sub.replace(act, [Node.create_call_cell(nn.Sigmoid(), targets=["x"], args=[ScopedValue.create_naming_value("x")],
                                            name="sig")])
    return {"type": str(block.get_node_type()), "inst": block.get_instance_type().__name__,
            "sub_nodes": _nodes(sub), "nodes": _nodes(stree), "code": _code(stree),
            "origin": _run(Outer(), _vec()), "out": _run(stree.get_network(), _vec()),
            "all_nodes": [n.get_name() for n in stree.all_nodes()]}


def case_loops_and_signature():
    net = LoopNet()
    stree = SymbolTree.create(net)
    nodes = [n for n in _nodes(stree) if n["name"] not in ("ReLU", "Tanh")]  # CellList members: not in the shim
    body = [n["name"] for n in _nodes(stree, all_nodes=True)][len(nodes):]
    return {"nodes": nodes, "loop_body": [name for name in body if name not in ("ReLU", "Tanh")],
            "code": _code(stree), "origin": _run(net, _vec()), "rebuilt": _run(stree.get_network(), _vec())}


def case_methods_and_branch_names():
    net = MethodNet()
    stree = SymbolTree.create(net)
    helper = stree.get_node("helper")
    names = [stree.unique_name("dense_var"), stree.unique_name("relu_var"), stree.unique_name("mult_var"),
             stree.unique_name("y")]
    return {"nodes": _nodes(stree), "all_nodes": _nodes(stree, all_nodes=True), "code": _code(stree),
            "helper_type": str(helper.get_node_type()), "helper_inst": helper.get_instance_type().__name__,
            "unique": names, "origin": _run(net, _vec()), "rebuilt": _run(stree.get_network(), _vec())}


def case_class_members():
    net = MemberNet()
    stree = SymbolTree.create(net)
    new = stree.get_network()
    return {"nodes": _nodes(stree), "code": _code(stree), "origin": _run(net, _vec()), "rebuilt": _run(new, _vec()),
            "members": [new.offset, new.bonus, new.twice(2), new.unused(1)]}


def case_cell_containers():
    net = SeqNet()
    stree = SymbolTree.create(net)
    parsed = {"nodes": _nodes(stree, all_nodes=True), "code": _code(stree)}
    tanh = [n for n in stree.nodes(all_nodes=True) if n.get_name() == "Tanh"][0]
    stree.erase(tanh)
    erased = {"names": [n.get_name() for n in stree.nodes(all_nodes=True)], "code": _code(stree),
              "out": _run(stree.get_network(), _vec())}
    stree2 = SymbolTree.create(SeqNet())
    relu = stree2.get_node("ReLU")
    sig = Node.create_call_cell(nn.Sigmoid(), ["x"], [ScopedValue.create_naming_value("x")], name="sig")
    stree2.insert(stree2.before(relu), sig)
    member = [n for n in stree2.nodes(all_nodes=True) if n.get_name() == "ReLU_1"][0]
    stree2.insert(stree2.after(member), Node.create_call_cell(nn.Softsign(), ["self_blocks"], [], name="soft"))
    return {"parsed": parsed, "erased": erased, "by_name_top_only": _err(lambda: stree2.after("Tanh"), "belong"),
            "inserted": {"names": [n.get_name() for n in stree2.nodes(all_nodes=True)], "code": _code(stree2)}}


def case_call_function_and_input():
    net = SmallLeNet()
    stree = SymbolTree.create(net)
    func = Node.create_call_function(scale_by, ["x"], [ScopedValue.create_naming_value("x")],
                                     {"k": ScopedValue.create_variable_value(3.0)})
    before = {"name": func.get_name(), "type": str(func.get_node_type()), "inst": func.get_instance_type().__name__,
              "args": [str(a) for a in func.get_args()], "kwargs": {k: str(v) for k, v in func.get_kwargs().items()}}
    stree.insert(stree.after("fc2"), func)
    again = Node.create_call_function(scale_by, ["x"], [ScopedValue.create_naming_value("x")])
    stree.insert(stree.after(func), again)
    inp = Node.create_input("y")
    made = {"name": inp.get_name(), "type": str(inp.get_node_type()), "targets": [str(t) for t in inp.get_targets()]}
    return {"before": before, "made_input": made, "again": again.get_name(), "nodes": _nodes(stree),
            "code": _code(stree), "out": _run(stree.get_network(), _img()), "origin": _run(net, _img())}


def case_scoped_value():
    vals = [ScopedValue.create_naming_value("a"), ScopedValue.create_naming_value("conv", "self"),
            ScopedValue.create_variable_value(1), ScopedValue.create_variable_value(1.5),
            ScopedValue.create_variable_value("s"), ScopedValue.create_variable_value(None),
            ScopedValue.create_variable_value((1, 2)), ScopedValue.create_variable_value([1]),
            ScopedValue.create_variable_value(object)]
    names = ScopedValue.create_name_values(["x", "y"], ["self", ""])
    return {"str": [str(v) for v in vals[:6]], "types": [str(v.type) for v in vals],
            "scopes": [v.scope for v in vals], "names": [str(n) for n in names],
            "eq": ScopedValue.create_naming_value("a") == vals[0], "value_types": [str(t) for t in ValueType],
            "node_types": [str(t) for t in NodeType], "node_type_values": [t.value for t in NodeType]}


def case_errors():
    net = SmallLeNet()
    stree = SymbolTree.create(net)
    node = stree.get_node("relu")
    return {
        "create": _err(lambda: SymbolTree.create(1), "network", "Cell"),
        "erase": _err(lambda: stree.erase(1), "node"), "get_node": _err(lambda: stree.get_node(1), "node_name"),
        "insert": _err(lambda: stree.insert(1, node), "position"),
        "replace": _err(lambda: stree.replace(node, node), "new_nodes"),
        "cell": _err(lambda: Node.create_call_cell(1, ["x"]), "cell"),
        "targets": _err(lambda: Node.create_call_cell(nn.ReLU(), "x"), "targets"),
        "unique": _err(lambda: stree.unique_name(1), "name"),
        "tabulate": _err(lambda: stree.print_node_tabulate(1), "all_nodes"),
        "naming": _err(lambda: ScopedValue.create_naming_value(1), "name"),
        "names_len": _err(lambda: ScopedValue.create_name_values(["a"], ["b", "c"]), "Length"),
        "set_arg_idx_type": _err(lambda: node.set_arg("a", "x"), "index"),
        "set_arg_range": _err(lambda: node.set_arg(5, "x"), "index", "[0, 1)"),
        "set_arg_value": _err(lambda: node.set_arg(0, 1), "arg"),
        "before": _err(lambda: stree.before(1), "node"),
        "erase_missing": _err(lambda: stree.erase("nonexist"), "not belong"),
    }
