"""mindspore.dataset's audio readers of local WAV layouts (mappable sources).

Waveforms are read as MindSpore 2.10 reads them (measured): 16-bit PCM samples divided by 32767 into float32,
shape (1, frames * channels) (the channels stay interleaved in one row).
- YesNoDataset: `<dataset_dir>/0_1_0_....wav`; label is the int32 vector of the name's digits.
- SpeechCommandsDataset: `<label>/<speaker>_nohash_<n>.wav`; `testing_list.txt` / `validation_list.txt` pick
  test / valid, train is the rest.
- LJSpeechDataset: `metadata.csv` (`id|transcription|normalized`) and `wavs/<id>.wav`.
- CMUArcticDataset: `cmu_us_<name>_arctic/etc/txt.done.data` and `.../wav/arctic_<id>.wav` (16 kHz only).
- LibriTTSDataset: `<usage>/<speaker>/<chapter>/<speaker>_<chapter>.trans.tsv` and its wav files (24 kHz only).
"""
from __future__ import annotations

import os
import re
import wave
from typing import Any

import numpy as np

from mindshim.dataset.engine.datasets_text import check_common, check_dir, check_usage
from mindshim.dataset.engine.source import MappableDataset


def read_wav(path: str) -> tuple[np.ndarray, int]:
    try:
        with wave.open(path, "rb") as w:
            width, rate = w.getsampwidth(), w.getframerate()
            raw = w.readframes(w.getnframes())
    except (wave.Error, EOFError, OSError) as e:
        raise RuntimeError(f"Invalid file, failed to read the wav file: {path} ({e}).") from None
    if width != 2:
        raise RuntimeError(f"Invalid file, only 16-bit PCM wav files are supported, file path: {path}.")
    data = np.frombuffer(raw, dtype="<i2").astype(np.float32) / np.float32(32767)
    return data.reshape(1, -1), rate


class _AudioDataset(MappableDataset):
    _name = "AudioDataset"
    _cols: list[str] = []

    def __init__(self, dataset_dir: str, num_samples: Any, num_parallel_workers: Any, shuffle: Any, sampler: Any,
                 num_shards: Any, shard_id: Any) -> None:
        check_dir(dataset_dir)
        check_common(num_samples, num_parallel_workers, num_shards, shard_id)
        if shuffle is not None and not isinstance(shuffle, bool):
            raise TypeError(f"Argument shuffle with value {shuffle!r} is not of type [<class 'bool'>], "
                            f"but got {type(shuffle)}.")
        if sampler is not None and shuffle is not None:
            raise RuntimeError("sampler and shuffle cannot be specified at the same time.")
        if sampler is not None and num_shards is not None:
            raise RuntimeError("sampler and sharding cannot be specified at the same time.")
        super().__init__(list(self._cols), sampler, shuffle, num_samples, num_shards, shard_id)
        self._dir = dataset_dir
        self._items: list | None = None

    def _scan(self) -> list:
        raise NotImplementedError

    def _items_list(self) -> list:
        if self._items is None:
            self._items = self._scan()
        return self._items

    def _len(self) -> int:
        return len(self._items_list())


class YesNoDataset(_AudioDataset):
    _name = "YesNoDataset"
    _cols = ["waveform", "sample_rate", "label"]

    def __init__(self, dataset_dir: str, num_samples: int | None = None, num_parallel_workers: int | None = None,
                 shuffle: bool | None = None, sampler: Any = None, num_shards: int | None = None,
                 shard_id: int | None = None, cache: Any = None) -> None:
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)

    def _scan(self) -> list:
        return sorted(f for f in os.listdir(self._dir) if f.endswith(".wav"))

    def _row(self, index: int) -> tuple:
        name = self._items_list()[index]
        wav, rate = read_wav(os.path.join(self._dir, name))
        label = np.array([int(p) for p in name[:-4].split("_")], dtype=np.int32)
        return wav, np.array(rate, dtype=np.int32), label


class SpeechCommandsDataset(_AudioDataset):
    _name = "SpeechCommandsDataset"
    _cols = ["waveform", "sample_rate", "label", "speaker_id", "utterance_number"]

    def __init__(self, dataset_dir: str, usage: str | None = None, num_samples: int | None = None,
                 num_parallel_workers: int | None = None, shuffle: bool | None = None, sampler: Any = None,
                 num_shards: int | None = None, shard_id: int | None = None, cache: Any = None) -> None:
        check_usage(usage, ["train", "test", "valid", "all"])
        self._usage = usage or "all"
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)

    def _list(self, name: str) -> set[str]:
        path = os.path.join(self._dir, name)
        if not os.path.isfile(path):
            raise RuntimeError(f"Invalid file, failed to open {name}: {path}.")
        with open(path, "r", encoding="utf-8") as f:
            return {line.strip() for line in f if line.strip()}

    def _scan(self) -> list:
        files = []
        for label in sorted(os.listdir(self._dir)):
            folder = os.path.join(self._dir, label)
            if os.path.isdir(folder) and label != "_background_noise_":
                files += [f"{label}/{f}" for f in sorted(os.listdir(folder)) if f.endswith(".wav")]
        if self._usage == "test":
            keep = self._list("testing_list.txt")
            files = [f for f in files if f in keep]
        elif self._usage == "valid":
            keep = self._list("validation_list.txt")
            files = [f for f in files if f in keep]
        elif self._usage == "train":
            drop = self._list("testing_list.txt") | self._list("validation_list.txt")
            files = [f for f in files if f not in drop]
        return files

    def _row(self, index: int) -> tuple:
        rel = self._items_list()[index]
        wav, rate = read_wav(os.path.join(self._dir, rel))
        label, name = rel.split("/")
        m = re.match(r"(.*)_nohash_(\d+)\.wav$", name)
        if m is None:
            raise RuntimeError(f"Invalid file name, expected '<speaker>_nohash_<n>.wav': {rel}.")
        return (wav, np.array(rate, dtype=np.int32), np.array(label), np.array(m.group(1)),
                np.array(int(m.group(2)), dtype=np.int32))


class LJSpeechDataset(_AudioDataset):
    _name = "LJSpeechDataset"
    _cols = ["waveform", "sample_rate", "transcription", "normalized_transcription"]

    def __init__(self, dataset_dir: str, num_samples: int | None = None, num_parallel_workers: int | None = None,
                 shuffle: bool | None = None, sampler: Any = None, num_shards: int | None = None,
                 shard_id: int | None = None, cache: Any = None) -> None:
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)

    def _scan(self) -> list:
        meta = os.path.join(self._dir, "metadata.csv")
        if not os.path.isfile(meta):
            raise RuntimeError(f"Invalid file, failed to find LJSpeech metadata file: {meta}")
        with open(meta, "r", encoding="utf-8") as f:
            return [line.rstrip("\n").split("|") for line in f if line.strip()]

    def _row(self, index: int) -> tuple:
        fields = self._items_list()[index]
        wav, rate = read_wav(os.path.join(self._dir, "wavs", fields[0] + ".wav"))
        return wav, np.array(rate, dtype=np.int32), np.array(fields[1]), np.array(fields[2])


class CMUArcticDataset(_AudioDataset):
    _name = "CMUArcticDataset"
    _cols = ["waveform", "sample_rate", "transcript", "utterance_id"]
    _names = ["aew", "ahw", "aup", "awb", "axb", "bdl", "clb", "eey", "fem", "gka", "jmk", "ksp", "ljm", "lnh",
              "rms", "rxr", "slp", "slt"]

    def __init__(self, dataset_dir: str, name: str | None = None, num_samples: int | None = None,
                 num_parallel_workers: int | None = None, shuffle: bool | None = None, sampler: Any = None,
                 num_shards: int | None = None, shard_id: int | None = None, cache: Any = None) -> None:
        if name is not None:
            if not isinstance(name, str):
                raise TypeError(f"Argument name with value {name!r} is not of type [<class 'str'>], "
                                f"but got {type(name)}.")
            if name not in self._names:
                raise ValueError(f"Input name is not within the valid set of {self._names}.")
        self._speaker = name or "aew"
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)

    def _scan(self) -> list:
        base = os.path.join(self._dir, f"cmu_us_{self._speaker}_arctic")
        meta = os.path.join(base, "etc", "txt.done.data")
        if not os.path.isfile(meta):
            raise RuntimeError(f"Invalid file, failed to open CMUArctic label file: {meta}")
        items = []
        with open(meta, "r", encoding="utf-8") as f:
            for line in f:
                m = re.match(r'\(\s*arctic_(\S+)\s+"(.*)"\s*\)', line.strip())
                if m:
                    items.append((m.group(1), m.group(2), os.path.join(base, "wav", f"arctic_{m.group(1)}.wav")))
        return items

    def _row(self, index: int) -> tuple:
        utt, text, path = self._items_list()[index]
        wav, rate = read_wav(path)
        if rate != 16000:
            raise RuntimeError(f"Invalid file, sampling rate of CMUArctic wav file must be 16000, file path: {path}")
        return wav, np.array(rate, dtype=np.uint32), np.array(text), np.array(utt)


_LIBRITTS = ["dev-clean", "dev-other", "test-clean", "test-other", "train-clean-100", "train-clean-360",
             "train-other-500"]


class LibriTTSDataset(_AudioDataset):
    _name = "LibriTTSDataset"
    _cols = ["waveform", "sample_rate", "original_text", "normalized_text", "speaker_id", "chapter_id",
             "utterance_id"]

    def __init__(self, dataset_dir: str, usage: str | None = None, num_samples: int | None = None,
                 num_parallel_workers: int | None = None, shuffle: bool | None = None, sampler: Any = None,
                 num_shards: int | None = None, shard_id: int | None = None, cache: Any = None) -> None:
        check_usage(usage, _LIBRITTS + ["all"])
        self._usage = usage or "all"
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)

    def _scan(self) -> list:
        items = []
        for part in _LIBRITTS if self._usage == "all" else [self._usage]:
            root = os.path.join(self._dir, part)
            if not os.path.isdir(root):
                continue
            for spk in sorted(os.listdir(root)):
                for chap in sorted(os.listdir(os.path.join(root, spk))) if os.path.isdir(os.path.join(root, spk)) \
                        else []:
                    trans = os.path.join(root, spk, chap, f"{spk}_{chap}.trans.tsv")
                    if not os.path.isfile(trans):
                        continue
                    with open(trans, "r", encoding="utf-8") as f:
                        for line in f:
                            fields = line.rstrip("\n").split("\t")
                            if len(fields) >= 3:
                                items.append((os.path.join(root, spk, chap), fields[0], fields[1], fields[2]))
        return items

    def _row(self, index: int) -> tuple:
        folder, utt, original, normalized = self._items_list()[index]
        path = os.path.join(folder, utt + ".wav")
        wav, rate = read_wav(path)
        if rate != 24000:
            raise RuntimeError(f"Invalid file, sampling rate of LibriTTS wav file must be 24000, file path: {path}")
        spk, chap = utt.split("_")[:2]
        return (wav, np.array(rate, dtype=np.uint32), np.array(original), np.array(normalized),
                np.array(int(spk), dtype=np.uint32), np.array(int(chap), dtype=np.uint32), np.array(utt))


__all__ = ["YesNoDataset", "SpeechCommandsDataset", "LJSpeechDataset", "CMUArcticDataset", "LibriTTSDataset"]
