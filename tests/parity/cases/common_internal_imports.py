"""Parity: the underscore / internal names real MindSpore scripts (model zoo, papers, MindSpore's tests) import
from MindSpore 2.10, used the way those scripts use them: custom Initializer subclasses through `_assignment`,
fan and gain helpers, `_Loss` subclasses, `_get_graph_seed`, `check_value_type`, `_exec_save`, `deprecated`,
`cell_attr_register`, the bprop / vmap registries, dataset node classes in isinstance checks, shape helpers."""
import os
import shutil
import tempfile
from collections import OrderedDict

import numpy as np

import mindspore as ms
import mindspore.dataset as ds
from mindspore import Parameter, Tensor, nn, ops
from mindspore.common.initializer import (
    Initializer, _INITIALIZER_ALIAS, _assignment, _calculate_correct_fan, _calculate_fan_in_and_fan_out,
    _calculate_gain, _calculate_in_and_out, _register, initializer)
from mindspore.nn.loss.loss import LossBase, _Loss, _check_is_tensor
from mindspore.ops import operations as P


def _raises(fn, *words):
    """[exception type, the words of `words` its message contains], or "no error"."""
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type is the result
        return [type(e).__name__, [w for w in words if w in str(e)]]
    return "no error"


class _NumpyUniform(Initializer):
    """The model-zoo pattern: draw with numpy, hand the values to MindSpore with `_assignment`."""

    def __init__(self, scale=0.5):
        super().__init__(scale=scale)
        self.scale = scale

    def _initialize(self, arr):
        data = np.random.uniform(-self.scale, self.scale, arr.shape)
        _assignment(arr, data)


class _KaimingFan(Initializer):
    """Values from MindSpore's fan/gain helpers (deterministic)."""

    def _initialize(self, arr):
        fan = _calculate_correct_fan(arr.shape, "fan_in")
        bound = _calculate_gain("leaky_relu", 0.2) / np.sqrt(fan)
        _assignment(arr, np.linspace(-bound, bound, arr.size).reshape(arr.shape))


def case_initializer_subclass_with_assignment():
    np.random.seed(5)
    # MindSpore fills an initializer() tensor when its data is first read (a Parameter reads it at once), so each
    # is read here before the next draws, keeping the numpy stream's order independent of that laziness
    t = initializer(_NumpyUniform(), [2, 3], ms.float32).asnumpy()
    p = Parameter(initializer(_NumpyUniform(0.1), (3,), ms.float16), name="w")
    fan = initializer(_KaimingFan(), [2, 3, 2], ms.float32)
    return {"t": t, "p": p.asnumpy(), "p_dtype": str(p.dtype), "fan": fan.asnumpy(),
            "after": np.random.rand(2)}


def case_initializer_subclass_as_weight_init():
    np.random.seed(6)
    dense = nn.Dense(3, 2, weight_init=_NumpyUniform(0.2), bias_init=_NumpyUniform(0.3))
    conv = nn.Conv2d(2, 3, 2, weight_init=_KaimingFan(), has_bias=False)
    return {"w": dense.weight.asnumpy(), "b": dense.bias.asnumpy(), "conv": conv.weight.asnumpy(),
            "out": dense(Tensor(np.ones((1, 3), np.float32))).asnumpy()}


def case_assignment_helper():
    scalar = np.zeros((), np.float32)
    arr = np.zeros((2, 2))
    same = _assignment(arr, 5) is arr
    return {"scalar": _assignment(scalar, 3.0), "filled": arr, "returns_arr": same,
            "array": _assignment(np.zeros(2), np.array([1, 2]))}


def case_fan_in_and_fan_out():
    shapes = [(3, 4), (2, 3, 5), (4, 3, 2, 2), (1, 1, 1, 1, 1), (8, 16, 3, 3, 3)]
    return {"fans": [list(_calculate_fan_in_and_fan_out(s)) for s in shapes],
            "fan_in": [_calculate_correct_fan(s, "fan_in") for s in shapes],
            "fan_out_upper": [_calculate_correct_fan(s, "FAN_OUT") for s in shapes],
            "in_and_out": [list(_calculate_in_and_out(np.zeros(s))) for s in shapes],
            "rank1": _raises(lambda: _calculate_fan_in_and_fan_out((3,)), "fewer than 2 dimensions"),
            "rank0": _raises(lambda: _calculate_fan_in_and_fan_out(()), "fan_in"),
            "bad_mode": _raises(lambda: _calculate_correct_fan((2, 3), "fan_avg"), "fan_avg")}


def case_calculate_gain():
    good = [("linear", None), ("conv2d", None), ("conv_transpose3d", None), ("sigmoid", None), ("tanh", None),
            ("relu", None), ("leaky_relu", None), ("leaky_relu", 0.2), ("leaky_relu", 1)]
    return {"gains": [_calculate_gain(n, p) for n, p in good],
            "bool_slope": _raises(lambda: _calculate_gain("leaky_relu", True), "negative_slope"),
            "str_slope": _raises(lambda: _calculate_gain("leaky_relu", "0.1"), "negative_slope"),
            "selu": _raises(lambda: _calculate_gain("selu"), "nonlinearity", "selu"),
            "he_uniform_selu": _raises(lambda: initializer(ms.common.initializer.HeUniform(nonlinearity="selu"),
                                                           [2, 2]).asnumpy(), "nonlinearity")}


def case_initializer_registry():
    @_register("my_ones_alias")
    class _Sevens(Initializer):
        def _initialize(self, arr):
            _assignment(arr, 7)

    names = sorted(k for k in _INITIALIZER_ALIAS if k not in ("_sevens", "my_ones_alias"))
    result = {"registered": [_INITIALIZER_ALIAS.get("_sevens") is _Sevens,
                             _INITIALIZER_ALIAS.get("my_ones_alias") is _Sevens],
              "builtin_names": names,
              "by_alias": initializer("my_ones_alias", [2], ms.float32).asnumpy(),
              "constant_not_registered": _raises(lambda: initializer("constant", [2]), "constant")}
    for key in ("_sevens", "my_ones_alias"):
        del _INITIALIZER_ALIAS[key]
    return result


class _AbsLoss(_Loss):
    def __init__(self, reduction="mean"):
        super().__init__(reduction)
        self.abs = ops.Abs()

    def construct(self, logits, labels):
        return self.get_loss(self.abs(logits - labels))


class _WeightedLoss(_Loss):
    def construct(self, logits, labels, weights):
        return self.get_loss(logits - labels, weights)


def _xy():
    x = Tensor(np.array([[1.0, -2.0, 3.0], [0.5, 0.25, -1.0]], np.float32))
    return x, Tensor(np.zeros((2, 3), np.float32))


def case_loss_subclass_reductions():
    x, y = _xy()
    out = {"is_lossbase": issubclass(_Loss, LossBase), "axis": list(_AbsLoss().get_axis(x))}
    for reduction in ("mean", "sum", "none"):
        loss = _AbsLoss(reduction)
        out[reduction] = {"flags": [loss.average, loss.reduce], "value": loss(x, y).asnumpy()}
    out["float16_dtype"] = str(_AbsLoss()(x.astype(ms.float16), y.astype(ms.float16)).dtype)
    return out


def case_loss_subclass_weights():
    x, y = _xy()
    w = Tensor(np.array([[1.0], [2.0]], np.float32))
    return {r: {"tensor": _WeightedLoss(r)(x, y, w).asnumpy(), "scalar": _WeightedLoss(r)(x, y, 3.0).asnumpy()}
            for r in ("mean", "sum", "none")}


def case_loss_subclass_errors():
    x, y = _xy()
    return {"reduction": _raises(lambda: _AbsLoss("avg"), "reduction", "avg"),
            "base_construct": _raises(lambda: _Loss()(x, y)),
            "check_is_tensor_ok": _check_is_tensor("logits", x, "MyLoss"),
            "check_is_tensor_none": _check_is_tensor("weight", None, "MyLoss"),
            "check_is_tensor_bad": _raises(lambda: _check_is_tensor("logits", [1.0], "MyLoss"), "MyLoss", "logits")}


def case_get_graph_seed():
    from mindspore.common.seed import _get_graph_seed, _truncate_seed
    ms.set_seed(0)
    default = [list(_get_graph_seed(0, "normal")), list(_get_graph_seed(0, "normal"))]
    ms.set_seed(123)
    seeded = [list(_get_graph_seed(s, k)) for s, k in ((0, "dropout"), (0, "dropout"), (7, "dropout"),
                                                      (7, "dropout"), (7, "uniform"), (None, "uniform"))]
    ms.set_seed(123)
    restarted = [list(_get_graph_seed(7, "dropout")), list(_get_graph_seed(2 ** 40, "big"))]
    return {"default_global": default, "seeded": seeded, "restarted": restarted,
            "truncate": _truncate_seed(2 ** 31 + 5),
            "negative": _raises(lambda: _get_graph_seed(-1, "k"), "seed"),
            "float": _raises(lambda: _get_graph_seed(1.5, "k")), "bool": _raises(lambda: _get_graph_seed(True, "k"))}


def case_check_value_type():
    from mindspore.train._utils import check_value_type
    calls = [("a", 1, int), ("a", True, int), ("a", True, [int, bool]), ("b", 1.0, (int,)), ("c", "x", [str, int]),
             ("d", None, (list, tuple)), ("e", [1], (list, tuple)), ("f", 3, [float])]
    return [_raises(lambda c=c: check_value_type(*c), "`" + c[0] + "`", "int", "bool", "float", "NoneType")
            for c in calls]


def case_train_utils_helpers():
    from mindspore.train._utils import _check_to_numpy, _make_directory
    root = tempfile.mkdtemp()
    try:
        made = _make_directory(os.path.join(root, "a", "b"))
        open(os.path.join(root, "file"), "w").close()
        return {"made": [made == os.path.realpath(os.path.join(root, "a", "b")), os.path.isdir(made),
                         oct(os.stat(made).st_mode & 0o777)],
                "not_str": _raises(lambda: _make_directory(3, "directory"), "directory"),
                "blank": _raises(lambda: _make_directory("  "), "path"),
                "is_file": _raises(lambda: _make_directory(os.path.join(root, "file"))),
                "image": _check_to_numpy("image", Tensor(np.ones((1, 3, 2, 2), np.float32))),
                "scalar": _check_to_numpy("scalar", Tensor(2.0)),
                "bad": [_raises(lambda p=p, v=v, q=q: _check_to_numpy(p, Tensor(v), q), "Summary", "SummaryRecord")
                        for p, v in (("scalar", np.ones(3)), ("image", np.ones(3)), ("tensor", 1.0))
                        for q in (None, 1)]}
    finally:
        shutil.rmtree(root)


def case_exec_save_round_trip():
    from mindspore.train.serialization import _exec_save
    w = Parameter(Tensor(np.arange(6, dtype=np.float32).reshape(2, 3)), name="w")
    data = OrderedDict()
    data["w"] = [[2, 3], str(w.dtype), w.asnumpy().reshape(-1)]
    data["b"] = [[3], "Int32", np.array([1, 2, 3], np.int32)]
    data["t"] = [[2, 2], "Float16", Tensor(np.ones((2, 2), np.float16))]
    data["s"] = [[0], "str", np.array("hello")]
    root = tempfile.mkdtemp()
    try:
        out = {}
        for name, crc in (("plain.ckpt", False), ("crc.ckpt", True)):
            path = os.path.join(root, name)
            _exec_save(path, data, crc_check=crc)
            loaded = ms.load_checkpoint(path, crc_check=crc)
            out[name] = {"mode": oct(os.stat(path).st_mode & 0o777), "size": os.path.getsize(path),
                         "values": {k: v if isinstance(v, str) else [v.asnumpy(), str(v.dtype)]
                                    for k, v in loaded.items()}}
        return out
    finally:
        for name in os.listdir(root):
            os.chmod(os.path.join(root, name), 0o600)
        shutil.rmtree(root)


def case_deprecated_decorator():
    from mindspore.common._decorator import DEPRECATE_SET, deprecated

    @deprecated("9.9", "new_fn")
    def old_fn(x):
        return x + 1

    class _Op:
        @deprecated("9.8", "NewOp", True)
        def __init__(self):
            self.v = 3

    calls = [old_fn(1), old_fn(2), _Op().v]
    return {"calls": calls, "name": old_fn.__name__, "substitute_name": _Op.substitute_name,
            "recorded": sorted(k for k in DEPRECATE_SET if k in ("old_fn9.9", "_Op9.8"))}


def _cell_classes():
    from mindspore._extends import cell_attr_register

    class _ByArgs(nn.Cell):
        @cell_attr_register
        def __init__(self, a, b=2, *, c=3):
            super().__init__()
            self.a = a

    class _ByAttrs(nn.Cell):
        @cell_attr_register(attrs=["has_bias", "act", "missing"])
        def __init__(self, has_bias=True, act="relu"):
            super().__init__()
            self.has_bias, self.act = has_bias, act

    class _ByAttr(nn.Cell):
        @cell_attr_register(attrs="act")
        def __init__(self, act="relu"):
            super().__init__()
            self.act = act

    return _ByArgs, _ByAttrs, _ByAttr, cell_attr_register


def case_cell_attr_register():
    by_args, by_attrs, by_attr, register = _cell_classes()

    def bad(attrs):
        class _Bad(nn.Cell):
            @register(attrs=attrs)
            def __init__(self):
                super().__init__()
        return _Bad()

    return {"args": [by_args(1).cell_init_args, by_args(1, b=5, c=7).cell_init_args],
            "attrs": [by_attrs().cell_init_args, by_attrs(False, "gelu").cell_init_args],
            "attr": by_attr("gelu").cell_init_args, "cls_name": by_attr().cls_name,
            "init_name": by_attrs.__init__.__name__,
            "bad_item": _raises(lambda: bad([1]), "attr must be a string"),
            "bad_attrs": _raises(lambda: bad(3), "attrs must be list or string")}


def case_bprop_and_vmap_registries():
    from mindspore.ops._grad_experimental.grad_base import BpropRegistry, bprop_getters, get_bprop_fn
    from mindspore.ops._register_for_op import Registry
    from mindspore.ops._vmap.vmap_base import get_vmap_rule, vmap_rules_getters

    class _MyOp(ops.PrimitiveWithInfer):
        @ops.prim_attr_register
        def __init__(self):
            pass

    @bprop_getters.register(_MyOp)
    def getter(prim):
        return lambda x, out, dout: (dout * 7,)

    @bprop_getters.register("ParityNamedRule")
    def named(prim):
        return "closure"

    @bprop_getters.register(int)
    def ignored(prim):
        return None

    @vmap_rules_getters.register("ParityVmapName")
    def rule(prim, axis_size):
        return ["rule", axis_size]

    out = {"by_instance": bprop_getters.get(_MyOp(), None) is getter,
           "by_name": [bprop_getters.get("_MyOp", None) is getter, "_MyOp" in bprop_getters,
                       id(_MyOp) in bprop_getters],
           "named": [bprop_getters.get("ParityNamedRule", None) is named, get_bprop_fn("ParityNamedRule")],
           "closure": get_bprop_fn(_MyOp(), True) is getter, "default": bprop_getters.get(3, "dflt"),
           "not_a_primitive": [int in bprop_getters, id(int) in bprop_getters],
           "types": [isinstance(bprop_getters, Registry), isinstance(vmap_rules_getters, BpropRegistry)],
           "vmap": [get_vmap_rule("ParityVmapName", 4), get_vmap_rule("NoSuchPrimitiveName", 2)]}
    for key in (id(_MyOp), "_MyOp", "ParityNamedRule"):
        del bprop_getters[key]
    del vmap_rules_getters["ParityVmapName"]
    return out


def case_builtin_bprop_rule_not_consulted():
    """MindSpore 2.10 keeps its own gradient for a built-in primitive even when a Python rule is registered."""
    from mindspore.ops._grad_experimental.grad_base import bprop_getters
    saved = bprop_getters.get("ReLU", None)

    @bprop_getters.register(P.ReLU)
    def fake(prim):
        return lambda x, out, dout: (dout * 7,)

    x = Tensor(np.array([1.0, -2.0, 3.0], np.float32))
    relu = P.ReLU()
    grad = ms.grad(lambda a: relu(a).sum())(x)
    found = bprop_getters.get(relu, None) is fake
    del bprop_getters[id(P.ReLU)]
    if saved is None:
        del bprop_getters["ReLU"]
    else:
        bprop_getters["ReLU"] = saved
    return {"grad": grad.asnumpy(), "registered": found}


def case_small_modules():
    from mindspore.common.tensor import _TensorMeta
    from mindspore.dataset import context
    from mindspore.ops import _constants
    return {"constants": [_constants.kGather, _constants.kMakeTuple, _constants.kTupleGetItem, _constants.kScalarPow,
                          _constants.kScalarTrunc, _constants.kScalarFloor, _constants.kScalarUadd,
                          _constants.kScalarUsub],
            "dataset_context_is_context": context is ms.context,
            "same_mode": context.get_context("mode") == ms.get_context("mode"),
            "tensor_meta": [type(Tensor) is _TensorMeta, isinstance(Tensor, _TensorMeta)]}


_NODE_NAMES = ["BatchDataset", "MapDataset", "RepeatDataset", "ShuffleDataset", "ProjectDataset", "RenameDataset",
               "TakeDataset", "SkipDataset", "ZipDataset", "ConcatDataset", "FilterDataset",
               "BucketBatchByLengthDataset", "SyncWaitDataset", "MappableDataset", "SourceDataset", "UnionBaseDataset",
               "VisionBaseDataset", "TextBaseDataset", "AudioBaseDataset", "Dataset"]


def case_dataset_node_classes_isinstance():
    import mindspore.dataset.engine.datasets as D
    from mindspore.dataset.engine.datasets import BatchDataset, BatchInfo
    src = ds.NumpySlicesDataset(np.arange(12).reshape(6, 2), column_names=["a"], shuffle=False)
    nodes = {
        "batch": src.batch(2), "batch_map": src.batch(2, per_batch_map=lambda a, info: (a,), input_columns=["a"]),
        "map": src.map(lambda x: x * 2, input_columns=["a"]), "repeat": src.repeat(2), "shuffle": src.shuffle(4),
        "project": src.project(["a"]), "rename": src.rename(["a"], ["b"]), "take": src.take(2), "skip": src.skip(1),
        "zip": ds.zip((src, src.rename(["a"], ["b"]))), "concat": src + src,
        "filter": src.filter(lambda x: True, input_columns=["a"]),
        "bucket": src.bucket_batch_by_length(["a"], [3], [2, 2]), "sync": src.sync_wait("c"), "source": src,
        "generator_random_access": ds.GeneratorDataset([(np.array(1),), (np.array(2),)], ["a"]),
        "padded": ds.PaddedDataset([{"a": np.array(1)}])}
    root = tempfile.mkdtemp()
    try:
        with open(os.path.join(root, "lines.txt"), "w") as f:
            f.write("a\nb\n")
        nodes["text_file"] = ds.TextFileDataset(os.path.join(root, "lines.txt"), shuffle=False)
        nodes["text_file_batch"] = nodes["text_file"].batch(1)
        out = {k: [n for n in _NODE_NAMES if isinstance(v, getattr(D, n))] for k, v in nodes.items()}
    finally:
        shutil.rmtree(root)
    out["batch_is_batch"] = isinstance(ds.NumpySlicesDataset([1, 2, 3]).batch(2), BatchDataset)
    out["batch_info"] = BatchInfo.__name__
    return out


def case_opt_init_args_register():
    from mindspore import nn
    from mindspore.nn.optim.optimizer import Optimizer, opt_init_args_register

    class Custom(Optimizer):
        @opt_init_args_register
        def __init__(self, params, learning_rate=0.1, beta=0.5):
            super().__init__(learning_rate, params)
            self.beta = beta

        def construct(self, grads):
            return grads

    net = nn.Dense(3, 2)
    out = {}
    for opt in (nn.Momentum(net.trainable_params(), 0.1, 0.9),
                nn.Adam(net.trainable_params(), learning_rate=Tensor(np.array([0.01, 0.02], np.float32))),
                nn.SGD(net.trainable_params(), nn.ExponentialDecayLR(0.1, 0.9, 2)),
                Custom(net.trainable_params(), beta=0.7)):
        out[type(opt).__name__] = {"args": sorted(opt.init_args.items()), "lr": opt.init_learning_rate,
                                   "params": [p.name for p in opt.init_params["params"]]}
    return out
