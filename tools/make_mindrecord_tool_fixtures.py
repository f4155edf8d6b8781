"""Record what REAL MindSpore 2.10's ImageNetToMR writes and what its MindPage reads, for tiny inputs.

usage: cd /tmp && /work/msvenv/bin/python /work/main/tools/make_mindrecord_tool_fixtures.py
Inputs are generated here deterministically (no real data set). Writes tests/dataset/fixtures/mindrecord_tools/:
oracle.json (rows read back, sha256 and index SQL of every written file, MindPage answers and errors) and the
small MindRecord set `page.mindrecord{0,1}` (+ .db) that MindPage reads. Never edit these files by hand.
"""
import hashlib
import json
import os
import shutil
import sqlite3
import sys
import tempfile

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "dataset", "fixtures",
                   "mindrecord_tools")

# ImageNetToMR input: map file lines and {class dir: {file: bytes}}; one image per directory keeps the row order
# independent of os.listdir order; skipped entries: a .png, an empty .JPEG, a class without a directory.
IMAGENET_MAP = "n01 0\nn02 1\nn03 10\nn09 3\nn04 2\n"
IMAGENET_FILES = {"n01": {"a.JPEG": b"\xff\xd8AAA"}, "n02": {"b.jpg": b"BBBB", "skip.png": b"x"},
                  "n03": {"c.JPEG": b"CC\x00C"}, "n04": {"d.JPEG": b"", "e.jpeg": b"no"}}
PAGE_ROWS = [{"id": i, "cls": ["cat", "dog", "bird"][i % 3], "lab": [10, 2, 0, 2][i % 4],
              "score": [0.5, 1.25][i % 2], "data": bytes([65 + i]) * (i + 1)} for i in range(8)]
PAGE_SCHEMA = {"id": {"type": "int64"}, "cls": {"type": "string"}, "lab": {"type": "int32"},
               "score": {"type": "float64"}, "data": {"type": "bytes"}}


def make_imagenet_input(folder):
    with open(os.path.join(folder, "map.txt"), "w") as f:
        f.write(IMAGENET_MAP)
    for d, files in IMAGENET_FILES.items():
        os.makedirs(os.path.join(folder, "img", d))
        for name, data in files.items():
            with open(os.path.join(folder, "img", d, name), "wb") as f:
                f.write(data)


def write_page_set(file_writer, path):
    """Two shards, rows written in even-sized calls (MindSpore hands an odd call's last row to a random shard)."""
    w = file_writer(path, 2)
    w.set_header_size(1 << 14)
    w.set_page_size(1 << 15)
    w.add_schema(PAGE_SCHEMA, "page")
    w.write_raw_data(PAGE_ROWS[:4])
    w.write_raw_data(PAGE_ROWS[4:])
    w.commit()


def jsonable(rows):
    return [{k: (v.hex() if isinstance(v, bytes) else v) for k, v in sorted(r.items())} for r in rows]


def fingerprint(path):
    con = sqlite3.connect(path + ".db")
    out = {"sha256": hashlib.sha256(open(path, "rb").read()).hexdigest(), "size": os.path.getsize(path),
           "db_dump": list(con.iterdump())}
    con.close()
    return out


def error(fn):
    try:
        res = fn()
        return {"ok": jsonable(res) if isinstance(res, list) else res}
    except Exception as e:  # noqa: BLE001 (recording the oracle's error)
        msg = str(e)
        if "Dataset Pipeline Error Message" in msg:
            msg = [ln for ln in msg.splitlines() if ln.startswith("[ERROR]")][0]
        return {"error": type(e).__name__, "message": msg}


def page_answers(mind_page, files):
    """MindPage's answers on the page set: every candidate field's category info and pages, then errors."""
    p = mind_page(files)
    out = {"candidate_fields": list(p.candidate_fields), "category_field_initial": p.category_field, "fields": {}}
    for field in p.candidate_fields:
        p.category_field = field
        info = p.read_category_info()
        cats = json.loads(info)["categories"]
        pages = {}
        for c in cats:
            for num_row in (1, 2, 3):
                for page in range(0, c["count"] // num_row + 2):
                    pages[f"id{c['id']}/{page}/{num_row}"] = error(lambda: p.read_at_page_by_id(c["id"], page, num_row))
                    pages[f"name{c['name']}/{page}/{num_row}"] = error(
                        lambda: p.read_at_page_by_name(c["name"], page, num_row))
        out["fields"][field] = {"info": info, "category_field": p.category_field, "pages": pages}
    p.category_field = "lab"

    def setter(v):
        p.category_field = v

    out["errors"] = {
        "id_out_of_range": error(lambda: p.read_at_page_by_id(len(json.loads(p.read_category_info())["categories"]),
                                                               0, 1)),
        "id_negative": error(lambda: p.read_at_page_by_id(-1, 0, 1)),
        "id_bool": error(lambda: p.read_at_page_by_id(True, 0, 1)),
        "id_float": error(lambda: p.read_at_page_by_id(1.0, 0, 1)),
        "page_negative": error(lambda: p.read_at_page_by_id(0, -1, 1)),
        "num_row_zero": error(lambda: p.read_at_page_by_id(0, 0, 0)),
        "name_missing": error(lambda: p.read_at_page_by_name("zz", 0, 1)),
        "name_not_str": error(lambda: p.read_at_page_by_name(2, 0, 1)),
        "name_page_big": error(lambda: p.read_at_page_by_name("2", 9, 1)),
        "name_num_row_neg": error(lambda: p.read_at_page_by_name("2", 0, -1)),
        "set_blob": error(lambda: setter("data")),
        "set_unknown": error(lambda: setter("nope")),
        "set_empty": error(lambda: setter("")),
        "set_int": error(lambda: setter(3)),
        "open_int": error(lambda: mind_page(3)),
        "open_consumer_zero": error(lambda: mind_page(files, 0)),
        "open_missing": error(lambda: mind_page("no_such.mindrecord")),
    }
    return out


def main():
    from mindspore.mindrecord import FileReader, FileWriter, ImageNetToMR, MindPage
    folder = os.path.abspath(OUT)
    record = {}
    work = tempfile.mkdtemp()
    cwd = os.getcwd()
    try:
        os.chdir(work)  # relative paths: file_name in the rows and the header do not depend on the directory
        make_imagenet_input(".")
        ImageNetToMR("map.txt", "img", "imagenet.mindrecord").transform()
        ImageNetToMR("map.txt", "img", "imagenet2.mindrecord", 2).transform()
        record["imagenet"] = {
            name: {"rows": jsonable(FileReader(name + ("0" if n == 2 else "")).get_next()),
                   "files": {f: fingerprint(f) for f in ([name] if n == 1 else [name + "0", name + "1"])}}
            for name, n in (("imagenet.mindrecord", 1), ("imagenet2.mindrecord", 2))}
        record["imagenet_errors"] = {
            "partition_str": error(lambda: ImageNetToMR("map.txt", "img", "x.mindrecord", "2")),
            "partition_none": error(lambda: ImageNetToMR("map.txt", "img", "x.mindrecord", None)),
            "map_not_str": error(lambda: ImageNetToMR(1, "img", "x.mindrecord")),
            "map_missing": error(lambda: ImageNetToMR("nomap.txt", "img", "y.mindrecord").transform()),
            "no_dirs": error(lambda: ImageNetToMR("map.txt", "map.txt", "z.mindrecord").transform()),
        }
    finally:
        os.chdir(cwd)
        shutil.rmtree(work)
    for f in os.listdir(folder):
        if f.startswith("page.mindrecord"):
            os.remove(os.path.join(folder, f))
    page = os.path.join(folder, "page.mindrecord")
    write_page_set(FileWriter, page)
    record["page_files"] = {f: fingerprint(os.path.join(folder, f)) for f in ("page.mindrecord0", "page.mindrecord1")}
    record["page"] = page_answers(MindPage, page + "0")
    record["page_list"] = page_answers(MindPage, [page + "1", page + "0"])
    with open(os.path.join(folder, "oracle.json"), "w") as f:
        json.dump(record, f, indent=0, sort_keys=True)
    print("fixtures written", file=sys.stderr)


if __name__ == "__main__":
    main()
