"""mindspore.dataset.vision."""
from mindshim.dataset.vision.transforms import (
    HWC2CHW, CenterCrop, ConvertColor, Decode, Grayscale, Normalize, Pad, RandomColorAdjust, RandomCrop,
    RandomHorizontalFlip, RandomResizedCrop, RandomRotation, RandomVerticalFlip, Rescale, Resize, ToTensor,
)
from mindshim.dataset.vision.utils import Border, ConvertMode, ImageReadMode, Inter

__all__ = ["Decode", "Resize", "Rescale", "Normalize", "HWC2CHW", "ToTensor", "CenterCrop", "Pad", "RandomCrop",
           "RandomResizedCrop", "RandomHorizontalFlip", "RandomVerticalFlip", "RandomRotation", "RandomColorAdjust",
           "ConvertColor", "Grayscale", "Inter", "Border", "ConvertMode", "ImageReadMode"]
