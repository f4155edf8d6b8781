"""Export the acceptance networks with mindshim (run through the `mindspore` alias).

Used by tools/make_mindir_fixtures.py (in a project-venv subprocess) and by the tests, which compare a fresh
export against the files real MindSpore verified.
"""
import os

import mindspore as ms

import mindir_nets


def export_one(name, folder):
    path = os.path.join(folder, f"mindshim_{name}")
    ms.export(mindir_nets.fixed_net(name), *mindir_nets.inputs(name), file_name=path, file_format="MINDIR")
    return path + ".mindir"


def export_all(folder):
    return [export_one(name, folder) for name in mindir_nets.NETS]
