"""Helpers shared by the dataset_probe* parity case files (the loader registers this file as `parity_dataset_probe_common`)."""
import numpy as np

import mindspore.dataset as ds


def _rows(d, output_numpy=True):
    out = []
    for row in d.create_tuple_iterator(output_numpy=output_numpy, num_epochs=1):
        out.append([np.asarray(v.asnumpy() if hasattr(v, "asnumpy") else v) for v in row])
    return out


def _flat(d):
    return [[v.tolist() for v in r] for r in _rows(d)]


def _err(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type is the result
        return type(e).__name__
    return "no error"


def _err_has(fn, *words):
    """The exception type, and whether its message holds each of MindSpore's key words."""
    try:
        fn()
    except Exception as e:  # noqa: BLE001
        return [type(e).__name__] + [w in str(e) for w in words]
    return "no error"


def _abc(n=4):
    return ds.NumpySlicesDataset({"a": np.arange(n, dtype=np.int32), "b": np.arange(n, dtype=np.float32) * 10,
                                  "c": np.arange(n, dtype=np.int64) + 100}, shuffle=False)


def _one(n=5, name="x", start=0):
    return ds.NumpySlicesDataset({name: np.arange(start, start + n, dtype=np.int32)}, shuffle=False)


def _first(d):
    return [int(r[0]) for r in _rows(d)]


def _gen(values):
    def gen():
        for v in values:
            yield v
    return gen
