"""Dataset pipelines batch for batch against MindSpore: seed 001's MNIST pipeline (r1.0 c_transforms and
2.x names) on MNIST-format files, a CIFAR-10 chain, seed 004's MyDataset in GeneratorDataset, and the
iteration semantics (repeat, epochs, take, drop_remainder, sizes, sharding). Shuffle is off throughout.
The case writes its own small MNIST/CIFAR files (deterministic pixels) into a temporary folder."""
import os
import struct
import tempfile

import numpy as np

import mindspore.dataset as ds
from mindspore.common import dtype as mstype

TOLERANCES = {}


def _mnist_dir():
    root = tempfile.mkdtemp()
    rng = np.random.RandomState(0)
    images = rng.randint(0, 256, (70, 28, 28)).astype(np.uint8)
    labels = rng.randint(0, 10, 70).astype(np.uint8)
    with open(os.path.join(root, "train-images-idx3-ubyte"), "wb") as f:
        f.write(struct.pack(">IIII", 2051, 70, 28, 28) + images.tobytes())
    with open(os.path.join(root, "train-labels-idx1-ubyte"), "wb") as f:
        f.write(struct.pack(">II", 2049, 70) + labels.tobytes())
    return root


def _cifar_dir():
    root = tempfile.mkdtemp()
    rng = np.random.RandomState(1)
    for name, n in (("data_batch_1.bin", 10000), ("test_batch.bin", 10000)):  # MindSpore reads 10000 per file
        rec = np.concatenate([rng.randint(0, 10, (n, 1)), rng.randint(0, 256, (n, 3072))], 1).astype(np.uint8)
        rec.tofile(os.path.join(root, name))
    return root


def _summary(dataset, full_batches=1):
    out = {"size": dataset.get_dataset_size(), "columns": dataset.get_col_names(), "batches": []}
    for i, row in enumerate(dataset.create_tuple_iterator(output_numpy=True, num_epochs=1)):
        entry = {"dtypes": [str(c.dtype) for c in row], "shapes": [list(c.shape) for c in row],
                 "sums": [float(np.asarray(c, np.float64).sum()) for c in row]}
        if i < full_batches:
            entry["values"] = [c for c in row]
        out["batches"].append(entry)
    return out


def case_seed001_mnist_pipeline_r1_c_transforms():
    try:  # the r1.0 paths of the seed; MindSpore 2.10 removed them, so its golden uses the 2.x modules
        import mindspore.dataset.transforms.c_transforms as CT
        import mindspore.dataset.vision.c_transforms as CV
    except ModuleNotFoundError:
        import mindspore.dataset.transforms as CT
        import mindspore.dataset.vision as CV
    from mindspore.dataset.vision import Inter
    mnist_ds = ds.MnistDataset(_mnist_dir(), shuffle=False)
    resize_op = CV.Resize((32, 32), interpolation=Inter.LINEAR)
    rescale_nml_op = CV.Rescale(1 / 0.3081, -1 * 0.1307 / 0.3081)
    rescale_op = CV.Rescale(1.0 / 255.0, 0.0)
    hwc2chw_op = CV.HWC2CHW()
    type_cast_op = CT.TypeCast(mstype.int32)
    mnist_ds = mnist_ds.map(input_columns="label", operations=type_cast_op, num_parallel_workers=1)
    mnist_ds = mnist_ds.map(input_columns="image", operations=resize_op, num_parallel_workers=1)
    mnist_ds = mnist_ds.map(input_columns="image", operations=rescale_op, num_parallel_workers=1)
    mnist_ds = mnist_ds.map(input_columns="image", operations=rescale_nml_op, num_parallel_workers=1)
    mnist_ds = mnist_ds.map(input_columns="image", operations=hwc2chw_op, num_parallel_workers=1)
    mnist_ds = mnist_ds.batch(32, drop_remainder=True)
    mnist_ds = mnist_ds.repeat(1)
    return _summary(mnist_ds)


def case_mnist_pipeline_2x_names_parallel_workers():
    import mindspore.dataset.transforms as transforms
    import mindspore.dataset.vision as vision
    mnist_ds = ds.MnistDataset(_mnist_dir(), shuffle=False)
    mnist_ds = mnist_ds.map(operations=transforms.TypeCast(mstype.int32), input_columns="label")
    mnist_ds = mnist_ds.map(operations=[vision.Resize((32, 32), interpolation=vision.Inter.LINEAR),
                                        vision.Rescale(1.0 / 255.0, 0.0), vision.Rescale(1 / 0.3081, -0.1307 / 0.3081),
                                        vision.HWC2CHW()], input_columns="image", num_parallel_workers=2)
    return _summary(mnist_ds.batch(32, drop_remainder=False), full_batches=0)


def case_mnist_raw_rows():
    d = ds.MnistDataset(_mnist_dir(), shuffle=False, num_samples=3)
    rows = [[c for c in r] for r in d.create_tuple_iterator(output_numpy=True, num_epochs=1)]
    return {"rows": rows, "size": d.get_dataset_size(), "classes": d.num_classes()}


def case_cifar10_chain():
    import mindspore.dataset.vision as vision
    d = ds.Cifar10Dataset(_cifar_dir(), usage="train", shuffle=False, num_samples=10)
    d = d.map(operations=[vision.Resize((24, 20)), vision.Rescale(1.0 / 255.0, 0.0),
                          vision.Normalize(mean=[0.4914, 0.4822, 0.4465], std=[0.2023, 0.1994, 0.2010]),
                          vision.HWC2CHW()], input_columns="image")
    d = d.map(operations=ds.transforms.TypeCast(mstype.int32), input_columns="label")
    return _summary(d.batch(5, drop_remainder=True), full_batches=1)


def case_cifar10_test_usage_and_nearest():
    import mindspore.dataset.vision as vision
    d = ds.Cifar10Dataset(_cifar_dir(), usage="test", shuffle=False, num_samples=5)
    d = d.map(operations=[vision.Resize(16, interpolation=vision.Inter.NEAREST), vision.CenterCrop(12)],
              input_columns="image")
    return _summary(d.batch(2), full_batches=3)


class _MyDataset:
    """Seed 004's MyDataset, with its obvious bug fixed (it overwrote self.data and returned undefined names)."""

    def __init__(self, n):
        self.data = []
        self.label = []
        for i in range(n):
            self.data.append(np.full((3, 4, 5), i, dtype=np.float32))
            self.label.append(np.ones((1)) * i)

    def __len__(self):
        return len(self.data)

    def __getitem__(self, idx):
        return self.data[idx], self.label[idx]


def case_seed004_generator_dataset():
    dataset = ds.GeneratorDataset(_MyDataset(10), column_names=["data", "label"], shuffle=False)
    dataset = dataset.batch(4)
    out = {"size": dataset.get_dataset_size(), "dict": [], "tuple": []}
    for columns in dataset.create_dict_iterator(output_numpy=True, num_epochs=1):
        out["dict"].append([columns["data"], columns["label"]])
    for columns in dataset.create_tuple_iterator(output_numpy=True, num_epochs=1):
        out["tuple"].append([columns[0].shape[0], str(columns[1].dtype)])
    return out


def case_generator_function_source():
    def gen():
        for i in range(5):
            yield np.array([i, i + 1], np.int64), np.array(i * 0.5, np.float32)
    d = ds.GeneratorDataset(gen, ["a", "b"])
    return _summary(d.batch(2, drop_remainder=True), full_batches=2)


def case_repeat_take_skip_sizes():
    def d():
        return ds.NumpySlicesDataset(np.arange(10), column_names=["x"], shuffle=False)
    b = d().batch(3)
    r = d().batch(3).repeat(2)
    t = d().take(4).repeat(3)
    s = d().skip(7)
    return {"batch": b.get_dataset_size(), "batch_drop": d().batch(3, True).get_dataset_size(),
            "repeat": r.get_dataset_size(), "take_repeat": t.get_dataset_size(), "skip": s.get_dataset_size(),
            "repeat_rows": [int(x[0][0]) for x in r.create_tuple_iterator(output_numpy=True, num_epochs=1)],
            "take_rows": [int(x[0]) for x in t.create_tuple_iterator(output_numpy=True, num_epochs=1)],
            "skip_rows": [int(x[0]) for x in s.create_tuple_iterator(output_numpy=True, num_epochs=1)]}


def case_iterator_num_epochs():
    d = ds.NumpySlicesDataset(np.arange(4), column_names=["x"], shuffle=False)
    it = d.create_tuple_iterator(num_epochs=2, output_numpy=True)
    epochs = []
    for _ in range(2):
        epochs.append([int(x[0]) for x in it])
    return {"epochs": epochs}


def case_sharding_covers_data_once():
    out = {}
    for shard in range(3):
        d = ds.NumpySlicesDataset(np.arange(10), column_names=["x"], shuffle=False, num_shards=3, shard_id=shard)
        out[f"shard{shard}"] = [int(x[0]) for x in d.create_tuple_iterator(output_numpy=True, num_epochs=1)]
        out[f"size{shard}"] = d.get_dataset_size()
    return out


def case_numpy_slices_dict_zip_concat_project_rename():
    def a():
        return ds.NumpySlicesDataset({"x": np.arange(4), "y": np.arange(4) * 2.0}, shuffle=False)
    b = ds.NumpySlicesDataset(np.arange(4) + 10, column_names=["z"], shuffle=False)
    z = a().zip(b).project(["z", "x"]).rename(["x"], ["xx"])
    c = a() + a()
    return {"zip_cols": z.get_col_names(),
            "zip_rows": [[int(v) for v in r] for r in z.create_tuple_iterator(output_numpy=True, num_epochs=1)],
            "concat_size": c.get_dataset_size(), "dtypes": [str(t) for t in a().output_types()],
            "shapes": a().output_shapes()}


def case_map_output_columns_and_filter():
    d = ds.NumpySlicesDataset(np.arange(6), column_names=["x"], shuffle=False)
    d = d.map(operations=lambda x: (x, x * x), input_columns=["x"], output_columns=["x", "sq"])
    d = d.filter(lambda x, sq: x % 2 == 0, input_columns=["x", "sq"])
    return {"cols": d.get_col_names(),
            "rows": [[int(v) for v in r] for r in d.create_tuple_iterator(output_numpy=True, num_epochs=1)]}


def case_one_hot_and_type_cast():
    import mindspore.dataset.transforms as transforms
    d = ds.NumpySlicesDataset(np.array([0, 2, 1], np.int32), column_names=["label"], shuffle=False)
    d = d.map(operations=[transforms.OneHot(3), transforms.TypeCast(mstype.float32)], input_columns="label")
    return _summary(d.batch(3), full_batches=1)


def case_missing_directory_error():
    return ds.MnistDataset("/no/such/mnist/dir")


def case_wrong_column_error():
    d = ds.NumpySlicesDataset(np.arange(3), column_names=["x"], shuffle=False)
    d = d.map(operations=lambda v: v, input_columns=["nope"])
    return [r for r in d.create_tuple_iterator(num_epochs=1)]


def case_source_raising_error():
    class Bad:
        def __len__(self):
            return 3

        def __getitem__(self, i):
            if i == 1:
                raise KeyError("broken row")
            return np.array(i)
    d = ds.GeneratorDataset(Bad(), ["x"], shuffle=False)
    return [int(r[0]) for r in d.create_tuple_iterator(output_numpy=True, num_epochs=1)]
