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
from mindshim.dataset import context  # noqa: F401 - `ds.context` (MindSpore binds it outside __all__)

from mindshim.dataset.core.schema import Schema
from mindshim.dataset.engine.datasets_formats_misc import ManifestDataset, PaddedDataset, RandomDataset
from mindshim.dataset.engine.datasets_text_formats import CSVDataset, TextFileDataset
from mindshim.dataset.engine.datasets_tfrecord import TFRecordDataset

from mindshim.dataset.engine.datasets_vision_det import CocoDataset, VOCDataset
from mindshim.dataset.engine.datasets_vision_more import (
    CelebADataset, EMnistDataset, KMnistDataset, Places365Dataset, QMnistDataset, SemeionDataset, STL10Dataset,
    USPSDataset,
)
from mindshim.dataset.engine.datasets_vision_folder import (
    Caltech256Dataset, DIV2KDataset, FakeImageDataset, Food101Dataset, LFWDataset, OmniglotDataset, SBUDataset,
)
from mindshim.dataset.engine.datasets_vision_mat import Caltech101Dataset, Flowers102Dataset, SVHNDataset
from mindshim.dataset.engine.datasets_text import EnWik9Dataset, PennTreebankDataset, WikiTextDataset
from mindshim.dataset.engine.datasets_text_csv import (
    AGNewsDataset, AmazonReviewDataset, CoNLL2000Dataset, DBpediaDataset, IMDBDataset, SogouNewsDataset,
    SST2Dataset, UDPOSDataset, YahooAnswersDataset, YelpReviewDataset,
)
from mindshim.dataset.engine.datasets_text_more import (
    CLUEDataset, IWSLT2016Dataset, IWSLT2017Dataset, Multi30kDataset, SQuADDataset,
)
from mindshim.dataset.engine.datasets_audio import (
    CMUArcticDataset, LibriTTSDataset, LJSpeechDataset, SpeechCommandsDataset, YesNoDataset,
)
from mindshim.dataset.engine.datasets_ops import zip
from mindshim.dataset.engine.samplers import PKSampler
from mindshim.dataset.engine.serializer import compare, deserialize, serialize, show
from mindshim.dataset.callback import DSCallback, WaitedDSCallback
from mindshim.dataset import callback

from mindshim.dataset.engine.datasets_vision_extra import CityscapesDataset, \
    FlickrDataset, KITTIDataset, RenderedSST2Dataset, SUN397Dataset, WIDERFaceDataset

__all__ = [
    "config", "transforms", "vision", "Dataset", "GeneratorDataset", "NumpySlicesDataset", "MnistDataset",
    "FashionMnistDataset", "Cifar10Dataset", "Cifar100Dataset", "ImageFolderDataset", "Sampler",
    "SequentialSampler", "RandomSampler", "DistributedSampler", "SubsetSampler", "SubsetRandomSampler",
    "WeightedRandomSampler", "BatchInfo", "MindDataset", "Shuffle", "text", "Schema", "TextFileDataset",
    "CSVDataset", "TFRecordDataset", "ManifestDataset", "RandomDataset", "PaddedDataset", "VOCDataset",
    "CocoDataset", "CelebADataset", "EMnistDataset", "KMnistDataset", "Places365Dataset", "QMnistDataset",
    "SemeionDataset", "STL10Dataset", "USPSDataset", "Caltech256Dataset", "DIV2KDataset", "FakeImageDataset",
    "Food101Dataset", "LFWDataset", "OmniglotDataset", "SBUDataset", "Caltech101Dataset", "Flowers102Dataset",
    "SVHNDataset", "EnWik9Dataset", "PennTreebankDataset", "WikiTextDataset", "AGNewsDataset",
    "AmazonReviewDataset", "CoNLL2000Dataset", "UDPOSDataset", "CLUEDataset", "Multi30kDataset",
    "SQuADDataset", "DBpediaDataset", "IMDBDataset", "SogouNewsDataset", "SST2Dataset", "YahooAnswersDataset",
    "YelpReviewDataset", "CMUArcticDataset", "LibriTTSDataset", "LJSpeechDataset", "SpeechCommandsDataset",
    "YesNoDataset", "IWSLT2016Dataset", "IWSLT2017Dataset", "zip", "PKSampler", "serialize", "deserialize",
    "show", "compare", "DSCallback", "WaitedDSCallback", "callback", "SUN397Dataset", "WIDERFaceDataset",
    "KITTIDataset", "FlickrDataset", "CityscapesDataset", "RenderedSST2Dataset",
]
