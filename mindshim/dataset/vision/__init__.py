"""mindspore.dataset.vision."""
from mindshim.dataset.vision.transforms import (
    Decode, Resize, Rescale, Normalize, HWC2CHW, ToTensor, ToType, ToPIL, ToNumpy, get_image_size,
    get_image_num_channels, Crop, CenterCrop, Pad, PadToSize, RandomCrop, ResizedCrop, RandomResizedCrop,
    HorizontalFlip, VerticalFlip, RandomHorizontalFlip, RandomVerticalFlip, Rotate, RandomRotation, CutOut,
    Erase, RandomErasing, AdjustBrightness, AdjustContrast, AdjustSaturation, AdjustHue, AdjustGamma, Invert,
    Equalize, AutoContrast, Posterize, Solarize, RandomColorAdjust, ConvertColor, Grayscale, RandomGrayscale,
    RandomInvert, RandomEqualize, RandomAutoContrast, RandomPosterize, RandomSolarize,
)
from mindshim.dataset.vision.utils import Border, ConvertMode, ImageReadMode, Inter

__all__ = ["Decode", "Resize", "Rescale", "Normalize", "HWC2CHW", "ToTensor", "ToType", "ToPIL",
           "ToNumpy", "get_image_size", "get_image_num_channels", "Crop", "CenterCrop", "Pad", "PadToSize",
           "RandomCrop", "ResizedCrop", "RandomResizedCrop", "HorizontalFlip", "VerticalFlip",
           "RandomHorizontalFlip", "RandomVerticalFlip", "Rotate", "RandomRotation", "CutOut", "Erase",
           "RandomErasing", "AdjustBrightness", "AdjustContrast", "AdjustSaturation", "AdjustHue", "AdjustGamma",
           "Invert", "Equalize", "AutoContrast", "Posterize", "Solarize", "RandomColorAdjust", "ConvertColor",
           "Grayscale", "RandomGrayscale", "RandomInvert", "RandomEqualize", "RandomAutoContrast",
           "RandomPosterize", "RandomSolarize", "Inter", "Border", "ConvertMode", "ImageReadMode"]
# <DS_VISION_OPS>
