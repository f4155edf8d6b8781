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

from mindshim.dataset.vision.transforms_more import (
    AdjustSharpness, FiveCrop, GaussianBlur, HsvToRgb, ImageBatchFormat, LinearTransformation, NormalizePad,
    RandomAdjustSharpness, RandomColor, RandomCropDecodeResize, RandomLighting, RandomResize, RandomSharpness,
    RgbToHsv, SliceMode, SlicePatches, TenCrop,
)
from mindshim.dataset.vision.transforms_bbox import (
    BoundingBoxAugment, RandomCropWithBBox, RandomHorizontalFlipWithBBox, RandomResizedCropWithBBox,
    RandomResizeWithBBox, RandomVerticalFlipWithBBox, ResizeWithBBox,
)

from mindshim.dataset.vision.transforms_affine import Affine, Perspective, RandomAffine, RandomPerspective

from mindshim.dataset.vision.transforms_augment import (
    AutoAugment, AutoAugmentPolicy, CutMixBatch, MixUp, MixUpBatch, RandAugment, RandomSelectSubpolicy,
    TrivialAugmentWide, UniformAugment,
)

from mindshim.dataset.vision.io import (
    encode_jpeg, encode_png, not_random, read_file, read_image, write_file, write_jpeg, write_png,
)

__all__ = [
    "Decode", "Resize", "Rescale", "Normalize", "HWC2CHW", "ToTensor", "ToType", "ToPIL", "ToNumpy",
    "get_image_size", "get_image_num_channels", "Crop", "CenterCrop", "Pad", "PadToSize", "RandomCrop",
    "ResizedCrop", "RandomResizedCrop", "HorizontalFlip", "VerticalFlip", "RandomHorizontalFlip",
    "RandomVerticalFlip", "Rotate", "RandomRotation", "CutOut", "Erase", "RandomErasing", "AdjustBrightness",
    "AdjustContrast", "AdjustSaturation", "AdjustHue", "AdjustGamma", "Invert", "Equalize", "AutoContrast",
    "Posterize", "Solarize", "RandomColorAdjust", "ConvertColor", "Grayscale", "RandomGrayscale",
    "RandomInvert", "RandomEqualize", "RandomAutoContrast", "RandomPosterize", "RandomSolarize", "Inter",
    "Border", "ConvertMode", "ImageReadMode", "AdjustSharpness", "FiveCrop", "GaussianBlur", "HsvToRgb",
    "ImageBatchFormat", "LinearTransformation", "NormalizePad", "RandomAdjustSharpness", "RandomColor",
    "RandomCropDecodeResize", "RandomLighting", "RandomResize", "RandomSharpness", "RgbToHsv", "SliceMode",
    "SlicePatches", "TenCrop", "BoundingBoxAugment", "RandomCropWithBBox", "RandomHorizontalFlipWithBBox",
    "RandomResizedCropWithBBox", "RandomResizeWithBBox", "RandomVerticalFlipWithBBox", "ResizeWithBBox",
    "Affine", "Perspective", "RandomAffine", "RandomPerspective", "AutoAugment", "AutoAugmentPolicy",
    "CutMixBatch", "MixUp", "MixUpBatch", "RandAugment", "RandomSelectSubpolicy", "TrivialAugmentWide",
    "UniformAugment", "encode_jpeg", "encode_png", "not_random", "read_file", "read_image", "write_file",
    "write_jpeg", "write_png",
]
