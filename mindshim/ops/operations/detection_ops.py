"""Detection primitives of MindSpore's model zoo (`P.NMSWithMask(0.5)(bboxes)`, `P.IOU()`, `P.ROIAlign(...)`, ...).

Conventions (MindSpore 2.10 CPU, checked numerically against the real thing):
- `IOU`/`iou` add 1 to widths and heights (pixel-inclusive boxes); the result is (M, N) for N anchors and
  M ground truths; 'iof' divides the intersection by the ground-truth area.
- `NMSWithMask` takes (N, 5) boxes with the score last; it measures IoU without the +1, suppresses when
  IoU > threshold, and returns (boxes sorted by descending score, arange(N) int32, keep mask). Equal scores
  come out in the order of MindSpore's CPU kernel (a bitonic sort), which is not input order.
- `BoundingBoxEncode/Decode` use +1 widths and centres; decode clips dw/dh to |log(wh_ratio_clip)| and the
  corners to [0, max_shape[1]] (x) and [0, max_shape[0]] (y).
- `CheckValid` keeps x0 >= 0, y0 >= 0, x1 <= w * ratio - 1 and y1 <= h * ratio - 1.
- `ROIAlign`: end = (x2 + roi_end_mode) * scale; mode 0 forces the RoI to at least 1x1; sample_num <= 0
  samples floor(roi / pooled) points per bin; samples outside [-1, size] count as 0.
- `NonMaxSuppressionWithOverlaps` suppresses a candidate when overlaps[candidate, kept] >= threshold, keeps
  scores > score_threshold, and visits equal scores in the pop order of MindSpore's C++ priority queue.
"""
from __future__ import annotations

import math
from typing import Any

import numpy as np
import torch

from mindshim.common.tensor import plain, wrap
from mindshim.ops.primitive import Primitive

_F16_32 = (torch.float16, torch.float32)


def _check_dtype(op: str, name: str, x: Any, allowed: tuple = _F16_32) -> torch.Tensor:
    if not isinstance(x, torch.Tensor):
        raise TypeError(f"For '{op}', the '{name}' must be a Tensor, but got {type(x).__name__}.")
    if x.dtype not in allowed:
        raise TypeError(f"For '{op}', the '{name}' must be a Tensor of {allowed}, but got {x.dtype}.")
    return plain(x)


def _check_float(op: str, name: str, v: Any) -> None:
    if not isinstance(v, float):
        raise TypeError(f"For '{op}', the '{name}' must be a float, but got {type(v).__name__}.")


def box_iou(anchor: torch.Tensor, gt: torch.Tensor, mode: str = "iou", plus_one: bool = True) -> torch.Tensor:
    """(M, N) overlaps of gt rows against anchor columns."""
    one = 1.0 if plus_one else 0.0
    a, g = anchor[None, :, :], gt[:, None, :]
    iw = (torch.minimum(a[..., 2], g[..., 2]) - torch.maximum(a[..., 0], g[..., 0]) + one).clamp(min=0)
    ih = (torch.minimum(a[..., 3], g[..., 3]) - torch.maximum(a[..., 1], g[..., 1]) + one).clamp(min=0)
    inter = iw * ih
    area_a = (a[..., 2] - a[..., 0] + one) * (a[..., 3] - a[..., 1] + one)
    area_g = (g[..., 2] - g[..., 0] + one) * (g[..., 3] - g[..., 1] + one)
    return inter / area_g if mode == "iof" else inter / (area_a + area_g - inter)


class IOU(Primitive):
    def __init__(self, mode: str = "iou") -> None:
        super().__init__()
        if mode not in ("iou", "iof"):
            raise KeyError(f"For 'IOU', only 'iou' or 'iof' are supported, but got 'mode': {mode}.")
        self.mode = mode

    def __call__(self, anchor_boxes: Any, gt_boxes: Any) -> Any:
        allowed = _F16_32 + (torch.float64,)
        a = _check_dtype("IOU", "anchor_boxes", anchor_boxes, allowed)
        g = _check_dtype("IOU", "gt_boxes", gt_boxes, allowed)
        if a.dim() != 2 or g.dim() != 2 or a.shape[1] != 4 or g.shape[1] != 4:
            raise ValueError("For 'IOU', 'anchor_boxes' and 'gt_boxes' must have shape (N, 4) and (M, 4).")
        return wrap(box_iou(a, g, self.mode))


class NMSWithMask(Primitive):
    def __init__(self, iou_threshold: float = 0.5) -> None:
        super().__init__()
        _check_float("NMSWithMask", "iou_threshold", iou_threshold)
        self.iou_threshold = iou_threshold

    def __call__(self, bboxes: Any) -> Any:
        b = _check_dtype("NMSWithMask", "bboxes", bboxes)
        if b.dim() != 2 or b.shape[1] != 5 or b.shape[0] <= 0:
            raise ValueError(f"For 'NMSWithMask', 'bboxes' must have shape (N, 5) with N > 0, got {tuple(b.shape)}.")
        order = torch.from_numpy(_bitonic_desc(b[:, 4].detach().cpu().numpy())).to(b.device)
        sorted_boxes = b[order]
        over = box_iou(sorted_boxes[:, :4].float(), sorted_boxes[:, :4].float(), plus_one=False)
        keep = _greedy_keep(over.detach().cpu().numpy() > self.iou_threshold)
        n = b.shape[0]
        return (wrap(sorted_boxes), wrap(torch.arange(n, dtype=torch.int32, device=b.device)),
                wrap(torch.from_numpy(keep).to(b.device)))


def _bitonic_desc(scores: np.ndarray) -> np.ndarray:
    """Indices by descending score, ties ordered exactly as MindSpore's CPU kernel (an ascending bitonic sort
    over a power-of-two buffer padded with the dtype's max, read backwards)."""
    n = scores.shape[0]
    size = 1 << max(n - 1, 0).bit_length()
    data = np.full(size, np.finfo(scores.dtype).max, scores.dtype)
    data[:n] = scores
    idx = np.arange(size)
    tid = np.arange(size)
    i = 2
    while i <= size:
        j = i >> 1
        while j > 0:
            comp = tid ^ j
            t, c = tid[comp > tid], comp[comp > tid]
            ascending = (t & i) == 0
            swap = np.where(ascending, data[t] > data[c], data[t] < data[c])
            t, c = t[swap], c[swap]
            data[t], data[c] = data[c], data[t].copy()
            idx[t], idx[c] = idx[c], idx[t].copy()
            j >>= 1
        i <<= 1
    return idx[:n][::-1].copy()


def _heap_order(scores: np.ndarray, threshold: Any) -> list:
    """Indices with score > threshold in the pop order of a C++ std::priority_queue keyed on score alone
    (libstdc++'s binary heap), which decides MindSpore's order for equal scores."""
    heap: list = []
    for i, sc in enumerate(scores.tolist()):
        if not sc > threshold:
            continue
        hole = len(heap)
        heap.append((sc, i))
        while hole > 0 and heap[(hole - 1) // 2][0] < sc:  # sift up
            heap[hole] = heap[(hole - 1) // 2]
            hole = (hole - 1) // 2
        heap[hole] = (sc, i)
    order = []
    while heap:
        order.append(heap[0][1])
        value, n = heap.pop(), len(heap)
        if n == 0:
            break
        hole, child = 0, 0
        while child < (n - 1) // 2:  # move the hole down to a leaf along the larger children
            child = 2 * (child + 1)
            if heap[child][0] < heap[child - 1][0]:
                child -= 1
            heap[hole], hole = heap[child], child
        if n % 2 == 0 and child == (n - 2) // 2:
            child = 2 * (child + 1)
            heap[hole], hole = heap[child - 1], child - 1
        while hole > 0 and heap[(hole - 1) // 2][0] < value[0]:  # then sift the last element up into it
            heap[hole] = heap[(hole - 1) // 2]
            hole = (hole - 1) // 2
        heap[hole] = value
    return order


def _greedy_keep(suppresses: np.ndarray, candidates: np.ndarray | None = None, limit: int | None = None) -> np.ndarray:
    """Greedy NMS over rows already in priority order; `suppresses[i, j]`: keeping i removes j."""
    n = suppresses.shape[0]
    alive = np.ones(n, bool) if candidates is None else candidates.copy()
    keep = np.zeros(n, bool)
    for i in range(n):
        if limit is not None and keep.sum() >= limit:
            break
        if alive[i]:
            keep[i] = True
            alive &= ~suppresses[i]
    return keep


class NonMaxSuppressionWithOverlaps(Primitive):
    _ALLOWED = _F16_32 + (torch.float64,)

    def __call__(self, overlaps: Any, scores: Any, max_output_size: Any, overlap_threshold: Any,
                 score_threshold: Any) -> Any:
        op = "NonMaxSuppressionWithOverlaps"
        ov = _check_dtype(op, "overlaps", overlaps, self._ALLOWED)
        sc = _check_dtype(op, "scores", scores, self._ALLOWED)
        for name, v in (("max_output_size", max_output_size), ("overlap_threshold", overlap_threshold),
                        ("score_threshold", score_threshold)):
            if not isinstance(v, torch.Tensor):
                raise TypeError(f"For '{op}', the '{name}' must be a Tensor, but got {type(v).__name__}.")
        if ov.dtype != sc.dtype:
            raise TypeError(f"For '{op}', the input type must be same, but got {ov.dtype} and {sc.dtype}.")
        if max_output_size.dtype != torch.int32:
            raise TypeError(f"For '{op}', 'max_output_size' must be Int32, but got {max_output_size.dtype}.")
        if ov.dim() != 2 or ov.shape[0] != ov.shape[1] or sc.dim() != 1 or sc.shape[0] != ov.shape[0]:
            raise ValueError(f"For '{op}', 'overlaps' must be (n, n) and 'scores' (n,).")
        limit = int(max_output_size)
        if limit < 0:
            raise ValueError(f"For '{op}', the input max_output_size must be non-negative.")
        s = sc.detach().float().cpu().numpy()
        o = ov.detach().float().cpu().numpy()
        thr, selected = np.float32(overlap_threshold), []
        for i in _heap_order(s, np.float32(score_threshold)):
            if len(selected) >= limit:
                break
            if not any(o[i, j] >= thr for j in selected):  # row: candidate, column: kept box
                selected.append(i)
        return wrap(torch.tensor(selected, dtype=torch.int32, device=ov.device))


class NonMaxSuppressionV3(Primitive):
    """TensorFlow's NonMaxSuppressionV3: IoU without +1, suppress when IoU > threshold, scores > score_threshold."""

    def __call__(self, boxes: Any, scores: Any, max_output_size: Any, iou_threshold: Any, score_threshold: Any) -> Any:
        op = "NonMaxSuppressionV3"
        b = _check_dtype(op, "boxes", boxes)
        sc = _check_dtype(op, "scores", scores)
        if b.dim() != 2 or b.shape[1] != 4 or sc.dim() != 1:
            raise ValueError(f"For '{op}', 'boxes' must be (n, 4) and 'scores' (n,).")
        limit = max(int(max_output_size), 0)
        s = sc.detach().double().cpu().numpy()
        order = np.argsort(-s, kind="stable")
        bx = b.detach().double().cpu()[torch.from_numpy(order)]
        lo, hi = torch.minimum(bx[:, :2], bx[:, 2:]), torch.maximum(bx[:, :2], bx[:, 2:])
        over = box_iou(torch.cat([lo, hi], 1), torch.cat([lo, hi], 1), plus_one=False).nan_to_num(0.0).numpy()
        keep = _greedy_keep(over > float(iou_threshold), s[order] > float(score_threshold), limit)
        return wrap(torch.from_numpy(order[keep].astype(np.int32)).to(b.device))


def _check_means_stds(op: str, means: Any, stds: Any) -> None:
    for name, v in (("means", means), ("stds", stds)):
        if not isinstance(v, tuple):
            raise TypeError(f"For '{op}', the '{name}' must be a tuple, but got {type(v).__name__}.")
        for i, item in enumerate(v):
            _check_float(op, f"{name}[{i}]", item)
        if len(v) != 4:
            raise ValueError(f"For '{op}', the length of '{name}' must be 4, but got {len(v)}.")


def _xywh(b: torch.Tensor) -> tuple:
    w = b[:, 2] - b[:, 0] + 1.0
    h = b[:, 3] - b[:, 1] + 1.0
    return b[:, 0] + 0.5 * (w - 1.0), b[:, 1] + 0.5 * (h - 1.0), w, h


class BoundingBoxEncode(Primitive):
    def __init__(self, means: Any = (0.0, 0.0, 0.0, 0.0), stds: Any = (1.0, 1.0, 1.0, 1.0)) -> None:
        super().__init__()
        _check_means_stds("BoundingBoxEncode", means, stds)
        self.means, self.stds = means, stds

    def __call__(self, anchor_box: Any, groundtruth_box: Any) -> Any:
        a = _check_dtype("BoundingBoxEncode", "anchor_box", anchor_box)
        g = _check_dtype("BoundingBoxEncode", "groundtruth_box", groundtruth_box)
        px, py, pw, ph = _xywh(a)
        gx, gy, gw, gh = _xywh(g)
        d = torch.stack([(gx - px) / pw, (gy - py) / ph, torch.log(gw / pw), torch.log(gh / ph)], 1)
        return wrap((d - d.new_tensor(self.means)) / d.new_tensor(self.stds))


class BoundingBoxDecode(Primitive):
    def __init__(self, max_shape: Any, means: Any = (0.0, 0.0, 0.0, 0.0), stds: Any = (1.0, 1.0, 1.0, 1.0),
                 wh_ratio_clip: float = 0.016) -> None:
        super().__init__()
        _check_means_stds("BoundingBoxDecode", means, stds)
        _check_float("BoundingBoxDecode", "wh_ratio_clip", wh_ratio_clip)
        if max_shape is not None:
            if not isinstance(max_shape, tuple):
                got = type(max_shape).__name__
                raise TypeError(f"For 'BoundingBoxDecode', 'max_shape' must be a tuple, but got {got}.")
            if len(max_shape) != 2:
                raise ValueError(f"For 'BoundingBoxDecode', 'max_shape' must have 2 values, got {len(max_shape)}.")
        self.max_shape, self.means, self.stds, self.wh_ratio_clip = max_shape, means, stds, wh_ratio_clip

    def __call__(self, anchor_box: Any, deltas: Any) -> Any:
        a = _check_dtype("BoundingBoxDecode", "anchor_box", anchor_box)
        d = _check_dtype("BoundingBoxDecode", "deltas", deltas)
        if self.max_shape is None:
            raise RuntimeError("For 'BoundingBoxDecode', 'max_shape' must be a tuple of two ints, but got None.")
        d = d * d.new_tensor(self.stds) + d.new_tensor(self.means)
        limit = abs(math.log(self.wh_ratio_clip))
        dw, dh = d[:, 2].clamp(-limit, limit), d[:, 3].clamp(-limit, limit)
        px, py, pw, ph = _xywh(a)
        gw, gh = pw * torch.exp(dw), ph * torch.exp(dh)
        gx, gy = px + pw * d[:, 0], py + ph * d[:, 1]
        h, w = self.max_shape
        x1 = (gx - gw * 0.5 + 0.5).clamp(0, w)
        y1 = (gy - gh * 0.5 + 0.5).clamp(0, h)
        x2 = (gx + gw * 0.5 - 0.5).clamp(0, w)
        y2 = (gy + gh * 0.5 - 0.5).clamp(0, h)
        return wrap(torch.stack([x1, y1, x2, y2], 1))


class CheckValid(Primitive):
    def __call__(self, bboxes: Any, img_metas: Any) -> Any:
        allowed = _F16_32 + (torch.uint8,)
        b = _check_dtype("CheckValid", "bboxes", bboxes, allowed)
        m = _check_dtype("CheckValid", "img_metas", img_metas, allowed)
        bf, mf = b.float(), m.float()
        hmax, wmax = mf[0] * mf[2] - 1.0, mf[1] * mf[2] - 1.0
        ok = (bf[:, 0] >= 0) & (bf[:, 1] >= 0) & (bf[:, 2] <= wmax) & (bf[:, 3] <= hmax)
        return wrap(ok)


class ROIAlign(Primitive):
    def __init__(self, pooled_height: int, pooled_width: int, spatial_scale: float, sample_num: int = 2,
                 roi_end_mode: int = 1) -> None:
        super().__init__()
        for name, v in (("pooled_height", pooled_height), ("pooled_width", pooled_width),
                        ("sample_num", sample_num), ("roi_end_mode", roi_end_mode)):
            if not isinstance(v, int) or isinstance(v, bool):
                raise TypeError(f"For 'ROIAlign', the '{name}' must be an int, but got {type(v).__name__}.")
        _check_float("ROIAlign", "spatial_scale", spatial_scale)
        if roi_end_mode not in (0, 1):
            raise ValueError(f"For 'ROIAlign', 'roi_end_mode' must be in [0, 1], but got {roi_end_mode}.")
        self.pooled_height, self.pooled_width = pooled_height, pooled_width
        self.spatial_scale, self.sample_num, self.roi_end_mode = spatial_scale, sample_num, roi_end_mode

    def _axis(self, start: torch.Tensor, length: torch.Tensor, pooled: int, size: int, grid: int) -> tuple:
        """Per-sample (low, high, weight_low, weight_high, valid) along one axis: shape (pooled * grid,)."""
        bin_size = length / pooled
        steps = torch.arange(pooled * grid, dtype=start.dtype, device=start.device)
        pos = start + (steps // grid) * bin_size + ((steps % grid) + 0.5) * bin_size / grid
        valid = (pos >= -1.0) & (pos <= size)
        pos = pos.clamp(min=0.0)
        low = torch.floor(pos).long()
        at_end = low >= size - 1
        low = torch.where(at_end, torch.full_like(low, size - 1), low)
        high = torch.where(at_end, low, low + 1)
        pos = torch.where(at_end, low.to(pos.dtype), pos)
        frac = pos - low.to(pos.dtype)
        return low, high, 1.0 - frac, frac, valid

    def __call__(self, features: Any, rois: Any) -> Any:
        x = _check_dtype("ROIAlign", "features", features)
        r = _check_dtype("ROIAlign", "rois", rois)
        n, c, h, w = x.shape
        host = r.detach().double().cpu().numpy()
        if host.size and (host[:, 0].min() < 0 or host[:, 0].max() > n - 1):
            raise RuntimeError(f"For 'ROIAlign', image_index must be a number in [0, {n - 1}].")
        ph, pw, scale, mode = self.pooled_height, self.pooled_width, self.spatial_scale, self.roi_end_mode
        outs = []
        for i in range(r.shape[0]):
            row = host[i]
            if abs(row[1]) < 1e-3 and abs(row[3]) < 1e-3:  # MindSpore skips such RoIs (zero output)
                outs.append(x.new_zeros((c, ph, pw)))
                continue
            rr = r[i].to(x.dtype)
            sx, sy = rr[1] * scale, rr[2] * scale
            rw, rh = (rr[3] + mode) * scale - sx, (rr[4] + mode) * scale - sy
            if mode == 0:
                rw, rh = rw.clamp(min=1.0), rh.clamp(min=1.0)
            gh = self.sample_num if self.sample_num > 0 else int(math.floor(float(rh) / ph))
            gw = self.sample_num if self.sample_num > 0 else int(math.floor(float(rw) / pw))
            if gh <= 0 or gw <= 0:  # MindSpore divides by a zero sample count
                outs.append(x.new_full((c, ph, pw), float("nan")))
                continue
            ylo, yhi, wyl, wyh, vy = self._axis(sy, rh, ph, h, gh)
            xlo, xhi, wxl, wxh, vx = self._axis(sx, rw, pw, w, gw)
            img = x[int(round(row[0] + 7e-5))]
            rows_l, rows_h = img[:, ylo, :], img[:, yhi, :]
            val = (wyl[:, None] * (wxl * rows_l[:, :, xlo] + wxh * rows_l[:, :, xhi])
                   + wyh[:, None] * (wxl * rows_h[:, :, xlo] + wxh * rows_h[:, :, xhi]))
            val = val * (vy[:, None] & vx[None, :]).to(val.dtype)
            outs.append(val.reshape(c, ph, gh, pw, gw).sum((2, 4)) / (gh * gw))
        return wrap(torch.stack(outs) if outs else x.new_zeros((0, c, ph, pw)))



from mindshim.ops.operations.detection_nms_ops import CombinedNonMaxSuppression  # noqa: E402 (split for size)


__all__ = ["IOU", "NMSWithMask", "NonMaxSuppressionWithOverlaps", "NonMaxSuppressionV3", "BoundingBoxEncode",
           "BoundingBoxDecode", "CheckValid", "ROIAlign", "CombinedNonMaxSuppression"]

from mindshim.ops.operations._factory import finish as _finish  # noqa: E402

_finish(globals())
