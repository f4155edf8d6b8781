"""Text readers over CSV/TSV/column files (AG News family, SST-2, CoNLL-2000) and IMDB's folder layout.

Every column is a string. A CSV record with the wrong number of fields raises RuntimeError when it is read,
naming the file and line, as MindSpore's CSV reader does. CoNLL-2000: one row per sentence (blank-line
separated), each column a 1-D string array; MindSpore counts (and shards) by non-empty lines, so the dataset
size is the line count, and a last sentence with no blank line (or line) after it is not returned.
"""
from __future__ import annotations

import csv
import os
from typing import Any, Iterator

import numpy as np

from mindshim.dataset.engine.datasets_text import (
    TextSourceDataset, _all_lines, _usage_files, check_dir, check_usage,
)
from mindshim.dataset.engine.source import MappableDataset


def _records(path: str) -> list[list[str]]:
    if not os.path.isfile(path):
        raise RuntimeError(f"Invalid file path, csv file: {path} does not exist.")
    with open(path, "r", encoding="utf-8", newline="") as f:
        return [r for r in csv.reader(f) if r]


class _CsvCorpus(TextSourceDataset):
    _order = ("test", "train")

    def __init__(self, dataset_dir: str, usage: str | None, num_samples: Any, num_parallel_workers: Any,
                 shuffle: Any, num_shards: Any, shard_id: Any) -> None:
        check_dir(dataset_dir)
        check_usage(usage, ["train", "test", "all"])
        files = _usage_files(dataset_dir, usage or "all", {u: u + ".csv" for u in self._order})
        super().__init__(files, num_samples, num_parallel_workers, shuffle, num_shards, shard_id)

    def _count(self, path: str) -> int:
        return len(_records(path)) if os.path.isfile(path) else 0

    def _read(self, path: str, start: int, end: int) -> Iterator[tuple]:
        width = len(self._columns)
        for line, rec in enumerate(_records(path)[start:end], start + 1):
            if len(rec) != width:
                raise RuntimeError(f"Invalid file, failed to parse csv file: {path} at line {line}. The record has "
                                   f"{len(rec)} fields but {width} columns are expected.")
            yield tuple(np.array(v) for v in rec)


def _csv_reader(name: str, columns: list[str], order: tuple[str, str], workers_last: bool = False) -> type:
    """A reader class; `order` is the file order of usage 'all', `workers_last` MindSpore's signature that puts
    num_parallel_workers after shard_id."""
    if workers_last:
        def __init__(self, dataset_dir: str, usage: str | None = None, num_samples: int | None = None,
                     shuffle: Any = True, num_shards: int | None = None, shard_id: int | None = None,
                     num_parallel_workers: int | None = None, cache: Any = None) -> None:
            _CsvCorpus.__init__(self, dataset_dir, usage, num_samples, num_parallel_workers, shuffle, num_shards,
                                shard_id)
    else:
        def __init__(self, dataset_dir: str, usage: str | None = None, num_samples: int | None = None,
                     num_parallel_workers: int | None = None, shuffle: Any = True, num_shards: int | None = None,
                     shard_id: int | None = None, cache: Any = None) -> None:
            _CsvCorpus.__init__(self, dataset_dir, usage, num_samples, num_parallel_workers, shuffle, num_shards,
                                shard_id)
    return type(name, (_CsvCorpus,), {"__init__": __init__, "_name": name, "_columns": columns, "_order": order,
                                      "__module__": __name__})


_TEST_FIRST, _TRAIN_FIRST = ("test", "train"), ("train", "test")
AGNewsDataset = _csv_reader("AGNewsDataset", ["index", "title", "description"], _TEST_FIRST)
AmazonReviewDataset = _csv_reader("AmazonReviewDataset", ["label", "title", "content"], _TEST_FIRST)
DBpediaDataset = _csv_reader("DBpediaDataset", ["class", "title", "content"], _TEST_FIRST)
SogouNewsDataset = _csv_reader("SogouNewsDataset", ["index", "title", "content"], _TRAIN_FIRST, True)
YahooAnswersDataset = _csv_reader("YahooAnswersDataset", ["class", "title", "content", "answer"], _TEST_FIRST)
YelpReviewDataset = _csv_reader("YelpReviewDataset", ["label", "text"], _TRAIN_FIRST, True)


class SST2Dataset(TextSourceDataset):
    """train.tsv/dev.tsv: `sentence, label`; test.tsv: `sentence` (its second field); the header is skipped."""

    _name = "SST2Dataset"

    def __init__(self, dataset_dir: str, usage: str | None = None, num_samples: int | None = None,
                 num_parallel_workers: int | None = None, shuffle: Any = True, num_shards: int | None = None,
                 shard_id: int | None = None, cache: Any = None) -> None:
        check_dir(dataset_dir)
        check_usage(usage, ["train", "test", "dev"])
        self._usage = usage or "train"
        self._columns = ["sentence"] if self._usage == "test" else ["sentence", "label"]
        files = [os.path.join(dataset_dir, self._usage + ".tsv")]
        super().__init__(files, num_samples, num_parallel_workers, shuffle, num_shards, shard_id)

    def _lines(self, path: str) -> list[str]:
        if not os.path.isfile(path):
            raise RuntimeError(f"Invalid file, failed to open {path}.")
        return [line for line in _all_lines(path)[1:] if line]

    def _count(self, path: str) -> int:
        return len(self._lines(path))

    def _read(self, path: str, start: int, end: int) -> Iterator[tuple]:
        for line in self._lines(path)[start:end]:
            fields = line.split("\t")
            yield (np.array(fields[1]),) if self._usage == "test" else (np.array(fields[0]), np.array(fields[1]))


class CoNLL2000Dataset(TextSourceDataset):
    _name = "CoNLL2000Dataset"
    _columns = ["word", "pos_tag", "chunk_tag"]

    def __init__(self, dataset_dir: str, usage: str | None = None, num_samples: int | None = None,
                 shuffle: Any = True, num_shards: int | None = None, shard_id: int | None = None,
                 num_parallel_workers: int | None = None, cache: Any = None) -> None:
        check_dir(dataset_dir)
        check_usage(usage, ["train", "test", "all"])
        files = _usage_files(dataset_dir, usage or "all", {"test": "test.txt", "train": "train.txt"}, True)
        super().__init__(files, num_samples, num_parallel_workers, shuffle, num_shards, shard_id)

    def _count(self, path: str) -> int:
        return sum(1 for line in _all_lines(path) if line.strip())

    def _read(self, path: str, start: int, end: int) -> Iterator[tuple]:
        seen, sentence = 0, []
        for line in _all_lines(path):
            if not line.strip():
                if sentence:
                    yield tuple(np.array(col) for col in zip(*sentence))
                    sentence = []
                continue
            if seen >= end:  # the next line past the block ends the sentence; the end of the file does not
                if sentence:
                    yield tuple(np.array(col) for col in zip(*sentence))
                return
            if seen >= start:
                sentence.append(line.split()[:3])
            seen += 1


class UDPOSDataset(CoNLL2000Dataset):
    """`en-ud-tag.v2.{train,dev,test}.txt` ('valid' reads dev), sentences as CoNLL2000Dataset reads them."""

    _name = "UDPOSDataset"
    _columns = ["word", "universal", "stanford"]

    def __init__(self, dataset_dir: str, usage: str | None = None, num_samples: int | None = None,
                 shuffle: Any = True, num_shards: int | None = None, shard_id: int | None = None,
                 num_parallel_workers: int | None = None, cache: Any = None) -> None:
        check_dir(dataset_dir)
        check_usage(usage, ["train", "valid", "test", "all"])
        names = {u: f"en-ud-tag.v2.{f}.txt" for u, f in (("valid", "dev"), ("test", "test"), ("train", "train"))}
        files = _usage_files(dataset_dir, usage or "all", names, True)
        TextSourceDataset.__init__(self, files, num_samples, num_parallel_workers, shuffle, num_shards, shard_id)


class IMDBDataset(MappableDataset):
    """`<usage>/pos/*.txt` (label 1) then `<usage>/neg/*.txt` (label 0), files in name order; as in MindSpore,
    the text of a file is its last line."""

    def __init__(self, dataset_dir: str, usage: str | None = None, num_samples: int | None = None,
                 num_parallel_workers: int | None = None, shuffle: bool | None = None, sampler: Any = None,
                 num_shards: int | None = None, shard_id: int | None = None, cache: Any = None) -> None:
        check_dir(dataset_dir)
        check_usage(usage, ["train", "test", "all"])
        from mindshim.dataset.engine.datasets_text import check_common
        check_common(num_samples, num_parallel_workers, num_shards, shard_id)
        if sampler is not None and shuffle is not None:
            raise RuntimeError("sampler and shuffle cannot be specified at the same time.")
        if sampler is not None and num_shards is not None:
            raise RuntimeError("sampler and sharding cannot be specified at the same time.")
        super().__init__(["text", "label"], sampler, shuffle, num_samples, num_shards, shard_id)
        self._dir = dataset_dir
        self._usages = ["train", "test"] if (usage or "all") == "all" else [usage]
        self._items: list[tuple[str, int]] | None = None

    def _scan(self) -> list[tuple[str, int]]:
        if self._items is None:
            items = []
            for u in self._usages:
                for sub, label in (("pos", 1), ("neg", 0)):
                    folder = os.path.join(self._dir, u, sub)
                    if not os.path.isdir(folder):
                        raise RuntimeError(f"Invalid path, failed to open imdb dir: {folder}, "
                                           "path does not exist or is not a directory.")
                    items += [(os.path.join(folder, f), label) for f in sorted(os.listdir(folder))
                              if f.endswith(".txt")]
            self._items = items
        return self._items

    def _len(self) -> int:
        return len(self._scan())

    def _row(self, index: int) -> tuple:
        path, label = self._scan()[index]
        with open(path, "r", encoding="utf-8") as f:
            lines = f.read().split("\n")
        if len(lines) > 1 and lines[-1] == "":  # a trailing newline ends the last line, as getline reads it
            lines.pop()
        text = lines[-1]
        return np.array(text), np.array(label, dtype=np.int32)


__all__ = ["AGNewsDataset", "AmazonReviewDataset", "DBpediaDataset", "SogouNewsDataset", "YahooAnswersDataset",
           "YelpReviewDataset", "SST2Dataset", "CoNLL2000Dataset", "UDPOSDataset", "IMDBDataset"]
