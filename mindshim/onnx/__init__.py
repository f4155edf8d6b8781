"""mindspore.onnx."""
from mindshim.onnx.onnx_export import export

__all__ = ["export"]
