# Seed 003 (migration guide, "Training network and gradients"): its two train cells, copied verbatim,
# followed by a driver that runs them.
import mindspore as ms
from mindspore import ops, nn
from mindspore.parallel._utils import (_get_device_num, _get_gradients_mean,
                                       _get_parallel_mode)
class TrainOneStepCell(nn.Cell):
    def __init__(self, network, optimizer):
        super(TrainOneStepCell, self).__init__(auto_prefix=False)
        self.network = network  # 带loss的网络结构
        self.network.set_grad()   # PYNATIVE模式时需要，如果为True，则在执行正向网络时，将生成需要计算梯度的反向网络。
        self.optimizer = optimizer   # 优化器，用于参数更新
        self.weights = self.optimizer.parameters    # 获取优化器的参数
        self.grad = ops.GradOperation(get_by_list=True)   # 获取所有输入和参数的梯度

        # 并行计算相关逻辑
        self.reducer_flag = False
        self.grad_reducer = ops.identity
        self.parallel_mode = _get_parallel_mode()
        self.reducer_flag = self.parallel_mode in (ms.ParallelMode.DATA_PARALLEL, ms.ParallelMode.HYBRID_PARALLEL)
        if self.reducer_flag:
            self.mean = _get_gradients_mean()
            self.degree = _get_device_num()
            self.grad_reducer = nn.DistributedGradReducer(self.weights, self.mean, self.degree)

    def construct(self, *inputs):
        loss = self.network(*inputs)    # 运行正向网络，获取loss
        grads = self.grad(self.network, self.weights)(*inputs) # 获得所有Parameter自由变量的梯度
        # grads = grad_op(grads)    # 可以在这里加对梯度的一些计算逻辑，如梯度裁剪
        grads = self.grad_reducer(grads)  # 梯度聚合
        self.optimizer(grads)    # 优化器更新参数
        return loss


import mindspore as ms
from mindspore import nn, ops

_grad_scale = ops.MultitypeFuncGraph("grad_scale")

@_grad_scale.register("Tensor", "Tensor")
def tensor_grad_scale(scale, grad):
    return grad * ops.cast(ops.Reciprocal()(scale), ops.dtype(grad))

class MyTrainOneStepCell(nn.TrainOneStepWithLossScaleCell):
    """
    Network training package class with gradient clip.

    Append an optimizer to the training network after that the construct function
    can be called to create the backward graph.

    Args:
        network (Cell): The training network.
        optimizer (Cell): Optimizer for updating the weights.
        sens (Number): The adjust parameter. Default value is 1.0.
        grad_clip (bool): Whether clip gradients. Default value is False.
    """

    def __init__(self, network, optimizer, scale_sense=1, grad_clip=False):
        if isinstance(scale_sense, (int, float)):
            scale_sense = ms.FixedLossScaleManager(scale_sense)
        super(MyTrainOneStepCell, self).__init__(network, optimizer, scale_sense)
        self.grad_clip = grad_clip

    def construct(self, x, img_shape, gt_bboxe, gt_label, gt_num):
        # 大都数是基类的属性和方法，详情参考对应基类API
        weights = self.weights
        loss = self.network(x, img_shape, gt_bboxe, gt_label, gt_num)
        scaling_sens = self.scale_sense
        # 启动浮点溢出检测。创建并清除溢出检测状态
        status, scaling_sens = self.start_overflow_check(loss, scaling_sens)
        # 给梯度乘一个scale防止梯度下溢
        scaling_sens_filled = ops.ones_like(loss) * ops.cast(scaling_sens, ops.dtype(loss))
        grads = self.grad(self.network, weights)(x, img_shape, gt_bboxe, gt_label, gt_num, scaling_sens_filled)
        # 给求得的梯度除回scale计算真实的梯度值
        grads = self.hyper_map(ops.partial(_grad_scale, scaling_sens), grads)
        # 梯度裁剪
        if self.grad_clip:
            grads = ops.clip_by_global_norm(grads)
        # 梯度聚合
        grads = self.grad_reducer(grads)

        # 获取浮点溢出状态
        cond = self.get_overflow_status(status, grads)
        # 动态loss scale时根据溢出状态计算损失缩放系数
        overflow = self.process_loss_scale(cond)
        # 如果没有溢出，执行优化器更新参数
        if not overflow:
            self.optimizer(grads)
        return loss, cond, scaling_sens


# ---------------------------------------------------------------------------------------------
# Driver (not part of the seed): a small detection-like loss network with the five inputs the seed's
# MyTrainOneStepCell expects, trained a few steps with loss scale 1024 and global-norm clipping; step 3
# feeds an input that overflows the gradients, so that step skips the update.
import numpy as np


class DetectionLoss(nn.Cell):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Dense(8, 4)
        self.cls = nn.Dense(4, 3)
        self.ce = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
        self.mean = ops.ReduceMean()

    def construct(self, x, img_shape, gt_bboxe, gt_label, gt_num):
        feat = self.backbone(x)
        box = feat / img_shape
        box_loss = self.mean(ops.square(box - gt_bboxe))
        return box_loss + self.ce(self.cls(feat), gt_label) * self.mean(ops.cast(gt_num, ms.float32))


def fixed(net):
    rng = np.random.RandomState(0)
    for p in net.trainable_params():
        p.set_data(ms.Tensor((rng.randn(*p.shape) * 0.2).astype(np.float32)))
    return net


def data(step):
    rng = np.random.RandomState(10 + step)
    x = rng.randn(6, 8).astype(np.float32)
    if step == 3:
        x[0, 0] = 3e38  # overflows the gradients
    return (ms.Tensor(x), ms.Tensor(np.full((6, 1), 2.0, np.float32)), ms.Tensor(rng.randn(6, 4).astype(np.float32)),
            ms.Tensor(rng.randint(0, 3, 6).astype(np.int32)), ms.Tensor(np.ones(6, np.int32)))


if __name__ == "__main__":
    net = fixed(DetectionLoss())
    opt = nn.Momentum(net.trainable_params(), learning_rate=0.05, momentum=0.9)
    train = MyTrainOneStepCell(net, opt, scale_sense=1024, grad_clip=True)
    train.set_train()
    for step in range(5):
        loss, cond, scaling_sens = train(*data(step))
        print(f"step {step}: loss {float(loss.asnumpy()):.9g}, overflow {bool(cond.asnumpy())}, "
              f"scale {float(scaling_sens.asnumpy()):.1f}")
    plain_net = fixed(DetectionLoss())
    plain = TrainOneStepCell(plain_net, nn.SGD(plain_net.trainable_params(), 0.1))
    plain.set_train()
    for step in range(3):
        print(f"seed TrainOneStepCell step {step}: loss {float(plain(*data(step)).asnumpy()):.9g}")
