"""Parity of the audio readers: each case writes tiny 16-bit PCM WAV files (Python's `wave` module) in the
on-disk layout MindSpore documents into a temporary folder and reads them back."""
import os
import tempfile
import wave

import numpy as np

import mindspore.dataset as ds

COMPILED_PASS = False
TOLERANCES = {}


def _wav(path, frames=5, rate=8000, channels=1, seed=0):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    data = np.random.RandomState(seed).randint(-32768, 32768, frames * channels).astype("<i2")
    data[:2] = [32767, -32768]
    with wave.open(path, "wb") as w:
        w.setnchannels(channels)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(data.tobytes())


def _text(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def _rows(dataset):
    out = []
    for row in dataset.create_dict_iterator(output_numpy=True, num_epochs=1):
        out.append({k: (v.tolist() if v.dtype.kind in "US" else v) for k, v in row.items()})
    return out


def _read(dataset):
    return {"size": dataset.get_dataset_size(), "cols": dataset.get_col_names(), "rows": _rows(dataset)}


def _err(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type is the result
        return type(e).__name__
    return "no error"


def _yesno():
    root = tempfile.mkdtemp()
    for k, name in enumerate(["1_0_1_1_0_0_1_0", "0_0_1_0_1_1_1_0", "0_1_0_0_0_1_1_1"]):
        _wav(os.path.join(root, name + ".wav"), frames=4 + k, seed=k)
    _wav(os.path.join(root, "1_1_1_0_0_0_0_1.wav"), frames=3, channels=2, seed=9)
    return root


def case_yesno():
    return _read(ds.YesNoDataset(_yesno(), shuffle=False))


def case_yesno_sampling():
    root = _yesno()
    out = {"samples": _read(ds.YesNoDataset(root, shuffle=False, num_samples=2)),
           "shard": _read(ds.YesNoDataset(root, shuffle=False, num_shards=3, shard_id=2)),
           "sampler": _read(ds.YesNoDataset(root, sampler=ds.SubsetSampler([3, 1])))}
    x = ds.YesNoDataset(root)
    out["shuffled"] = [x.get_dataset_size(), sorted(r["label"].tolist() for r in x.create_dict_iterator(
        output_numpy=True, num_epochs=1))]
    return out


def case_yesno_batch():
    x = ds.YesNoDataset(_yesno(), shuffle=False).project(["label", "sample_rate"]).batch(2)
    return _rows(x)


def case_yesno_errors():
    root = _yesno()
    return {"missing": _err(lambda: ds.YesNoDataset(os.path.join(root, "x"))),
            "shuffle_type": _err(lambda: ds.YesNoDataset(root, shuffle=1)),
            "sampler_and_shuffle": _err(lambda: ds.YesNoDataset(root, shuffle=False, sampler=ds.SequentialSampler())),
            "shard_range": _err(lambda: ds.YesNoDataset(root, num_shards=2, shard_id=2)),
            "shards_only": _err(lambda: ds.YesNoDataset(root, num_shards=2)),
            "num_samples_neg": _err(lambda: ds.YesNoDataset(root, num_samples=-1))}


def _speech_commands():
    root = tempfile.mkdtemp()
    for k, rel in enumerate(["yes/0a7c2a8d_nohash_0.wav", "yes/0a7c2a8d_nohash_1.wav", "no/1b4c9b89_nohash_0.wav",
                             "no/0bde966a_nohash_3.wav", "up/9aa21fa9_nohash_2.wav"]):
        _wav(os.path.join(root, rel), frames=3 + k, rate=16000, seed=k)
    _text(os.path.join(root, "testing_list.txt"), "no/1b4c9b89_nohash_0.wav\n")
    _text(os.path.join(root, "validation_list.txt"), "yes/0a7c2a8d_nohash_1.wav\nup/9aa21fa9_nohash_2.wav\n")
    return root


def case_speech_commands_all():
    root = _speech_commands()
    return {"none": _read(ds.SpeechCommandsDataset(root, shuffle=False)),
            "all": _read(ds.SpeechCommandsDataset(root, usage="all", shuffle=False, num_samples=3))}


def case_speech_commands_usage():
    root = _speech_commands()
    return {u: _rows(ds.SpeechCommandsDataset(root, usage=u, shuffle=False)) for u in ("train", "test", "valid")}


def case_speech_commands_bad_usage():
    return ds.SpeechCommandsDataset(_speech_commands(), usage="dev")


def _ljspeech():
    root = tempfile.mkdtemp()
    _text(os.path.join(root, "metadata.csv"),
          "LJ001-0001|Printing, in the only sense|Printing, in the only sense\n"
          "LJ001-0002|in being comparatively modern.|in being comparatively modern.\n"
          "LJ002-0010|Mr. Smith paid 1s.|Mister Smith paid one shilling.\n")
    for k, i in enumerate(["LJ001-0001", "LJ001-0002", "LJ002-0010"]):
        _wav(os.path.join(root, "wavs", i + ".wav"), frames=4 + k, rate=22050, seed=k)
    return root


def case_ljspeech():
    root = _ljspeech()
    return {"all": _read(ds.LJSpeechDataset(root, shuffle=False)),
            "shard": _read(ds.LJSpeechDataset(root, shuffle=False, num_shards=2, shard_id=1))}


def case_ljspeech_no_metadata():
    root = tempfile.mkdtemp()
    _wav(os.path.join(root, "wavs", "LJ001-0001.wav"))
    return _rows(ds.LJSpeechDataset(root, shuffle=False))


def _cmu(rate=16000):
    root = tempfile.mkdtemp()
    for name in ("aew", "slt"):
        base = os.path.join(root, f"cmu_us_{name}_arctic")
        _text(os.path.join(base, "etc", "txt.done.data"),
              '( arctic_a0001 "Author of the danger trail, Philip Steels, etc." )\n'
              '( arctic_a0002 "Not at this particular case, Tom." )\n'
              '( arctic_b0539 "The twilight is sad." )\n')
        for k, i in enumerate(["a0001", "a0002", "b0539"]):
            _wav(os.path.join(base, "wav", f"arctic_{i}.wav"), frames=3 + k, rate=rate, seed=k + len(name))
    return root


def case_cmu_arctic():
    root = _cmu()
    return {"default": _read(ds.CMUArcticDataset(root, shuffle=False)),
            "slt": _read(ds.CMUArcticDataset(root, name="slt", shuffle=False, num_samples=2))}


def case_cmu_arctic_errors():
    root = _cmu()
    return {"name": _err(lambda: ds.CMUArcticDataset(root, name="xyz")),
            "name_type": _err(lambda: ds.CMUArcticDataset(root, name=1)),
            "missing": _err(lambda: ds.CMUArcticDataset(os.path.join(root, "x")))}


def case_cmu_arctic_wrong_rate():
    return _rows(ds.CMUArcticDataset(_cmu(rate=8000), shuffle=False))


def _libritts(rate=24000):
    root = tempfile.mkdtemp()
    layout = [("dev-clean", "116", "288045", ["116_288045_000003_000000", "116_288045_000001_000000"]),
              ("dev-clean", "1255", "74899", ["1255_74899_000001_000000"]),
              ("test-clean", "19", "198", ["19_198_000000_000000"]),
              ("train-clean-100", "103", "1241", ["103_1241_000000_000001"])]
    for k, (part, spk, chap, utts) in enumerate(layout):
        base = os.path.join(root, part, spk, chap)
        _text(os.path.join(base, f"{spk}_{chap}.trans.tsv"),
              "".join(f"{u}\tOriginal, text {u[-6:]}!\toriginal text {u[-6:]}\n" for u in utts))
        for j, u in enumerate(utts):
            _wav(os.path.join(base, u + ".wav"), frames=3 + j, rate=rate, seed=k + j)
    return root


def case_libritts():
    root = _libritts()
    out = {u: _read(ds.LibriTTSDataset(root, usage=u, shuffle=False))
           for u in ("dev-clean", "test-clean", "train-clean-100", "all")}
    out["default"] = _read(ds.LibriTTSDataset(root, shuffle=False, num_samples=2))
    out["shard"] = _read(ds.LibriTTSDataset(root, shuffle=False, num_shards=2, shard_id=0))
    return out


def case_libritts_errors():
    root = _libritts()
    return {"usage": _err(lambda: ds.LibriTTSDataset(root, usage="dev")),
            "missing": _err(lambda: ds.LibriTTSDataset(os.path.join(root, "x")))}


def case_libritts_wrong_rate():
    return _rows(ds.LibriTTSDataset(_libritts(rate=16000), usage="test-clean", shuffle=False))


def case_speech_commands_usage_size():
    root = _speech_commands()
    return {u: ds.SpeechCommandsDataset(root, usage=u, shuffle=False).get_dataset_size()
            for u in ("train", "test", "valid")}
