"""Dataset parity on real handwritten digits (the UCI digits shipped in migration_examples/data), written
as MNIST idx files and CIFAR-10 binary files: seed 001's pipeline batch for batch (also with parallel
workers and worker processes), a CIFAR-10 chain, sharding, sizes, GeneratorDataset worker order, and
eager transforms including a Resize sweep over many sizes (OpenCV's fixed-point bilinear)."""
import gzip
import os
import struct
import tempfile

import numpy as np

import mindspore.dataset as ds
from mindspore.common import dtype as mstype

TOLERANCES = {}
_DIGITS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "migration_examples", "data",
                       "digits.csv.gz")


def _digits(n):
    with gzip.open(_DIGITS, "rt") as f:
        rows = np.loadtxt(f, delimiter=",", max_rows=n)
    small = (rows[:, :64].reshape(-1, 8, 8) * (255.0 / 16.0)).round().astype(np.uint8)
    images = np.zeros((len(rows), 28, 28), np.uint8)
    images[:, 6:22, 6:22] = np.kron(small, np.ones((2, 2), np.uint8))  # 2x nearest upscale, centred
    return images, rows[:, 64].astype(np.uint8)


def _mnist_dir(n=200):
    root = tempfile.mkdtemp()
    images, labels = _digits(n)
    with open(os.path.join(root, "train-images-idx3-ubyte"), "wb") as f:
        f.write(struct.pack(">IIII", 2051, n, 28, 28) + images.tobytes())
    with open(os.path.join(root, "train-labels-idx1-ubyte"), "wb") as f:
        f.write(struct.pack(">II", 2049, n) + labels.tobytes())
    return root


def _rgb(images):
    grey = np.pad(images, ((0, 0), (2, 2), (2, 2))).astype(np.uint16)
    return ((grey[..., None] * np.array([255, 180, 90])) // 255 + np.array([0, 20, 40])).clip(0, 255).astype(np.uint8)


def _cifar_dir():
    root = tempfile.mkdtemp()
    images, labels = _digits(100)
    rec = np.concatenate([labels[:, None], _rgb(images).transpose(0, 3, 1, 2).reshape(100, -1)], 1)
    for name in ("data_batch_1.bin", "test_batch.bin"):  # MindSpore reads 10,000 records per file
        rec[np.arange(10000) % 100].tofile(os.path.join(root, name))
    return root


def _seed001(workers=1, multiprocessing=False):
    import mindspore.dataset.transforms as CT
    import mindspore.dataset.vision as CV
    d = ds.MnistDataset(_mnist_dir(), shuffle=False)
    d = d.map(input_columns="label", operations=CT.TypeCast(mstype.int32), num_parallel_workers=workers)
    d = d.map(input_columns="image", operations=[CV.Resize((32, 32), interpolation=CV.Inter.LINEAR),
                                                 CV.Rescale(1.0 / 255.0, 0.0), CV.Rescale(1 / 0.3081, -1 * 0.1307 / 0.3081),
                                                 CV.HWC2CHW()],
              num_parallel_workers=workers, python_multiprocessing=multiprocessing)
    return d.batch(32, drop_remainder=True).repeat(2)


def _batches(d, full=1):
    out = {"size": d.get_dataset_size(), "batches": []}
    for i, row in enumerate(d.create_tuple_iterator(output_numpy=True, num_epochs=1)):
        entry = {"dtypes": [str(c.dtype) for c in row], "shapes": [list(c.shape) for c in row],
                 "per_sample_sums": [np.asarray(c, np.float64).reshape(len(c), -1).sum(1) for c in row]}
        if i < full:
            entry["values"] = list(row)
        out["batches"].append(entry)
    return out


def case_seed001_pipeline_on_digits():
    return _batches(_seed001())


def case_seed001_pipeline_on_digits_two_workers():
    return _batches(_seed001(workers=2), full=0)


def case_seed001_pipeline_on_digits_worker_processes():
    return _batches(_seed001(workers=2, multiprocessing=True), full=0)


def case_cifar10_digits_chain():
    import mindspore.dataset.vision as vision
    d = ds.Cifar10Dataset(_cifar_dir(), usage="train", shuffle=False, num_samples=48)
    d = d.map(operations=[vision.Rescale(1.0 / 255.0, 0.0), vision.Normalize([0.4914, 0.4822, 0.4465],
                                                                              [0.2023, 0.1994, 0.2010]),
                          vision.HWC2CHW()], input_columns="image", num_parallel_workers=2)
    d = d.map(operations=ds.transforms.TypeCast(mstype.int32), input_columns="label")
    return _batches(d.batch(16), full=1)


def case_mnist_shards_cover_once():
    out = {}
    for shuffle in (False, True):
        ds.config.set_seed(7)
        labels, sizes = [], []
        for shard in range(2):
            d = ds.MnistDataset(_mnist_dir(50), num_shards=2, shard_id=shard, shuffle=shuffle)
            sizes.append(d.get_dataset_size())
            labels.append([int(r[1]) for r in d.create_tuple_iterator(output_numpy=True, num_epochs=1)])
        out[f"shuffle_{shuffle}_sizes"] = sizes
        if shuffle:
            out["shuffle_True_sorted_labels"] = sorted(labels[0] + labels[1])
        else:
            out["shuffle_False_labels"] = labels
    return out


def case_mnist_sizes_after_ops():
    def d():
        return ds.MnistDataset(_mnist_dir(50), shuffle=False)
    return {"raw": d().get_dataset_size(), "batch": d().batch(8).get_dataset_size(),
            "batch_drop": d().batch(8, drop_remainder=True).get_dataset_size(),
            "batch_repeat": d().batch(8).repeat(3).get_dataset_size(), "take": d().take(7).get_dataset_size(),
            "take_batch": d().take(7).batch(2).get_dataset_size(), "skip": d().skip(45).get_dataset_size(),
            "num_samples": ds.MnistDataset(_mnist_dir(50), num_samples=9).get_dataset_size(),
            "types": [str(t) for t in d().output_types()], "shapes": d().output_shapes(),
            "batch_size": d().batch(8).get_batch_size(), "cols": d().get_col_names()}


class _Rows:
    def __len__(self):
        return 23

    def __getitem__(self, i):
        return np.full((2,), i, np.int32), np.array(i * 0.5, np.float32)


def case_generator_worker_order():
    d = ds.GeneratorDataset(_Rows(), ["a", "b"], shuffle=False, num_parallel_workers=2)
    return [list(r) for r in d.create_tuple_iterator(output_numpy=True, num_epochs=1)]


def case_map_python_callable_worker_processes():
    d = ds.GeneratorDataset(_Rows(), ["a", "b"], shuffle=False)
    d = d.map(operations=lambda a, b: (a * np.int32(2), b + np.float32(1)), input_columns=["a", "b"], num_parallel_workers=2,
              python_multiprocessing=True)
    return [list(r) for r in d.create_tuple_iterator(output_numpy=True, num_epochs=1)]


def case_resize_sweep():
    import mindspore.dataset.vision as vision
    rng = np.random.RandomState(3)
    images, _ = _digits(4)
    sources = {"digit": images[1][..., None], "digit_hw": images[2], "rgb": _rgb(images[:1])[0],
               "noise_odd": rng.randint(0, 256, (7, 13, 3)).astype(np.uint8),
               "float": rng.rand(9, 6, 2).astype(np.float32) * 255}
    sizes = [(32, 32), (14, 14), (5, 9), (40, 17), (3, 3), (28, 28), 20]
    out = {}
    for name, img in sources.items():
        for size in sizes:
            for inter in (vision.Inter.LINEAR, vision.Inter.NEAREST):
                out[f"{name}_{size}_{int(inter)}"] = vision.Resize(size, interpolation=inter)(img)
    return out


def case_eager_transforms_on_digits():
    import mindspore.dataset.transforms as T
    import mindspore.dataset.vision as vision
    images, labels = _digits(3)
    rgb = _rgb(images)[0]
    out = {"center_crop": vision.CenterCrop(20)(rgb), "center_crop_odd": vision.CenterCrop((11, 7))(images[0][..., None]),
           "pad": vision.Pad([1, 2, 3, 4], fill_value=9)(images[0][..., None]), "hwc2chw": vision.HWC2CHW()(rgb),
           "to_tensor": vision.ToTensor()(rgb), "normalize": vision.Normalize([10, 20, 30], [2, 3, 4])(rgb),
           "rescale": vision.Rescale(0.5, -1.0)(images[0]), "gray": vision.ConvertColor(vision.ConvertMode.COLOR_RGB2GRAY)(rgb),
           "bgr": vision.ConvertColor(vision.ConvertMode.COLOR_RGB2BGR)(rgb),
           "one_hot": T.OneHot(10)(labels[:1].astype(np.int32)), "fill": T.Fill(3)(labels.astype(np.int64)),
           "type_cast": T.TypeCast(mstype.float16)(images[0][:2, :8]),
           "concatenate": T.Concatenate(0, np.array([1, 2], np.int32), np.array([9], np.int32))(np.array([5, 6], np.int32)),
           "compose": T.Compose([vision.Resize((10, 10)), vision.Rescale(1 / 255, 0), vision.HWC2CHW()])(rgb)}
    out["duplicate"] = list(T.Duplicate()(np.array([1, 2], np.int64)))
    return out
