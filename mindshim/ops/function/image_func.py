"""Functional forms of the image and detection primitives (mindspore.ops.iou, bounding_box_encode, ...).

Each builds the primitive with MindSpore's defaults and calls it, so argument checks and conventions are the
primitive's (see mindshim/ops/operations/detection_ops.py and image_ops.py).
"""
from __future__ import annotations

from typing import Any

import torch

from mindshim.ops.operations import detection_ops as D
from mindshim.ops.operations import image_ops as I
from mindshim.ops.operations import image_patch_ops as P


def iou(anchor_boxes: Any, gt_boxes: Any, mode: str = "iou") -> Any:
    return D.IOU(mode)(anchor_boxes, gt_boxes)


def bounding_box_encode(anchor_box: Any, groundtruth_box: Any, means: Any = (0.0, 0.0, 0.0, 0.0),
                        stds: Any = (1.0, 1.0, 1.0, 1.0)) -> Any:
    return D.BoundingBoxEncode(means, stds)(anchor_box, groundtruth_box)


def bounding_box_decode(anchor_box: Any, deltas: Any, max_shape: Any, means: Any = (0.0, 0.0, 0.0, 0.0),
                        stds: Any = (1.0, 1.0, 1.0, 1.0), wh_ratio_clip: float = 0.016) -> Any:
    return D.BoundingBoxDecode(max_shape, means, stds, wh_ratio_clip)(anchor_box, deltas)


def check_valid(bboxes: Any, img_metas: Any) -> Any:
    return D.CheckValid()(bboxes, img_metas)


def crop_and_resize(image: Any, boxes: Any, box_indices: Any, crop_size: Any, method: str = "bilinear",
                    extrapolation_value: float = 0.0) -> Any:
    if not isinstance(crop_size, tuple) or len(crop_size) != 2 or not all(isinstance(v, int) for v in crop_size):
        raise TypeError(f"For 'crop_and_resize', 'crop_size' must be a tuple of two ints, but got {crop_size}.")
    return I.CropAndResize(method, extrapolation_value)(image, boxes, box_indices, crop_size)


def col2im(input_x: Any, output_size: Any, kernel_size: Any, dilation: Any, padding_value: Any, stride: Any) -> Any:
    return I.Col2Im(kernel_size, dilation, padding_value, stride)(input_x, output_size)


def deformable_conv2d(x: Any, weight: Any, offsets: Any, kernel_size: Any, strides: Any, padding: Any, bias: Any = None,
                      dilations: Any = (1, 1, 1, 1), groups: int = 1, deformable_groups: int = 1,
                      modulated: bool = True) -> Any:
    """DeformableOffsets' sampled map convolved with `weight` at stride kernel_size (MindSpore's composition)."""
    fm = P.DeformableOffsets(strides, padding, kernel_size, dilations, "NCHW", deformable_groups, modulated)(x, offsets)
    out = torch.nn.functional.conv2d(fm, weight, None, tuple(kernel_size), 0, 1, groups)
    return out if bias is None else out + bias.reshape(1, -1, 1, 1)


__all__ = ["iou", "bounding_box_encode", "bounding_box_decode", "check_valid", "crop_and_resize", "col2im",
           "deformable_conv2d"]
