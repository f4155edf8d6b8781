"""Parity cases for detection operators (NMSWithMask, IOU, BoundingBoxEncode/Decode, CheckValid, ROIAlign,
NonMaxSuppression*): hand-built overlapping, disjoint, touching and degenerate boxes."""
import numpy as np

import mindspore as ms
from mindspore import Tensor, ops
from parity_ops_common import error_name as _err  # registered by the parity loader

TOLERANCES = {
    "roi_align_modes": {"rtol": 1e-5, "atol": 1e-4, "why": "bilinear sums accumulate in a different order"},
    "roi_align_f16": {"rtol": 2e-3, "atol": 1e-2, "why": "MindSpore accumulates the float16 samples in float16"},
    "bbox_encode_decode": {"rtol": 1e-5, "atol": 1e-5, "why": "exp/log kernels differ in the last ulps"},
}

# overlapping, shifted, disjoint, touching (shares an edge), degenerate point box
_BOXES = np.array([[0, 0, 10, 10], [5, 5, 15, 15], [20, 20, 30, 30], [10, 0, 20, 10], [3, 3, 3, 3]], np.float32)
_GT = np.array([[0, 0, 10, 10], [0, 0, 5, 5], [11, 0, 20, 10]], np.float32)


def _d(t):
    if isinstance(t, (tuple, list)):
        return {"type": type(t).__name__, "items": [_d(i) for i in t]}
    return {"dtype": str(t.dtype), "shape": list(t.shape), "value": t.asnumpy()}


def case_iou_modes():
    a, g = Tensor(_BOXES), Tensor(_GT)
    return {
        "IOU": _d(ops.IOU()(a, g)), "IOU_iof": _d(ops.IOU("iof")(a, g)),
        "iou": _d(ops.iou(a, g)), "iou_iof": _d(ops.iou(a, g, mode="iof")),
        "f16": _d(ops.IOU()(a.astype(ms.float16), g.astype(ms.float16))),
        "f64": _d(ops.IOU()(a.astype(ms.float64), g.astype(ms.float64))),
    }


def case_iou_errors():
    a = Tensor(_BOXES)
    return {"mode": _err(lambda: ops.IOU("giou")), "int": _err(lambda: ops.IOU()(a.astype(ms.int32), a.astype(ms.int32)))}


def case_nms_with_mask():
    b = np.array([[0, 0, 10, 10, 0.9], [1, 1, 11, 11, 0.8], [20, 20, 30, 30, 0.95], [10, 0, 20, 10, 0.85],
                  [0, 0, 10, 10, 0.3], [5, 5, 5, 5, 0.99], [0, 0, 10, 20, 0.7]], np.float32)
    out = {str(th): _d(ops.NMSWithMask(th)(Tensor(b))) for th in (0.5, 0.1, 0.0, 0.9)}
    pair = Tensor(np.array([[0, 0, 10, 10, 0.9], [0, 0, 10, 20, 0.8]], np.float32))  # IoU exactly 0.5
    out["eq_threshold"] = [ops.NMSWithMask(t)(pair)[2].asnumpy() for t in (0.49, 0.5)]
    chain = Tensor(np.array([[0, 0, 10, 10, 0.9], [5, 0, 15, 10, 0.8], [10, 0, 20, 10, 0.7]], np.float32))
    out["chain"] = ops.NMSWithMask(0.3)(chain)[2].asnumpy()
    inverted = Tensor(np.array([[10, 10, 0, 0, 0.9], [0, 0, 10, 10, 0.8]], np.float32))
    out["inverted"] = ops.NMSWithMask(0.3)(inverted)[2].asnumpy()
    out["f16"] = _d(ops.NMSWithMask(0.5)(Tensor(b).astype(ms.float16)))
    return out


def case_nms_with_mask_errors():
    return {
        "int_threshold": _err(lambda: ops.NMSWithMask(1)),
        "f64": _err(lambda: ops.NMSWithMask(0.5)(Tensor(np.zeros((3, 5), np.float64)))),
        "four_cols": _err(lambda: ops.NMSWithMask(0.5)(Tensor(np.zeros((3, 4), np.float32)))),
    }


def case_bbox_encode_decode():
    anchors = Tensor(np.array([[2, 2, 2, 3], [0, 0, 9, 4], [4, 1, 2, 1]], np.float32))
    gts = Tensor(np.array([[1, 2, 1, 4], [1, 1, 5, 5], [3, 1, 2, 2]], np.float32))
    deltas = Tensor(np.array([[3, 1, 2, 2], [1, 2, -1, 4], [0.1, -0.2, 6, -6]], np.float32))
    means, stds = (0.1, 0.0, 0.0, 0.2), (0.1, 0.1, 0.2, 0.2)
    return {
        "enc": _d(ops.BoundingBoxEncode()(anchors, gts)),
        "enc_ms": _d(ops.BoundingBoxEncode(means=means, stds=stds)(anchors, gts)),
        "enc_fn": _d(ops.bounding_box_encode(anchors, gts, means, stds)),
        "enc_f16": _d(ops.BoundingBoxEncode()(anchors.astype(ms.float16), gts.astype(ms.float16))),
        "dec": _d(ops.BoundingBoxDecode((768, 1280))(anchors, deltas)),
        "dec_ms": _d(ops.BoundingBoxDecode((10, 12), means, stds, 0.5)(anchors, deltas)),
        "dec_clip": _d(ops.BoundingBoxDecode((10, 12))(Tensor([[0, 0, 50, 50.0], [0, 0, 5, 5]]), Tensor([[0, 0, 0, 0.0], [0, 0, 6, 0]]))),
        "dec_fn": _d(ops.bounding_box_decode(anchors, deltas, (20, 30), means, stds, 0.1)),
    }


def case_bbox_errors():
    a = Tensor(np.ones((1, 4), np.float32))
    return {
        "int_means": _err(lambda: ops.BoundingBoxEncode(means=(0, 0, 0, 0))),
        "short_means": _err(lambda: ops.BoundingBoxEncode(means=(0.0, 0.0, 0.0))),
        "int_clip": _err(lambda: ops.BoundingBoxDecode((5, 5), wh_ratio_clip=1)),
        "list_shape": _err(lambda: ops.BoundingBoxDecode([5, 5])),
        "f64": _err(lambda: ops.BoundingBoxEncode()(a.astype(ms.float64), a.astype(ms.float64))),
        "int32": _err(lambda: ops.BoundingBoxDecode((5, 5))(a.astype(ms.int32), a.astype(ms.int32))),
    }


def case_check_valid():
    b = np.array([[0, 0, 2, 3], [0, 0, 2, 5], [0, 0, 2, 5.1], [0, 0, 1.9, 4], [0, 0, 2.1, 4], [-1, 0, 1, 1],
                  [0, -0.1, 1, 1], [2, 2, 1, 1], [0, 0, 0, 0]], np.float32)
    metas = Tensor(np.array([2, 1, 3], np.float32))
    return {
        "CheckValid": _d(ops.CheckValid()(Tensor(b), metas)),
        "check_valid": _d(ops.check_valid(Tensor(b), metas)),
        "f16": _d(ops.CheckValid()(Tensor(b).astype(ms.float16), metas.astype(ms.float16))),
        "uint8": _d(ops.CheckValid()(Tensor(np.array([[0, 0, 2, 5], [0, 0, 3, 5]], np.uint8)), Tensor(np.array([2, 1, 3], np.uint8)))),
        "int32": _err(lambda: ops.CheckValid()(Tensor(b).astype(ms.int32), metas.astype(ms.int32))),
    }


def case_roi_align_modes():
    x = Tensor(np.arange(2 * 2 * 6 * 6, dtype=np.float32).reshape(2, 2, 6, 6) % 7)
    rois = Tensor(np.array([[0, 0.2, 0.3, 4.1, 3.7], [1, 1, 1, 3, 3], [0, -1, -1, 8, 8], [1, 2, 2, 2, 2],
                            [1, 4.5, 0.5, 5.8, 5.9]], np.float32))
    out = {}
    for args in [(2, 2, 1.0, 2, 1), (2, 2, 1.0, 2, 0), (3, 2, 0.5, 1, 1), (2, 3, 1.0, 0, 0), (2, 2, 1.0, -1, 0),
                 (2, 2, 2.0, 2, 0), (1, 1, 0.25, 3, 1)]:
        out[str(args)] = _d(ops.ROIAlign(*args)(x, rois))
    return out


def case_roi_align_f16():
    x = Tensor((np.arange(2 * 2 * 6 * 6, dtype=np.float32).reshape(2, 2, 6, 6) % 7).astype(np.float16))
    rois = Tensor(np.array([[0, 0.2, 0.3, 4.1, 3.7], [1, 1, 1, 3, 3], [0, -1, -1, 8, 8]], np.float16))
    return _d(ops.ROIAlign(2, 2, 1.0)(x, rois))


def case_roi_align_grad():
    x = Tensor(np.arange(36, dtype=np.float32).reshape(1, 1, 6, 6) / 10)
    rois = Tensor(np.array([[0, 0.2, 0.3, 4.1, 3.7], [0, 1, 1, 3, 3]], np.float32))
    return ops.grad(lambda t: (ops.ROIAlign(2, 2, 1.0, 2, 1)(t, rois) ** 2).sum())(x).asnumpy()


def case_roi_align_errors():
    return {"float_pooled": _err(lambda: ops.ROIAlign(2.0, 2, 1.0)), "int_scale": _err(lambda: ops.ROIAlign(2, 2, 1)),
            "end_mode": _err(lambda: ops.ROIAlign(2, 2, 1.0, 2, 2))}


def case_nms_with_overlaps():
    ov = Tensor(np.array([[1, 0.6, 0.1, 0], [0.6, 1, 0.2, 0.7], [0.1, 0.2, 1, 0.3], [0, 0.7, 0.3, 1]], np.float32))
    sc = Tensor(np.array([0.5, 0.9, 0.3, 0.8], np.float32))
    op = ops.NonMaxSuppressionWithOverlaps()
    out = {}
    for o, s, m in [(0.61, 0.4, 4), (0.6, 0.0, 4), (0.5, 0.3, 4), (0.5, 0.29, 4), (0.75, 0.5, 4), (0.75, 0.8, 4),
                    (0.75, 0.0, 1), (0.5, 0.0, 0)]:
        out[f"{o}_{s}_{m}"] = _d(op(ov, sc, Tensor(m, ms.int32), Tensor(o, ms.float32), Tensor(s, ms.float32)))
    out["f16"] = _d(op(ov.astype(ms.float16), sc.astype(ms.float16), Tensor(4, ms.int32), Tensor(0.5, ms.float16),
                       Tensor(0.0, ms.float16)))
    ties = Tensor(np.zeros((11, 11), np.float32))
    for sc in ([0.5] * 11, [0.5, 0.7, 0.5, 0.7, 0.5, 0.1, 0.7, 0.7, 0.2, 0.5, 0.7]):
        out[f"ties_{sc[1]}"] = _d(op(ties, Tensor(np.array(sc, np.float32)), Tensor(11, ms.int32), Tensor(0.5, ms.float32),
                                     Tensor(0.0, ms.float32)))
    asym = Tensor(np.array([[1, 0.9, 0], [0.1, 1, 0], [0, 0, 1]], np.float32))  # row: candidate, column: kept
    out["asymmetric"] = [_d(op(asym, Tensor(np.array(s, np.float32)), Tensor(3, ms.int32), Tensor(0.5, ms.float32),
                               Tensor(0.0, ms.float32))) for s in ([0.9, 0.8, 0.7], [0.8, 0.9, 0.7])]
    out["negative"] = _err(lambda: op(ov, sc, Tensor(-1, ms.int32), Tensor(0.5, ms.float32), Tensor(0.0, ms.float32)))
    out["mixed"] = _err(lambda: op(ov.astype(ms.float64), sc, Tensor(4, ms.int32), Tensor(0.5, ms.float64),
                                   Tensor(0.0, ms.float64)))
    out["int64_max"] = _err(lambda: op(ov, sc, Tensor(4, ms.int64), Tensor(0.5, ms.float32), Tensor(0.0, ms.float32)))
    return out


def case_nms_v3():
    boxes = Tensor(np.array([[0, 0, 10, 10], [1, 1, 11, 11], [20, 20, 30, 30], [10, 0, 20, 10]], np.float32))
    scores = Tensor(np.array([0.9, 0.8, 0.95, 0.7], np.float32))
    out = ops.NonMaxSuppressionV3()(boxes, scores, Tensor(3, ms.int32), Tensor(0.5, ms.float32), Tensor(0.0, ms.float32))
    return _d(out)


def case_combined_nms():
    rs = np.random.RandomState(3)
    lo = rs.uniform(-0.1, 0.6, (2, 6, 1, 2))
    boxes = np.concatenate([lo, lo + rs.uniform(0.1, 0.6, (2, 6, 1, 2))], -1).astype(np.float32)
    boxes[0, 5, 0] = [0.5, 0.5, 0.2, 0.2]  # inverted corners
    scores = rs.permutation(24).reshape(2, 6, 2).astype(np.float32) / 24
    op = ops.CombinedNonMaxSuppression
    i32, f32 = (lambda v: Tensor(v, ms.int32)), (lambda v: Tensor(v, ms.float32))
    b, s = Tensor(boxes), Tensor(scores)
    per_class_boxes = Tensor(np.repeat(boxes, 2, axis=2) * np.array([1, 1, 0.9, 0.9], np.float32))
    return {
        "default": _d(op()(b, s, i32(3), i32(4), f32(0.3), f32(0.1))),
        "pad": _d(op(True, True)(b, s, i32(2), i32(10), f32(0.5), f32(0.0))),
        "noclip": _d(op(False, False)(b, s, i32(4), i32(5), f32(0.0), f32(0.5))),
        "q_classes": _d(op()(per_class_boxes, s, i32(3), i32(6), f32(0.4), f32(0.2))),
        "bad_iou": _err(lambda: op()(b, s, i32(3), i32(4), f32(1.5), f32(0.1))),
        "f16": _err(lambda: op()(b.astype(ms.float16), s, i32(3), i32(4), f32(0.3), f32(0.1))),
    }


def case_nms_with_mask_ties():
    out = {}
    for n in (1, 3, 6, 9):
        b = np.zeros((n, 5), np.float32)
        b[:, 0] = np.arange(n) * 100
        b[:, 2], b[:, 3], b[:, 4] = b[:, 0] + 10, 10, 0.5
        out[str(n)] = _d(ops.NMSWithMask(0.5)(Tensor(b)))
    b = np.zeros((11, 5), np.float32)
    b[:, 0] = np.arange(11) * 100
    b[:, 2], b[:, 3] = b[:, 0] + 10, 10
    b[:, 4] = [0.5, 0.7, 0.5, 0.7, 0.5, 0.1, 0.7, 0.7, 0.2, 0.5, 0.7]
    out["mixed"] = _d(ops.NMSWithMask(0.5)(Tensor(b)))
    out["mixed_f16"] = _d(ops.NMSWithMask(0.5)(Tensor(b).astype(ms.float16)))
    dup = np.array([[0, 0, 10, 10, 0.9], [1, 1, 11, 11, 0.9], [0, 0, 10, 10, 0.8], [20, 20, 30, 30, 0.9]], np.float32)
    out["dup"] = _d(ops.NMSWithMask(0.5)(Tensor(dup)))
    return out
