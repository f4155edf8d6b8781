"""mindspore.mindrecord.tools: converters from other data set layouts to MindRecord."""
from mindshim.mindrecord.tools.imagenet_to_mr import ImageNetToMR

__all__ = ["ImageNetToMR"]
