"""Parity cases for nn cells as training scripts use them, second part: Cell features (traversal, flags, phase,
hooks, insert_child/param, attribute assignment) and containers (indexing, appending, renaming)."""
from collections import OrderedDict
import numpy as np

import mindspore as ms
from mindspore import Parameter, ParameterTuple, Tensor, nn

from parity_capture import captured_stdout
from parity_probe_nn_common import _err, _x, _names, _keys, _Net, _Small  # registered by the parity loader


# ----- Cell features -----

def case_cell_traversal():
    net = _Net()
    return {
        "cells": [n for n, _ in net.cells_and_names()],
        "cells_prefix": [n for n, _ in net.cells_and_names(name_prefix="p")],
        "cells_with_set": [n for n, _ in net.cells_and_names(set(), "x")],
        "name_cells": list(net.name_cells().keys()),
        "cells_types": [type(c).__name__ for c in net.cells()],
        "params_prefix": [n for n, _ in net.parameters_and_names(name_prefix="pre")],
        "params_no_expand": [n for n, _ in net.conv.parameters_and_names(expand=False)],
        "trainable_no_recurse": [p.name for p in net.trainable_params(recurse=False)],
        "dict_keys": list(net.parameters_dict().keys()),
        "cls_name": [net.cls_name, net.dense.cls_name], "param_prefix": [net.param_prefix, net.conv.param_prefix],
    }


class _WithEmpty(nn.Cell):
    def __init__(self):
        super().__init__()
        self.a = nn.SequentialCell()
        self.b = nn.CellList()
        self.c = nn.Dense(2, 2)

    def construct(self, x):
        return x


def case_empty_containers_skipped_in_traversal():
    net = _WithEmpty()
    with captured_stdout() as lines:
        print(net)
    return {"cells": [n for n, _ in net.cells_and_names()], "name_cells": list(net.name_cells().keys()),
            "params": _keys(net), "repr": lines}


def case_update_parameters_name():
    net = _Net()
    net.update_parameters_name("model.")
    net2 = _Net()
    net2.update_parameters_name("m.", recurse=False)
    return {"recurse": _names(net), "no_recurse": _names(net2),
            "int_prefix": _err(lambda: _Net().update_parameters_name(1))}


def case_insert_child_and_param_errors():
    net = _Net()
    return {
        "dot": _err(lambda: net.insert_child_to_cell("a.b", nn.ReLU())),
        "empty": _err(lambda: net.insert_child_to_cell("", nn.ReLU())),
        "not_cell": _err(lambda: net.insert_child_to_cell("x", 3)),
        "int_name": _err(lambda: net.insert_child_to_cell(1, nn.ReLU())),
        "existing_attr": _err(lambda: net.insert_child_to_cell("training", nn.ReLU())),
        "none_child": _err(lambda: net.insert_child_to_cell("nothing", None)),
        "param_dot": _err(lambda: net.insert_param_to_cell("a.b", Parameter(Tensor(np.ones(2, np.float32))))),
        "param_not_param": _err(lambda: net.insert_param_to_cell("zz", Tensor(np.ones(2, np.float32)))),
        "param_over_cell_attr": _err(lambda: net.insert_param_to_cell("conv",
                                                                      Parameter(Tensor(np.ones(2, np.float32))))),
        "name_cells_after": list(net.name_cells().keys()),
    }


def case_insert_param_names():
    net = _Net()
    net.insert_param_to_cell("w0", Parameter(Tensor(np.ones(2, np.float32))))
    net.insert_param_to_cell("w1", Parameter(Tensor(np.ones(2, np.float32)), name="custom"))
    return {"direct": [p.name for p in net.get_parameters(expand=False)], "keys": _keys(net),
            "dict_recurse_false": list(net.parameters_dict(recurse=False).keys())}


class _ParamToTensor(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.ones(2, np.float32)))
        self.w = Tensor(np.zeros(2, np.float32))

    def construct(self, x):
        return x


class _DupTuple(nn.Cell):
    def __init__(self):
        super().__init__()
        self.ps = ParameterTuple([Parameter(Tensor(np.ones(2, np.float32)), name="p1"),
                                  Parameter(Tensor(np.ones(2, np.float32)), name="p1")])

    def construct(self, x):
        return x


class _CellToInt(nn.Cell):
    def __init__(self):
        super().__init__()
        self.a = nn.Dense(2, 2)
        self.a = 3

    def construct(self, x):
        return x


class _CellToNone(nn.Cell):
    def __init__(self):
        super().__init__()
        self.a = nn.Dense(2, 2)
        self.a = None

    def construct(self, x):
        return x


def case_attribute_assignment_rules():
    w = _ParamToTensor().w
    none = _CellToNone()
    return {
        "tensor_into_parameter": [type(w).__name__, w.name, w.asnumpy().tolist()],
        "duplicate_tuple_names": _err(_DupTuple),
        "cell_to_int": _err(_CellToInt),
        "cell_to_none": [_names(none), list(none.name_cells().keys()), [n for n, _ in none.cells_and_names()]],
    }


def case_flags_and_phase():
    a = _Small().set_train()
    b = _Small().set_train(False)
    c = _Small().to_float(ms.float16)
    d = _Small().add_flags(my_flag=3)
    e = _Small().add_flags_recursive(z=1)
    return {
        "fresh": [_Small().get_flags(), _Small().phase, _Small().training, _Small().fc.training],
        "set_train": [a.get_flags(), a.fc.get_flags(), a.phase, a.fc.phase, a.training, a.fc.training],
        "set_train_false": [b.get_flags(), b.phase, b.fc.phase, b.training],
        "to_float": [sorted(c.get_flags().items()), sorted(c.fc.get_flags().items())],
        "add_flags": [d.get_flags(), d.my_flag], "add_flags_recursive": [e.fc.get_flags(), e.act.z],
        "returns": [type(_Small().set_grad()).__name__, type(_Small().to_float(ms.float16)).__name__],
        "set_grad": [_Small().set_grad().requires_grad, _Small().requires_grad],
    }


def case_to_float_values_and_errors():
    x = _x(1, 2)
    return {
        "dense_f16": _Small().to_float(ms.float16)(x).asnumpy(),
        "param_dtypes": [str(p.dtype) for p in _Small().to_float(ms.float16).get_parameters()],
        "int32": _err(lambda: _Small().to_float(ms.int32)),
        "float64": _err(lambda: _Small().to_float(ms.float64)),
    }


def case_apply_order_and_return():
    order = []
    net = _Net()
    returned = net.apply(lambda c: order.append(type(c).__name__))
    return {"order": order, "returns_self": returned is net}


def case_forward_hooks():
    x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))

    def mk():
        return nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
    log = []
    d = mk()
    handle = d.register_forward_pre_hook(lambda c, i: log.append([type(c).__name__, type(i).__name__, len(i)]))
    d(x)
    handle.remove()
    d(x)
    pre = mk()
    pre.register_forward_pre_hook(lambda c, i: (i[0] * 2,))
    pre_t = mk()
    pre_t.register_forward_pre_hook(lambda c, i: i[0] * 2)
    post = mk()
    post.register_forward_hook(lambda c, i, o: o + 1)
    order = []
    p = mk()
    p.register_forward_pre_hook(lambda c, i: order.append("a"))
    p.register_forward_pre_hook(lambda c, i: order.append("b"), prepend=True)
    p.register_forward_hook(lambda c, i, o: order.append("fwd"))
    p(x)
    kw = []
    k = mk()
    k.register_forward_pre_hook(lambda c, a, kwargs: kw.append([len(a), sorted(kwargs)]), with_kwargs=True)
    k(x)
    return {"log": log, "pre_tuple": pre(x).asnumpy(), "pre_tensor": pre_t(x).asnumpy(),
            "post": post(x).asnumpy(), "order": order, "with_kwargs": kw,
            "pre_not_callable": _err(lambda: mk().register_forward_pre_hook(3)),
            "fwd_not_callable": _err(lambda: mk().register_forward_hook("a")),
            "bwd_not_callable": _err(lambda: mk().register_backward_hook(3))}


class _HookNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.d = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
        self.relu = nn.ReLU()

    def construct(self, x):
        return self.relu(self.d(x))


def case_backward_hooks():
    x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3) - 2)
    seen = []

    def record(cell, gin, gout):
        seen.append([type(cell).__name__, type(gin).__name__, len(gin), [list(g.shape) for g in gin],
                     len(gout), [g.asnumpy() for g in gout]])
    net = _HookNet()
    net.d.register_backward_hook(record)
    plain = ms.grad(net)(x).asnumpy()
    zeroed = _HookNet()
    zeroed.d.register_backward_hook(lambda c, gin, gout: (gin[0] * 0,))
    relu_zeroed = _HookNet()
    relu_zeroed.relu.register_backward_hook(lambda c, gin, gout: (gin[0] * 0,))
    return {"grad": plain, "seen": seen, "zeroed": ms.grad(zeroed)(x).asnumpy(),
            "relu_zeroed": ms.grad(relu_zeroed)(x).asnumpy()}


# ----- containers -----

def case_sequential_index_errors():
    s = nn.SequentialCell([nn.Dense(2, 2), nn.ReLU(), nn.Dense(2, 2)])
    return {
        "past_end": _err(lambda: s[3]), "before_start": _err(lambda: s[-4]), "str": _err(lambda: s["0"]),
        "float": _err(lambda: s[1.0]), "slice_type": type(s[0:2]).__name__,
        "slice_names": _names(s[1:]), "slice_keys": list(s[1:].name_cells().keys()),
        "step_keys": list(s[::2].name_cells().keys()),
        "setitem_past_end": _err(lambda: nn.SequentialCell([nn.ReLU()]).__setitem__(3, nn.ReLU())),
        "setitem_not_cell": _err(lambda: nn.SequentialCell([nn.ReLU()]).__setitem__(0, 3)),
        "del_past_end": _err(lambda: nn.SequentialCell([nn.ReLU()]).__delitem__(3)),
        "del_str": _err(lambda: nn.SequentialCell([nn.ReLU()]).__delitem__("0")),
        "append_not_cell": _err(lambda: nn.SequentialCell([nn.ReLU()]).append(3)),
        "empty": [len(nn.SequentialCell()), bool(nn.SequentialCell()), bool(nn.SequentialCell(nn.ReLU()))],
        "varargs_keys": list(nn.SequentialCell(nn.Dense(2, 2), nn.ReLU()).name_cells().keys()),
        "cell_list_len": len(nn.SequentialCell(nn.Dense(2, 2), nn.ReLU()).cell_list),
    }


class _Holder(nn.Cell):
    def __init__(self, body):
        super().__init__()
        self.seq = body

    def construct(self, x):
        return self.seq(x)


def case_sequential_renames_inside_parent():
    h = _Holder(nn.SequentialCell([nn.Dense(2, 2), nn.ReLU()]))
    steps = {"initial": _names(h)}
    h.seq.append(nn.Dense(2, 2))
    steps["append"] = [_names(h), list(h.seq.name_cells().keys())]
    del h.seq[0]
    steps["del"] = [_names(h), list(h.seq.name_cells().keys()), _keys(h)]
    h.seq[0] = nn.Dense(2, 2)
    steps["setitem"] = [_names(h), _keys(h)]
    del h.seq[0:1]
    steps["del_slice"] = [_names(h), list(h.seq.name_cells().keys()), _keys(h)]
    return steps


def case_sequential_ordered_dict_keys():
    od = nn.SequentialCell(OrderedDict([("fc", nn.Dense(2, 2)), ("act", nn.ReLU()), ("fc2", nn.Dense(2, 2))]))
    res = {"keys": list(od.name_cells().keys()), "names": _names(od), "index": type(od[2]).__name__,
           "slice_keys": list(od[1:].name_cells().keys())}
    od.append(nn.Dense(2, 2))
    res["append"] = [list(od.name_cells().keys()), _names(od)]
    del od[0]
    res["del"] = [list(od.name_cells().keys()), _names(od)]
    return res


def case_cell_list_index_and_edit():
    cl = nn.CellList([nn.Dense(2, 2), nn.ReLU()])
    res = {"neg": type(cl[-1]).__name__, "past_end": _err(lambda: cl[2]), "str": _err(lambda: cl["0"]),
           "float": _err(lambda: cl[0.0]),
           "slice": [type(cl[0:1]).__name__, len(cl[0:1]), list(cl[0:1].name_cells().keys())]}
    cl.append(nn.Dense(2, 2))
    res["append"] = _names(cl)
    cl.extend([nn.Dense(2, 2), nn.Tanh()])
    res["extend"] = [_names(cl), len(cl)]
    res["extend_tuple"] = _err(lambda: cl.extend((nn.Dense(2, 2),)))
    cl.insert(0, nn.Dense(2, 2))
    res["insert"] = [_names(cl), list(cl.name_cells().keys())]
    del cl[1]
    res["del"] = [_names(cl), list(cl.name_cells().keys()), _keys(cl)]
    cl[0] = nn.Sigmoid()
    res["setitem"] = [type(c).__name__ for c in cl]
    cl += [nn.Dense(2, 2)]
    res["iadd"] = len(cl)
    res["call"] = _err(lambda: cl(Tensor(np.ones(2, np.float32))))
    res["append_not_cell"] = _err(lambda: nn.CellList().append(3))
    res["insert_past_end"] = _err(lambda: nn.CellList([nn.ReLU()]).insert(5, nn.ReLU()))
    res["setitem_past_end"] = _err(lambda: nn.CellList([nn.ReLU()]).__setitem__(1, nn.ReLU()))
    res["del_str"] = _err(lambda: nn.CellList([nn.ReLU()]).__delitem__("0"))
    res["bool"] = [bool(nn.CellList()), bool(nn.CellList([nn.ReLU()]))]
    return res


class _ListHolder(nn.Cell):
    def __init__(self):
        super().__init__()
        self.layers = nn.CellList([nn.Dense(2, 2), nn.Dense(2, 2)])

    def construct(self, x):
        return x


def case_cell_list_renames_inside_parent():
    h = _ListHolder()
    res = {"initial": _names(h)}
    h.layers.append(nn.Dense(2, 2))
    res["append"] = _names(h)
    h.layers.insert(1, nn.Dense(3, 3))
    res["insert"] = [_names(h), [list(p.shape) for p in h.get_parameters()]]
    del h.layers[0]
    res["del"] = _names(h)
    h.layers.extend([nn.Dense(2, 2)])
    res["extend"] = _names(h)
    neg = nn.CellList([nn.Dense(2, 2), nn.Dense(2, 3)])
    neg.insert(-1, nn.Dense(2, 4))
    res["insert_negative"] = [[list(p.shape) for p in neg.get_parameters()], _names(neg)]
    cut = nn.CellList([nn.Dense(2, 2), nn.Dense(2, 2), nn.Dense(2, 2)])
    del cut[0:2]
    res["del_slice"] = [list(cut.name_cells().keys()), _names(cut)]
    res["auto_prefix_false"] = _names(nn.CellList([nn.Dense(2, 2), nn.Dense(2, 2)], auto_prefix=False))
    return res


class _NoPrefix(nn.Cell):
    def __init__(self):
        super().__init__(auto_prefix=False)
        self.fc = nn.Dense(2, 2)
        self.inner = _ListHolder()

    def construct(self, x):
        return x


class _Outer(nn.Cell):
    def __init__(self):
        super().__init__()
        self.ap = _NoPrefix()

    def construct(self, x):
        return x


class _Nested(nn.Cell):
    def __init__(self):
        super().__init__()
        self.body = nn.SequentialCell([nn.SequentialCell([nn.Dense(2, 2)]), nn.CellList([nn.Dense(2, 2)])])
        self.late = nn.SequentialCell()
        self.late.append(nn.Dense(2, 2))
        self.late.append(nn.Dense(2, 2))

    def construct(self, x):
        return x


def case_auto_prefix_and_nesting_names():
    nested = _Nested()
    return {"no_prefix": [_names(_NoPrefix()), _keys(_NoPrefix())], "outer": _names(_Outer()),
            "nested": [_names(nested), [n for n, _ in nested.cells_and_names()]]}


