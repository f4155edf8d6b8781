"""Parity of `mindspore.boost` on one CPU process: AutoBoost's configuration (levels, modes, the singleton) and its
O1/O2 network rewrite trained for a few steps (LessBN's head swap, gradient-centralization groups, the frozen
group sequence), BoostTrainOneStepCell (with and without sens, gradient accumulation from the config),
GradientAccumulation, FreezeOpt / GradientFreeze / freeze_cell, OptimizerProcess / ParameterProcess, the
loss-scale cell and the multi-device pieces (their argument checks, and the errors MindSpore raises on CPU).
AutoBoost is a process-wide singleton: every case resets it and seeds numpy (the freeze sequence draws from it)."""
import copy
import importlib

import numpy as np

import mindspore as ms
from mindspore import Parameter, ParameterTuple, Tensor, nn
import mindspore.boost as boost


_TABLE = importlib.import_module("mindspore.boost.boost")._boost_config_level
_PRISTINE = copy.deepcopy(_TABLE)


def _reset(level="O0", config=""):
    """A fresh AutoBoost singleton over the original level table ("manual" mode edits that table in place)."""
    for key, value in copy.deepcopy(_PRISTINE).items():
        _TABLE[key].clear()
        _TABLE[key].update(value)
    boost.AutoBoost._instance = None
    np.random.seed(0)
    return boost.AutoBoost(level, config)


def _net():
    net = nn.SequentialCell([nn.Dense(4, 3), nn.ReLU(), nn.Dense(3, 2)])
    rs = np.random.RandomState(0)
    for p in net.trainable_params():
        p.set_data(Tensor(rs.randn(*p.shape).astype(np.float32) * 0.5))
    return net


def _data(seed=1, n=5):
    rs = np.random.RandomState(seed)
    return Tensor(rs.randn(n, 4).astype(np.float32)), Tensor(rs.randn(n, 2).astype(np.float32))


def _values(params):
    return {p.name: p.asnumpy() for p in params}


def _err(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type is what is compared
        return type(e).__name__
    return "ok"


def _steps(cell, params, steps=3):
    x, y = _data()
    outs = []
    for _ in range(steps):
        out = cell(x, y)
        outs.append(None if out is None else out.asnumpy())
    return {"outs": outs, "params": _values(params)}


def case_all_names():
    return sorted(boost.__all__)


def case_train_one_step_sens():
    _reset()
    net = _net()
    cell = boost.BoostTrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), nn.Momentum(net.trainable_params(), 0.1,
                                                                                       0.9), sens=2.0)
    flags = [cell.freeze, cell.use_grad_accumulation, cell.max_accumulation_step, cell.enable_adasum,
             cell.enable_dim_reduce]
    return dict(_steps(cell, net.trainable_params()), flags=flags,
                names=[n for n, _ in cell.parameters_and_names()])


def case_train_one_step_no_sens_returns_none():
    _reset()
    net = _net()
    cell = boost.BoostTrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params(), 0.1))
    return _steps(cell, net.trainable_params())


def case_train_one_step_bad_args():
    net = _net()
    opt = nn.SGD(net.trainable_params(), 0.1)
    return [_err(lambda: boost.BoostTrainOneStepCell(net, "x")), _err(lambda: boost.BoostTrainOneStepCell("x", opt))]


def case_train_one_step_config_accumulation():
    _reset("O0", {"boost": {"mode": "manual", "grad_accumulation": True},
                  "grad_accumulation": {"grad_accumulation_step": 2}})
    net = _net()
    cell = boost.BoostTrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params(), 0.1), 1.0)
    out = _steps(cell, net.trainable_params(), steps=3)
    out["accum"] = [p.asnumpy() for p in cell.grad_accumulation]
    out["accum_names"] = [p.name for p in cell.grad_accumulation]
    return dict(out, flags=[cell.use_grad_accumulation, cell.max_accumulation_step])


def case_gradient_accumulation():
    w = Parameter(Tensor(np.ones((2,), np.float32)), name="w")
    acc = boost.GradientAccumulation(3, nn.SGD([w], 0.5))
    rows = []
    for i in range(4):
        loss = acc(Tensor(np.float32(i)), (Tensor(np.array([1.0, 2.0 * i], np.float32)),))
        rows.append([np.array(t.asnumpy()) for t in (loss, w, acc._accumulation_step, acc._grad_accumulation[0])])
    return {"rows": rows, "names": sorted(n for n, _ in acc.parameters_and_names())}


def case_freeze_opt_checks():
    w = Parameter(Tensor(np.ones((2,), np.float32)), name="w")
    opt = nn.SGD([w], 0.5)
    return [_err(lambda: boost.FreezeOpt("x")), _err(lambda: boost.FreezeOpt(opt, None, [0, 1])),
            _err(lambda: boost.FreezeOpt(opt, 3)), _err(lambda: boost.FreezeOpt(opt, [[w]], "x")),
            _err(lambda: boost.FreezeOpt(opt, [[w]], [0.5])),
            _err(lambda: boost.FreezeOpt(opt, [[w]], Tensor(np.array([0, 1], np.int64)))),
            _err(lambda: boost.FreezeOpt(opt, [w]))]


def case_freeze_opt_groups():
    net = _net()
    params = net.trainable_params()
    fo = boost.FreezeOpt(nn.Momentum(params, 0.1, 0.9), [params[:2], params[2:]], [0, 1, 1])
    return {"groups": fo.groups_num, "strategy": fo.train_strategy.asnumpy(), "lr": fo.learning_rate,
            "args": fo.opt_init_args, "opt_params": [[p.name for p in o.parameters] for o in fo.opts],
            "moments": [[p.name for p in o.moments] for o in fo.opts]}


def case_freeze_cell_training():
    _reset()
    net = _net()
    params = net.trainable_params()
    fo = boost.FreezeOpt(nn.Momentum(params, 0.1, 0.9), [params[:2], params[2:]], [0, 1, 1])
    cell = boost.BoostTrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), fo)
    out = _steps(cell, params, steps=4)
    return dict(out, step=cell.step.asnumpy(), nets=len(cell.freeze_nets))


def case_gradient_freeze_sequences():
    gf = boost.GradientFreeze(2, 0, 0.5, 10)
    np.random.seed(0)
    return [gf.generate_freeze_index_sequence(3, 0, 0.5, 10), gf.generate_freeze_index_sequence(1, 0, 0.5, 10),
            gf.generate_freeze_index_sequence(3, 1, 0.7, 20), _err(lambda: gf.generate_freeze_index_sequence(3, 2, 0.7, 20))]


def case_gradient_freeze_split():
    gf = boost.GradientFreeze(2, 0, 0.5, 10)
    net = nn.SequentialCell([nn.Dense(4, 3), nn.BatchNorm1d(3), nn.Dense(3, 3), nn.Dense(3, 2)])
    return [[[p.name for p in g] for g in gf.split_parameters_groups(net, k)] for k in (1, 2, 5)]


def case_parameter_process():
    net = nn.SequentialCell([nn.Dense(4, 3), nn.BatchNorm1d(3), nn.Dense(3, 3), nn.Dense(3, 2)])
    ps = net.trainable_params()
    pp = boost.ParameterProcess()
    first = pp.assign_parameter_group(ps) is ps
    fusion1 = [p.comm_fusion for p in ps]
    pp.assign_parameter_group(ps, [2, 5])
    grouped = boost.ParameterProcess.generate_group_params(ps[:5], [
        {"params": ps[:2], "lr": 0.5}, {"params": ps[2:3], "weight_decay": 0.1, "grad_centralization": True},
        {"order_params": ps}])
    return {"same": first, "fusion1": fusion1, "fusion2": [p.comm_fusion for p in ps],
            "empty": pp.assign_parameter_group([]), "str": pp.assign_parameter_group("ab"),
            "flat": [[p.name for p in g["params"]] for g in boost.ParameterProcess.generate_group_params(ps[:2], ps)],
            "grouped": [{k: ([p.name for p in v] if k in ("params", "order_params") else v) for k, v in g.items()}
                        for g in grouped],
            "errors": [_err(lambda: boost.ParameterProcess.generate_group_params(ps[:2], [])),
                       _err(lambda: boost.ParameterProcess.generate_group_params(ps[:2], [1]))]}


def case_optimizer_process_gc():
    net = nn.SequentialCell([nn.Dense(4, 3), nn.BatchNorm1d(3), nn.Dense(3, 2)])
    ps = net.trainable_params()
    flat = boost.OptimizerProcess(nn.Momentum(ps, 0.1, 0.9))
    flat.add_grad_centralization(net)
    proc = boost.OptimizerProcess(nn.Momentum(ps, 0.1, 0.9))
    proc.origin_params = boost.ParameterProcess.generate_group_params(ps, [{"params": ps[:3], "lr": 0.2},
                                                                          {"params": ps[3:]}])
    proc.add_grad_centralization(net)
    groups = [{k: ([p.name for p in v] if k == "params" else v) for k, v in g.items()} for g in proc.origin_params]
    opt = proc.generate_new_optimizer()
    return {"flat": [p.name for p in flat.origin_params], "groups": groups, "class": type(opt).__name__,
            "lr": proc.learning_rate, "args": proc.opt_init_args, "new_params": [p.name for p in opt.parameters]}


def case_less_bn_sequential():
    net = _net()
    wrapped = boost.LessBN(net, fn_flag=True)
    x, _ = _data()
    head = net.name_cells()["2"]
    return {"cells": {k: type(v).__name__ for k, v in net.name_cells().items()},
            "params": _values(wrapped.trainable_params()), "out": wrapped(x).asnumpy(),
            "head_bias": head.has_bias, "flags": sorted(k for k in net.get_flags() if k == "less_bn")}


class _Head(nn.Cell):
    def __init__(self):
        super().__init__()
        self.body = nn.Dense(4, 3)
        self.fc = nn.Dense(3, 2)

    def construct(self, x):
        return self.fc(self.body(x))


def case_less_bn_attribute_head():
    net = _Head()
    rs = np.random.RandomState(3)
    for p in net.trainable_params():
        p.set_data(Tensor(rs.randn(*p.shape).astype(np.float32)))
    wrapped = boost.LessBN(net, fn_flag=True)
    again = boost.LessBN(net, fn_flag=True)
    x, _ = _data()
    return {"fc": type(net.fc).__name__, "params": sorted(p.name for p in wrapped.trainable_params()),
            "out": wrapped(x).asnumpy(), "again": again(x).asnumpy(), "plain": type(boost.LessBN(_Head()).network.fc).__name__}


def case_auto_boost_levels():
    out = {}
    for level in ("O0", "O1", "O2", "O3"):
        ab = _reset(level)
        out[level] = [ab.level, dict(ab.boost_config)]
    ab = _reset("O1")
    out["singleton"] = [boost.AutoBoost("O2") is ab, boost.AutoBoost("O2").level]
    return out


def case_auto_boost_modes():
    out = {}
    for mode in ("auto", "manual", "enable_all", "disable_all"):
        ab = _reset("O1", {"boost": {"mode": mode, "adasum": True, "less_bn": False},
                           "common": {"gradient_split_groups": [2], "device_number": 4},
                           "grad_freeze": {"param_groups": 3, "freeze_p": 0.5},
                           "dim_reduce": {"rho": 0.3}})
        out[mode] = [dict(ab.boost_config), ab.gradient_groups, ab.device_number, ab._param_groups, ab._freeze_p, ab.rho]
    out["bad_mode"] = _err(lambda: _reset("O1", {"boost": {"mode": "x"}}))
    out["bad_groups"] = _err(lambda: _reset("O1", {"common": {"gradient_split_groups": "x"}}))
    _reset()
    return out


def _boosted_training(level, make_opt):
    ab = _reset(level)
    net = _net()
    new_net, opt = ab.network_auto_process_train(net, make_opt(net.trainable_params()))
    cell = boost.BoostTrainOneStepCell(nn.WithLossCell(new_net, nn.MSELoss()), opt, 1.0)
    x, y = _data(2, 4)
    losses = [cell(x, y).asnumpy() for _ in range(5)]
    _reset()
    return {"net": type(new_net).__name__, "opt": type(opt).__name__, "losses": losses,
            "params": _values(new_net.trainable_params()), "strategy": opt.train_strategy.asnumpy()[:30],
            "gc": [list(o.grad_centralization_flags) for o in opt.opts[:2]], "adasum": getattr(opt, "adasum", None),
            "eval": type(ab.network_auto_process_eval(_net())).__name__}


def case_auto_boost_o1_momentum():
    return _boosted_training("O1", lambda p: nn.Momentum(p, 0.1, 0.9))


def case_auto_boost_o2_sgd():
    return _boosted_training("O2", lambda p: nn.SGD(p, 0.1, weight_decay=0.01))


def case_loss_scale_cell_checks():
    _reset()
    net = _net()
    opt = nn.SGD(net.trainable_params(), 0.1)
    make = lambda s: boost.BoostTrainOneStepWithLossScaleCell(nn.WithLossCell(net, nn.MSELoss()), opt, s)
    cell = make(nn.DynamicLossScaleUpdateCell(8.0, 2, 10))
    return {"errors": [_err(lambda: make(Tensor(np.ones((2,), np.float32)))), _err(lambda: make(3.0))],
            "scale": cell.scale_sense.asnumpy(), "tensor": make(Tensor(np.float32(4))).scale_sense.asnumpy()}


def case_loss_scale_cell_call_on_cpu():
    _reset()
    net = _net()
    cell = boost.BoostTrainOneStepWithLossScaleCell(nn.WithLossCell(net, nn.MSELoss()),
                                                    nn.SGD(net.trainable_params(), 0.1), Tensor(np.float32(8)))
    x, y = _data()
    return [t.asnumpy() for t in cell(x, y)]


def case_group_loss_scale_manager():
    g = boost.GroupLossScaleManager(1024.0, [[0, 1], [2]])
    out = [g.get_loss_scale(), g.get_update_cell() is g, g.loss_scale_groups, g.loss_scale_number]
    g.set_loss_scale_status(2, 1024.0)
    out.append([np.array(p.asnumpy()) for p in g.dynamic_loss_scale])
    out.append([p.name for p in g.dynamic_loss_scale])
    out.append(g.update_loss_scale_status(0, Tensor(np.float32(0.5))).asnumpy())
    g.set_loss_scale_status(2, [4.0, 8.0])
    out.append([p.asnumpy() for p in g.dynamic_loss_scale])
    return out


def case_group_loss_scale_manager_call_on_cpu():
    g = boost.GroupLossScaleManager(1024.0, [[0, 1], [2]])
    g.set_loss_scale_status(2, 1024.0)
    return g(Tensor(np.ones((2,), np.float32)), 1, 2).asnumpy()


def case_adasum_needs_init():
    net = nn.Dense(4, 3)
    return boost.AdaSum(0, 8, 2, ParameterTuple(net.trainable_params())).rank


def case_dim_reduce_parameters():
    net = nn.Dense(4, 3)
    dr = boost.DimReduce(net, nn.SGD(net.trainable_params(), 1), net.trainable_params(),
                         np.ones((4, 15), np.float32), 4, 0.55, 0.9, 0.001, 0.4, 0, 1)
    return {"names": sorted(k for k, _ in dr.parameters_and_names()), "bk": dr.bk.asnumpy(),
            "rho": [r.asnumpy() for r in dr.rho_list], "pca": [p.shape for p in dr.pca_list_local]}


def _model_training(level, make_opt, metrics):
    """Model(boost_level=...): the first Model of a process makes the AutoBoost singleton (here: after _reset)."""
    import mindspore.dataset as ds
    from mindspore.train import Callback, Model
    boost.AutoBoost._instance = None
    np.random.seed(0)
    net = _net()
    model = Model(net, nn.MSELoss(), make_opt(net.trainable_params()), metrics=metrics, boost_level=level)
    losses = []

    class Record(Callback):
        def on_train_step_end(self, run_context):
            out = run_context.original_args().net_outputs
            losses.append(None if out is None else out.asnumpy())

    rs = np.random.RandomState(1)
    x, y = rs.randn(8, 4).astype(np.float32), rs.randn(8, 2).astype(np.float32)
    data = ds.NumpySlicesDataset((x, y), column_names=["x", "y"], shuffle=False).batch(2)
    model.train(2, data, callbacks=[Record()])
    out = {"train_network": type(model.train_network).__name__, "losses": losses,
           "params": _values(model.train_network.trainable_params()),
           "eval": model.eval(data) if metrics else None}
    _reset()
    return out


def case_model_boost_o1_momentum():
    return _model_training("O1", lambda p: nn.Momentum(p, 0.1, 0.9), {"loss"})


def case_model_boost_o2_sgd():
    return _model_training("O2", lambda p: nn.SGD(p, 0.1), {"loss"})


def case_model_boost_o1_without_metrics():
    return _model_training("O1", lambda p: nn.Momentum(p, 0.1, 0.9), None)
