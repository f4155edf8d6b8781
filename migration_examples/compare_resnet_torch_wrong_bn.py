"""A wrong port: the block's first BatchNorm keeps MindSpore's momentum=0.9, which torch reads as the weight of
the new batch statistics. Forward and gradients agree (training uses batch statistics); `mindshim compare`
reports step 0, layer block.bn1, kind "update" (its moving mean)."""
from compare_resnet_torch import make, step  # noqa: F401


def build():
    return make(bn_momentum=0.9)
