"""Turning recorded values into TensorBoard summary values, with MindSpore's conventions: its file names,
histogram bin counts, NCHW image canvas (up to 8 images a row, grey replicated to RGB) and scaling."""
from __future__ import annotations

import logging
import platform
import re
from typing import Any

import numpy as np

from mindshim._backend import event_writer

logger = logging.getLogger("mindshim")

# MindSpore's files are "<prefix>.out.events.summary...." (MindInsight's format); these hold TensorBoard's format and
# TensorBoard only opens files whose name contains "tfevents".
EVENT_FILE_NAME_MARK = ".out.tfevents.summary."
_NAME_REG = r"^\w+[0-9a-zA-Z\_\.]*$"


def check_name_by_regular(target: str) -> None:
    if re.match(_NAME_REG, target, re.ASCII) is None:
        raise ValueError(f"The '{target}' is illegal, it must be match regular'{_NAME_REG}' by flags'{re.ASCII}.'")


def _device_id() -> int:
    from mindshim import context
    from mindshim.communication import management
    try:
        if management.get_group_size() > 1:
            return management.get_rank()
    except Exception:  # communication not initialised: a single process
        pass
    return int(context.get_context("device_id") or 0)


def event_file_name(prefix: str, suffix: str, time_second: str) -> str:
    """prefix + '.out.tfevents.summary.' + seconds + '.' + device id + '.' + hostname + suffix."""
    check_name_by_regular(prefix)
    check_name_by_regular(suffix)
    return f"{prefix}{EVENT_FILE_NAME_MARK}{time_second}.{_device_id()}.{platform.node()}{suffix}"


def histogram_bins(count: int) -> int:
    if not count:
        return 1
    if count <= 5:
        return 2
    if count <= 10:
        return 3
    if count <= 880:
        return count // 10 + 1
    return 90


def histogram(tag: str, array: np.ndarray) -> bytes | None:
    values = np.asarray(array)
    finite = values[np.isfinite(values)] if values.dtype.kind == "f" else values.reshape(-1)
    if finite.size == 0:
        logger.warning("There are no valid values in the ndarray(size=%d, shape=%s)", values.size, values.shape)
        return None
    lo, hi = float(finite.min()), float(finite.max())
    first, last = (lo, hi) if lo < hi else (lo - 0.5, hi + 0.5)
    as64 = finite.astype(np.float64)
    counts, edges = np.histogram(as64, bins=np.linspace(first, last, histogram_bins(finite.size) + 1))
    return event_writer.histogram_value(tag, lo, hi, values.size, float(as64.sum()), float((as64 * as64).sum()),
                                        edges[1:], counts.astype(np.float64))


def _canvas(nchw: np.ndarray, columns: int = 8) -> np.ndarray:
    if nchw.shape[1] == 1:
        nchw = np.concatenate([nchw, nchw, nchw], 1)
    n, _, h, w = nchw.shape
    cols = min(n, columns)
    rows = int(np.ceil(n / cols))
    canvas = np.zeros((3, h * rows, w * cols))
    for i in range(n):
        y, x = divmod(i, cols)
        canvas[:, y * h:(y + 1) * h, x * w:(x + 1) * w] = nchw[i]
    return canvas.transpose(1, 2, 0)


def image(tag: str, array: np.ndarray) -> bytes | None:
    if array.ndim != 4 or array.shape[1] not in (1, 3):
        logger.error("The dimension of Summary tensor should be 4 or second dimension should be 1 or 3, but got "
                     "tag = %s, ndim = %d, shape=%s, which means Summary tensor is not Image.", tag, array.ndim,
                     array.shape)
        return None
    if 0 in array.shape:
        logger.error("The tensor with shape(%s) is not a valid image because the shape contains zero.", array.shape)
        return None
    hwc = _canvas(array)
    lo, hi = np.min(hwc), np.max(hwc)
    scale, shift = 1.0, 0.0
    if array.dtype == np.uint8:
        scale = 1.0
    elif hi <= 1 and lo >= 0:
        scale = 255.0
    else:
        if hi != lo:
            scale = 255 / (hi - lo + 1)
        shift = lo
    pixels = ((hwc.astype(np.float32) - shift) * scale).astype(np.uint8)
    return event_writer.image_value(tag, pixels)


def scalar(tag: str, array: np.ndarray) -> bytes | None:
    if array.size == 0:
        logger.error("The size of Summary tensor should greater than 1, but got size = 0.")
        return None
    return event_writer.scalar_value(tag, float(next(array.flat)))


def summary_values(pool: dict[str, list[dict[str, Any]]]) -> list[bytes]:
    makers = {"scalar": scalar, "image": image, "histogram": histogram, "tensor": event_writer.tensor_value}
    values = []
    for plugin, items in pool.items():
        make = makers.get(plugin)
        for item in items if make else ():
            value = make(item["tag"], item["value"])
            if value is not None:
                values.append(value)
    return values
