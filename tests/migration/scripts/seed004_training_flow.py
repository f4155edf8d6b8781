# Seed 004 (r1.8 notebook "MindSpore vs PyTorch vs TensorFlow training flow"), its MindSpore block, verbatim.
# It is a sketch: `config`, `data_path`, `SoftmaxCrossEntropyWithLogits`, `Momentum`, ... are never defined, and
# it imports two local modules (src/dataset.py and src/lenet.py here, written for this test).
from src.dataset import create_dataset
from src.lenet import LeNet
import mindspore as ms
from mindspore.nn import Accuracy

# set context, including device type, device number...
ms.set_context(mode=ms.GRAPH_MODE, device_target=config.device_target)
# 1. define dataset object
ds_train = create_dataset(data_path, batch_size)
# 2. define forward network
network = LeNet(num_classes)
# 3. define loss
net_loss = SoftmaxCrossEntropyWithLogits()
# 4. define optimizer
net_opt = Momentum(network.trainable_params(), lr, momentum)
# define callbacks
config_ck = ms.CheckpointConfig(save_checkpoint_steps)
ckpt_cb = ms.ModelCheckpoint(prefix="lenet", config=config_ck)
loss_cb = ms.LossMonitor()

# define model
model = ms.Model(network, net_loss, net_opt, metrics={"Accuracy": Accuracy()})
# 5-7. start training
model.train(epoch_size, ds_train, callbacks=[loss_cb, ckpoint_cb ])
