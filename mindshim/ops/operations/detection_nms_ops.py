"""CombinedNonMaxSuppression (split from detection_ops for size).

MindSpore 2.10 CPU conventions: per class, boxes are corner-normalised, candidates need score > score_threshold and
are taken by descending score (ties by ascending index), a box is dropped when IoU (no +1; boxes of area <= 0 never
overlap) with a kept box is > iou_threshold; the classes' picks are merged by descending score, clipped to [0, 1]
with clip_boxes, and zero-padded to max_total_size (or min(max_total_size, per_class * classes) with pad_per_class).
"""
from __future__ import annotations

from typing import Any

import numpy as np
import torch

from mindshim.common.tensor import wrap
from mindshim.ops.operations.detection_ops import _check_dtype
from mindshim.ops.primitive import Primitive


def _class_nms(boxes: np.ndarray, scores: np.ndarray, limit: int, iou_thr: float, score_thr: float) -> list:
    """Greedy per-class NMS of CombinedNonMaxSuppression: corners normalised, boxes of area <= 0 never overlap."""
    lo, hi = np.minimum(boxes[:, :2], boxes[:, 2:]), np.maximum(boxes[:, :2], boxes[:, 2:])
    area = np.prod(hi - lo, 1)
    order = [int(i) for i in np.argsort(-scores, kind="stable") if scores[i] > score_thr]
    selected: list = []
    for i in order:
        if len(selected) >= limit:
            break
        ok = True
        for j in selected:
            if area[i] <= 0 or area[j] <= 0:
                continue
            wh = np.clip(np.minimum(hi[i], hi[j]) - np.maximum(lo[i], lo[j]), 0, None)
            inter = wh[0] * wh[1]
            if inter / (area[i] + area[j] - inter) > iou_thr:
                ok = False
                break
        if ok:
            selected.append(i)
    return selected


class CombinedNonMaxSuppression(Primitive):
    def __init__(self, pad_per_class: bool = False, clip_boxes: bool = True) -> None:
        super().__init__()
        for name, v in (("pad_per_class", pad_per_class), ("clip_boxes", clip_boxes)):
            if not isinstance(v, bool):
                raise TypeError(f"For 'CombinedNonMaxSuppression', '{name}' must be a bool, got {type(v).__name__}.")
        self.pad_per_class, self.clip_boxes = pad_per_class, clip_boxes

    def __call__(self, boxes: Any, scores: Any, max_output_size_per_class: Any, max_total_size: Any,
                 iou_threshold: Any, score_threshold: Any) -> Any:
        op = "CombinedNonMaxSuppression"
        b = _check_dtype(op, "boxes", boxes, (torch.float32,))
        sc = _check_dtype(op, "scores", scores, (torch.float32,))
        for name, v, dt in (("max_output_size_per_class", max_output_size_per_class, torch.int32),
                            ("max_total_size", max_total_size, torch.int32),
                            ("iou_threshold", iou_threshold, torch.float32),
                            ("score_threshold", score_threshold, torch.float32)):
            _check_dtype(op, name, v, (dt,))
        if (b.dim() != 4 or sc.dim() != 3 or b.shape[:2] != sc.shape[:2] or b.shape[3] != 4
                or b.shape[2] not in (1, sc.shape[2])):
            raise ValueError(f"For '{op}', expected boxes (batch, boxes, q, 4) and scores (batch, boxes, classes).")
        per_class, total, iou_thr = int(max_output_size_per_class), int(max_total_size), float(iou_threshold)
        if per_class < 0 or total < 0:
            raise ValueError(f"For '{op}', 'max_output_size_per_class' and 'max_total_size' must be non-negative.")
        if not 0.0 <= iou_thr <= 1.0:
            raise ValueError(f"For '{op}', 'iou_threshold' must be in [0, 1], but got {iou_thr}.")
        batch, _, q, _ = b.shape
        classes = sc.shape[2]
        detections = min(total, per_class * classes) if self.pad_per_class else total
        bn, sn = b.detach().cpu().numpy(), sc.detach().cpu().numpy()
        out_b = np.zeros((batch, detections, 4), np.float32)
        out_s = np.zeros((batch, detections), np.float32)
        out_c = np.zeros((batch, detections), np.float32)
        valid = np.zeros((batch,), np.int32)
        for n in range(batch):
            found = []
            for c in range(classes):
                cb = bn[n, :, c if q > 1 else 0]
                for i in _class_nms(cb, sn[n, :, c], per_class, iou_thr, float(score_threshold)):
                    found.append((sn[n, i, c], c, cb[i]))
            found.sort(key=lambda item: -item[0])
            k = min(len(found), detections)
            for j, (score, c, box) in enumerate(found[:k]):
                out_b[n, j] = np.clip(box, 0.0, 1.0) if self.clip_boxes else box
                out_s[n, j], out_c[n, j] = score, c
            valid[n] = k
        dev = b.device
        return tuple(wrap(torch.from_numpy(a).to(dev)) for a in (out_b, out_s, out_c, valid))



__all__ = ["CombinedNonMaxSuppression"]

from mindshim.ops.operations._factory import finish as _finish  # noqa: E402

_finish(globals())
