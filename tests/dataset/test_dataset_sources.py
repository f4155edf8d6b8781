"""Built-in sources read the real on-disk formats (files of real handwritten digits) with MindSpore's
columns, dtypes, shapes, `usage`, `num_samples`, sharding; GeneratorDataset/NumpySlicesDataset inputs."""
from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from mindshim.common import dtype as mstype
from mindshim.common.tensor import Tensor
import mindshim.dataset as ds


def _rows(d):
    return list(d.create_tuple_iterator(num_epochs=1, output_numpy=True))


def test_mnist_rows_match_the_files(mnist_dir, digits) -> None:
    d = ds.MnistDataset(mnist_dir, usage="train", shuffle=False)
    assert d.get_col_names() == ["image", "label"] and d.get_dataset_size() == 100
    rows = _rows(d)
    image, label = rows[7]
    assert image.dtype == np.uint8 and image.shape == (28, 28, 1) and label.dtype == np.uint32 and label.shape == ()
    np.testing.assert_array_equal(image[..., 0], digits[0][7])
    assert [int(r[1]) for r in rows] == digits[1][:100].tolist()


def test_mnist_usage_and_num_samples(mnist_dir) -> None:
    assert ds.MnistDataset(mnist_dir, usage="test").get_dataset_size() == 40
    assert ds.MnistDataset(mnist_dir, usage="all").get_dataset_size() == 140
    assert ds.MnistDataset(mnist_dir).get_dataset_size() == 140
    assert len(_rows(ds.MnistDataset(mnist_dir, num_samples=9, shuffle=True))) == 9
    assert ds.FashionMnistDataset(mnist_dir, usage="test").get_dataset_size() == 40
    with pytest.raises(ValueError, match="usage"):
        ds.MnistDataset(mnist_dir, usage="valid")


@pytest.mark.parametrize("shuffle", [False, True])
def test_mnist_shards_cover_every_row_once(mnist_dir, shuffle: bool) -> None:
    seen = []
    for shard in range(2):
        d = ds.MnistDataset(mnist_dir, usage="train", num_shards=2, shard_id=shard, shuffle=shuffle)
        assert d.get_dataset_size() == 50
        seen += [r[0].tobytes() for r in _rows(d)]
    everything = [r[0].tobytes() for r in _rows(ds.MnistDataset(mnist_dir, usage="train", shuffle=False))]
    assert sorted(seen) == sorted(everything)


def test_cifar10_rows_are_hwc_uint8_and_uint32(cifar10_dir, digits) -> None:
    d = ds.Cifar10Dataset(cifar10_dir, usage="train", shuffle=False)
    assert d.get_dataset_size() == 60 and ds.Cifar10Dataset(cifar10_dir, usage="test").get_dataset_size() == 20
    image, label = _rows(d)[3]
    assert image.shape == (32, 32, 3) and image.dtype == np.uint8 and label.dtype == np.uint32
    assert int(label) == digits[1][3]
    assert image[2:30, 2:30, 0].astype(int).tolist() == digits[0][3].astype(int).tolist()  # red = the grey digit


def test_cifar100_columns(cifar100_dir) -> None:
    d = ds.Cifar100Dataset(cifar100_dir, usage="train", shuffle=False)
    assert d.get_col_names() == ["image", "coarse_label", "fine_label"]
    _, coarse, fine = _rows(d)[0]
    assert coarse.dtype == fine.dtype == np.uint32 and int(coarse) == int(fine) % 5


def test_image_folder(tmp_path) -> None:
    for cls, colour in (("cat", 10), ("dog", 200)):
        (tmp_path / cls).mkdir()
        for i in range(2):
            Image.fromarray(np.full((5, 4, 3), colour + i, np.uint8)).save(tmp_path / cls / f"{i}.png")
        (tmp_path / cls / "notes.txt").write_text("not an image")
    # as in MindSpore, without `extensions` every file is read (the .txt too): filter to the images
    assert ds.ImageFolderDataset(str(tmp_path), shuffle=False).get_dataset_size() == 6
    d = ds.ImageFolderDataset(str(tmp_path), shuffle=False, decode=True, extensions=[".png"])
    rows = _rows(d)
    assert d.get_dataset_size() == 4 and d.num_classes() == 2 and d.get_class_indexing() == {"cat": 0, "dog": 1}
    assert [int(r[1]) for r in rows] == [0, 0, 1, 1] and rows[0][1].dtype == np.int32
    assert rows[3][0].shape == (5, 4, 3) and int(rows[3][0][0, 0, 0]) == 201
    raw = _rows(ds.ImageFolderDataset(str(tmp_path), shuffle=False, class_indexing={"dog": 7}, extensions=[".png"]))
    assert [int(r[1]) for r in raw] == [7, 7] and raw[0][0].dtype == np.uint8 and raw[0][0].ndim == 1
    assert ds.ImageFolderDataset(str(tmp_path), extensions=[".jpg"]).get_dataset_size() == 0


def test_generator_sources_and_defaults() -> None:
    class RandomAccess:
        def __len__(self):
            return 6

        def __getitem__(self, i):
            return np.array(i), np.array([i, i], np.float32)

    ds.config.set_seed(11)
    shuffled = [int(r[0]) for r in _rows(ds.GeneratorDataset(RandomAccess(), ["a", "b"]))]
    assert sorted(shuffled) == list(range(6)) and shuffled != list(range(6))  # random-access: shuffled by default
    ordered = [int(r[0]) for r in _rows(ds.GeneratorDataset(RandomAccess(), ["a", "b"], shuffle=False))]
    assert ordered == list(range(6))

    def gen():
        for i in range(4):
            yield (np.array(i),)
    assert [int(r[0]) for r in _rows(ds.GeneratorDataset(gen, ["x"]))] == [0, 1, 2, 3]
    assert [int(r[0]) for r in _rows(ds.GeneratorDataset(gen, ["x"], num_samples=2))] == [0, 1]
    # column_types is checked against what the source returns, not applied (MindSpore 2.10)
    typed = _rows(ds.GeneratorDataset(RandomAccess(), ["a", "b"], column_types=[mstype.int64, mstype.float32],
                                      shuffle=False))
    assert typed[0][0].dtype == np.int64 and typed[0][1].dtype == np.float32
    with pytest.raises(RuntimeError, match="should be same with specified column_types"):
        _rows(ds.GeneratorDataset(RandomAccess(), ["a", "b"], column_types=[mstype.int16, mstype.float64],
                                  shuffle=False))
    with pytest.raises(ValueError):  # (shuffle=True is ignored there, as in MindSpore 2.10)
        ds.GeneratorDataset(gen, ["x"], sampler=ds.SequentialSampler())


def test_numpy_slices_inputs() -> None:
    assert ds.NumpySlicesDataset([1, 2, 3], shuffle=False).get_col_names() == ["column_0"]
    d = ds.NumpySlicesDataset((np.ones((3, 2)), np.arange(3)), column_names=["x", "y"], shuffle=False)
    assert [r[0].shape for r in _rows(d)] == [(2,)] * 3
    d = ds.NumpySlicesDataset({"a": np.arange(4, dtype=np.int32), "b": np.ones(4)}, shuffle=False)
    row = next(d.create_dict_iterator(num_epochs=1))
    assert isinstance(row["a"], Tensor) and row["a"].dtype == mstype.int32 and row["b"].dtype == mstype.float64
    with pytest.raises(ValueError):
        ds.NumpySlicesDataset((np.arange(3), np.arange(4)), column_names=["x", "y"])


def test_generator_and_numpy_slices_are_classes():
    """As in MindSpore, GeneratorDataset and NumpySlicesDataset are classes: isinstance works for every source
    kind, and their methods (padded_batch, ...) are visible on the class."""
    import numpy as np

    from mindshim import dataset as ds
    iterable = ds.GeneratorDataset(lambda: iter([(np.ones(2, np.float32),)]), ["v"])
    random_access = ds.GeneratorDataset([np.zeros(1, np.float32), np.ones(1, np.float32)], ["v"], shuffle=False)
    slices = ds.NumpySlicesDataset({"a": np.arange(3)}, shuffle=False)
    assert isinstance(iterable, ds.GeneratorDataset) and isinstance(random_access, ds.GeneratorDataset)
    assert isinstance(slices, ds.NumpySlicesDataset) and isinstance(slices, ds.GeneratorDataset)  # its subclass
    assert not isinstance(iterable, ds.NumpySlicesDataset)
    assert not isinstance(slices.batch(2), ds.NumpySlicesDataset)  # a batch node is not a source
    assert isinstance(ds.GeneratorDataset, type) and issubclass(ds.GeneratorDataset, ds.Dataset)
    assert callable(getattr(ds.GeneratorDataset, "padded_batch"))
    padded = ds.GeneratorDataset(lambda: iter([(np.arange(n + 1, dtype=np.float32),) for n in range(3)]), ["v"])
    rows = [r[0].tolist() for r in padded.padded_batch(2, pad_info={"v": ([3], -1.0)})
            .create_tuple_iterator(output_numpy=True)]
    assert rows == [[[0.0, -1.0, -1.0], [0.0, 1.0, -1.0]], [[0.0, 1.0, 2.0]]]


def test_iterable_source_ignores_shuffle_like_mindspore():
    """MindSpore ignores shuffle=True for a generator/iterable source (read in order) but refuses a sampler or
    sharding there."""
    import numpy as np

    from mindshim import dataset as ds

    def gen():
        for i in range(5):
            yield (np.array(i, np.int32),)
    rows = [int(r[0]) for r in ds.GeneratorDataset(gen, ["v"], shuffle=True).create_tuple_iterator(output_numpy=True)]
    assert rows == [0, 1, 2, 3, 4]
    for kwargs, name in (({"num_shards": 2, "shard_id": 1}, "num_shards"), ({"sampler": ds.SequentialSampler()},
                                                                           "sampler")):
        with pytest.raises(ValueError, match=f"{name} is not supported"):
            ds.GeneratorDataset(gen, ["v"], **kwargs)
