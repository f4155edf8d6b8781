"""TFRecordDataset and Schema against MindSpore. TFRecord files of tf.train.Example records are written here by a
small protobuf encoder (varints, length-delimited fields; uint64 length + masked crc32c framing), no TensorFlow.
Covers reading without a schema (name-ordered columns, int64/float32/uint8 bytes), with a Schema object and a
schema JSON file (dtype casts, reshapes, strings, numRows), columns_list, file-based and equal-row sharding,
num_samples, compression, and the errors; Schema's add_column / to_json / from_json / parse_columns."""
import gzip
import json
import os
import struct
import tempfile


import mindspore.dataset as ds
from mindspore.common import dtype as mstype

COMPILED_PASS = False
TOLERANCES = {}


def _crc_table():
    table = []
    for i in range(256):
        c = i
        for _ in range(8):
            c = (c >> 1) ^ 0x82F63B78 if c & 1 else c >> 1
        table.append(c)
    return table


_TABLE = _crc_table()


def _masked_crc(data):
    c = 0xFFFFFFFF
    for b in data:
        c = _TABLE[(c ^ b) & 0xFF] ^ (c >> 8)
    c ^= 0xFFFFFFFF
    return (((c >> 15) | (c << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def _varint(n):
    n &= (1 << 64) - 1
    out = bytearray()
    while True:
        b, n = n & 0x7F, n >> 7
        out.append(b | 0x80 if n else b)
        if not n:
            return bytes(out)


def _field(number, payload):
    return _varint(number << 3 | 2) + _varint(len(payload)) + payload


def _feature(kind, values):
    if kind == "bytes":
        return _field(1, b"".join(_field(1, v) for v in values))
    if kind == "float":
        return _field(2, _field(1, b"".join(struct.pack("<f", v) for v in values)))
    return _field(3, _field(1, b"".join(_varint(v) for v in values)))


def _example(features):
    entries = b"".join(_field(1, _field(1, k.encode()) + _field(2, _feature(*v))) for k, v in features.items())
    return _field(1, entries)


def _write(path, records, compress=None):
    out = bytearray()
    for r in records:
        data = _example(r)
        length = struct.pack("<Q", len(data))
        out += length + struct.pack("<I", _masked_crc(length)) + data + struct.pack("<I", _masked_crc(data))
    with open(path, "wb") as f:
        f.write(gzip.compress(bytes(out), mtime=0) if compress == "GZIP" else bytes(out))
    return path


def _records(n, start=0):
    return [{"label": ("int", [i]), "vec": ("float", [i * 0.5, 1.5, -2.0]), "name": ("bytes", [b"r%d" % i]),
             "ids": ("int", [1, 2, -3, i])} for i in range(start, start + n)]


def _two_files():
    root = tempfile.mkdtemp()
    _write(os.path.join(root, "a.tfrecord"), _records(3))
    _write(os.path.join(root, "b.tfrecord"), _records(2, 3))
    return os.path.join(root, "*.tfrecord")


def _enc(v):
    if v.dtype.kind in "US":
        return {"str": v.tolist(), "dtype": str(v.dtype), "shape": list(v.shape)}
    return {"value": v, "shape": list(v.shape)}


def _table(d):
    rows = [{k: _enc(v) for k, v in r.items()} for r in d.create_dict_iterator(output_numpy=True, num_epochs=1)]
    return {"names": d.get_col_names(), "size": d.get_dataset_size(), "rows": rows}


def _labels(d):
    return [int(r[0][0]) for r in d.create_tuple_iterator(output_numpy=True, num_epochs=1)]


# ----- TFRecordDataset -----
def case_tfrecord_no_schema():
    return _table(ds.TFRecordDataset(_two_files(), shuffle=False))


def case_tfrecord_schema_object():
    s = ds.Schema()
    s.add_column("ids", de_type=mstype.int32, shape=[2, 2])
    s.add_column("name", de_type=mstype.string)
    s.add_column("label", de_type="uint8", shape=[1])
    s.add_column("vec", de_type=mstype.float64, shape=[-1])
    return _table(ds.TFRecordDataset(_two_files(), schema=s, shuffle=False))


def case_tfrecord_schema_file_num_rows():
    path = _write(os.path.join(tempfile.mkdtemp(), "m.tfrecord"), _records(3))
    schema_path = os.path.join(os.path.dirname(path), "schema.json")
    with open(schema_path, "w") as f:
        json.dump({"datasetType": "TF", "numRows": 2, "columns": {
            "label": {"type": "int32", "rank": 1, "shape": [1]}, "vec": {"type": "float32", "rank": 1}}}, f)
    return {"rows": _table(ds.TFRecordDataset(path, schema=schema_path, shuffle=False)),
            "num_samples_wins": _table(ds.TFRecordDataset(path, schema=schema_path, num_samples=3, shuffle=False)),
            "num_rows": ds.Schema.get_num_rows(schema_path)}


def case_tfrecord_int_to_float_and_bytes_uint8():
    path = _write(os.path.join(tempfile.mkdtemp(), "m.tfrecord"),
                  [{"b": ("bytes", [b"ab", b"c"]), "i": ("int", [7, -1])}] * 2)
    s = ds.Schema()
    s.add_column("i", de_type=mstype.float32)
    s.add_column("b", de_type="uint8")
    t = ds.Schema()
    t.add_column("b", de_type="string", shape=[2])
    return {"cast": _table(ds.TFRecordDataset(path, schema=s, shuffle=False)),
            "strings": _table(ds.TFRecordDataset(path, schema=t, shuffle=False))}


def case_tfrecord_columns_list():
    return _table(ds.TFRecordDataset(_two_files(), columns_list=["name", "label"], shuffle=False))


def case_tfrecord_shards():
    files = _two_files()
    out = {}
    for sid in range(2):
        d = ds.TFRecordDataset(files, columns_list=["label"], shuffle=False, num_shards=2, shard_id=sid)
        out[f"files_{sid}"] = [d.get_dataset_size(), _labels(d)]
    for ns in (2, 3):
        for sid in range(ns):
            d = ds.TFRecordDataset(files, columns_list=["label"], shuffle=False, num_shards=ns, shard_id=sid,
                                   shard_equal_rows=True)
            out[f"equal_{ns}_{sid}"] = [d.get_dataset_size(), _labels(d)]
    return out


def case_tfrecord_num_samples_and_workers():
    root = tempfile.mkdtemp()
    for k, (n, start) in enumerate(((1, 0), (3, 10), (2, 20))):
        _write(os.path.join(root, f"f{k}.tfrecord"), _records(n, start))
    pattern = os.path.join(root, "*.tfrecord")
    d = ds.TFRecordDataset(pattern, columns_list=["label"], shuffle=False, num_samples=4, num_parallel_workers=2)
    e = ds.TFRecordDataset(pattern, columns_list=["label"], shuffle=False, num_parallel_workers=1)
    return {"size": d.get_dataset_size(), "first4": _labels(d), "w1": _labels(e)}


def case_tfrecord_gzip():
    path = _write(os.path.join(tempfile.mkdtemp(), "z.tfrecord"), _records(3), compress="GZIP")
    return _table(ds.TFRecordDataset(path, columns_list=["label", "vec"], shuffle=False, compression_type="GZIP",
                                     num_samples=3))


def case_tfrecord_shuffle_covers_rows():
    d = ds.TFRecordDataset(_two_files(), columns_list=["label"])
    return {"size": d.get_dataset_size(), "labels": sorted(_labels(d))}


def case_tfrecord_batch_pipeline():
    d = ds.TFRecordDataset(_two_files(), columns_list=["ids", "vec"], shuffle=False).batch(2, drop_remainder=True)
    return [{k: v for k, v in r.items()} for r in d.create_dict_iterator(output_numpy=True)]


def case_tfrecord_missing_feature():
    s = ds.Schema()
    s.add_column("nope", de_type=mstype.int64, shape=[1])
    return _table(ds.TFRecordDataset(_two_files(), schema=s, shuffle=False))


def case_tfrecord_shape_mismatch():
    s = ds.Schema()
    s.add_column("vec", de_type=mstype.float32, shape=[2])
    return _table(ds.TFRecordDataset(_two_files(), schema=s, shuffle=False))


def case_tfrecord_unknown_column():
    return _table(ds.TFRecordDataset(_two_files(), columns_list=["nope"], shuffle=False))


def case_tfrecord_too_few_files_for_shards():
    return _table(ds.TFRecordDataset(_two_files(), shuffle=False, num_shards=3, shard_id=0))


def case_tfrecord_corrupt_file():
    path = os.path.join(tempfile.mkdtemp(), "bad.tfrecord")
    with open(path, "wb") as f:
        f.write(b"\x05\x00\x00")
    return _table(ds.TFRecordDataset(path, shuffle=False))


def case_tfrecord_argument_errors():
    path = _write(os.path.join(tempfile.mkdtemp(), "m.tfrecord"), _records(1))
    calls = {"compression": lambda: ds.TFRecordDataset(path, compression_type="LZ"),
             "columns_str": lambda: ds.TFRecordDataset(path, columns_list="label"),
             "equal_rows_int": lambda: ds.TFRecordDataset(path, shard_equal_rows=1),
             "files_int": lambda: ds.TFRecordDataset(3),
             "files_empty": lambda: ds.TFRecordDataset([]),
             "missing": lambda: ds.TFRecordDataset(path + ".nope"),
             "shard_only": lambda: ds.TFRecordDataset(path, shard_id=0)}
    out = {}
    for name, call in calls.items():
        try:
            call()
            out[name] = "no error"
        except Exception as e:  # noqa: BLE001 - the type is the result
            out[name] = type(e).__name__
    return out


# ----- Schema -----
def case_schema_add_column_to_json():
    s = ds.Schema()
    s.add_column("a", "int8")
    s.add_column("b", mstype.bool_, [])
    s.add_column("c", mstype.float64, [2, -1])
    s.add_column("d", "string", [1])
    s.add_column("e", mstype.uint16, [3])
    s.add_column("f", mstype.float16)
    return {"json": s.to_json(), "str": str(s), "empty": str(ds.Schema())}


def case_schema_from_json_and_parse():
    s = ds.Schema()
    s.from_json({"datasetType": "TF", "numRows": 3, "columns": {"x": {"type": "int64", "rank": 1, "shape": [2]},
                                                                "y": {"type": "uint8", "rank": 0}}})
    first = s.to_json()
    s.add_column("z", "float16")
    p = ds.Schema()
    p.parse_columns([{"name": "p", "type": "float32", "shape": [2]}, {"name": "q", "type": "int8"}])
    listed = p.to_json()
    p.parse_columns({"z": {"type": "int16"}})
    r = ds.Schema()
    r.from_json(json.loads(ds.Schema.to_json(s)))
    return {"from_json": first, "added": s.to_json(), "num_rows": ds.Schema.get_num_rows(s),
            "listed": listed, "dict": p.to_json(), "round_trip": r.to_json(), "no_rows": ds.Schema.get_num_rows(p)}


def case_schema_file():
    path = os.path.join(tempfile.mkdtemp(), "s.json")
    with open(path, "w") as f:
        json.dump({"datasetType": "TF", "numRows": 2, "columns": {"label": {"type": "int32", "rank": 1,
                                                                             "shape": [1]}}}, f)
    s = ds.Schema(path)
    return {"json": s.to_json(), "rows": ds.Schema.get_num_rows(s), "rows_path": ds.Schema.get_num_rows(path)}


def case_schema_add_column_errors():
    calls = {"bad_type": lambda: ds.Schema().add_column("a", "int99"),
             "empty_name": lambda: ds.Schema().add_column("", "int8"),
             "int_name": lambda: ds.Schema().add_column(1, "int8"),
             "none_type": lambda: ds.Schema().add_column("a", None),
             "tuple_shape": lambda: ds.Schema().add_column("a", "int8", (1,)),
             "float_dim": lambda: ds.Schema().add_column("a", "int8", [1.5])}
    out = {}
    for name, call in calls.items():
        try:
            call()
            out[name] = "no error"
        except Exception as e:  # noqa: BLE001 - the type is the result
            out[name] = type(e).__name__
    return out


def case_schema_json_errors():
    calls = {"no_columns": lambda: ds.Schema().from_json({"datasetType": "TF"}),
             "unknown_field": lambda: ds.Schema().from_json({"columns": {"x": {"type": "int8"}}, "foo": 1}),
             "no_name": lambda: ds.Schema().parse_columns([{"type": "int8"}]),
             "no_type": lambda: ds.Schema().parse_columns([{"name": "x"}]),
             "no_type_dict": lambda: ds.Schema().parse_columns({"x": {"shape": [1]}}),
             "missing_file": lambda: ds.Schema("/nonexistent/schema.json")}
    out = {}
    for name, call in calls.items():
        try:
            call()
            out[name] = "no error"
        except Exception as e:  # noqa: BLE001 - the type is the result
            out[name] = type(e).__name__
    return out
