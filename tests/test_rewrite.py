"""mindspore.rewrite in mindshim: SymbolTree parsing of `construct` (names, types, data flow, flattening of nested
calls), the code it writes, networks rebuilt after insert/erase/replace/set_arg, sub-network trees, the node
table, and `import mindspore.rewrite` under `python -m mindshim run`. Names, code text and outputs are checked
against real MindSpore by the parity module tests/parity/cases/rewrite_api.py."""
from __future__ import annotations

import inspect
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from mindshim import Tensor, nn, ops
from mindshim.rewrite import Node, NodeType, ScopedValue, SymbolTree, ValueType


class LeNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 2, 3, pad_mode="valid")
        self.relu = nn.ReLU()
        self.pool = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = nn.Flatten()
        self.fc1 = nn.Dense(18, 6)
        self.fc2 = nn.Dense(6, 3)

    def construct(self, x):
        x = self.conv1(x)
        x = self.relu(x)
        x = self.pool(x)
        x = self.flatten(x)
        x = self.fc1(x)
        x = self.relu(x)
        x = self.fc2(x)
        return x


class Branchy(nn.Cell):
    def __init__(self, flag: bool = True):
        super().__init__()
        self.dense = nn.Dense(4, 4)
        self.mul = ops.Mul()
        self.flag = flag

    def construct(self, x):
        y = self.mul(self.dense(x), 2.0)
        if self.flag:
            y = y + x
        else:
            y = y - x
        return ops.relu(y), y.sum()


class Inner(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(4, 4)

    def construct(self, x):
        return self.dense(x)


class WithSub(nn.Cell):
    def __init__(self):
        super().__init__()
        self.inner = Inner()
        self.seq = nn.SequentialCell([nn.Dense(4, 4), nn.ReLU()])

    def construct(self, x):
        x = self.inner(x)
        x = self.seq(x)
        return x


def _img() -> Tensor:
    return Tensor(np.random.RandomState(0).rand(2, 1, 8, 8).astype(np.float32))


def _vec() -> Tensor:
    return Tensor(np.random.RandomState(1).rand(3, 4).astype(np.float32) - 0.5)


def _names(stree: SymbolTree, all_nodes: bool = False) -> list[str]:
    return [n.get_name() for n in stree.nodes(all_nodes)]


def test_lenet_nodes_and_rebuilt_network():
    net = LeNet()
    stree = SymbolTree.create(net)
    assert _names(stree) == ["input_x", "conv1", "relu", "pool", "flatten", "fc1", "relu_1", "fc2", "return"]
    relu_1 = stree.get_node("relu_1")
    assert relu_1.get_node_type() == NodeType.CallCell and relu_1.get_instance() is net.relu
    assert relu_1.get_instance_type() is nn.ReLU
    assert [n.get_name() for n in relu_1.get_inputs()] == ["fc1"]
    assert [n.get_name() for n in relu_1.get_users()] == ["fc2"]
    assert [str(t) for t in relu_1.get_targets()] == ["x"]
    assert relu_1.get_args() == [ScopedValue.create_naming_value("x")]
    assert stree.get_node("input_x").get_node_type() == NodeType.Input
    assert stree.get_node("return").get_node_type() == NodeType.Output
    assert stree.get_node("missing") is None and relu_1.get_symbol_tree() == stree
    new = stree.get_network()
    assert type(new).__name__.startswith("LeNetOpt") and isinstance(new, LeNet) and new is not net
    np.testing.assert_allclose(new(_img()).asnumpy(), net(_img()).asnumpy(), rtol=1e-6)
    assert "class LeNetOpt" in inspect.getsource(type(new))  # the generated source is registered


def test_code_flattens_nested_calls_and_operations():
    stree = SymbolTree.create(Branchy())
    code = stree.get_code()
    body = code[code.index("    def construct"):]
    assert body == textwrap.indent(textwrap.dedent("""\
        def construct(self, x):
            dense_var = self.dense(x)
            y = self.mul(dense_var, 2.0)
            if self.flag:
                y = y + x
            else:
                y = y - x
            relu_var = ops.relu(y)
            sum_var = y.sum()
            tuple_var = (relu_var, sum_var)
            return tuple_var
        """), "    ") + "#"
    assert _names(stree) == ["input_x", "dense", "mul", "if_node", "else_node", "relu", "sum", "tuple", "return"]
    assert _names(stree, True)[-2:] == ["binop_sub", "binop_add"]
    kinds = {n.get_name(): n.get_node_type() for n in stree.nodes(True)}
    assert kinds["mul"] == NodeType.CallPrimitive and kinds["relu"] == NodeType.CallFunction
    assert kinds["tuple"] == NodeType.CallMethod and kinds["if_node"] == NodeType.ControlFlow
    assert kinds["binop_add"] == NodeType.MathOps
    assert stree.get_node("relu").get_instance() is ops.relu
    for flag in (True, False):
        net = Branchy(flag)
        out, ref = SymbolTree.create(net).get_network()(_vec()), net(_vec())
        np.testing.assert_allclose(out[0].asnumpy(), ref[0].asnumpy(), rtol=1e-6)


def test_insert_erase_replace_edit_the_network():
    net = LeNet()
    stree = SymbolTree.create(net)
    fc1 = stree.get_node("fc1")
    tanh = Node.create_call_cell(nn.Tanh(), targets=["x"], args=[ScopedValue.create_naming_value("x")], name="relu")
    assert tanh.get_symbol_tree() is None
    stree.insert(stree.after(fc1), tanh)
    assert tanh.get_name() == "relu_2" and "self.relu_2 = obj.relu_2" in stree.get_code()
    assert [n.get_name() for n in tanh.get_inputs()] == ["fc1"] and hasattr(net, "relu_2")
    stree.erase(stree.get_node("relu_1"))
    x = _img()
    hidden = net.fc1(net.flatten(net.pool(net.relu(net.conv1(x)))))
    np.testing.assert_allclose(stree.get_network()(x).asnumpy(), net.fc2(ops.tanh(hidden)).asnumpy(), rtol=1e-5)
    dense = Node.create_call_cell(nn.Dense(6, 3), targets=["out"], args=[ScopedValue.create_naming_value("x")],
                                  name="head")
    assert stree.replace(stree.get_node("fc2"), [dense]) is dense
    stree.get_node("return").set_arg(0, "out")
    assert _names(stree)[-3:] == ["relu_2", "head", "return"]
    assert "out = self.head(x)" in stree.get_code() and "return out" in stree.get_code()
    np.testing.assert_allclose(stree.get_network()(x).asnumpy(), dense.get_instance()(ops.tanh(hidden)).asnumpy(),
                               rtol=1e-5)
    before = Node.create_call_cell(nn.ReLU(), targets=["x"], args=[ScopedValue.create_naming_value("x")])
    stree.insert(stree.before("conv1"), before)
    assert before.get_name() == "ReLU" and _names(stree)[:3] == ["input_x", "ReLU", "conv1"]


def test_set_arg_and_unique_names():
    stree = SymbolTree.create(LeNet())
    fc2 = stree.get_node("fc2")
    fc2.set_arg_by_node(0, stree.get_node("flatten"))  # its target `x`: the latest `x` before fc2 is relu_1's
    assert [n.get_name() for n in fc2.get_inputs()] == ["relu_1"] and "x = self.fc2(x)" in stree.get_code()
    fc2.set_arg(0, "h")
    assert fc2.get_inputs() == [] and [u.get_name() for u in stree.get_node("relu_1").get_users()] == []
    fc2.set_arg(0, ScopedValue.create_naming_value("y"))
    assert fc2.get_inputs() == [] and "x = self.fc2(y)" in stree.get_code()
    assert [stree.unique_name(), stree.unique_name("x"), stree.unique_name("x")] == ["output", "x_1", "x_2"]


def test_sub_network_tree_and_container():
    net = WithSub()
    stree = SymbolTree.create(net)
    inner = stree.get_node("inner")
    assert inner.get_node_type() == NodeType.Tree
    assert stree.get_node("seq").get_node_type() == NodeType.CellContainer
    sub = inner.get_sub_tree()
    assert _names(sub) == ["input_x", "dense", "return"]
    assert "return dense_var" in sub.get_code()  # `return self.dense(x)` is flattened
    act = Node.create_call_cell(nn.ReLU(), ["dense_var"], [ScopedValue.create_naming_value("dense_var")], name="act")
    sub.insert(sub.after("dense"), act)
    code = stree.get_code()
    assert code.index("class InnerOpt") < code.index("class WithSubOpt") and "self.inner = InnerOpt" in code
    x = _vec()
    expected = net.seq(ops.relu(net.inner.dense(x)))
    np.testing.assert_allclose(stree.get_network()(x).asnumpy(), expected.asnumpy(), rtol=1e-6)


def test_print_node_tabulate(capsys):
    SymbolTree.create(LeNet()).print_node_tabulate()
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].startswith("[LeNetOpt") and lines[2].split() == ["node", "type", "name", "codes", "arg",
                                                                      "providers", "target", "users"]
    assert lines[5].split()[:2] == ["NodeType.CallCell", "conv1"] and "[[0, ('input_x', 0)]]" in lines[5]


def test_scoped_value():
    assert str(ScopedValue.create_naming_value("conv", "self")) == "self.conv"
    assert ScopedValue.create_variable_value((1, 2)).type == ValueType.TupleValue
    assert [str(v) for v in ScopedValue.create_name_values(["a", "b"], ["self", ""])] == ["self.a", "b"]
    with pytest.raises(ValueError):
        ScopedValue.create_name_values(["a"], ["b", "c"])


def test_errors_speak_mindspore():
    stree = SymbolTree.create(LeNet())
    with pytest.raises(TypeError, match="For 'SymbolTree', the type of 'network' should be 'Cell'"):
        SymbolTree.create(1)
    with pytest.raises(TypeError, match="'targets'"):
        Node.create_call_cell(nn.ReLU(), "x")
    with pytest.raises(ValueError, match=r"The 'index' must be in range of \[0, 1\)"):
        stree.get_node("relu").set_arg(3, "x")
    with pytest.raises(RuntimeError, match="not belong to current SymbolTree"):
        stree.erase("nonexist")


def test_import_under_mindshim_run(tmp_path):
    script = tmp_path / "use_rewrite.py"
    script.write_text(textwrap.dedent("""\
        import numpy as np
        import mindspore as ms
        from mindspore import nn
        from mindspore.rewrite import SymbolTree, Node, ScopedValue

        class Net(nn.Cell):
            def __init__(self):
                super().__init__()
                self.dense = nn.Dense(2, 2)
            def construct(self, x):
                x = self.dense(x)
                return x

        net = Net()
        stree = SymbolTree.create(net)
        stree.insert(stree.after(stree.get_node("dense")),
                     Node.create_call_cell(nn.ReLU(), ["x"], [ScopedValue.create_naming_value("x")], name="act"))
        out = stree.get_network()(ms.Tensor(np.ones((1, 2), np.float32)))
        print([n.get_name() for n in stree.nodes()], bool((out.asnumpy() >= 0).all()))
        """))
    done = subprocess.run([sys.executable, "-m", "mindshim", "run", str(script)], capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().splitlines()[-1] == "['input_x', 'dense', 'act', 'return'] True"


class WithHelper(nn.Cell):
    scale = 2.0

    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(4, 4)
        self.blocks = nn.CellList([nn.ReLU(), nn.Tanh()])

    def helper(self, x):
        return self.dense(x) * self.scale

    def construct(self, x, *args):
        x = self.helper(x)
        for cell in self.blocks:
            x = cell(x)
        return x


def test_methods_loops_and_class_members():
    net = WithHelper()
    stree = SymbolTree.create(net)
    assert _names(stree) == ["input_x", "arg", "helper", "self.blocks", "for_node", "return_1"]
    helper = stree.get_node("helper")
    assert helper.get_node_type() == NodeType.CallFunction and helper.get_instance_type().__name__ == "method"
    assert _names(stree, True)[len(_names(stree)):] == ["cell", "ReLU", "Tanh", "input_x_1", "dense",
                                                         "binop_mult", "return"]
    assert stree.get_node("for_node").get_node_type() == NodeType.ControlFlow
    code = stree.get_code()
    assert "self.__class__.scale = obj.__class__.scale" in code and "self_blocks = self.blocks" in code
    assert code.index("def helper") < code.index("def construct") and "dense_var = self.dense(x)" in code
    stree.replace(stree.get_node("dense"), [Node.create_call_cell(nn.Dense(4, 4), ["dense_var"],
                                                                  [ScopedValue.create_naming_value("x")], name="d2")])
    new = stree.get_network()
    expected = ops.tanh(ops.relu(net.d2(_vec()) * 2.0))
    np.testing.assert_allclose(new(_vec()).asnumpy(), expected.asnumpy(), rtol=1e-6)


def test_network_without_source_and_erase_warning(capsys):
    namespace = {"nn": nn}
    exec("class NoSource(nn.Cell):\n    def construct(self, x):\n        return x\n", namespace)  # noqa: S102
    with pytest.raises(TypeError, match="built-in class"):
        SymbolTree.create(namespace["NoSource"]())
    stree = SymbolTree.create(LeNet())
    erased = stree.erase("pool")
    assert erased.get_name() == "pool" and erased.get_symbol_tree() is None
    assert [n.get_name() for n in stree.get_node("flatten").get_inputs()] == ["relu"]
