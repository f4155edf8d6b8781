"""Load mindshim-written .ckpt files in REAL MindSpore 2.10 and record what it read (the interop golden).

usage: cd /tmp && /work/ms-oracle/bin/python /work/main/tools/check_ckpt_in_mindspore.py
Runs the project venv (a separate process: mindshim is never imported here) to write the files of
tests/train/ckpt_helpers.py:write_interop_files into a temp folder, then for each file records its sha256, the
number of protobuf values, what `mindspore.load_checkpoint` returns, and what `load_param_into_net` reports
when loading it into MindSpore's own LeNet train cell with the same optimizer. The result goes to
tests/train/fixtures/mindshim_written_read_by_mindspore.json; tests compare mindshim's files and reading
against it without MindSpore. Never edit that file by hand.
"""
import hashlib
import json
import os
import subprocess
import sys
import tempfile

import mindspore as ms
from mindspore import nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_ckpt_fixtures import FIXTURES, describe, fixed_lenet, value_count  # noqa: E402

REPO = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
PROJECT_PYTHON = os.environ.get("MINDSHIM_PYTHON", os.path.join(REPO, ".venv", "bin", "python"))
WRITE = ("import sys; sys.path.insert(0, 'tests/train'); from ckpt_helpers import write_interop_files; "
         "write_interop_files(sys.argv[1])")


def train_cell(optimizer_name):
    net = fixed_lenet()
    opt = (nn.Momentum(net.trainable_params(), 0.01, 0.9) if optimizer_name == "momentum"
           else nn.Adam(net.trainable_params(), 1e-3))
    return nn.TrainOneStepCell(nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True)), opt)


def main():
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run([PROJECT_PYTHON, "-c", WRITE, folder], cwd=REPO, check=True)
        record = {}
        for name in sorted(os.listdir(folder)):
            path = os.path.join(folder, name)
            params = ms.load_checkpoint(path, crc_check=name.startswith("crc"))
            entry = {"sha256": hashlib.sha256(open(path, "rb").read()).hexdigest(), "values": value_count(path),
                     "read": describe(params)}
            for optimizer_name in ("momentum", "adam"):
                if f"_{optimizer_name}_" in name:
                    not_loaded = ms.load_param_into_net(train_cell(optimizer_name), params)
                    entry["load_param_into_net"] = [list(x) for x in not_loaded]
            record[name] = entry
    with open(os.path.join(FIXTURES, "mindshim_written_read_by_mindspore.json"), "w") as f:
        json.dump(record, f, indent=1, sort_keys=True)
    print("golden written for", sorted(record), file=sys.stderr)


if __name__ == "__main__":
    main()
