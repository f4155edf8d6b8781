"""MindSpore's `mindspore.ops.auto_generate.gen_extend_func`: of its names mindshim provides
`sub_tensor_` here; the rest resolve through mindshim's path table."""
from mindshim.ops.auto_generate.gen_ops_def import sub_tensor_

__all__ = ["sub_tensor_"]
