"""r1.x path mindspore.dataset.vision.py_transforms: the r1.x module's names, the same objects as
mindspore.dataset.vision."""
from mindshim.dataset.vision import (
    Decode, Resize, Rescale, Normalize, HWC2CHW, ToTensor, ToType, ToPIL, ToNumpy, get_image_size,
    get_image_num_channels, Crop, CenterCrop, Pad, PadToSize, RandomCrop, ResizedCrop, RandomResizedCrop,
    HorizontalFlip, VerticalFlip, RandomHorizontalFlip, RandomVerticalFlip, Rotate, RandomRotation, CutOut, Erase,
    RandomErasing, AdjustBrightness, AdjustContrast, AdjustSaturation, AdjustHue, AdjustGamma, Invert, Equalize,
    AutoContrast, Posterize, Solarize, RandomColorAdjust, ConvertColor, Grayscale, RandomGrayscale, RandomInvert,
    RandomEqualize, RandomAutoContrast, RandomPosterize, RandomSolarize, FiveCrop, HsvToRgb, LinearTransformation,
    MixUp, NormalizePad, RandomAffine, RandomColor, RandomPerspective, RandomSharpness, RgbToHsv, TenCrop,
    UniformAugment, Inter, Border, ConvertMode,
)

__all__ = ["Decode", "Resize", "Rescale", "Normalize", "HWC2CHW", "ToTensor", "ToType", "ToPIL", "ToNumpy",
           "get_image_size", "get_image_num_channels", "Crop", "CenterCrop", "Pad", "PadToSize", "RandomCrop",
           "ResizedCrop", "RandomResizedCrop", "HorizontalFlip", "VerticalFlip", "RandomHorizontalFlip",
           "RandomVerticalFlip", "Rotate", "RandomRotation", "CutOut", "Erase", "RandomErasing",
           "AdjustBrightness", "AdjustContrast", "AdjustSaturation", "AdjustHue", "AdjustGamma", "Invert",
           "Equalize", "AutoContrast", "Posterize", "Solarize", "RandomColorAdjust", "ConvertColor",
           "Grayscale", "RandomGrayscale", "RandomInvert", "RandomEqualize", "RandomAutoContrast",
           "RandomPosterize", "RandomSolarize", "FiveCrop", "HsvToRgb", "LinearTransformation", "MixUp",
           "NormalizePad", "RandomAffine", "RandomColor", "RandomPerspective", "RandomSharpness", "RgbToHsv",
           "TenCrop", "UniformAugment", "Inter", "Border", "ConvertMode"]
