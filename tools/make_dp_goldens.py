"""Write the data-parallel goldens by running the acceptance script under REAL MindSpore 2.10's msrun.

    .venv/bin/python tools/make_dp_goldens.py [--msvenv /work/msvenv] [--port 18251]

(Any python with numpy and torch runs this file, which only writes the data and starts the oracle's `msrun`:
the MNIST writer upscales the digits with torch.)

Writes a small MNIST folder (the repo's real digits, `tools/make_mnist.py`), runs
`msrun --worker_num=2 --local_worker_num=2 --join=True tests/distributed/scripts/dp_train.py` from a scratch
directory with the oracle's python first on PATH (msrun starts workers with `python`), then writes
- tests/distributed/goldens/dp_train.npz: every rank's final parameters and per-step losses
  (keys `rank<r>/<param name>`, `rank<r>/losses`);
- tests/distributed/goldens/dp_train_files.json: the checkpoint files each run left (relative paths).
mindshim is never importable by the workers: the scratch directory is outside the repo and PYTHONPATH is cleared.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "tests" / "distributed" / "scripts" / "dp_train.py"
GOLDENS = ROOT / "tests" / "distributed" / "goldens"
N_IMAGES = 64  # dp_train.py: GLOBAL_BATCH * STEPS


def write_mnist(folder: Path) -> Path:
    spec = importlib.util.spec_from_file_location("_make_mnist", ROOT / "tools" / "make_mnist.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)  # type: ignore[union-attr]
    images, labels = tool.load_digits()
    tool.write_mnist(folder, images[:N_IMAGES], labels[:N_IMAGES], "train")
    return folder


def collect(out_dir: Path, ranks: int) -> tuple[dict[str, np.ndarray], list[str]]:
    arrays: dict[str, np.ndarray] = {}
    for rank in range(ranks):
        with np.load(out_dir / f"params_rank_{rank}.npz") as saved:
            arrays.update({f"rank{rank}/{k}": saved[k] for k in saved.files})
    files = sorted(str(p.relative_to(out_dir)) for p in out_dir.rglob("*.ckpt"))
    return arrays, files


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--msvenv", default="/work/msvenv")
    parser.add_argument("--port", type=int, default=18251)
    args = parser.parse_args()
    msbin = Path(args.msvenv) / "bin"
    with tempfile.TemporaryDirectory(prefix="dp_goldens_") as scratch:
        scratch_dir = Path(scratch)
        data = write_mnist(scratch_dir / "mnist")
        out = scratch_dir / "out"
        out.mkdir()
        env = {**os.environ, "PATH": f"{msbin}{os.pathsep}{os.environ.get('PATH', '')}"}
        env.pop("PYTHONPATH", None)
        cmd = [str(msbin / "msrun"), "--worker_num=2", "--local_worker_num=2", f"--master_port={args.port}",
               "--join=True", f"--log_dir={scratch_dir / 'logs'}", str(SCRIPT), str(data), str(out)]
        done = subprocess.run(cmd, cwd=scratch_dir, env=env, timeout=600)
        if done.returncode != 0:
            for log in sorted((scratch_dir / "logs").glob("worker_*.log")):
                print(log.read_text()[-3000:], file=sys.stderr)
            return done.returncode
        arrays, files = collect(out, 2)
        GOLDENS.mkdir(parents=True, exist_ok=True)
        np.savez(GOLDENS / "dp_train.npz", **arrays)
        (GOLDENS / "dp_train_files.json").write_text(json.dumps({"two_ranks": files}, indent=1) + "\n")
    print(f"wrote {GOLDENS / 'dp_train.npz'} ({len(arrays)} arrays) and dp_train_files.json: {files}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
