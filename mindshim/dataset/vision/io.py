"""Image file and codec functions of mindspore.dataset.vision (read_file, read_image, write_*, encode_*).

Codecs are PIL's (libjpeg / zlib). RGB JPEG bytes equal OpenCV's (same libjpeg settings: quality,
4:2:0); one-channel JPEG and PNG bytes can differ, PNG's decoded pixels never do. Grayscale reads
follow OpenCV: libpng's truncated 0.299/0.587 weights for PNG, libjpeg's luma for JPEG.
Outputs are uint8 numpy arrays, as MindSpore returns them.
"""
from __future__ import annotations

import io as _io
import os
from typing import Any

import numpy as np

from mindshim.dataset.vision.utils import ImageReadMode


def _image_arg(image: Any, op: str) -> np.ndarray:
    from mindshim.common.tensor import Tensor
    if isinstance(image, Tensor):
        image = image.asnumpy()
    if not isinstance(image, np.ndarray):
        raise TypeError(f"Input image is not of type {np.ndarray} or <class 'mindspore.common.tensor.Tensor'>, "
                        f"but got: {type(image)}.")
    if image.dtype != np.uint8:
        raise RuntimeError(f"{op}: The type of the image data should be UINT8, but got {image.dtype}.")
    if image.ndim == 3 and image.shape[2] == 1:
        image = image[..., 0]
    if image.ndim not in (2, 3) or (image.ndim == 3 and image.shape[2] != 3):
        raise RuntimeError(f"{op}: The image has invalid dimensions or channels: {image.shape}.")
    return np.ascontiguousarray(image)


def _int_arg(value: Any, name: str, low: int, high: int, op: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"Input {name} is not of type {int}, but got: {type(value)}.")
    if not low <= value <= high:
        raise RuntimeError(f"{op}: Invalid {name} {value}, should be in range of [{low}, {high}].")
    return value


def _filename(filename: Any) -> str:
    if not isinstance(filename, str):
        raise TypeError(f"Input filename is not of type {str}, but got: {type(filename)}.")
    return filename


def _encode(image: np.ndarray, fmt: str, **kw: Any) -> np.ndarray:
    from PIL import Image
    buf = _io.BytesIO()
    Image.fromarray(image).save(buf, format=fmt, **kw)
    return np.frombuffer(buf.getvalue(), np.uint8).copy()


def encode_jpeg(image: Any, quality: int = 75) -> np.ndarray:
    image = _image_arg(image, "EncodeJpeg")
    quality = _int_arg(quality, "quality", 1, 100, "EncodeJpeg")
    return _encode(image, "JPEG", quality=quality, subsampling=2)


def encode_png(image: Any, compression_level: int = 6) -> np.ndarray:
    image = _image_arg(image, "EncodePng")
    level = _int_arg(compression_level, "compression_level", 0, 9, "EncodePng")
    return _encode(image, "PNG", compress_level=level)


def read_file(filename: Any) -> np.ndarray:
    filename = _filename(filename)
    if not os.path.isfile(filename):
        raise RuntimeError(f"ReadFile: Invalid file path, {filename} does not exist or is not a file.")
    with open(filename, "rb") as f:
        return np.frombuffer(f.read(), np.uint8).copy()


def write_file(filename: Any, data: Any) -> None:
    from mindshim.common.tensor import Tensor
    filename = _filename(filename)
    if isinstance(data, Tensor):
        data = data.asnumpy()
    if not isinstance(data, np.ndarray):
        raise TypeError(f"Input data is not of type {np.ndarray}, but got: {type(data)}.")
    if data.dtype != np.uint8 or data.ndim != 1 or data.size == 0:
        raise RuntimeError(f"WriteFile: The data should be a non-empty 1-D uint8 array, got {data.dtype} "
                           f"{data.shape}.")
    with open(filename, "wb") as f:
        f.write(data.tobytes())


def _png_gray(rgb: np.ndarray) -> np.ndarray:
    """libpng's rgb_to_gray (0.299, 0.587 in 1/32768, truncated), which OpenCV's PNG reader asks for."""
    x = rgb.astype(np.int64)
    return ((x[..., 0] * 9797 + x[..., 1] * 19234 + x[..., 2] * 3737) >> 15).astype(np.uint8)


def read_image(filename: Any, mode: ImageReadMode = ImageReadMode.UNCHANGED) -> np.ndarray:
    from PIL import Image
    filename = _filename(filename)
    if not isinstance(mode, ImageReadMode):
        raise TypeError(f"Input mode is not of type {ImageReadMode}, but got: {type(mode)}.")
    raw = read_file(filename)
    try:
        pil = Image.open(_io.BytesIO(raw.tobytes()))
        if mode == ImageReadMode.GRAYSCALE and pil.format == "JPEG":
            pil.draft("L", pil.size)  # libjpeg decodes straight to its luma channel, as OpenCV asks it to
        pil.load()
    except Exception as err:
        raise RuntimeError(f"ReadImage: Failed to decode image {filename}: {err}") from err
    if pil.mode == "P":
        pil = pil.convert("RGBA" if "transparency" in pil.info else "RGB")
    arr = np.asarray(pil.convert("RGB") if pil.mode not in ("L", "RGB", "RGBA") else pil)
    if arr.ndim == 2:
        arr = arr[..., None]
    if mode == ImageReadMode.GRAYSCALE:
        return arr if arr.shape[2] == 1 else _png_gray(arr[..., :3])[..., None]
    if mode == ImageReadMode.COLOR:
        return np.repeat(arr, 3, axis=2) if arr.shape[2] == 1 else np.ascontiguousarray(arr[..., :3])
    return np.ascontiguousarray(arr)


def write_jpeg(filename: Any, image: Any, quality: int = 75) -> None:
    write_file(filename, encode_jpeg(image, quality))


def write_png(filename: Any, image: Any, compression_level: int = 6) -> None:
    write_file(filename, encode_png(image, compression_level))


def not_random(func: Any) -> Any:
    """Marks a Python function as deterministic (so a pipeline may cache it)."""
    func.random = False
    return func


__all__ = ["encode_jpeg", "encode_png", "read_file", "read_image", "write_file", "write_jpeg", "write_png",
           "not_random"]
