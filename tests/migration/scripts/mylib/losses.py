import mindspore.nn as nn
from mindspore import ops


class MSE(nn.LossBase):
    def construct(self, logits, labels):
        return self.get_loss(ops.square(logits - labels))
