"""Read mindshim-written MindRecord files with REAL MindSpore 2.10 and record what it read (the interop golden).

usage: cd /tmp && /work/msvenv/bin/python /work/main/tools/check_mindrecord_in_mindspore.py
Runs the project venv (a separate process: mindshim is never imported here) to write the cases of
tests/dataset/fixtures/mindrecord/cases.py into a temp folder, then records for each file its sha256 and
whether it is byte-identical to MindSpore's own fixture file, whether its index holds the same SQL as
MindSpore's, and everything MindSpore's FileReader / MindDataset read from the files. The result goes to
tests/dataset/fixtures/mindrecord/mindshim_written_read_by_mindspore.json; tests compare against it without
MindSpore. Never edit that file by hand.
"""
import json
import os
import subprocess
import sys
import tempfile

from mindspore.dataset import MindDataset
from mindspore.mindrecord import FileReader

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_mindrecord_fixtures import FIXTURES, fingerprints  # noqa: E402

sys.path.insert(0, FIXTURES)
from cases import read_all  # noqa: E402

REPO = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
PROJECT_PYTHON = os.environ.get("MINDSHIM_PYTHON", os.path.join(REPO, ".venv", "bin", "python"))
WRITE = ("import sys; sys.path.insert(0, 'tests/dataset/fixtures/mindrecord'); from cases import write_cases; "
         "from mindshim.mindrecord import FileWriter; write_cases(FileWriter, sys.argv[1])")


def main():
    folder = os.path.abspath(FIXTURES)
    with open(os.path.join(folder, "oracle_read.json")) as f:
        oracle = json.load(f)
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([PROJECT_PYTHON, "-c", WRITE, tmp], cwd=REPO, check=True)
        files = fingerprints(tmp)
        record = {
            "files": {name: {"sha256": info["sha256"], "same_bytes_as_mindspore":
                             info["sha256"] == oracle["files"][name]["sha256"],
                             "same_index_sql_as_mindspore": info["db_dump"] == oracle["files"][name]["db_dump"]}
                      for name, info in files.items()},
            "read": read_all(FileReader, MindDataset, tmp)}
    record["read_equal_to_mindspore_files"] = {name: record["read"][name] == oracle["read"][name]
                                               for name in record["read"]}
    with open(os.path.join(folder, "mindshim_written_read_by_mindspore.json"), "w") as f:
        json.dump(record, f, indent=0, sort_keys=True)
    print("golden written:", json.dumps({k: v for k, v in record.items() if k != "read"}, indent=1),
          file=sys.stderr)


if __name__ == "__main__":
    main()
