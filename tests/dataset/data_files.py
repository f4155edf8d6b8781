"""Test data for mindspore.dataset: small MNIST (idx) and CIFAR (binary) folders of real handwritten digits.

The images are the UCI handwritten digits shipped in `migration_examples/data/digits.csv.gz`, turned into
28x28 MNIST images by `tools/make_mnist.py` (whose writers these helpers call).
"""
from __future__ import annotations

import functools
import importlib.util
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]


@functools.lru_cache(maxsize=1)
def make_mnist_module():
    spec = importlib.util.spec_from_file_location("_tools_make_mnist", ROOT / "tools" / "make_mnist.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


@functools.lru_cache(maxsize=1)
def digits() -> tuple[np.ndarray, np.ndarray]:
    """(N, 28, 28) uint8 real digit images and their (N,) uint8 labels."""
    return make_mnist_module().load_digits()


def write_mnist_dir(folder: Path, n_train: int = 100, n_test: int = 40) -> Path:
    images, labels = digits()
    tool = make_mnist_module()
    tool.write_mnist(folder, images[:n_train], labels[:n_train], "train")
    tool.write_mnist(folder, images[n_train:n_train + n_test], labels[n_train:n_train + n_test], "t10k")
    return folder


def write_cifar10_dir(folder: Path, n_train: int = 60, n_test: int = 20) -> Path:
    """Small files (mindshim reads any record count; real MindSpore needs 10,000 per file)."""
    images, labels = digits()
    tool = make_mnist_module()
    rgb = tool.digits_as_rgb32(images[:n_train + n_test])
    tool.write_cifar(folder / "data_batch_1.bin", rgb[:n_train], labels[:n_train], records=None)
    tool.write_cifar(folder / "test_batch.bin", rgb[n_train:], labels[n_train:n_train + n_test], records=None)
    return folder


def write_cifar100_dir(folder: Path, n: int = 30) -> Path:
    images, labels = digits()
    tool = make_mnist_module()
    both = np.stack([labels[:n] % 5, labels[:n]], 1)  # (coarse, fine)
    tool.write_cifar(folder / "train.bin", tool.digits_as_rgb32(images[:n]), both, records=None)
    tool.write_cifar(folder / "test.bin", tool.digits_as_rgb32(images[n:2 * n]), both, records=None)
    return folder
