"""Write the shipped real digits as an MNIST-format directory (train/ and test/ idx files).

usage: python migration_examples/make_digits_mnist.py OUT_DIR [--train N]
"""
from __future__ import annotations

import argparse
import gzip
import struct
from pathlib import Path

import numpy as np
import torch

DATA = Path(__file__).resolve().parent / "data" / "digits.csv.gz"


def load_digits() -> tuple[np.ndarray, np.ndarray]:
    with gzip.open(DATA, "rt") as f:
        rows = np.loadtxt(f, delimiter=",")
    images = rows[:, :64].reshape(-1, 8, 8) * (255.0 / 16.0)
    labels = rows[:, 64].astype(np.uint8)
    big = torch.nn.functional.interpolate(torch.from_numpy(images)[:, None].float(), size=(20, 20),
                                          mode="bilinear", align_corners=False)[:, 0]
    out = np.zeros((len(images), 28, 28), np.uint8)  # MNIST digits sit in a 20x20 box inside 28x28
    out[:, 4:24, 4:24] = np.clip(big.numpy().round(), 0, 255).astype(np.uint8)
    return out, labels


def write_idx(folder: Path, prefix: str, images: np.ndarray, labels: np.ndarray) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / f"{prefix}-images-idx3-ubyte", "wb") as f:
        f.write(struct.pack(">IIII", 2051, len(images), 28, 28))
        f.write(images.tobytes())
    with open(folder / f"{prefix}-labels-idx1-ubyte", "wb") as f:
        f.write(struct.pack(">II", 2049, len(labels)))
        f.write(labels.tobytes())


def make(out_dir: str | Path, n_train: int = 1500) -> Path:
    images, labels = load_digits()
    out = Path(out_dir)
    write_idx(out / "train", "train", images[:n_train], labels[:n_train])
    write_idx(out / "test", "t10k", images[n_train:], labels[n_train:])
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out_dir")
    parser.add_argument("--train", type=int, default=1500)
    args = parser.parse_args()
    print(make(args.out_dir, args.train))
