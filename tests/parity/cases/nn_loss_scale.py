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
