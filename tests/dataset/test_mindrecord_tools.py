"""mindspore.mindrecord.ImageNetToMR and MindPage against real MindSpore 2.10.

Fixtures (tests/dataset/fixtures/mindrecord_tools, made by tools/make_mindrecord_tool_fixtures.py with the oracle):
the rows, file bytes and index SQL of ImageNetToMR's output for a tiny generated input, and every MindPage answer
and error on a small two-shard set that MindSpore wrote. No MindSpore needed here.
"""
from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import sqlite3
from pathlib import Path

import pytest

from mindshim.mindrecord import FileReader, FileWriter, ImageNetToMR, MindPage

FIX = Path(__file__).parent / "fixtures" / "mindrecord_tools"
ORACLE = json.loads((FIX / "oracle.json").read_text())
_spec = importlib.util.spec_from_file_location("mindrecord_tool_fixtures", Path(__file__).parents[2] / "tools" /
                                               "make_mindrecord_tool_fixtures.py")
maker = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(maker)  # type: ignore[union-attr]


def _roundtrip(x):
    return json.loads(json.dumps(x))


@pytest.fixture(scope="module")
def imagenet_dir(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("imagenet")
    cwd = os.getcwd()
    os.chdir(folder)  # the oracle ran with relative paths: file_name and the headers do not name the folder
    try:
        maker.make_imagenet_input(".")
        ImageNetToMR("map.txt", "img", "imagenet.mindrecord").transform()
        ImageNetToMR("map.txt", "img", "imagenet2.mindrecord", 2).transform()
    finally:
        os.chdir(cwd)
    return folder


@pytest.mark.parametrize("name", sorted(ORACLE["imagenet"]))
def test_imagenet_to_mr_rows(name, imagenet_dir):
    first = name + ("0" if len(ORACLE["imagenet"][name]["files"]) == 2 else "")
    rows = _roundtrip(maker.jsonable(FileReader(str(imagenet_dir / first)).get_next()))
    assert rows == ORACLE["imagenet"][name]["rows"]


_FILES = [(n, f) for n, v in sorted(ORACLE["imagenet"].items()) for f in sorted(v["files"])]


@pytest.mark.parametrize("name,file", _FILES)
def test_imagenet_to_mr_bytes(name, file, imagenet_dir):
    fp = ORACLE["imagenet"][name]["files"][file]
    path = imagenet_dir / file
    con = sqlite3.connect(f"{path}.db")
    assert list(con.iterdump()) == fp["db_dump"]
    con.close()
    assert os.path.getsize(path) == fp["size"]
    assert hashlib.sha256(path.read_bytes()).hexdigest() == fp["sha256"]


def _outcome(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001
        msg = str(e)
        return type(e).__name__, msg
    return None, None


@pytest.mark.parametrize("key", sorted(ORACLE["imagenet_errors"]))
def test_imagenet_to_mr_errors(key, tmp_path):
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        maker.make_imagenet_input(".")
        calls = {
            "partition_str": lambda: ImageNetToMR("map.txt", "img", "x.mindrecord", "2"),
            "partition_none": lambda: ImageNetToMR("map.txt", "img", "x.mindrecord", None),
            "map_not_str": lambda: ImageNetToMR(1, "img", "x.mindrecord"),
            "map_missing": lambda: ImageNetToMR("nomap.txt", "img", "y.mindrecord").transform(),
            "no_dirs": lambda: ImageNetToMR("map.txt", "map.txt", "z.mindrecord").transform(),
        }
        name, msg = _outcome(calls[key])
    finally:
        os.chdir(cwd)
    assert (name, msg) == (ORACLE["imagenet_errors"][key]["error"], ORACLE["imagenet_errors"][key]["message"])


def test_page_set_is_what_mindshim_writes(tmp_path):
    maker.write_page_set(FileWriter, str(tmp_path / "page.mindrecord"))
    for f, fp in ORACLE["page_files"].items():
        assert hashlib.sha256((tmp_path / f).read_bytes()).hexdigest() == fp["sha256"], f
        con = sqlite3.connect(f"{tmp_path / f}.db")
        assert list(con.iterdump()) == fp["db_dump"], f
        con.close()


@pytest.mark.parametrize("which", ["page", "page_list"])
def test_mindpage_answers(which):
    files = str(FIX / "page.mindrecord0") if which == "page" else [str(FIX / "page.mindrecord1"),
                                                                     str(FIX / "page.mindrecord0")]
    got = _roundtrip(maker.page_answers(MindPage, files))
    # the oracle's RuntimeErrors carry MindSpore's pipeline report; the fixture keeps its "[ERROR] ..." line
    expected = json.loads(json.dumps(ORACLE[which]).replace('"[ERROR] ', '"'))
    got["errors"]["open_consumer_zero"].pop("message")  # names this machine's core count
    expected["errors"]["open_consumer_zero"].pop("message")
    assert got["candidate_fields"] == expected["candidate_fields"]
    assert got["category_field_initial"] is None
    for field, ans in expected["fields"].items():
        assert got["fields"][field]["info"] == ans["info"], field
        assert got["fields"][field]["category_field"] == ans["category_field"]
        for k, v in ans["pages"].items():
            assert got["fields"][field]["pages"][k] == v, f"{field} {k}"
    assert got["errors"] == expected["errors"]
