"""mindspore.dataset.Schema: column names, dtypes and shapes of a file-format dataset (TFRecord, Random).

The JSON layout is MindSpore's: {"columns": [{"name", "rank", "shape", "type"}, ...], "datasetType", "numRows"},
keys sorted, indented by 2. A column added without a shape has an unknown shape of rank 1 (no "shape" key); a
column parsed from JSON without a shape prints as a scalar (rank 0, shape [], whatever "rank" says) but reads
with the shape found in the data.
"""
from __future__ import annotations

import json
import os
from typing import Any

VALID_TYPES = ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16",
               "float32", "float64", "string")
_MS_NAMES = {"Bool": "bool", "String": "string"}


def _type_check(arg: Any, types: tuple, name: str) -> None:
    if (int in types and bool not in types and isinstance(arg, bool)) or not isinstance(arg, types):
        raise TypeError(f"Argument {name} with value {arg} is not of type {list(types)}, but got {type(arg)}.")


def type_name(de_type: Any) -> str:
    """A MindSpore dtype (mstype.int32, ...) or a type string as the schema's type string."""
    if isinstance(de_type, str):
        if de_type not in VALID_TYPES:
            raise TypeError("Unknown column type.")
        return de_type
    from mindshim.common import dtype as mstype
    if de_type is mstype.string or str(de_type) == "String":
        return "string"
    name = str(de_type)
    name = _MS_NAMES.get(name, name.lower())
    if name not in VALID_TYPES or name == "string":
        raise KeyError(de_type)
    return name


def check_file(path: Any) -> None:
    if not isinstance(path, str) or not os.path.isfile(os.path.realpath(path)) or not os.access(path, os.R_OK):
        raise ValueError(f"The file {os.path.realpath(str(path))} does not exist or permission denied!")


def _parse_column(name: Any, spec: dict) -> dict:
    if name is None:
        raise RuntimeError("Column's name is missing")
    if "type" not in spec:
        raise RuntimeError("Column's type is missing")
    kind = spec["type"]
    if kind not in VALID_TYPES:
        raise RuntimeError(f"Invalid column type: {kind}")
    shape = spec.get("shape")
    if shape is None:  # read as found, but MindSpore prints it as a scalar
        return {"name": str(name), "type": kind, "shape": None, "printed_scalar": True}
    return {"name": str(name), "type": kind, "shape": [int(s) for s in shape]}


def _parse_columns(columns: Any) -> list[dict]:
    if isinstance(columns, dict):
        return [_parse_column(k, v if isinstance(v, dict) else {}) for k, v in columns.items()]
    if isinstance(columns, (list, tuple)):
        return [_parse_column(c.get("name"), c) for c in columns]
    raise RuntimeError("Failed to parse columns: expected a dict or a list of dicts.")


class Schema:
    """A dataset schema: an ordered list of columns, plus the optional dataset type and row count."""

    def __init__(self, schema_file: str | None = None) -> None:
        self.schema_file = "" if schema_file is None else schema_file
        self._cols: list[dict] = []
        self.dataset_type: str | None = None
        self.num_rows: int | None = None
        if schema_file is not None:
            check_file(schema_file)
            try:
                with open(schema_file, "r", encoding="utf-8") as f:
                    obj = json.load(f)
            except (OSError, ValueError) as err:
                raise RuntimeError(f"Schema file {schema_file} failed to load: {err}") from err
            self.from_json(obj)

    def add_column(self, name: str, de_type: Any, shape: list | None = None) -> None:
        _type_check(name, (str,), "name")
        if not name:
            raise TypeError("Expected non-empty string for column name.")
        if de_type is None:
            raise TypeError("Expected non-empty string for de_type.")
        kind = type_name(de_type)
        if shape is not None:
            _type_check(shape, (list,), "shape")
            for s in shape:
                _type_check(s, (int,), "shape")
        self._cols.append({"name": name, "type": kind, "shape": None if shape is None else list(shape)})

    def parse_columns(self, columns: Any) -> None:
        self._cols = _parse_columns(columns)

    def from_json(self, json_obj: dict) -> None:
        for key in json_obj:
            if key not in ("datasetType", "numRows", "columns"):
                raise RuntimeError(f"Unknown field {key}")
        if "columns" not in json_obj:
            raise RuntimeError('"columns" node is required in the schema json JSON.')
        self.dataset_type = json_obj.get("datasetType", self.dataset_type)
        if "numRows" in json_obj:
            self.num_rows = int(json_obj["numRows"])
        self._cols = _parse_columns(json_obj["columns"])

    def to_json(self) -> str:
        cols = []
        for c in self._cols:
            shape = [] if c.get("printed_scalar") else c["shape"]
            entry = {"name": c["name"], "type": c["type"], "rank": 1 if shape is None else len(shape)}
            if shape is not None:
                entry["shape"] = list(shape)
            cols.append(entry)
        obj: dict = {"columns": cols or None}
        if self.dataset_type is not None:
            obj["datasetType"] = self.dataset_type
        if self.num_rows is not None:
            obj["numRows"] = self.num_rows
        return json.dumps(obj, indent=2, sort_keys=True)

    def column_specs(self) -> list[dict]:
        """The columns as dicts of name, type (a string) and shape (None when unknown)."""
        return [dict(c) for c in self._cols]

    @property
    def columns(self) -> list[str]:
        """The column names, in order (what GeneratorDataset(schema=...) names its columns by)."""
        return [c["name"] for c in self._cols]

    def __str__(self) -> str:
        return self.to_json()

    @staticmethod
    def get_num_rows(schema: Any) -> int:
        obj = schema if isinstance(schema, Schema) else Schema(schema)
        return obj.num_rows or 0


def as_schema(schema: Any) -> Schema | None:
    """A `schema` argument (None, a Schema or a JSON file path) as a Schema."""
    if schema is None or isinstance(schema, Schema):
        return schema
    if isinstance(schema, str):
        return Schema(schema)
    raise TypeError(f"Argument schema with value {schema} is not of type [<class 'str'>, <class 'Schema'>], "
                    f"but got {type(schema)}.")


__all__ = ["Schema"]
