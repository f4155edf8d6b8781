"""Samples/second of seed 001's MNIST LeNet pipeline: mindshim (num_parallel_workers 1 and 2, block path and
row path), a hand-written torch DataLoader pipeline, and real MindSpore 2.10 when its interpreter is given.

usage: python bench/bench_dataset.py [--data DIR] [--epochs 3] [--repeats 5] [--mindspore-python /path/to/python]
The data is the shipped real digits in MNIST format (written to DIR by tools/make_mnist.py when missing).
Each arm runs in its own process; the best of `--repeats` runs is kept, and the rounds alternate between
the arms so that a change in machine load hits them alike. Prints a table and the load average.
The "row path" arms switch off the block path (mindshim/dataset/engine/_blocks.py): the engine before it.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]

PIPELINE = '''
import json, sys, time
import mindspore.dataset as ds
import mindspore.dataset.vision as CV
import mindspore.dataset.transforms as CT
from mindspore.common import dtype as mstype
path, workers, epochs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
d = ds.MnistDataset(path, shuffle=False)
d = d.map(input_columns="label", operations=CT.TypeCast(mstype.int32), num_parallel_workers=workers)
d = d.map(input_columns="image", operations=[CV.Resize((32, 32), interpolation=CV.Inter.LINEAR),
          CV.Rescale(1.0 / 255.0, 0.0), CV.Rescale(1 / 0.3081, -1 * 0.1307 / 0.3081), CV.HWC2CHW()],
          num_parallel_workers=workers)
d = d.batch(32, drop_remainder=True)
it = d.create_tuple_iterator(num_epochs=epochs, output_numpy=True)
n = 0
start = time.perf_counter()
for _ in range(epochs):
    for batch in it:
        n += batch[0].shape[0]
print(json.dumps({"samples_per_s": n / (time.perf_counter() - start)}))
'''


SHIM = "import mindshim; mindshim.install_alias()\n"
ROW_PATH = SHIM + "from mindshim.dataset.engine import _blocks; _blocks.ENABLED = False\n"


def run_pipeline(python: str, data: Path, workers: int, epochs: int, prefix: str = "", repeats: int = 3) -> float:
    best = 0.0
    for _ in range(repeats):
        best = max(best, _run_once(python, data, workers, epochs, prefix))
    return best


def _run_once(python: str, data: Path, workers: int, epochs: int, prefix: str) -> float:
    res = subprocess.run([python, "-c", prefix + PIPELINE, str(data), str(workers), str(epochs)],
                         capture_output=True, text=True, timeout=900, cwd=tempfile.gettempdir())
    if res.returncode:
        raise RuntimeError(res.stderr[-2000:])
    return json.loads(res.stdout.strip().splitlines()[-1])["samples_per_s"]


def torch_dataloader(data: Path, workers: int, epochs: int) -> float:
    import torch
    import torch.nn.functional as F

    images = np.fromfile(data / "train-images-idx3-ubyte", np.uint8)[16:].reshape(-1, 28, 28)
    labels = np.fromfile(data / "train-labels-idx1-ubyte", np.uint8)[8:]

    class Digits(torch.utils.data.Dataset):
        def __len__(self):
            return len(labels)

        def __getitem__(self, i):
            img = torch.from_numpy(images[i]).float()[None, None]
            img = F.interpolate(img, size=(32, 32), mode="bilinear", align_corners=False)[0]
            img = (img / 255.0 - 0.1307) / 0.3081
            return img, int(labels[i])

    loader = torch.utils.data.DataLoader(Digits(), batch_size=32, drop_last=True, num_workers=workers)
    n = 0
    start = time.perf_counter()
    for _ in range(epochs):
        for x, _ in loader:
            n += x.shape[0]
    return n / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", default=os.path.join(tempfile.gettempdir(), "mindshim_bench_digits"))
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--mindspore-python", default=None)
    args = parser.parse_args()
    load = os.getloadavg()
    data = Path(args.data)
    if not (data / "train" / "train-images-idx3-ubyte").exists():
        subprocess.run([sys.executable, str(ROOT / "tools" / "make_mnist.py"), str(data)], check=True)
    train = data / "train"
    arms = [(f"mindshim, num_parallel_workers={w}", w, SHIM) for w in (1, 2)]
    arms += [(f"mindshim row path, num_parallel_workers={w}", w, ROW_PATH) for w in (1, 2)]
    best = {name: 0.0 for name, _, _ in arms}
    for _ in range(args.repeats):  # alternate the arms round by round
        for name, workers, prefix in arms:
            best[name] = max(best[name], _run_once(sys.executable, train, workers, args.epochs, prefix))
    rows = list(best.items())
    for workers in (0, 2):
        rows.append((f"torch DataLoader, num_workers={workers}",
                     max(torch_dataloader(train, workers, args.epochs) for _ in range(args.repeats))))
    if args.mindspore_python:
        for workers in (1, 2):
            rows.append((f"MindSpore 2.10, num_parallel_workers={workers}",
                         run_pipeline(args.mindspore_python, train, workers, args.epochs, repeats=args.repeats)))
    print(f"{'pipeline':<42} {'samples/s':>10}")
    for name, value in rows:
        print(f"{name:<42} {value:>10.0f}")
    print(f"load average (1, 5, 15 min) before: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; after: "
          + " ".join(f"{x:.2f}" for x in os.getloadavg()) + f"; {os.cpu_count()} CPUs")


if __name__ == "__main__":
    main()
