"""A wrong port: the stride-2 conv of the block uses torch's symmetric `padding=1` for MindSpore's "same".
`mindshim compare` reports step 0, layer block.conv1, kind "forward" (the stem before it agrees)."""
from compare_resnet_torch import make, step  # noqa: F401


def build():
    return make(torch_padding=True)
