"""LeNet-5 on MNIST-format digits: an ordinary MindSpore 2.x training script (the README's main job).

Runs unchanged under real MindSpore 2.10 and under `mindshim run`.
"""
import argparse
import os

import mindspore as ms
import mindspore.dataset as ds
import mindspore.dataset.transforms as transforms
import mindspore.dataset.vision as vision
from mindspore import nn
from mindspore.common.initializer import Normal
from mindspore.train import Accuracy, CheckpointConfig, LossMonitor, Model, ModelCheckpoint, TimeMonitor


def create_dataset(data_path, batch_size=32, training=True):
    mnist_ds = ds.MnistDataset(data_path, shuffle=training)
    image_ops = [
        vision.Resize((32, 32), interpolation=vision.Inter.LINEAR),
        vision.Rescale(1.0 / 255.0, 0.0),
        vision.Rescale(1 / 0.3081, -1 * 0.1307 / 0.3081),
        vision.HWC2CHW(),
    ]
    mnist_ds = mnist_ds.map(operations=transforms.TypeCast(ms.int32), input_columns="label")
    mnist_ds = mnist_ds.map(operations=image_ops, input_columns="image")
    return mnist_ds.batch(batch_size, drop_remainder=training)


class LeNet5(nn.Cell):
    def __init__(self, num_class=10, num_channel=1):
        super().__init__()
        self.conv1 = nn.Conv2d(num_channel, 6, 5, pad_mode="valid")
        self.conv2 = nn.Conv2d(6, 16, 5, pad_mode="valid")
        self.fc1 = nn.Dense(16 * 5 * 5, 120, weight_init=Normal(0.02))
        self.fc2 = nn.Dense(120, 84, weight_init=Normal(0.02))
        self.fc3 = nn.Dense(84, num_class, weight_init=Normal(0.02))
        self.relu = nn.ReLU()
        self.max_pool2d = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = nn.Flatten()

    def construct(self, x):
        x = self.max_pool2d(self.relu(self.conv1(x)))
        x = self.max_pool2d(self.relu(self.conv2(x)))
        x = self.flatten(x)
        x = self.relu(self.fc1(x))
        x = self.relu(self.fc2(x))
        return self.fc3(x)


def main():
    parser = argparse.ArgumentParser(description="LeNet-5 on MNIST-format digits")
    parser.add_argument("--data_path", default="data/digits")
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--ckpt_dir", default="checkpoints")
    parser.add_argument("--device_target", default="CPU", choices=["CPU", "GPU", "Ascend"])
    args = parser.parse_args()

    ms.set_context(mode=ms.PYNATIVE_MODE, device_target=args.device_target)
    ms.set_seed(1)
    train_ds = create_dataset(os.path.join(args.data_path, "train"))
    test_ds = create_dataset(os.path.join(args.data_path, "test"), training=False)

    net = LeNet5()
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.Momentum(net.trainable_params(), learning_rate=0.02, momentum=0.9)
    model = Model(net, loss, opt, metrics={"accuracy": Accuracy()})

    steps = train_ds.get_dataset_size()
    ckpt_cb = ModelCheckpoint(prefix="lenet", directory=args.ckpt_dir,
                              config=CheckpointConfig(save_checkpoint_steps=steps, keep_checkpoint_max=2))
    model.train(args.epochs, train_ds, callbacks=[LossMonitor(steps // 2), TimeMonitor(steps), ckpt_cb])
    print("eval:", model.eval(test_ds))


if __name__ == "__main__":
    main()
