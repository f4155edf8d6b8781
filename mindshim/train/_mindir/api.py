"""The user-facing MindIR functions: mindspore.export, load, load_mindir, save_mindir, export_split_mindir."""
from __future__ import annotations

import logging
import os
import re
import stat
from typing import Any

from mindshim._errors import unsupported

logger = logging.getLogger("mindspore")
_FORMATS = ["AIR", "ONNX", "MINDIR"]
_FILE_NAME_RE = r"^[0-9a-zA-Z@\_\-\.\:\/\\]+$"


def _check_file_name(file_name: Any, what: str = "file_name") -> None:
    if not isinstance(file_name, str):
        raise TypeError(f"The '{file_name}' must be string, but got {type(file_name)}.")
    if file_name.endswith(("\\", "/")):
        raise ValueError(f"The '{file_name}' cannot be a directory path.")
    if re.match(_FILE_NAME_RE, file_name) is None:
        raise ValueError(f"The '{file_name}' is illegal, it must be match regular '{_FILE_NAME_RE}'.")


def export(net: Any, *inputs: Any, file_name: str, file_format: str, **kwargs: Any) -> None:
    """mindspore.export(net, *inputs, file_name, file_format, **kwargs)."""
    if "obf_func" in kwargs:
        raise NotImplementedError("Dynamic model structure obfuscation is no longer supported.")
    if file_format not in _FORMATS:
        raise ValueError(f"For 'export', 'file_format' must be one of {_FORMATS}, but got {file_format}.")
    if file_format == "AIR":
        raise unsupported("mindspore.export(file_format='AIR')", "AIR models are built by MindSpore's Ascend "
                          "toolchain; export MINDIR or ONNX")
    _check_file_name(file_name)
    if file_format == "ONNX":  # its own argument checks (customised encryption, ...) live with the exporter
        logger.warning("mindspore.export(file_format='ONNX') will be deleted, please use mindspore.onnx.export()")
        from mindshim.onnx.onnx_export import export_onnx
        export_onnx(net, tuple(inputs), file_name, **kwargs)
        return
    for key in ("enc_key", "enc_mode", "obf_config", "dataset", "custom_func", "incremental"):
        if kwargs.get(key) not in (None, False):
            raise unsupported(f"mindspore.export({key}=...)", "encrypted, obfuscated, dataset-carrying, "
                              "customised or incremental exports")
    from mindshim.common.tensor import Tensor
    for x in inputs:
        if not isinstance(x, Tensor) and hasattr(x, "create_dict_iterator"):
            raise unsupported("mindspore.export(dataset input)", "exporting a dataset's preprocessing into MindIR")
    from mindshim.nn.cell import Cell
    if not isinstance(net, Cell):
        raise unsupported("mindspore.export of a function", "export a Cell")
    from mindshim.train._mindir.export import export_mindir
    export_mindir(net, tuple(inputs), file_name)


def load(file_name: Any, **kwargs: Any) -> Any:
    """mindspore.load(file_name, **kwargs): a graph for nn.GraphCell."""
    if "obf_func" in kwargs:
        raise NotImplementedError("Dynamic model structure obfuscation is no longer supported.")
    if not isinstance(file_name, str):
        raise ValueError(f"For 'load', the argument 'file_name' must be string, but got {type(file_name)}.")
    if not file_name.endswith(".mindir"):
        raise ValueError("For 'load', the argument 'file_name'(MindIR file) should end with '.mindir', "
                         "please input the correct 'file_name'.")
    if not os.path.exists(file_name):
        raise ValueError("For 'load', the argument 'file_name'(MindIR file) does not exist, "
                         "please check whether the 'file_name' is correct.")
    if "dec_key" in kwargs:
        raise unsupported("mindspore.load(dec_key=...)", "encrypted MindIR files")
    from mindshim.train._mindir.load import MindIRGraph, read_model
    path = os.path.realpath(file_name)
    return MindIRGraph(read_model(path), path)


def load_mindir(file_name: Any) -> Any:
    """mindspore.load_mindir(file_name): the file's ModelProto (deprecated in MindSpore since 2.5)."""
    logger.warning("The interface 'mindspore.load_mindir' is deprecated from version 2.5 "
                   "and will be removed in a future version.")
    _check_file_name(file_name)
    from mindshim.train._mindir import proto
    path = os.path.realpath(file_name)
    try:
        with open(path, "rb") as f:
            return proto.Message(proto.decode(f.read()))
    except (OSError, proto.MindIRFormatError) as err:
        raise ValueError(str(err)) from err


def save_mindir(model: Any, file_name: Any) -> None:
    """mindspore.save_mindir(model, file_name): write a ModelProto from `load_mindir` back to a file."""
    logger.warning("The interface 'mindspore.save_mindir' is deprecated from version 2.5 "
                   "and will be removed in a future version.")
    from mindshim.train._mindir import proto
    if not isinstance(model, proto.Message) or model._message != "ModelProto":
        raise TypeError(f"For 'save_mindir', the argument 'model' must be ModelProto, but got {type(model)}.")
    _check_file_name(file_name)
    if not file_name.endswith(".mindir"):
        file_name += ".mindir"
    path = os.path.realpath(file_name)
    if os.path.exists(path):
        os.chmod(path, stat.S_IWUSR)
    with open(path, "wb") as f:
        f.write(model.SerializeToString())
    os.chmod(path, stat.S_IRUSR)


def export_split_mindir(file_name: str, device_num: int = 8, rank_id: int = 0, dynamic: bool = True,
                        sapp: bool = True) -> None:
    raise unsupported("mindspore.export_split_mindir", "splitting a MindIR for pipeline-parallel inference "
                      "needs MindSpore's parallel compiler")
