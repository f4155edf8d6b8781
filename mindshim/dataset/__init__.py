"""mindspore.dataset: data pipelines."""
from mindshim.dataset import transforms, vision
from mindshim.dataset.core import config
from mindshim.dataset.engine import (
    Cifar10Dataset, Cifar100Dataset, Dataset, DistributedSampler, FashionMnistDataset, GeneratorDataset,
    ImageFolderDataset, MnistDataset, NumpySlicesDataset, RandomSampler, Sampler, SequentialSampler,
    SubsetRandomSampler, SubsetSampler, WeightedRandomSampler,
)
from mindshim.dataset.engine.batch_op import BatchInfo
from mindshim.dataset.engine.datasets_mindrecord import MindDataset, Shuffle
from mindshim.dataset import text

__all__ = ["config", "transforms", "vision", "Dataset", "GeneratorDataset", "NumpySlicesDataset", "MnistDataset",
           "FashionMnistDataset", "Cifar10Dataset", "Cifar100Dataset", "ImageFolderDataset", "Sampler",
           "SequentialSampler", "RandomSampler", "DistributedSampler", "SubsetSampler", "SubsetRandomSampler",
           "WeightedRandomSampler", "BatchInfo", "MindDataset", "Shuffle", "text"]
# <DS_FORMATS>
# <DS_VISION_READERS>
# <DS_MORE_READERS>
# <DS_PIPELINE>
