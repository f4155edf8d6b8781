"""Write the MindRecord fixtures with REAL MindSpore 2.10 and record what MindSpore reads from them.

usage: cd /tmp && /work/msvenv/bin/python /work/main/tools/make_mindrecord_fixtures.py
Writes the files of tests/dataset/fixtures/mindrecord/cases.py (data files + .db indexes) into that folder, and
oracle_read.json beside them: the rows MindSpore's FileReader and MindDataset return (in order, per shard, for a
column subset), each file's sha256 and each index's SQL dump. Never edit these files by hand.
"""
import hashlib
import json
import os
import sqlite3
import sys

from mindspore.dataset import MindDataset
from mindspore.mindrecord import FileReader, FileWriter

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "dataset", "fixtures",
                        "mindrecord")
sys.path.insert(0, FIXTURES)
from cases import CASES, data_files, read_all, write_cases  # noqa: E402


def fingerprints(folder):
    """sha256 of every data file and the SQL dump of every index file of the cases in `folder`."""
    out = {}
    for name in CASES:
        for f in data_files(name):
            path = os.path.join(folder, f)
            con = sqlite3.connect(path + ".db")
            out[f] = {"sha256": hashlib.sha256(open(path, "rb").read()).hexdigest(),
                      "size": os.path.getsize(path), "db_dump": list(con.iterdump())}
            con.close()
    return out


def main():
    folder = os.path.abspath(FIXTURES)
    write_cases(FileWriter, folder)
    record = {"files": fingerprints(folder), "read": read_all(FileReader, MindDataset, folder)}
    with open(os.path.join(folder, "oracle_read.json"), "w") as f:
        json.dump(record, f, indent=0, sort_keys=True)
    print("fixtures written:", sorted(record["files"]), file=sys.stderr)


if __name__ == "__main__":
    main()
