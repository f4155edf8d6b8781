"""Write small MNIST (idx ubyte) and CIFAR-10/100 (binary) dataset folders from real handwritten digits.

The digits are the UCI "optical recognition of handwritten digits" set shipped in
`migration_examples/data/digits.csv.gz` (1,797 8x8 images, the data scikit-learn bundles), upscaled
into MNIST's 20x20 box inside 28x28 (`migration_examples/make_digits_mnist.py`). The writers take any
uint8 arrays, so tests can also write their own.

usage: python tools/make_mnist.py OUT_DIR [--train 1500] [--cifar10]
  OUT_DIR/train and OUT_DIR/test hold MNIST idx files; with --cifar10, OUT_DIR/cifar10 holds
  data_batch_1.bin and test_batch.bin made from the same digits (32x32, three tinted channels).
"""
from __future__ import annotations

import argparse
import importlib.util
import struct
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]


def load_digits() -> tuple[np.ndarray, np.ndarray]:
    """The shipped real digits as (N, 28, 28) uint8 images and (N,) uint8 labels."""
    spec = importlib.util.spec_from_file_location("_make_digits_mnist", ROOT / "migration_examples" / "make_digits_mnist.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module.load_digits()


def write_mnist(folder: str | Path, images: np.ndarray, labels: np.ndarray, prefix: str = "train") -> Path:
    """`<prefix>-images-idx3-ubyte` and `<prefix>-labels-idx1-ubyte` (prefix "train" or "t10k")."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    images, labels = np.asarray(images, np.uint8), np.asarray(labels, np.uint8)
    n, h, w = images.shape
    with open(folder / f"{prefix}-images-idx3-ubyte", "wb") as f:
        f.write(struct.pack(">IIII", 2051, n, h, w) + images.tobytes())
    with open(folder / f"{prefix}-labels-idx1-ubyte", "wb") as f:
        f.write(struct.pack(">II", 2049, n) + labels.tobytes())
    return folder


def digits_as_rgb32(images: np.ndarray) -> np.ndarray:
    """(N, 28, 28) grey digits -> (N, 32, 32, 3) HWC colour images (padded by 2, channels tinted)."""
    grey = np.pad(images, ((0, 0), (2, 2), (2, 2))).astype(np.uint16)
    tint = np.array([255, 180, 90], np.uint16)
    return ((grey[..., None] * tint) // 255 + np.array([0, 20, 40], np.uint16)).clip(0, 255).astype(np.uint8)


def write_cifar(path: str | Path, images_hwc: np.ndarray, labels: np.ndarray, records: int | None = 10000) -> Path:
    """One CIFAR binary file: per record the label byte(s) then 3x32x32 pixels in CHW order.
    `labels` of shape (N,) writes CIFAR-10 records, (N, 2) (coarse, fine) CIFAR-100 records.
    Real MindSpore reads exactly 10,000 records per CIFAR-10 file, so by default the images are
    cycled to that count; `records=None` writes them as they are (mindshim reads any count)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    labels = np.asarray(labels, np.uint8).reshape(len(images_hwc), -1)
    chw = np.asarray(images_hwc, np.uint8).transpose(0, 3, 1, 2).reshape(len(images_hwc), -1)
    rec = np.concatenate([labels, chw], 1)
    if records is not None:
        rec = rec[np.arange(records) % len(rec)]
    rec.tofile(path)
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out_dir")
    parser.add_argument("--train", type=int, default=1500)
    parser.add_argument("--cifar10", action="store_true")
    args = parser.parse_args()
    images, labels = load_digits()
    out = Path(args.out_dir)
    write_mnist(out / "train", images[:args.train], labels[:args.train], "train")
    write_mnist(out / "test", images[args.train:], labels[args.train:], "t10k")
    if args.cifar10:
        rgb = digits_as_rgb32(images)
        write_cifar(out / "cifar10" / "data_batch_1.bin", rgb[:args.train], labels[:args.train])
        write_cifar(out / "cifar10" / "test_batch.bin", rgb[args.train:], labels[args.train:])
    print(out)


if __name__ == "__main__":
    main()
