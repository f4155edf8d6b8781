"""Multi30kDataset (paired line files) and SQuADDataset (JSON), non-mappable as MindSpore's are.

- Multi30k: `training/train.{en,de}`, `validation/val.{en,de}`, `mmt16_task1_test/test.{en,de}`; usage 'all' reads
  test, train, valid; `language_pair` picks which file is `text` and which `translation`.
- SQuAD: `train-v1.1.json`/`dev-v1.1.json` (or the v2.0 names); one row per question: context, question, the
  answers' texts and uint32 starts (a question without answers gives [''] and [4294967295], as MindSpore does).
- IWSLT2016/2017: `train.tags.<src>-<tgt>.<lang>` (tag lines, those starting with '<', skipped) and the
  `IWSLT1x.TED.<set>.<src>-<tgt>.<lang>.xml` files' `<seg>` texts, stripped; usage 'all' reads train, valid, test.
  2016 reads `texts/<src>/<tgt>/<src>-<tgt>/`, 2017 `texts/DeEnItNlRo/DeEnItNlRo/DeEnItNlRo-DeEnItNlRo/`.
  (MindSpore also writes cleaned copies of these files into the dataset folder; mindshim reads them in memory.)
- CLUE: JSON lines; the task/usage picks the keys (WSC's span fields come from its `target` object); columns are in
  name order; a JSON string gives a str, an int uint32, a float float32, a list an array.
"""
from __future__ import annotations

import glob
import json
import os
import re
from typing import Any, Iterator

import numpy as np

from mindshim.dataset.engine.datasets_text import (
    TextSourceDataset, _all_lines, check_dir, check_usage,
)

_M30K = {"test": "mmt16_task1_test/test", "train": "training/train", "valid": "validation/val"}


class Multi30kDataset(TextSourceDataset):
    _name = "Multi30kDataset"
    _columns = ["text", "translation"]

    def __init__(self, dataset_dir: str, usage: str | None = None, language_pair: Any = None,
                 num_samples: int | None = None, num_parallel_workers: int | None = None, shuffle: Any = None,
                 num_shards: int | None = None, shard_id: int | None = None, cache: Any = None) -> None:
        check_dir(dataset_dir)
        check_usage(usage, ["train", "test", "valid", "all"])
        if language_pair is not None:
            if not isinstance(language_pair, (list, tuple)):
                raise TypeError(f"Argument language_pair with value {language_pair!r} is not of type "
                                f"[<class 'list'>, <class 'tuple'>], but got {type(language_pair)}.")
            if len(language_pair) != 2:
                raise ValueError(f"language_pair should be a list or tuple of length 2, but got {len(language_pair)}")
            if list(language_pair) not in (["en", "de"], ["de", "en"]):
                raise ValueError(f"language_pair can only be ['en', 'de'] or ['en', 'de'], but got {language_pair}")
        if shuffle is not None and not isinstance(shuffle, bool):
            raise TypeError(f"Argument shuffle with value {shuffle!r} is not of type [<class 'bool'>], "
                            f"but got {type(shuffle)}.")
        self._pair = list(language_pair) if language_pair is not None else ["en", "de"]
        usage = usage or "all"
        stems = list(_M30K.values()) if usage == "all" else [_M30K[usage]]
        files = [os.path.join(dataset_dir, s) for s in stems]
        super().__init__(files, num_samples, num_parallel_workers, True if shuffle is None else shuffle,
                         num_shards, shard_id)

    def _pair_lines(self, stem: str) -> tuple[list[str], list[str]]:
        text, trans = (stem + "." + lang for lang in self._pair)
        for path in (text, trans):
            if not os.path.isfile(path):
                raise RuntimeError(f"Invalid file, failed to open {path}: the file does not exist.")
        return _all_lines(text), _all_lines(trans)

    def _count(self, stem: str) -> int:
        return len(self._pair_lines(stem)[0])

    def _read(self, stem: str, start: int, end: int) -> Iterator[tuple]:
        text, trans = self._pair_lines(stem)
        for a, b in zip(text[start:end], trans[start:end]):
            yield np.array(a), np.array(b)


class SQuADDataset(TextSourceDataset):
    _name = "SQuADDataset"
    _columns = ["context", "question", "text", "answer_start"]

    def __init__(self, dataset_dir: str, usage: str | None = None, num_samples: int | None = None,
                 num_parallel_workers: int | None = None, shuffle: Any = True, num_shards: int | None = None,
                 shard_id: int | None = None, cache: Any = None) -> None:
        check_dir(dataset_dir)
        check_usage(usage, ["train", "dev", "all"])
        usage = usage or "all"
        files = []
        for u in (("train", "dev") if usage == "all" else (usage,)):
            for version in ("v1.1", "v2.0"):
                path = os.path.join(dataset_dir, f"{u}-{version}.json")
                if os.path.isfile(path):
                    files.append(path)
        self._cache: dict[str, list[tuple]] = {}
        super().__init__(files, num_samples, num_parallel_workers, shuffle, num_shards, shard_id)

    def _questions(self, path: str) -> list[tuple]:
        if path not in self._cache:
            try:
                with open(path, "r", encoding="utf-8") as f:
                    doc = json.load(f)
            except (OSError, ValueError) as e:
                raise RuntimeError(f"Invalid file, failed to parse SQuAD file: {path} ({e}).") from None
            rows = []
            for article in doc.get("data", []):
                for para in article.get("paragraphs", []):
                    for qa in para.get("qas", []):
                        answers = qa.get("answers", [])
                        texts = [a["text"] for a in answers] or [""]
                        starts = [a["answer_start"] for a in answers] or [-1]
                        rows.append((np.array(para["context"]), np.array(qa["question"]), np.array(texts),
                                     np.array(starts, dtype=np.int64).astype(np.uint32)))
            self._cache[path] = rows
        return self._cache[path]

    def _count(self, path: str) -> int:
        return len(self._questions(path))

    def _read(self, path: str, start: int, end: int) -> Iterator[tuple]:
        yield from self._questions(path)[start:end]


_PAIR = {"train": ["sentence1", "sentence2", "label"], "test": ["id", "sentence1", "sentence2"]}
_WSC = ["span1_index", "span2_index", "span1_text", "span2_text", "idx", "text"]
_CLUE_KEYS = {
    "AFQMC": _PAIR, "CMNLI": _PAIR,
    "TNEWS": {"train": ["label", "label_desc", "sentence", "keywords"], "test": ["id", "keywords", "sentence"]},
    "IFLYTEK": {"train": ["label", "label_des", "sentence"], "test": ["id", "sentence"]},
    "WSC": {"train": _WSC + ["label"], "test": _WSC},
    "CSL": {"train": ["id", "abst", "keyword", "label"], "test": ["id", "abst", "keyword"]},
}


def find_files(patterns: Any) -> list[str]:
    """Glob each pattern (recursively) as MindSpore does; a pattern matching no file is an error."""
    files, unmatched = [], []
    for pattern in patterns if isinstance(patterns, list) else [patterns]:
        matches = [m for m in glob.glob(pattern, recursive=True) if os.path.isfile(m)]
        files.extend(matches)
        if not matches:
            unmatched.append(pattern)
    if unmatched:
        raise ValueError(f"The following patterns did not match any files: {unmatched}.")
    return files


def _clue_value(value: Any) -> np.ndarray:
    if isinstance(value, bool) or isinstance(value, int):
        return np.array(int(value), dtype=np.int64).astype(np.uint32)
    if isinstance(value, float):
        return np.array(value, dtype=np.float32)
    if isinstance(value, list):
        return np.array([str(v) if not isinstance(v, str) else v for v in value])
    return np.array(value)


class CLUEDataset(TextSourceDataset):
    _name = "CLUEDataset"

    def __init__(self, dataset_files: Any, task: str = "AFQMC", usage: str = "train", num_samples: int | None = None,
                 num_parallel_workers: int | None = None, shuffle: Any = True, num_shards: int | None = None,
                 shard_id: int | None = None, cache: Any = None) -> None:
        if not isinstance(dataset_files, (str, list)):
            raise TypeError(f"Argument dataset files with value {dataset_files!r} is not of type "
                            f"[<class 'str'>, <class 'list'>], but got {type(dataset_files)}.")
        if not dataset_files:
            raise ValueError(f"Input dataset_files can not be empty, but got '{dataset_files}'.")
        if task not in _CLUE_KEYS:
            raise ValueError("task should be 'AFQMC', 'TNEWS', 'IFLYTEK', 'CMNLI', 'WSC' or 'CSL'.")
        if usage not in ("train", "test", "eval"):
            raise ValueError("usage should be 'train', 'test' or 'eval'.")
        keys = _CLUE_KEYS[task]["test" if usage == "test" else "train"]
        self._keys = sorted(keys)
        self._columns = list(self._keys)
        self._nested = task == "WSC"
        super().__init__([], num_samples, num_parallel_workers, shuffle, num_shards, shard_id)
        self._files = sorted(find_files(dataset_files))  # MindSpore reads them in path order

    def _lines(self, path: str) -> list[str]:
        return [line for line in _all_lines(path) if line.strip()]

    def _count(self, path: str) -> int:
        return len(self._lines(path))

    def _read(self, path: str, start: int, end: int) -> Iterator[tuple]:
        for n, line in enumerate(self._lines(path)[start:end], start + 1):
            try:
                obj = json.loads(line)
            except ValueError:
                raise RuntimeError(f"Invalid file, failed to parse json file: {path} at line {n}.") from None
            if self._nested and isinstance(obj.get("target"), dict):
                obj = {**obj["target"], **obj}
            missing = [k for k in self._keys if k not in obj]
            if missing:
                raise RuntimeError(f"Invalid data, failed to find key {missing[0]!r} in {path} at line {n}.")
            yield tuple(_clue_value(obj[k]) for k in self._keys)


_SEG = re.compile(r"<seg[^>]*>(.*?)</seg>", re.S)


def _check_pair(pair: Any, valid: list[list[str]]) -> None:
    if isinstance(pair, (list, tuple)):
        bad = [v for v in pair if not isinstance(v, str)]
        if bad:
            raise TypeError(f"Argument language_pair[0] with value {bad[0]!r} is not of type [<class 'str'>], "
                            f"but got {type(bad[0])}.")
        if len(pair) != 2:
            raise ValueError("Input language_pair is a list or tuple of length 2.")
        if list(pair) not in valid:
            raise ValueError(f"Input language_pair{pair} is not within the valid set of {valid}.")
    else:
        raise TypeError("language_pair should be a type list or tuple of length 2.")


class _IWSLT(TextSourceDataset):
    _columns = ["text", "translation"]
    _prefix = "IWSLT16"

    def _setup(self, dataset_dir: str, usage: Any, pair: list[str], folder: str, valid_set: str,
               test_set: str, num_samples: Any, num_parallel_workers: Any, shuffle: Any, num_shards: Any,
               shard_id: Any) -> None:
        check_dir(dataset_dir)
        check_usage(usage, ["train", "valid", "test", "all"])
        self._pair = pair
        src, tgt = pair
        base = os.path.join(dataset_dir, folder)
        parts = {"train": os.path.join(base, f"train.tags.{src}-{tgt}"),
                 "valid": os.path.join(base, f"{self._prefix}.TED.{valid_set}.{src}-{tgt}"),
                 "test": os.path.join(base, f"{self._prefix}.TED.{test_set}.{src}-{tgt}")}
        usage = usage or "all"
        files = list(parts.values()) if usage == "all" else [parts[usage]]
        self._cache: dict[str, list[tuple[str, str]]] = {}
        super().__init__(files, num_samples, num_parallel_workers, shuffle, num_shards, shard_id)

    def _side(self, stem: str, lang: str) -> list[str]:
        xml = os.path.basename(stem).startswith(self._prefix)
        path = f"{stem}.{lang}.xml" if xml else f"{stem}.{lang}"
        if not os.path.isfile(path):
            raise RuntimeError(f"Invalid file, failed to open {path}: the file does not exist.")
        with open(path, "r", encoding="utf-8") as f:
            text = f.read()
        if xml:
            return [seg.strip() for seg in _SEG.findall(text)]
        return [line.strip() for line in text.split("\n") if line.strip() and not line.strip().startswith("<")]

    def _pairs(self, stem: str) -> list[tuple[str, str]]:
        if stem not in self._cache:
            self._cache[stem] = list(zip(self._side(stem, self._pair[0]), self._side(stem, self._pair[1])))
        return self._cache[stem]

    def _count(self, stem: str) -> int:
        return len(self._pairs(stem))

    def _read(self, stem: str, start: int, end: int) -> Iterator[tuple]:
        for a, b in self._pairs(stem)[start:end]:
            yield np.array(a), np.array(b)


_PAIRS16 = [["en", "ar"], ["en", "ar"], ["en", "de"], ["en", "fr"], ["en", "cs"], ["ar", "en"], ["fr", "en"],
            ["de", "en"], ["cs", "en"]]
_SETS16 = ["dev2010", "tst2010", "tst2011", "tst2012", "tst2013", "tst2014"]
_LANGS17 = ["en", "nl", "de", "it", "ro"]


class IWSLT2016Dataset(_IWSLT):
    _name = "IWSLT2016Dataset"

    def __init__(self, dataset_dir: str, usage: str | None = None, language_pair: Any = None,
                 valid_set: str | None = None, test_set: str | None = None, num_samples: int | None = None,
                 shuffle: Any = True, num_shards: int | None = None, shard_id: int | None = None,
                 num_parallel_workers: int | None = None, cache: Any = None) -> None:
        if language_pair is not None:
            _check_pair(language_pair, _PAIRS16)
        for name, value in (("valid_set", valid_set), ("test_set", test_set)):
            if value is not None:
                if not isinstance(value, str):
                    raise TypeError(f"Argument {name} with value {value!r} is not of type [<class 'str'>], "
                                    f"but got {type(value)}.")
                if value not in _SETS16:
                    raise ValueError(f"Input {name} is not within the valid set of {_SETS16}.")
        src, tgt = list(language_pair) if language_pair is not None else ["de", "en"]
        self._setup(dataset_dir, usage, [src, tgt], os.path.join("texts", src, tgt, f"{src}-{tgt}"),
                    valid_set or "tst2013", test_set or "tst2014", num_samples, num_parallel_workers, shuffle,
                    num_shards, shard_id)


class IWSLT2017Dataset(_IWSLT):
    _name = "IWSLT2017Dataset"
    _prefix = "IWSLT17"

    def __init__(self, dataset_dir: str, usage: str | None = None, language_pair: Any = None,
                 num_samples: int | None = None, shuffle: Any = True, num_shards: int | None = None,
                 shard_id: int | None = None, num_parallel_workers: int | None = None, cache: Any = None) -> None:
        if language_pair is not None:
            _check_pair(language_pair, [[a, b] for a in _LANGS17 for b in _LANGS17 if a != b])
        src, tgt = list(language_pair) if language_pair is not None else ["de", "en"]
        # MindSpore looks under texts/ (its docstring omits that level)
        folder = os.path.join("texts", "DeEnItNlRo", "DeEnItNlRo", "DeEnItNlRo-DeEnItNlRo")
        self._setup(dataset_dir, usage, [src, tgt], folder, "dev2010", "tst2010", num_samples,
                    num_parallel_workers, shuffle, num_shards, shard_id)


__all__ = ["Multi30kDataset", "SQuADDataset", "CLUEDataset", "IWSLT2016Dataset", "IWSLT2017Dataset"]
