"""MindIR fixtures, made by REAL MindSpore 2.10 (never edit the outputs by hand).

usage: cd /tmp && /work/msvenv/bin/python /work/main/tools/make_mindir_fixtures.py
1. For each network of tests/mindir/mindir_nets.py (fixed weights and inputs) MindSpore exports
   tests/mindir/fixtures/ms_<name>.mindir and records, in ms_outputs.npz, the inputs, the network's outputs and the
   outputs of `nn.GraphCell(ms.load(file))`.
2. It runs the project venv (a separate process; mindshim is never imported here) to export the same networks
   with mindshim into a temp folder, loads each file with `ms.load` + `nn.GraphCell`, runs it on the same inputs
   and writes tests/mindir/fixtures/mindshim_written_read_by_mindspore.json: per file its sha256, its op list and
   MindSpore's outputs. Tests re-export with mindshim and compare against that record without MindSpore.
3. It runs MindSpore's save/load tutorial (tests/mindir/save_load_tutorial.py) in a temp folder and records its
   stdout in save_load_tutorial.stdout; the test runs the same file under mindshim and compares.
"""
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile

import numpy as np

import mindspore as ms
from mindspore import nn

REPO = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
FIXTURES = os.path.join(REPO, "tests", "mindir", "fixtures")
PROJECT_PYTHON = os.environ.get("MINDSHIM_PYTHON", os.path.join(REPO, ".venv", "bin", "python"))
sys.path.insert(0, os.path.join(REPO, "tests", "mindir"))
import mindir_nets  # noqa: E402

EXPORTED_BY_MINDSHIM = tuple(mindir_nets.NETS)
MINDSHIM_EXPORT = ("import sys; sys.path.insert(0, 'tests/mindir'); import mindshim; mindshim.install_alias(); "
                   "from mindir_export_helpers import export_all; export_all(sys.argv[1])")


def op_list(path):
    from mindspore.train.mind_ir_pb2 import ModelProto
    model = ModelProto()
    with open(path, "rb") as f:
        model.ParseFromString(f.read())
    prims = {p.name: p.op_type for p in model.primitives}
    return [prims.get(n.op_type[5:], n.op_type) if n.op_type.startswith("REF::") else n.op_type
            for n in model.graph.node]


def oracle_files(arrays):
    for name in mindir_nets.NETS:
        net = mindir_nets.fixed_net(name)
        args = mindir_nets.inputs(name)
        path = os.path.join(FIXTURES, f"ms_{name}.mindir")
        if os.path.exists(path):
            os.chmod(path, 0o644)
        ms.export(net, *args, file_name=path, file_format="MINDIR")
        os.chmod(path, 0o644)
        graph_out = mindir_nets.as_list(nn.GraphCell(ms.load(path))(*args))
        for i, a in enumerate(args):
            arrays[f"{name}.input{i}"] = a.asnumpy()
        for i, (a, b) in enumerate(zip(mindir_nets.as_list(net(*args)), graph_out)):
            arrays[f"{name}.net{i}"] = a
            arrays[f"{name}.graph{i}"] = b


def mindshim_files():
    record = {}
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run([PROJECT_PYTHON, "-c", MINDSHIM_EXPORT, folder], cwd=REPO, check=True)
        for name in EXPORTED_BY_MINDSHIM:
            path = os.path.join(folder, f"mindshim_{name}.mindir")
            with open(path, "rb") as f:
                digest = hashlib.sha256(f.read()).hexdigest()
            graph = nn.GraphCell(ms.load(path))
            outputs = mindir_nets.as_list(graph(*mindir_nets.inputs(name)))
            reference = mindir_nets.as_list(mindir_nets.fixed_net(name)(*mindir_nets.inputs(name)))
            record[name] = {"sha256": digest, "ops": op_list(path),
                            "parameters": sorted(p.name for p in graph.get_parameters()),
                            "outputs": [o.tolist() for o in outputs],
                            "max_abs_diff_to_mindspore_net": max(float(np.abs(a - b).max())
                                                                 for a, b in zip(outputs, reference))}
            target = os.path.join(FIXTURES, f"mindshim_{name}.mindir")
            if os.path.exists(target):
                os.chmod(target, 0o644)
            shutil.copy(path, target)
            os.chmod(target, 0o644)
    return record


def tutorial_stdout():
    script = os.path.join(REPO, "tests", "mindir", "save_load_tutorial.py")
    with tempfile.TemporaryDirectory() as folder:
        run = subprocess.run([sys.executable, script], cwd=folder, check=True, capture_output=True, text=True)
    with open(os.path.join(FIXTURES, "save_load_tutorial.stdout"), "w") as f:
        f.write(run.stdout)


def main():
    os.makedirs(FIXTURES, exist_ok=True)
    arrays = {}
    oracle_files(arrays)
    np.savez(os.path.join(FIXTURES, "ms_outputs.npz"), **arrays)
    tutorial_stdout()
    if "--oracle-only" not in sys.argv:
        record = mindshim_files()
        with open(os.path.join(FIXTURES, "mindshim_written_read_by_mindspore.json"), "w") as f:
            json.dump(record, f, indent=1, sort_keys=True)
    print("fixtures written to", FIXTURES, file=sys.stderr)


if __name__ == "__main__":
    main()
