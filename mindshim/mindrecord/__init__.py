"""mindspore.mindrecord: MindSpore's record file format (docs/mindrecord.md).

FileWriter writes a set of shard files, each with a SQLite index `<file>.db`; FileReader and
mindspore.dataset.MindDataset read them. The bytes are MindSpore 2.10's, so either side reads the other's files.
"""
from mindshim.mindrecord.common.exceptions import *  # noqa: F401,F403 (MindSpore exports them here too)
from mindshim.mindrecord.filereader import FileReader
from mindshim.mindrecord.filewriter import FileWriter
from mindshim.mindrecord.mindpage import MindPage
from mindshim.mindrecord.shardutils import FAILED, SUCCESS
from mindshim.mindrecord.tools import ImageNetToMR

__all__ = ["FileWriter", "FileReader", "MindPage", "ImageNetToMR", "SUCCESS", "FAILED"]
