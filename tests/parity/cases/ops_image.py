"""Parity cases for image primitives: TF-style resizes (align_corners / half_pixel_centers), 3-D upsampling,
crop-and-resize, colour space, sampling grids and patches."""
import numpy as np

import mindspore as ms
from mindspore import Tensor, ops
from parity_ops_common import error_name as _err  # registered by the parity loader

TOLERANCES = {
    "resize_bicubic": {"rtol": 1e-5, "atol": 1e-5, "why": "cubic weights are summed in a different order"},
    "colour": {"rtol": 1e-5, "atol": 1e-5, "why": "hue arithmetic rounds differently in float32"},
    "grid_sampler": {"rtol": 1e-5, "atol": 1e-5, "why": "bilinear/bicubic sums accumulate in a different order"},
}


def _u(seed, shape, low=0.0, high=1.0):
    return Tensor(np.random.RandomState(seed).uniform(low, high, shape).astype(np.float32))


def _d(t):
    if isinstance(t, (tuple, list)):
        return {"type": type(t).__name__, "items": [_d(i) for i in t]}
    return {"dtype": str(t.dtype), "shape": list(t.shape), "value": t.asnumpy()}


_X = Tensor(np.arange(2 * 2 * 3 * 4, dtype=np.float32).reshape(2, 2, 3, 4) ** 1.5 / 10)
_FLAGS = [(False, False), (True, False), (False, True)]


def case_resize_bilinear_v2():
    out = {}
    for ac, hp in _FLAGS:
        op = ops.ResizeBilinearV2(ac, hp)
        out[f"{ac}_{hp}"] = [_d(op(_X, (5, 7))), _d(op(_X, Tensor([2, 3], ms.int32))), _d(op(_X, (1, 1)))]
    out["f16"] = _d(ops.ResizeBilinearV2()(_X.astype(ms.float16), (5, 7)))
    out["grad"] = ops.grad(lambda t: (ops.ResizeBilinearV2(False, True)(t, (5, 7)) ** 2).sum())(_X).asnumpy()
    return out


def case_resize_nearest_v2():
    out = {}
    for ac, hp in _FLAGS:
        op = ops.ResizeNearestNeighborV2(ac, hp)
        out[f"{ac}_{hp}"] = [_d(op(_X, (5, 7))), _d(op(_X, Tensor([2, 3], ms.int32))), _d(op(_X, (7, 9)))]
    out["uint8"] = _d(ops.ResizeNearestNeighborV2()(_X.astype(ms.uint8), (5, 7)))
    out["f64"] = _d(ops.ResizeNearestNeighborV2(True)(_X.astype(ms.float64), (5, 7)))
    out["int32"] = _err(lambda: ops.ResizeNearestNeighborV2(True)(_X.astype(ms.int32), (5, 7)))
    return out


def case_resize_bicubic():
    x = _u(0, (1, 2, 4, 5), -1.0, 1.0)
    out = {}
    for ac, hp in _FLAGS:
        op = ops.ResizeBicubic(ac, hp)
        out[f"{ac}_{hp}"] = [_d(op(x, Tensor([6, 9], ms.int32))), _d(op(x, Tensor([3, 2], ms.int32)))]
    out["f64"] = _d(ops.ResizeBicubic(False, True)(x.astype(ms.float64), Tensor([7, 3], ms.int32)))
    return out


def case_resize_errors():
    return {
        "both_flags": _err(lambda: ops.ResizeBilinearV2(True, True)(_X, (5, 7))),
        "int_bilinear": _err(lambda: ops.ResizeBilinearV2()(_X.astype(ms.int32), (5, 7))),
        "uint8_bicubic": _err(lambda: ops.ResizeBicubic()(_X.astype(ms.uint8), Tensor([5, 7], ms.int32))),
    }


def case_resize_linear_1d():
    x = _X[0]
    return {
        "align_corners": [_d(ops.ResizeLinear1D()(x, (6,))), _d(ops.ResizeLinear1D()(x, Tensor([3], ms.int64)))],
        "half_pixel": [_d(ops.ResizeLinear1D("half_pixel")(x, (7,))), _d(ops.ResizeLinear1D("half_pixel")(x, (2,)))],
        "f64": _d(ops.ResizeLinear1D("half_pixel")(x.astype(ms.float64), (5,))),
    }


def case_upsample_3d():
    x = _X[None]
    return {
        "nearest_size": _d(ops.UpsampleNearest3D()(x, (3, 5, 6))),
        "nearest_scales": _d(ops.UpsampleNearest3D()(x, None, (1.5, 1.5, 1.7))),
        "trilinear_size": [_d(ops.UpsampleTrilinear3D()(x, (3, 5, 6))), _d(ops.UpsampleTrilinear3D(True)(x, (3, 5, 6)))],
        "trilinear_scales": _d(ops.UpsampleTrilinear3D()(x, None, (1.5, 1.5, 1.7))),
        "f16": _d(ops.UpsampleNearest3D()(x.astype(ms.float16), (2, 4, 8))),
        "uint8": _d(ops.UpsampleNearest3D()(x.astype(ms.uint8), (3, 4, 5))),
        "f16_trilinear": _d(ops.UpsampleTrilinear3D(True)(x.astype(ms.float16), (3, 4, 5))),
        "int32": _err(lambda: ops.UpsampleNearest3D()(x.astype(ms.int32), (3, 4, 5))),
        "grad": ops.grad(lambda t: (ops.UpsampleTrilinear3D()(t, (3, 5, 6)) ** 2).sum())(x).asnumpy(),
    }


def case_crop_and_resize():
    img = Tensor(np.arange(2 * 4 * 5 * 3, dtype=np.float32).reshape(2, 4, 5, 3) % 11)
    boxes = Tensor(np.array([[0, 0, 1, 1], [0.1, 0.2, 0.9, 1.3], [-0.2, 0.1, 0.5, 0.4], [0.8, 0.9, 0.2, 0.1]], np.float32))
    idx = Tensor(np.array([0, 1, 1, 0], np.int32))
    # bilinear_v2 reads past the image for boxes beyond [0, 1] in MindSpore: keep them inside there
    inside = Tensor(np.array([[0, 0, 1, 1], [0.1, 0.2, 0.9, 0.7], [0.3, 0.1, 0.5, 0.45], [0.8, 0.9, 0.2, 0.1]], np.float32))
    return {
        "bilinear": _d(ops.CropAndResize()(img, boxes, idx, (3, 3))),
        "nearest": _d(ops.CropAndResize("nearest", 2.5)(img, boxes, idx, (2, 4))),
        "single": _d(ops.CropAndResize(extrapolation_value=-1.0)(img, boxes, idx, (1, 1))),
        "fn": _d(ops.crop_and_resize(img, boxes, idx, (3, 2), "bilinear", 1.0)),
        "uint8": _d(ops.CropAndResize()(img.astype(ms.uint8), boxes, idx, (2, 2))),
        "int16": _d(ops.CropAndResize("nearest")(img.astype(ms.int16), boxes, idx, (2, 3))),
        "f64": _d(ops.CropAndResize()(img.astype(ms.float64), boxes, idx, (3, 2))),
        "bilinear_v2": [_d(ops.CropAndResize("bilinear_v2")(img, inside, idx, size)) for size in ((3, 2), (2, 4), (5, 6))],
        "bool": _err(lambda: ops.CropAndResize()(img.astype(ms.bool_), boxes, idx, (2, 2))),
    }


def case_crop_and_resize_errors():
    img = Tensor(np.zeros((1, 4, 5, 3), np.float32))
    boxes = Tensor(np.array([[0, 0, 1, 1]], np.float32))
    return {
        "method": _err(lambda: ops.CropAndResize("area")),
        "index": _err(lambda: ops.CropAndResize()(img, boxes, Tensor(np.array([3], np.int32)), (2, 2))),
    }


def case_colour():
    rgb = _u(1, (1, 2, 3, 3))
    hsv = ops.RGBToHSV()(rgb)
    edge = Tensor(np.array([[[[0, 0, 0], [1, 1, 1], [1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, 0], [0.5, 0.2, 0.2]]]], np.float32))
    return {
        "RGBToHSV": _d(hsv), "HSVToRGB": _d(ops.HSVToRGB()(hsv)), "edge": _d(ops.RGBToHSV()(edge)),
        "edge_back": _d(ops.HSVToRGB()(ops.RGBToHSV()(edge))),
        "hsv_wrap": _d(ops.HSVToRGB()(Tensor(np.array([[[[0.99, 0.5, 0.5], [0.0, 1.0, 1.0], [0.5, 0.0, 0.3]]]], np.float32)))),
        "f64": _d(ops.RGBToHSV()(rgb.astype(ms.float64))),
        "AdjustHue": [_d(ops.AdjustHue()(rgb, Tensor(0.2, ms.float32))), _d(ops.AdjustHue()(rgb, Tensor(-0.7, ms.float32)))],
        "AdjustSaturation": [_d(ops.AdjustSaturation()(rgb, Tensor(0.3, ms.float32))),
                             _d(ops.AdjustSaturation()(rgb, Tensor(2.5, ms.float32)))],
        "f16": _d(ops.AdjustHue()(rgb.astype(ms.float16), Tensor(0.1, ms.float32))),
        "f64_sat": _d(ops.AdjustSaturation()(rgb.astype(ms.float64), Tensor(0.5, ms.float32))),
        "rank2_hsv": _d(ops.RGBToHSV()(rgb[0, 0])), "rank3_hue": _d(ops.AdjustHue()(rgb[0], Tensor(0.4, ms.float32))),
    }


def case_colour_errors():
    return {"channels": _err(lambda: ops.RGBToHSV()(_u(1, (2, 4)))),
            "int": _err(lambda: ops.RGBToHSV()(Tensor(np.ones((2, 3), np.int32)))),
            "hsv_rank3": _err(lambda: ops.HSVToRGB()(_u(1, (2, 2, 3)))),
            "hue_rank2": _err(lambda: ops.AdjustHue()(_u(1, (2, 3)), Tensor(0.1, ms.float32))),
            "hue_f16_delta": _err(lambda: ops.AdjustHue()(_u(1, (1, 2, 3)), Tensor(0.1, ms.float16))),
            "hue_py_delta": _err(lambda: ops.AdjustHue()(_u(1, (1, 2, 3)), 0.1))}


def case_im2col_col2im():
    x = _X
    cols = ops.Im2Col(2)(x)
    return {
        "im2col": _d(cols),
        "im2col_args": _d(ops.Im2Col((2, 3), strides=(1, 2), dilations=1, pads=(1, 1))(x)),
        "im2col_dil": _d(ops.Im2Col(2, strides=1, dilations=2, pads=1)(x)),
        "col2im": _d(ops.Col2Im(2)(cols, Tensor([3, 4], ms.int32))),
        "col2im_fn": _d(ops.col2im(cols, Tensor([3, 4], ms.int32), (2, 2), (1, 1), (0, 0), (1, 1))),
        "col2im_pad": _d(ops.Col2Im((2, 2), 1, 1, 2)(_u(3, (1, 2, 4, 9)), Tensor([4, 4], ms.int32))),
        "grad": ops.grad(lambda t: (ops.Im2Col(2)(t) ** 2).sum())(x).asnumpy(),
    }


def case_affine_grid():
    theta = Tensor(np.array([[[0.8, -0.3, 0.1], [0.2, 1.1, -0.2]]], np.float32))
    theta3 = Tensor(np.array([[[1.0, 0.1, 0, 0.2], [0, 0.9, 0.1, 0], [0.1, 0, 1.2, -0.1]]], np.float32))
    return {
        "2d": [_d(ops.AffineGrid()(theta, (1, 1, 2, 3))), _d(ops.AffineGrid(True)(theta, (1, 3, 3, 2)))],
        "3d": _d(ops.AffineGrid(True)(theta3, (1, 1, 2, 2, 3))),
    }


def case_grid_sampler():
    x = _u(4, (1, 2, 4, 5), -1.0, 1.0)
    g = _u(5, (1, 3, 2, 2), -1.2, 1.2)
    x3 = _u(6, (1, 2, 3, 4, 5), -1.0, 1.0)
    g3 = _u(7, (1, 2, 2, 3, 3), -1.2, 1.2)
    out = {}
    for mode in ("bilinear", "nearest"):
        for pad in ("zeros", "border", "reflection"):
            for ac in (False, True):
                out[f"2d_{mode}_{pad}_{ac}"] = _d(ops.GridSampler2D(mode, pad, ac)(x, g))
    for mode in ("bilinear", "nearest"):
        for pad in ("zeros", "border", "reflection"):
            out[f"3d_{mode}_{pad}"] = _d(ops.GridSampler3D(mode, pad, True)(x3, g3))
    out["f64"] = _d(ops.GridSampler2D()(x.astype(ms.float64), g.astype(ms.float64)))
    out["mixed"] = _err(lambda: ops.GridSampler2D()(x, g.astype(ms.float64)))
    out["bicubic"] = _err(lambda: ops.GridSampler2D("bicubic")(x, g))
    out["grad"] = ops.grad(lambda t: (ops.GridSampler2D()(t, g) ** 2).sum())(x).asnumpy()
    return out


def case_resize_area():
    x = Tensor(np.arange(2 * 5 * 7 * 2, dtype=np.float32).reshape(2, 5, 7, 2) % 9)
    return {
        "down": _d(ops.ResizeArea()(x, Tensor([3, 4], ms.int32))),
        "up": _d(ops.ResizeArea()(x, Tensor([7, 9], ms.int32))),
        "align": _d(ops.ResizeArea(True)(x, Tensor([3, 2], ms.int32))),
        "uint8": _d(ops.ResizeArea()(x.astype(ms.uint8), Tensor([2, 3], ms.int32))),
        "f16": _d(ops.ResizeArea()(x.astype(ms.float16), Tensor([4, 4], ms.int32))),
        "int64_size": _err(lambda: ops.ResizeArea()(x, Tensor([3, 4], ms.int64))),
    }


def case_extract_volume_patches():
    x = Tensor(np.arange(2 * 2 * 3 * 4 * 5, dtype=np.float32).reshape(2, 2, 3, 4, 5))
    return {
        "valid": _d(ops.ExtractVolumePatches((1, 1, 2, 2, 3), (1, 1, 1, 2, 1), "VALID")(x)),
        "same": _d(ops.ExtractVolumePatches((1, 1, 2, 3, 2), (1, 1, 2, 1, 3), "SAME")(x)),
        "int32": _d(ops.ExtractVolumePatches((1, 1, 1, 2, 2), (1, 1, 1, 1, 1), "VALID")(x.astype(ms.int32))),
        "uint8": _d(ops.ExtractVolumePatches((1, 1, 1, 2, 2), (1, 1, 1, 1, 1), "SAME")(x.astype(ms.uint8))),
        "bad_kernel": _err(lambda: ops.ExtractVolumePatches((2, 1, 1, 2, 2), (1, 1, 1, 1, 1), "VALID")),
    }


def case_extract_image_patches():
    x = Tensor(np.arange(1 * 2 * 4 * 5, dtype=np.float32).reshape(1, 2, 4, 5))
    return _d(ops.ExtractImagePatches((1, 1, 2, 2), (1, 1, 1, 2), (1, 1, 1, 1), "VALID")(x))


def case_deformable():
    rs = np.random.RandomState(8)
    x = Tensor(rs.uniform(-1, 1, (1, 4, 5, 6)).astype(np.float32))
    w = Tensor(rs.uniform(-1, 1, (3, 2, 2, 3)).astype(np.float32))
    off = rs.uniform(-1.5, 1.5, (1, 3 * 2 * 2 * 3, 5, 4)).astype(np.float32)
    off[:, 2 * 2 * 2 * 3:] = rs.uniform(0, 1, (1, 2 * 2 * 3, 5, 4))
    off = Tensor(off)
    fm = ops.DeformableOffsets((1, 1, 1, 1), (1, 0, 0, 0), (2, 3), (1, 1, 1, 1), "NCHW", 2)(x, off)
    w = Tensor(rs.uniform(-1, 1, (3, 4, 2, 3)).astype(np.float32))
    out = ops.deformable_conv2d(x, w, off, (2, 3), (1, 1, 1, 1), (1, 0, 0, 0), Tensor(np.array([0.1, 0.2, 0.3], np.float32)),
                                deformable_groups=2)
    off2 = Tensor(rs.uniform(-2, 2, (1, 3 * 4, 3, 3)).astype(np.float32))
    fm2 = ops.DeformableOffsets((1, 1, 2, 2), (0, 1, 1, 1), (2, 2), (1, 1, 1, 2))(x, off2)
    grad = ops.grad(lambda t: (ops.deformable_conv2d(t, w, off, (2, 3), (1, 1, 1, 1), (1, 0, 0, 0),
                                                     deformable_groups=2) ** 2).sum())(x)
    return {"offsets": _d(fm), "conv": _d(out), "strided": _d(fm2), "grad": grad.asnumpy()}


def case_deformable_errors():
    return {"modulated": _err(lambda: ops.DeformableOffsets((1, 1, 1, 1), (0, 0, 0, 0), (2, 2), modulated=False)),
            "strides": _err(lambda: ops.DeformableOffsets((2, 1, 1, 1), (0, 0, 0, 0), (2, 2)))}


def case_extract_glimpse():
    x = Tensor(np.arange(2 * 6 * 7 * 2, dtype=np.float32).reshape(2, 6, 7, 2) + 2)
    off = Tensor(np.array([[0.1, -0.3], [-0.9, 0.8]], np.float32))
    zero = ops.ExtractGlimpse(uniform_noise=False, noise="zero")
    out = {
        "centered_norm": _d(zero(x, Tensor([3, 4], ms.int32), off)),
        "pixels": _d(ops.ExtractGlimpse(False, False, False, "zero")(x, Tensor([2, 3], ms.int32),
                                                                     Tensor(np.array([[1.7, 2.2], [4.9, 5.5]], np.float32)))),
        "not_centered": _d(ops.ExtractGlimpse(False, True, False, "zero")(x, Tensor([3, 3], ms.int32), off.abs())),
    }
    noisy = ops.ExtractGlimpse()(x, Tensor([4, 5], ms.int32), Tensor(np.array([[0.9, 0.9], [-0.9, -0.9]], np.float32))).asnumpy()
    inside = noisy >= 2
    out["uniform_noise"] = [bool(inside.any()), bool(((noisy[~inside] >= -1) & (noisy[~inside] <= 1)).all()),
                            int(inside.sum())]
    g = ops.ExtractGlimpse(uniform_noise=False, noise="gaussian")(x, Tensor([4, 5], ms.int32),
                                                                  Tensor(np.array([[0.9, 0.9], [-0.9, -0.9]], np.float32)))
    out["gaussian_shape"] = list(g.shape)
    out["bad_noise"] = _err(lambda: ops.ExtractGlimpse(noise="zero"))
    return out


def case_scale_and_translate():
    x = _u(9, (1, 5, 6, 2), -1.0, 1.0)
    size, out = Tensor([7, 4], ms.int32), {}
    for kernel in ("lanczos1", "lanczos3", "lanczos5", "gaussian", "box", "triangle", "keyscubic", "mitchellcubic"):
        for aa in (True, False):
            out[f"{kernel}_{aa}"] = _d(ops.ScaleAndTranslate(kernel, aa)(x, size, Tensor([1.4, 0.6], ms.float32),
                                                                         Tensor([0.3, -0.5], ms.float32)))
    out["shift_out"] = _d(ops.ScaleAndTranslate()(x, Tensor([3, 3], ms.int32), Tensor([1.0, 1.0], ms.float32),
                                                  Tensor([2.5, -4.0], ms.float32)))
    out["int16"] = _d(ops.ScaleAndTranslate("triangle")(Tensor(np.arange(60, dtype=np.int16).reshape(1, 5, 6, 2)), size,
                                                        Tensor([1.4, 0.6], ms.float32), Tensor([0.0, 0.0], ms.float32)))
    out["uint8"] = _err(lambda: ops.ScaleAndTranslate()(Tensor(np.ones((1, 2, 2, 1), np.uint8)), size,
                                                        Tensor([1.4, 0.6], ms.float32), Tensor([0.0, 0.0], ms.float32)))
    out["bad_kernel"] = _err(lambda: ops.ScaleAndTranslate("bicubic"))
    return out


def _crop_props(out, h, w, box, covered, area_range=(0.05, 1.0)):
    begin, size, bboxes = (t.asnumpy() for t in out)
    y, x, ch, cw = int(begin[0]), int(begin[1]), int(size[0]), int(size[1])
    inter = max(0.0, min(x + cw, box[3] * w) - max(x, box[1] * w)) * max(0.0, min(y + ch, box[2] * h) - max(y, box[0] * h))
    return {
        "dtypes": [str(t.dtype) for t in out], "shapes": [list(t.shape) for t in out],
        "inside": bool(0 <= y and 0 <= x and y + ch <= h and x + cw <= w and begin[2] == 0),
        "area_ok": bool(area_range[0] * h * w - 1e-6 <= ch * cw <= area_range[1] * h * w + 1e-6),
        "covers": bool(inter / ((box[2] - box[0]) * h * (box[3] - box[1]) * w) >= covered),
        "bboxes_match": bool(np.allclose(bboxes[0, 0], [y / h, x / w, (y + ch) / h, (x + cw) / w])),
    }


def case_sample_distorted_bbox():
    box = [0.1, 0.1, 0.5, 0.5]
    boxes = Tensor(np.array([[box]], np.float32))
    out = {}
    for seed, covered, dt in ((1, 0.1, ms.int32), (0, 0.9, ms.int64), (3, 0.5, ms.uint8)):
        op = ops.SampleDistortedBoundingBoxV2(seed=seed, seed2=seed)
        props = [_crop_props(op(Tensor([40, 50, 3], dt), boxes, Tensor([covered], ms.float32)), 40, 50, box, covered)
                 for _ in range(5)]
        out[f"{seed}_{covered}"] = props
    whole = ops.SampleDistortedBoundingBoxV2(area_range=(0.5, 0.8), use_image_if_no_bounding_boxes=True)(
        Tensor([40, 50, 3], ms.int32), Tensor(np.zeros((1, 0, 4), np.float32)), Tensor([0.1], ms.float32))
    out["no_boxes"] = _crop_props(whole, 40, 50, [0.0, 0.0, 1.0, 1.0], 0.5, (0.5, 0.8))
    out["bad_attempts"] = _err(lambda: ops.SampleDistortedBoundingBoxV2(max_attempts=0))
    out["float_size"] = _err(lambda: ops.SampleDistortedBoundingBoxV2()(Tensor([40.0, 50.0, 3.0]), boxes,
                                                                        Tensor([0.5], ms.float32)))
    return out


def case_dilation2d():
    x = _u(10, (1, 2, 5, 5), -1.0, 1.0)
    k = _u(11, (2, 2, 3), -0.5, 0.5)
    return {"same": _d(ops.Dilation2D(1, 1, "same")(x, k)), "valid": _d(ops.Dilation2D((1, 1, 2, 1), 2, "valid")(x, k))}
