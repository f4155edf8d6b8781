"""Cell: naming rules, traversal order, wrappers, modes, custom bprop."""
import numpy as np
import pytest
import torch

import mindshim as ms
from mindshim import Parameter, ParameterTuple, Tensor, nn, ops


class Leaf(nn.Cell):
    def __init__(self, n=2):
        super().__init__()
        self.w = Parameter(Tensor(np.ones((n,), np.float32)), name="w")
        self.b = Parameter(Tensor(np.zeros((n,), np.float32)))  # default name -> attribute name

    def construct(self, x):
        return x * self.w + self.b


class Block(nn.Cell):
    def __init__(self):
        super().__init__()
        self.a = Leaf()
        self.b = Leaf()

    def construct(self, x):
        return self.b(self.a(x))


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.block = Block()
        self.head = Leaf()
        self.frozen = Parameter(Tensor(np.ones((2,), np.float32)), name="frozen", requires_grad=False)

    def construct(self, x):
        return self.head(self.block(x)) * self.frozen


def test_parameter_names_are_structural_paths():
    net = Net()
    assert [p.name for p in net.get_parameters()] == [
        "frozen", "block.a.w", "block.a.b", "block.b.w", "block.b.b", "head.w", "head.b"]
    assert [p.name for p in net.trainable_params()] == [
        "block.a.w", "block.a.b", "block.b.w", "block.b.b", "head.w", "head.b"]
    assert [p.name for p in net.untrainable_params()] == ["frozen"]
    assert list(net.parameters_dict()) == [p.name for p in net.get_parameters()]


def test_wrappers_do_not_prefix_and_outer_cells_do():
    net = Net()
    wrapped = nn.WithLossCell(net, Leaf())
    assert [p.name for p in wrapped.trainable_params()][:2] == ["block.a.w", "block.a.b"]

    class Outer(nn.Cell):
        def __init__(self, inner):
            super().__init__()
            self.backbone = inner

    outer = Outer(Net())
    assert [p.name for p in outer.trainable_params()][0] == "backbone.block.a.w"


def test_parameter_tuple_attribute_registers_dotted_names():
    net = Net()

    class Holder(nn.Cell):
        def __init__(self, params):
            super().__init__(auto_prefix=False)
            self.moments = ParameterTuple(params).clone(prefix="moments", init="zeros")

    h = Holder(net.trainable_params())
    names = [n for n, _ in h.parameters_and_names()]
    assert names == ["moments.block.a.w", "moments.block.a.b", "moments.block.b.w", "moments.block.b.b",
                     "moments.head.w", "moments.head.b"]
    assert float(h.moments[0].abs().sum()) == 0.0


def test_cells_and_names_and_insert_child():
    net = Net()
    assert [n for n, _ in net.cells_and_names()] == ["", "block", "block.a", "block.b", "head"]
    assert list(net.name_cells()) == ["block", "head"]
    extra = Leaf()
    net.insert_child_to_cell("extra", extra)
    assert extra.w.name == "w"  # MindSpore leaves an inserted child's parameter names as they are
    with pytest.raises(KeyError):
        net.insert_child_to_cell("bad.name", Leaf())


def test_set_train_and_training_flag():
    net = Net()
    assert net.set_train() is net and net.training and net.block.a.training
    net.set_train(False)
    assert not net.training and not net.head.training


def test_call_returns_mindspore_tensor_and_forward_alias():
    net = Net()
    x = Tensor(np.array([1.0, 2.0], np.float32))
    y = net(x)
    assert isinstance(y, Tensor) and y.shape == (2,)
    np.testing.assert_allclose(net.forward(x).asnumpy(), y.asnumpy())


def test_custom_bprop_replaces_the_gradient():
    class Doubled(nn.Cell):
        def construct(self, x):
            return x * x

        def bprop(self, x, out, dout):
            return (dout * 100,)

    x = Tensor(np.array([1.0, 3.0], np.float32))
    g = ops.grad(lambda v: Doubled()(v).sum())(x)
    np.testing.assert_allclose(g.asnumpy(), [100.0, 100.0])


def test_parameter_set_data_keeps_identity_and_clone_copies():
    p = Parameter(Tensor(np.zeros((2, 2), np.float32)), name="p")
    same = p.set_data(Tensor(np.ones((2, 2), np.float32)))
    assert same is p and float(p.sum()) == 4.0
    c = p.clone()
    assert c is not p and c.name == "p" and float(c.sum()) == 4.0
    p.set_data(Tensor(np.ones((3,), np.float32)))  # shape change allowed
    assert p.shape == (3,)
    assert isinstance(p, torch.nn.Parameter) and isinstance(p, Tensor)


def test_requires_grad_false_freezes():
    p = Parameter(Tensor(np.ones((2,), np.float32)), name="p", requires_grad=False)
    assert not p.requires_grad
    p.requires_grad = True
    assert p.requires_grad
