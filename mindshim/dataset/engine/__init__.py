"""mindspore.dataset.engine."""
from mindshim.dataset.engine.datasets import Dataset
from mindshim.dataset.engine.datasets_user_defined import GeneratorDataset, NumpySlicesDataset
from mindshim.dataset.engine.datasets_vision import (
    Cifar10Dataset, Cifar100Dataset, FashionMnistDataset, ImageFolderDataset, MnistDataset,
)
from mindshim.dataset.engine.samplers import (
    DistributedSampler, RandomSampler, Sampler, SequentialSampler, SubsetRandomSampler, SubsetSampler,
    WeightedRandomSampler,
)

__all__ = ["Dataset", "GeneratorDataset", "NumpySlicesDataset", "MnistDataset", "FashionMnistDataset",
           "Cifar10Dataset", "Cifar100Dataset", "ImageFolderDataset", "Sampler", "SequentialSampler", "RandomSampler",
           "DistributedSampler", "SubsetSampler", "SubsetRandomSampler", "WeightedRandomSampler"]
