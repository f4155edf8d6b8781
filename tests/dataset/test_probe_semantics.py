"""mindshim's choices where MindSpore's result is not reproducible (so not a parity case): per_batch_map and map
keep every column that was not an input, in the source order (MindSpore orders them by a C++ hash map)."""
import numpy as np

import mindshim.dataset as ds


def _six():
    return ds.NumpySlicesDataset({n: np.arange(4, dtype=np.int32) + 10 * k for k, n in enumerate("abcdef")},
                                 shuffle=False)


def _split(x, info):
    return x, x


def test_per_batch_map_keeps_the_other_columns() -> None:
    d = _six().batch(2, per_batch_map=_split, input_columns=["c"], output_columns=["p", "q"])
    assert d.get_col_names() == ["p", "q", "a", "b", "d", "e", "f"]
    row = next(d.create_tuple_iterator(output_numpy=True, num_epochs=1))
    assert [r.tolist() for r in row] == [[20, 21], [20, 21], [0, 1], [10, 11], [30, 31], [40, 41], [50, 51]]


def test_map_keeps_the_other_columns_in_order() -> None:
    d = _six().map(lambda x, y: x, input_columns=["b", "d"], output_columns=["s"])
    assert d.get_col_names() == ["s", "a", "c", "e", "f"]
    assert [int(v) for v in next(d.create_tuple_iterator(output_numpy=True, num_epochs=1))] == [10, 0, 20, 40, 50]
