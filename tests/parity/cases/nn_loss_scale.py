"""Loss scaling: seed 003's MyTrainOneStepCell (loss scale + global-norm clip) on a 5-input network over
several steps with an injected overflow, and the dynamic loss scale evolving over overflow sequences.

Real MindSpore 2.10 has no overflow-status kernel on CPU (its TrainOneStepWithLossScaleCell reads an
Ascend status register there), so in the ORACLE run only, `get_overflow_status` is replaced by its
inf/nan meaning (any non-finite gradient). mindshim never takes that branch: its own check is used.
"""
import numpy as np

import mindspore as ms
from mindspore import Tensor, nn, ops

_ORACLE = "mindshim" not in ms.__file__

TOLERANCES = {
    "build_o2_default_dynamic_scale": {"rtol": 2e-3, "atol": 2e-3, "why": "float16 Dense (O2): rounding order differs"},
    "build_o3_plain_cell": {"rtol": 2e-3, "atol": 2e-3, "why": "float16 network (O3): rounding order differs"},
}

_grad_scale = ops.MultitypeFuncGraph("grad_scale")


@_grad_scale.register("Tensor", "Tensor")
def tensor_grad_scale(scale, grad):
    return grad * ops.cast(ops.Reciprocal()(scale), ops.dtype(grad))


class _Base(nn.TrainOneStepWithLossScaleCell):
    if _ORACLE:
        def get_overflow_status(self, status, compute_output):  # oracle only: see the module docstring
            flags = [ops.logical_not(ops.isfinite(g)).any() for g in compute_output]
            out = flags[0]
            for f in flags[1:]:
                out = ops.logical_or(out, f)
            return out


class MyTrainOneStepCell(_Base):
    """Seed 003's cell (its body verbatim; scale_sense given as an update Cell)."""

    def __init__(self, network, optimizer, scale_sense=1, grad_clip=False):
        if isinstance(scale_sense, (int, float)):
            scale_sense = ms.FixedLossScaleManager(scale_sense)
        super(MyTrainOneStepCell, self).__init__(network, optimizer, scale_sense)
        self.grad_clip = grad_clip

    def construct(self, x, img_shape, gt_bboxe, gt_label, gt_num):
        weights = self.weights
        loss = self.network(x, img_shape, gt_bboxe, gt_label, gt_num)
        scaling_sens = self.scale_sense
        status, scaling_sens = self.start_overflow_check(loss, scaling_sens)
        scaling_sens_filled = ops.ones_like(loss) * ops.cast(scaling_sens, ops.dtype(loss))
        grads = self.grad(self.network, weights)(x, img_shape, gt_bboxe, gt_label, gt_num, scaling_sens_filled)
        grads = self.hyper_map(ops.partial(_grad_scale, scaling_sens), grads)
        if self.grad_clip:
            grads = ops.clip_by_global_norm(grads)
        grads = self.grad_reducer(grads)
        cond = self.get_overflow_status(status, grads)
        overflow = self.process_loss_scale(cond)
        if not overflow:
            self.optimizer(grads)
        return loss, cond, scaling_sens


class _DetectionLoss(nn.Cell):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Dense(8, 4)
        self.cls = nn.Dense(4, 3)
        self.ce = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
        self.mean = ops.ReduceMean()
        rng = np.random.RandomState(0)
        for p in self.trainable_params():
            p.set_data(Tensor((rng.randn(*p.shape) * 0.2).astype(np.float32)))

    def construct(self, x, img_shape, gt_bboxe, gt_label, gt_num):
        feat = self.backbone(x)
        box_loss = self.mean(ops.square(feat / img_shape - gt_bboxe))
        return box_loss + self.ce(self.cls(feat), gt_label) * self.mean(ops.cast(gt_num, ms.float32))


def _data(step):
    rng = np.random.RandomState(10 + step)
    x = rng.randn(6, 8).astype(np.float32)
    if step == 3:
        x[0, 0] = 3e38
    return (Tensor(x), Tensor(np.full((6, 1), 2.0, np.float32)), Tensor(rng.randn(6, 4).astype(np.float32)),
            Tensor(rng.randint(0, 3, 6).astype(np.int32)), Tensor(np.ones(6, np.int32)))


def _run(update_cell, grad_clip, steps=5):
    net = _DetectionLoss()
    opt = nn.Momentum(net.trainable_params(), learning_rate=0.05, momentum=0.9)
    train = MyTrainOneStepCell(net, opt, scale_sense=update_cell, grad_clip=grad_clip)
    train.set_train()
    out = {"loss": [], "overflow": [], "scale": []}
    for s in range(steps):
        loss, cond, scale = train(*_data(s))
        out["loss"].append(float(loss.asnumpy()) if np.isfinite(loss.asnumpy()) else "inf")
        out["overflow"].append(bool(cond.asnumpy()))
        out["scale"].append(float(np.asarray(scale.asnumpy()).reshape(-1)[0]))
    out["weight"] = net.backbone.weight.asnumpy()
    return out


def case_seed003_fixed_scale_with_clip():
    return _run(nn.FixedLossScaleUpdateCell(1024.0), grad_clip=True)


def case_seed003_dynamic_scale_no_clip():
    return _run(nn.DynamicLossScaleUpdateCell(loss_scale_value=2 ** 10, scale_factor=2, scale_window=2), grad_clip=False,
                steps=7)


class _SeedTrainOneStepCell(nn.Cell):
    """Seed 003's hand-written TrainOneStepCell (stand-alone path: grad_reducer is identity)."""

    def __init__(self, network, optimizer):
        super(_SeedTrainOneStepCell, self).__init__(auto_prefix=False)
        self.network = network
        self.network.set_grad()
        self.optimizer = optimizer
        self.weights = self.optimizer.parameters
        self.grad = ops.GradOperation(get_by_list=True)
        self.grad_reducer = ops.identity

    def construct(self, *inputs):
        loss = self.network(*inputs)
        grads = self.grad(self.network, self.weights)(*inputs)
        grads = self.grad_reducer(grads)
        self.optimizer(grads)
        return loss


def case_seed003_plain_train_one_step_cell():
    net = _DetectionLoss()
    train = _SeedTrainOneStepCell(net, nn.SGD(net.trainable_params(), 0.1))
    train.set_train()
    return {"loss": [float(train(*_data(s)).asnumpy()) for s in range(3)], "weight": net.backbone.weight.asnumpy()}


def case_dynamic_update_cell_sequence():
    cell = nn.DynamicLossScaleUpdateCell(loss_scale_value=8.0, scale_factor=2, scale_window=2)
    scale = ms.Parameter(Tensor(np.float32(8.0)), name="scale")
    trace = []
    for overflow in [False, False, True, False, True, True, True, True, False, False, False]:
        cell(scale, Tensor(overflow))
        trace.append(float(scale.asnumpy()))
    return trace


def case_managers():
    fixed = ms.FixedLossScaleManager(64.0, drop_overflow_update=False)
    dyn = ms.DynamicLossScaleManager(init_loss_scale=16, scale_factor=2, scale_window=3)
    trace = []
    for overflow in [False, False, False, True, False]:
        dyn.update_loss_scale(overflow)
        trace.append(dyn.get_loss_scale())
    return {"fixed": fixed.get_loss_scale(), "fixed_cell_none": fixed.get_update_cell() is None,
            "dyn_trace": trace, "dyn_cell": type(dyn.get_update_cell()).__name__}


# ----- build_train_network with loss-scale managers (no Model) -----

def _inf_nan_overflow(self, status, compute_output):
    flags = [ops.logical_not(ops.isfinite(g)).any() for g in compute_output]
    out = flags[0]
    for f in flags[1:]:
        out = ops.logical_or(out, f)
    return out


class _OracleLossScaleOnCpu:
    """ORACLE RUN ONLY (a no-op under mindshim). Real MindSpore 2.10's build_train_network refuses an update
    cell on CPU, and its TrainOneStepWithLossScaleCell has no CPU overflow kernel. For the golden only,
    build_train_network is told the target is GPU (so it builds the cell it builds there) and the overflow
    check is replaced by its inf/nan meaning; both are restored afterwards."""

    def __enter__(self):
        if _ORACLE:
            import mindspore.train.amp as ms_amp
            real_context = ms_amp.context

            class _GpuContext:
                @staticmethod
                def get_context(key):
                    return "GPU" if key == "device_target" else real_context.get_context(key)

            self._saved = (ms_amp, real_context, nn.TrainOneStepWithLossScaleCell.get_overflow_status)
            ms_amp.context = _GpuContext
            nn.TrainOneStepWithLossScaleCell.get_overflow_status = _inf_nan_overflow
        return self

    def __exit__(self, *exc):
        if _ORACLE:
            ms_amp, real_context, check = self._saved
            ms_amp.context = real_context
            nn.TrainOneStepWithLossScaleCell.get_overflow_status = check
        return False


class _Regressor(nn.Cell):
    def __init__(self, with_bn=False):
        super().__init__()
        self.fc1 = nn.Dense(4, 5)
        self.bn = nn.BatchNorm1d(5) if with_bn else None
        self.fc2 = nn.Dense(5, 1)
        rng = np.random.RandomState(3)
        for p in self.trainable_params():
            p.set_data(Tensor((rng.randn(*p.shape) * 0.3).astype(np.float32)))

    def construct(self, x):
        h = self.fc1(x)
        if self.bn is not None:
            h = self.bn(h)
        return self.fc2(ops.relu(h))


def _reg_data(step, overflow_steps=()):
    rng = np.random.RandomState(20 + step)
    x = rng.randn(8, 4).astype(np.float32)
    if step in overflow_steps:
        x[0, 0] = np.inf
    return Tensor(x), Tensor(rng.randn(8, 1).astype(np.float32))


def _train_built(cell, net, steps, overflow_steps=()):
    out = {"type": type(cell).__name__, "loss": [], "overflow": [], "scale": []}
    for s in range(steps):
        res = cell(*_reg_data(s, overflow_steps))
        if isinstance(res, tuple):
            loss, cond, scale = res
            out["overflow"].append(bool(cond.asnumpy()))
            out["scale"].append(float(np.asarray(scale.asnumpy()).reshape(-1)[0]))
        else:
            loss = res
        value = float(loss.astype(ms.float32).asnumpy())
        out["loss"].append(value if np.isfinite(value) else "nonfinite")
    out["weights"] = [p.astype(ms.float32).asnumpy() for p in net.trainable_params()]
    out["param_dtypes"] = [str(p.dtype) for p in net.trainable_params()]
    return out


def case_build_fixed_manager_no_drop():
    net = _Regressor()
    opt = nn.SGD(net.trainable_params(), learning_rate=0.05, loss_scale=8.0)
    manager = ms.FixedLossScaleManager(8.0, drop_overflow_update=False)
    cell = ms.amp.build_train_network(net, opt, nn.MSELoss(), level="O0", loss_scale_manager=manager)
    return _train_built(cell, net, 4)


def case_build_fixed_manager_drop():
    with _OracleLossScaleOnCpu():
        net = _Regressor()
        opt = nn.Momentum(net.trainable_params(), learning_rate=0.05, momentum=0.9)
        manager = ms.FixedLossScaleManager(128.0)
        cell = ms.amp.build_train_network(net, opt, nn.MSELoss(), level="O0", loss_scale_manager=manager)
        return _train_built(cell, net, 5, overflow_steps=(2,))


def case_build_dynamic_manager():
    with _OracleLossScaleOnCpu():
        net = _Regressor()
        opt = nn.Momentum(net.trainable_params(), learning_rate=0.05, momentum=0.9)
        manager = ms.DynamicLossScaleManager(init_loss_scale=2 ** 12, scale_factor=2, scale_window=2)
        cell = ms.amp.build_train_network(net, opt, nn.MSELoss(), level="O0", loss_scale_manager=manager)
        return _train_built(cell, net, 8, overflow_steps=(1, 4, 5))


def case_build_o2_default_dynamic_scale():
    with _OracleLossScaleOnCpu():
        net = _Regressor(with_bn=True)
        opt = nn.Momentum(net.trainable_params(), learning_rate=0.01, momentum=0.9)
        cell = ms.amp.build_train_network(net, opt, nn.MSELoss(), level="O2")
        return _train_built(cell, net, 3)


def case_build_o3_plain_cell():
    net = _Regressor()
    opt = nn.SGD(net.trainable_params(), learning_rate=0.05)
    cell = ms.amp.build_train_network(net, opt, nn.MSELoss(), level="O3")
    return _train_built(cell, net, 3)


def case_tensor_scale_sense_and_set_sense_scale():
    with _OracleLossScaleOnCpu():
        net = _Regressor()
        opt = nn.SGD(net.trainable_params(), learning_rate=0.05)
        cell = _Base(nn.WithLossCell(net, nn.MSELoss()), opt, scale_sense=Tensor(np.float32(64.0)))
        out = {"before": [], "after": []}
        for s in range(2):
            loss, cond, scale = cell(*_reg_data(s))
            out["before"].append([float(loss.asnumpy()), bool(cond.asnumpy()), float(scale.asnumpy())])
        cell.set_sense_scale(Tensor(np.float32(2.0)))
        loss, cond, scale = cell(*_reg_data(2, overflow_steps=(2,)))
        out["after"] = [bool(cond.asnumpy()), float(scale.asnumpy()), str(cell.scale_sense.dtype)]
        out["weights"] = [p.asnumpy() for p in net.trainable_params()]
        return out


def case_scale_sense_bad_shape():
    net = _Regressor()
    return nn.TrainOneStepWithLossScaleCell(nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params()),
                                            scale_sense=Tensor(np.ones(2, np.float32)))


def case_scale_sense_bad_type():
    net = _Regressor()
    return nn.TrainOneStepWithLossScaleCell(nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params()),
                                            scale_sense=1024.0)


def case_dynamic_manager_bad_window():
    return ms.DynamicLossScaleManager(init_loss_scale=8, scale_factor=2, scale_window=0)


def case_dynamic_manager_float_window():
    return ms.DynamicLossScaleManager(init_loss_scale=8, scale_factor=2, scale_window=1.5)


def case_fixed_manager_below_one():
    return ms.FixedLossScaleManager(0.5)


def case_base_manager_returns_none():
    m = ms.LossScaleManager()
    return [m.get_loss_scale(), m.update_loss_scale(True), m.get_update_cell()]


def case_dynamic_update_cell_factor_three():
    cell = nn.DynamicLossScaleUpdateCell(loss_scale_value=1000.0, scale_factor=3, scale_window=3)
    scale = ms.Parameter(Tensor(np.float32(1000.0)), name="scale")
    trace = []
    for overflow in [True, True, False, False, False, False, True, False, False, False]:
        cell(scale, Tensor(overflow))
        trace.append(float(scale.asnumpy()))
    return trace


def case_static_loss_scaler_below_one():
    return ms.amp.StaticLossScaler(0.5)


def case_dynamic_loss_scaler_saturates():
    s = ms.amp.DynamicLossScaler(scale_value=3.0e38, scale_factor=2, scale_window=1)
    trace = []
    for finite in [True, True, False]:
        s.adjust(Tensor(finite))
        trace.append(float(s.scale_value.asnumpy()))
    return trace
