"""mindspore.mindrecord.common: MindRecord's exception classes."""
