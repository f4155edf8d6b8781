"""MindRecord throughput: write and read a 100,000-row file with mindshim, and with real MindSpore when given.

usage: python bench/bench_mindrecord.py [--rows 100000] [--mindspore /path/to/ms-venv/bin/python]

Each side writes the same rows (id int64, label int32, a 200-byte blob, an 8-float feature) with
`FileWriter` in 100 `write_raw_data` calls, then reads the whole file with `MindDataset(shuffle=False)` and
with `FileReader`. The MindSpore side runs this same script in its own interpreter (`--side mindspore`), so
neither framework is imported into the other's process. Prints a table of rows/s and mindshim / MindSpore.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np


def measure(side: str, rows: int, folder: str) -> dict[str, float]:
    if side == "mindspore":
        import mindspore.dataset as ds
        from mindspore.mindrecord import FileReader, FileWriter
    else:
        sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
        import mindshim.dataset as ds
        from mindshim.mindrecord import FileReader, FileWriter
    path = os.path.join(folder, f"{side}.mindrecord")
    rng = np.random.RandomState(0)
    per_call = rows // 100
    writer = FileWriter(path, overwrite=True)
    writer.add_schema({"id": {"type": "int64"}, "label": {"type": "int32"}, "image": {"type": "bytes"},
                       "feat": {"type": "float32", "shape": [8]}})
    start = time.perf_counter()
    for k in range(100):
        writer.write_raw_data([{"id": i, "label": i % 10, "image": rng.bytes(200),
                                "feat": rng.randn(8).astype(np.float32)}
                               for i in range(k * per_call, (k + 1) * per_call)])
    writer.commit()
    out = {"write": rows / (time.perf_counter() - start)}
    start = time.perf_counter()
    n = sum(1 for _ in ds.MindDataset(path, shuffle=False).create_tuple_iterator(output_numpy=True, num_epochs=1))
    out["MindDataset read"] = n / (time.perf_counter() - start)
    start = time.perf_counter()
    reader = FileReader(path)
    n = sum(1 for _ in reader.get_next())
    reader.close()
    out["FileReader read"] = n / (time.perf_counter() - start)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--mindspore", help="python of a venv with MindSpore 2.10 installed")
    parser.add_argument("--side", default="mindshim", choices=["mindshim", "mindspore"])
    parser.add_argument("--dir")
    args = parser.parse_args()
    if args.side == "mindspore":  # the child run: print one JSON line
        print(json.dumps(measure("mindspore", args.rows, args.dir)))
        return 0
    with tempfile.TemporaryDirectory() as folder:
        ours = measure("mindshim", args.rows, folder)
        theirs = {}
        if args.mindspore:
            res = subprocess.run([args.mindspore, os.path.abspath(__file__), "--side", "mindspore", "--rows",
                                  str(args.rows), "--dir", folder], capture_output=True, text=True, cwd=folder)
            theirs = json.loads(res.stdout.strip().splitlines()[-1]) if res.returncode == 0 else {}
            if not theirs:
                print(res.stderr[-2000:], file=sys.stderr)
    print(f"| {args.rows:,} rows | mindshim rows/s | MindSpore 2.10 rows/s | mindshim / MindSpore |")
    print("|---|---:|---:|---:|")
    for key, value in ours.items():
        other = theirs.get(key)
        ratio = f"{value / other:.2f}" if other else "-"
        print(f"| {key} | {value:,.0f} | {f'{other:,.0f}' if other else '-'} | {ratio} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
