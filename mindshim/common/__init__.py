"""mindspore.common: Tensor, Parameter, dtypes, initializers, seeds."""
from mindshim.common import dtype
from mindshim.common.dtype import (
    bfloat16, bool_, complex64, complex128, double, float16, float32, float64, float_, half, int8, int16,
    int32, int64, int_, single, uint8, uint16, uint32, uint64,
)
from mindshim.common.parameter import Parameter, ParameterTuple
from mindshim.common.seed import get_seed, set_seed
from mindshim.common.tensor import Tensor
from mindshim.common.sparse_tensor import COOTensor, CSRTensor, RowTensor, RowTensorInner, SparseTensor

__all__ = [
    "dtype", "Tensor", "COOTensor", "CSRTensor", "RowTensor", "RowTensorInner", "SparseTensor", "Parameter", "ParameterTuple", "set_seed", "get_seed",
    "bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16", "float32",
    "float64", "bfloat16", "complex64", "complex128", "half", "single", "double", "float_", "int_",
]
