# Seed 002 (migration guide, network building), its one code block, wrapped in a Cell so it parses; the block's
# `nn.BatchNorm` is not a MindSpore name (the guide means nn.BatchNorm2d), so `mindshim check` calls it unknown.
from mindspore import nn


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        # 在init里定义图构造时需要用的层，不要这样写
        self.layer = [nn.Conv2d(1, 3), nn.BatchNorm(3), nn.ReLU()]

        # 需要包装成CellList或者SequentialCell
        self.layer = nn.CellList([nn.Conv2d(1, 3), nn.BatchNorm(3), nn.ReLU()])
        # 或者
        self.layer = nn.SequentialCell([nn.Conv2d(1, 3), nn.BatchNorm(3), nn.ReLU()])
