"""mindspore.mindrecord.MindPage: rows of a MindRecord set grouped by the value of one index field, in pages."""
from __future__ import annotations

import json
import os
import sqlite3

from mindshim.mindrecord.common.exceptions import MRMDefineCategoryError, ParamTypeError, ParamValueError
from mindshim.mindrecord.filereader import _py_number
from mindshim.mindrecord.shardreader import ShardSet
from mindshim.mindrecord.shardutils import check_filename


def _check_int(value, what: str, low: int) -> None:
    if not isinstance(value, int) or value < low:
        raise ParamValueError(f"{what} should be int and greater than {'or equal to ' if low == 0 else ''}0.")


class MindPage:
    """Category views of MindRecord files: `category_field` picks an index field; its distinct values (as SQLite
    text, sorted as strings) are the categories; a category's rows come shard by shard in row-id order."""

    def __init__(self, file_name, num_consumer: int = 4) -> None:
        if isinstance(file_name, list):
            for f in file_name:
                check_filename(f)
        else:
            check_filename(file_name)
        if num_consumer is None:
            raise ParamValueError("Parameter num_consumer is None.")
        if not isinstance(num_consumer, int):
            raise ParamValueError("Parameter num_consumer is not int.")
        top = os.cpu_count() or 1
        if num_consumer != 4 and not 1 <= num_consumer <= top:
            raise ParamValueError(f"Parameter num_consumer: {num_consumer} should between 1 and {top}.")
        self._set = ShardSet(file_name)
        fields = self._set.headers[0].get("index_fields") or []
        self._candidate_fields = [f["index_field"] for f in fields]
        self._category_field: str | None = None
        # per shard: ROW_ID -> the row's position in the whole set (ShardSet orders rows by ROW_ID per shard)
        self._row_pos: list[dict[int, int]] = []
        for s in range(len(self._set.paths)):
            ids = self._query(s, "SELECT ROW_ID FROM INDEXES ORDER BY ROW_ID")
            self._row_pos.append({r[0]: self._set.file_starts[s] + k for k, r in enumerate(ids)})

    def _query(self, shard: int, sql: str, args: tuple = ()) -> list:
        con = sqlite3.connect(f"file:{self._set.paths[shard]}.db?mode=ro", uri=True)
        try:
            return con.execute(sql, args).fetchall()
        finally:
            con.close()

    @property
    def candidate_fields(self) -> list:
        return list(self._candidate_fields)

    @property
    def category_field(self) -> str | None:
        return self._category_field

    @category_field.setter
    def category_field(self, category_field: str) -> None:
        if not category_field or not isinstance(category_field, str):
            raise ParamTypeError("category_fields", "str")
        if category_field not in self._candidate_fields:
            raise MRMDefineCategoryError(f"Field '{category_field}' is not a candidate category field.")
        self._category_field = category_field

    def _column(self) -> str:
        if self._category_field is None:
            raise RuntimeError("Invalid data, category field is not set, set it by MindPage.category_field first.")
        return f'"{self._category_field}_0"'

    def _categories(self) -> list[tuple[int, str, int]]:
        col = self._column()
        names: set[str] = set()
        for s in range(len(self._set.paths)):
            names.update(r[0] for r in self._query(s, f"SELECT DISTINCT CAST({col} AS TEXT) FROM INDEXES")
                         if r[0] is not None)
        out = []
        for i, name in enumerate(sorted(names, key=lambda n: n.encode())):
            count = sum(self._query(s, f"SELECT COUNT(*) FROM INDEXES WHERE {col} = ?", (name,))[0][0]
                        for s in range(len(self._set.paths)))
            out.append((i, name, count))
        return out

    def read_category_info(self) -> str:
        cats = [{"count": c, "id": i, "name": n} for i, n, c in self._categories()]
        return json.dumps({"categories": cats, "key": f"{self._category_field}_0"}, separators=(",", ":"),
                          ensure_ascii=False)

    def _page(self, name: str, page: int, num_row: int) -> list[dict]:
        col = self._column()
        rows = []
        for s in range(len(self._set.paths)):
            ids = self._query(s, f"SELECT ROW_ID FROM INDEXES WHERE {col} = ? ORDER BY ROW_ID", (name,))
            rows.extend(self._row_pos[s][r[0]] for r in ids)
        if page * num_row >= len(rows):
            raise RuntimeError(f"Invalid data, page no: {page}or page size: {num_row} is invalid.")
        return [self._row(i) for i in rows[page * num_row:(page + 1) * num_row]]

    def _row(self, i: int) -> dict:
        s = self._set
        row = {k: _py_number(v) for k, v in s.raw(i).items() if k in s.schema}
        row.update(s.blob(i, set(s.blob_fields)))
        return row

    def read_at_page_by_id(self, category_id: int, page: int, num_row: int) -> list[dict]:
        _check_int(category_id, "Category id", 0)
        _check_int(page, "Page", 0)
        _check_int(num_row, "num_row", 1)
        cats = self._categories()
        if category_id >= len(cats):
            raise RuntimeError(f"Invalid data, category_id: {category_id} must be in the range [0, {len(cats)}].")
        return self._page(cats[category_id][1], page, num_row)

    def read_at_page_by_name(self, category_name: str, page: int, num_row: int) -> list[dict]:
        if not isinstance(category_name, str):
            raise ParamValueError("Category name should be str.")
        _check_int(page, "Page", 0)
        _check_int(num_row, "num_row", 1)
        if category_name not in {n for _, n, _ in self._categories()}:
            raise RuntimeError(f"category_name: {category_name} could not found.")
        return self._page(category_name, page, num_row)


__all__ = ["MindPage"]
