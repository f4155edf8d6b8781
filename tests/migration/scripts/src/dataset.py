"""The local `src.dataset` module seed 004's training script imports (written for the check tests)."""
import mindspore.dataset as ds
import mindspore.dataset.vision.c_transforms as CV
from mindspore.dataset.transforms import c_transforms as C
from mindspore import dtype as mstype


def create_dataset(data_path, batch_size=32):
    mnist_ds = ds.MnistDataset(data_path)
    resize_op = CV.Resize((32, 32), interpolation=CV.Inter.LINEAR)
    mnist_ds = mnist_ds.map(operations=[resize_op, CV.Rescale(1 / 255.0, 0.0), CV.HWC2CHW()], input_columns="image")
    mnist_ds = mnist_ds.map(operations=C.TypeCast(mstype.int32), input_columns="label")
    return mnist_ds.batch(batch_size, drop_remainder=True)
