"""MindRecord (mindshim.mindrecord + MindDataset) against files and reads of real MindSpore 2.10.

Fixtures (tests/dataset/fixtures/mindrecord, made by tools/make_mindrecord_fixtures.py and
tools/check_mindrecord_in_mindspore.py with the oracle): MindSpore-written files, the rows MindSpore read from
them, and what MindSpore read from mindshim-written files. No MindSpore needed here.
"""
from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import re
import shutil
import sqlite3
from pathlib import Path

import numpy as np
import pytest

import mindshim.dataset as ds
from mindshim.dataset.engine.datasets_mindrecord import Shuffle
from mindshim.mindrecord import FileReader, FileWriter
from mindshim.mindrecord.common.exceptions import MRMDefineIndexError, MRMInvalidSchemaError, ParamValueError

FIX = Path(__file__).parent / "fixtures" / "mindrecord"
_spec = importlib.util.spec_from_file_location("mindrecord_cases", FIX / "cases.py")
cases = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cases)  # type: ignore[union-attr]
ORACLE = json.loads((FIX / "oracle_read.json").read_text())
CHECK = json.loads((FIX / "mindshim_written_read_by_mindspore.json").read_text())


def _roundtrip(x):
    return json.loads(json.dumps(x))


@pytest.fixture(scope="module")
def mindshim_files(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("mindrecord_written")
    cases.write_cases(FileWriter, str(folder))
    return folder


@pytest.fixture(scope="module")
def mindshim_reads() -> dict:
    return _roundtrip(cases.read_all(FileReader, ds.MindDataset, str(FIX)))


@pytest.mark.parametrize("name", list(cases.CASES))
def test_reads_mindspore_files_as_mindspore_does(name, mindshim_reads):
    for view, expected in ORACLE["read"][name].items():
        assert mindshim_reads[name][view] == expected, f"{name}: {view}"


_REAL = re.compile(r"-?\d+\.\d+(?:e[+-]?\d+)?")


def _same_floats(dump: list[str]) -> list[str]:
    """SQL dump lines with each REAL literal written as Python's shortest form of its double: SQLite releases
    print the same stored double with different digit counts (17 here, 20 on another machine's SQLite)."""
    return [_REAL.sub(lambda m: repr(float(m.group())), line) for line in dump]


@pytest.mark.parametrize("name", sorted(ORACLE["files"]))
def test_written_files_are_byte_identical_to_mindspore(name, mindshim_files):
    path = mindshim_files / name
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    assert digest == ORACLE["files"][name]["sha256"]
    assert digest == CHECK["files"][name]["sha256"]
    con = sqlite3.connect(f"{path}.db")
    assert _same_floats(list(con.iterdump())) == _same_floats(ORACLE["files"][name]["db_dump"])
    con.close()


def test_mindspore_reads_mindshim_files_the_same():
    assert all(CHECK["read_equal_to_mindspore_files"].values())
    assert all(v["same_bytes_as_mindspore"] and v["same_index_sql_as_mindspore"] for v in CHECK["files"].values())
    assert CHECK["read"] == ORACLE["read"]


def test_mindshim_reads_mindshim_files(mindshim_files):
    assert _roundtrip(cases.read_all(FileReader, ds.MindDataset, str(mindshim_files))) == ORACLE["read"]


def test_dtypes_and_values():
    rows = list(ds.MindDataset(str(FIX / "mixed.mindrecord"), shuffle=False).create_dict_iterator(output_numpy=True))
    first = rows[0]
    kinds = {k: (v.dtype.kind, v.dtype.itemsize if v.dtype.kind not in "SU" else None, v.shape)
             for k, v in first.items()}
    assert kinds["i32"] == ("i", 4, ()) and kinds["i64"] == ("i", 8, ()) and kinds["f32"] == ("f", 4, ())
    assert kinds["mi64"] == ("i", 8, (2, 3)) and kinds["mf64"] == ("f", 8, (2, 2)) and kinds["raw"][2] == (1,)
    expected = cases.mixed_rows(0, 7)[0]
    np.testing.assert_array_equal(first["vi32"], expected["vi32"])
    assert first["raw"][0] == expected["raw"] and str(first["name"]) == expected["name"]
    reader = FileReader(str(FIX / "mixed.mindrecord"), columns=["vf32", "i64"])
    row = next(reader.get_next())
    assert list(row) == ["i64", "vf32"] and row["vf32"].dtype == np.float32
    assert reader.len() == 16 and reader.schema()["mf64"] == {"type": "float64", "shape": [2, 2]}
    reader.close()


def test_shuffle_modes_sampler_and_padding():
    path = str(FIX / "shard2.mindrecord0")

    def ids(d):
        return [int(r["id"]) for r in d.create_dict_iterator(output_numpy=True, num_epochs=1)]
    for mode in (True, None, Shuffle.GLOBAL, Shuffle.INFILE, Shuffle.FILES):
        assert sorted(ids(ds.MindDataset(path, shuffle=mode))) == list(range(10))
    files = ids(ds.MindDataset(path, shuffle=Shuffle.FILES))
    assert files in ([0, 1, 2, 6, 7, 3, 4, 5, 8, 9], [3, 4, 5, 8, 9, 0, 1, 2, 6, 7])  # whole shard files
    assert ids(ds.MindDataset(path, sampler=ds.SequentialSampler(2, 3))) == [2, 6, 7]
    assert ids(ds.MindDataset(path, sampler=ds.SubsetSampler([4, 0]))) == [7, 0]
    assert ids(ds.MindDataset(path, num_samples=3, shuffle=False)) == [0, 1, 2]
    shards = [ids(ds.MindDataset(path, num_shards=4, shard_id=k, shuffle=False, columns_list=["id", "label"],
                                 padded_sample={"id": -1, "label": 0}, num_padded=2)) for k in range(4)]
    assert shards == [[0, 7, 8], [1, 3, 9], [2, 4, -1], [6, 5, -1]]  # padding after the rows, then strided
    with pytest.raises(RuntimeError, match="divisible"):
        ds.MindDataset(path, num_shards=4, shard_id=0, columns_list=["id"], padded_sample={"id": -1},
                       num_padded=1).get_dataset_size()
    with pytest.raises(RuntimeError, match="requires columns_list"):
        ds.MindDataset(path, padded_sample={"id": -1}, num_padded=2)
    with pytest.raises(ValueError, match="not supported"):
        ds.MindDataset(path, sampler=ds.WeightedRandomSampler([1.0] * 10, 3))
    with pytest.raises(RuntimeError, match="sampler and shuffle"):
        ds.MindDataset(path, sampler=ds.SequentialSampler(), shuffle=True)
    with pytest.raises(RuntimeError, match="requires shard_id"):
        ds.MindDataset(path, num_shards=2)
    with pytest.raises(TypeError):
        ds.MindDataset(path, shuffle=3)


def _write(path, rows, schema=None, **kw):
    w = FileWriter(str(path), **kw)
    w.set_header_size(1 << 14)
    w.set_page_size(1 << 15)
    w.add_schema(schema or {"id": {"type": "int32"}, "b": {"type": "bytes"}})
    w.write_raw_data(rows)
    w.commit()


def test_write_raw_data_validation(tmp_path):
    with pytest.raises(RuntimeError, match="no valid data"):
        _write(tmp_path / "a.mindrecord", [{"id": "x", "b": b""}])
    _write(tmp_path / "b.mindrecord", [{"id": 1.5, "b": b"1"}, {"id": 2, "b": b"2"}, {"b": b"3"}])
    assert [r["id"] for r in FileReader(str(tmp_path / "b.mindrecord")).get_next()] == [2]  # bad rows dropped
    arr = {"v": {"type": "float32", "shape": [2]}}
    with pytest.raises(RuntimeError, match="no valid data"):
        _write(tmp_path / "c.mindrecord", [{"v": np.zeros(2, np.float64)}], arr)
    with pytest.raises(RuntimeError, match="no valid data"):
        _write(tmp_path / "d.mindrecord", [{"v": np.zeros(3, np.float32)}], arr)
    with pytest.raises(MRMInvalidSchemaError):
        FileWriter(str(tmp_path / "e.mindrecord")).add_schema({"a": {"type": "int8"}})
    with pytest.raises(MRMInvalidSchemaError):
        FileWriter(str(tmp_path / "e.mindrecord")).add_schema({"a": {"type": "string", "shape": [1]}})
    w = FileWriter(str(tmp_path / "e.mindrecord"))
    w.add_schema({"a": {"type": "bytes"}})
    with pytest.raises(MRMDefineIndexError):
        w.add_index(["a"])
    with pytest.raises(RuntimeError, match="page size"):
        w.set_page_size(100)
    with pytest.raises(ParamValueError):
        FileWriter(str(tmp_path / "e.mindrecord"), shard_num=0)
    with pytest.raises(RuntimeError, match="already exist"):
        _write(tmp_path / "b.mindrecord", [{"id": 1, "b": b"1"}])
    with pytest.raises(RuntimeError, match="too small to save a blob row"):
        _write(tmp_path / "f.mindrecord", [{"id": 1, "b": b"x" * 40000}])


def test_failed_commit_leaves_nothing(tmp_path):
    w = FileWriter(str(tmp_path / "big.mindrecord"), shard_num=2)
    w.set_header_size(1 << 14)
    w.set_page_size(1 << 15)
    w.add_schema({"b": {"type": "bytes"}, "id": {"type": "int32"}})
    for i in range(100):  # one page per row: the page list outgrows the 16 KB header
        w.write_raw_data([{"b": b"x" * 20000, "id": i}, {"b": b"y" * 20000, "id": i}])
    with pytest.raises(RuntimeError, match="header size"):
        w.commit()
    assert os.listdir(tmp_path) == []


def test_missing_index_and_corrupt_pages(tmp_path):
    # a single path opens every shard its header names, so the copy keeps the file's own name
    shutil.copy(FIX / "images.mindrecord", tmp_path / "images.mindrecord")
    with pytest.raises(RuntimeError, match=r"images\.mindrecord\.db is not exists"):
        FileReader(str(tmp_path / "images.mindrecord"))
    with pytest.raises(RuntimeError, match=r"images\.mindrecord\.db is not exists"):
        ds.MindDataset(str(tmp_path / "images.mindrecord"))
    with pytest.raises(ValueError, match="does not exist"):
        ds.MindDataset(str(tmp_path / "nothere.mindrecord"))
    shutil.copy(FIX / "images.mindrecord.db", tmp_path / "images.mindrecord.db")
    data = bytearray((FIX / "images.mindrecord").read_bytes())
    (tmp_path / "images.mindrecord").write_bytes(bytes(data[:(1 << 14) + 5000]))  # truncated inside the blob pages
    with pytest.raises(RuntimeError, match=r"images\.mindrecord.*truncated or corrupt"):
        list(FileReader(str(tmp_path / "images.mindrecord")).get_next())
    with pytest.raises(RuntimeError, match=r"images\.mindrecord"):
        list(ds.MindDataset(str(tmp_path / "images.mindrecord"), shuffle=False).create_tuple_iterator())
    raw_page = (1 << 14) + (1 << 15) * 1  # images.mindrecord: blob page 0, raw page 1, blob page 2
    data[raw_page + 8] = 0xC1  # not a MessagePack byte
    (tmp_path / "images.mindrecord").write_bytes(bytes(data))
    with pytest.raises(RuntimeError, match=r"raw page of mindrecord file: .*images\.mindrecord is corrupt at row 0"):
        next(FileReader(str(tmp_path / "images.mindrecord")).get_next())
    with pytest.raises(RuntimeError, match="column name: nope"):
        list(FileReader(str(FIX / "images.mindrecord"), columns=["nope"]).get_next())


def test_parallel_writer_makes_standalone_shards(tmp_path):
    # as MindSpore 2.10 does (checked against the oracle: byte-identical, but its 50 MB default-size files are too
    # big for fixtures): each call goes whole to the next shard, every shard file stands alone, and
    # set_header_size/set_page_size do not reach the parallel workers
    w = FileWriter(str(tmp_path / "par.mindrecord"), shard_num=2)
    w.set_page_size(1 << 15)
    w.add_schema({"id": {"type": "int32"}, "v": {"type": "int32", "shape": [-1]}})
    for k in range(3):
        w.write_raw_data([{"id": 10 * k + i, "v": np.arange(i + 1, dtype=np.int32)} for i in range(2)],
                         parallel_writer=True)
    with pytest.raises(RuntimeError, match="consistent"):
        w.write_raw_data([{"id": 0, "v": np.arange(1, dtype=np.int32)}])
    w.commit()
    assert [r["id"] for r in FileReader(str(tmp_path / "par.mindrecord0")).get_next()] == [0, 1, 20, 21]
    assert [r["id"] for r in FileReader(str(tmp_path / "par.mindrecord1")).get_next()] == [10, 11]
    assert os.path.getsize(tmp_path / "par.mindrecord1") > (1 << 24) + (1 << 25)  # default sizes
    with pytest.raises(RuntimeError, match="blob data size"):  # an empty array among non-empty ones
        _write(tmp_path / "e.mindrecord", [{"v": np.arange(0, dtype=np.int32)}, {"v": np.arange(2, dtype=np.int32)}],
               {"v": {"type": "int32", "shape": [-1]}})
