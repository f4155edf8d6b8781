"""The abstract dataset kinds MindSpore's `datasets.py` names, for the `isinstance` checks scripts make.

MindSpore builds every dataset class on some of `SourceDataset` (a leaf of the pipeline) and the modality
bases `VisionBaseDataset`, `TextBaseDataset`, `AudioBaseDataset` (`UnionBaseDataset` is all three). mindshim's
nodes do not inherit them; these classes answer `isinstance` as MindSpore's would: every pipeline operation
(batch, map, repeat, ...) and the format-neutral sources (GeneratorDataset, MindDataset, CSVDataset, ...) are
of all modalities, the readers below of one.
"""
from __future__ import annotations

from typing import Any

_ONE_MODALITY = {
    "vision": frozenset(
        "Caltech256Dataset CelebADataset Cifar10Dataset Cifar100Dataset CityscapesDataset CocoDataset DIV2KDataset "
        "EMnistDataset FakeImageDataset FashionMnistDataset FlickrDataset Food101Dataset ImageFolderDataset "
        "KITTIDataset KMnistDataset LFWDataset LSUNDataset ManifestDataset MnistDataset OmniglotDataset "
        "PhotoTourDataset Places365Dataset QMnistDataset RenderedSST2Dataset SBUDataset SemeionDataset STL10Dataset "
        "SUN397Dataset VOCDataset WIDERFaceDataset RandomDataset USPSDataset".split()),
    "text": frozenset(
        "AGNewsDataset AmazonReviewDataset CLUEDataset CoNLL2000Dataset DBpediaDataset EnWik9Dataset IWSLT2016Dataset "
        "IWSLT2017Dataset Multi30kDataset PennTreebankDataset SogouNewsDataset SQuADDataset SST2Dataset "
        "TextFileDataset UDPOSDataset WikiTextDataset YahooAnswersDataset YelpReviewDataset IMDBDataset".split()),
    "audio": frozenset(
        "CMUArcticDataset GTZANDataset LibriTTSDataset LJSpeechDataset SpeechCommandsDataset TedliumDataset "
        "YesNoDataset".split()),
}


def _modality(node: Any) -> str:
    """'vision', 'text' or 'audio' for a single-modality reader; 'union' for everything else."""
    if not node.children:
        for klass in type(node).__mro__:
            for modality, names in _ONE_MODALITY.items():
                if klass.__name__ in names:
                    return modality
    return "union"


class _Kind(type):
    """`isinstance(node, Kind)` asks the kind's `_holds(node)` about mindshim dataset nodes."""

    def __instancecheck__(cls, obj: Any) -> bool:
        from mindshim.dataset.engine.datasets import Dataset
        return isinstance(obj, Dataset) and cls._holds(obj)


class SourceDataset(metaclass=_Kind):
    @staticmethod
    def _holds(node: Any) -> bool:
        return not node.children


class UnionBaseDataset(metaclass=_Kind):
    @staticmethod
    def _holds(node: Any) -> bool:
        return _modality(node) == "union"


class VisionBaseDataset(metaclass=_Kind):
    @staticmethod
    def _holds(node: Any) -> bool:
        return _modality(node) in ("union", "vision")


class TextBaseDataset(metaclass=_Kind):
    @staticmethod
    def _holds(node: Any) -> bool:
        return _modality(node) in ("union", "text")


class AudioBaseDataset(metaclass=_Kind):
    @staticmethod
    def _holds(node: Any) -> bool:
        return _modality(node) in ("union", "audio")
