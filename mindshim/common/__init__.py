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

# Names MindSpore's `mindspore.common` also binds (outside its __all__): the same objects as on `mindspore`.
_FROM_TOPLEVEL = (
    "DeviceCtx", "Generator", "Int", "JitConfig", "QuantDtype", "Symbol", "TensorType", "Type", "bool", "byte",
    "cdouble", "cfloat", "default_generator", "dtype_to_nptype", "dtype_to_pytype", "enable_dynamic", "float",
    "float8_e4m3fn", "float8_e5m2", "from_numpy", "get_py_obj_dtype", "get_rng_state", "initial_seed", "int", "intc",
    "intp", "is_tensor", "jit", "jit_class", "lazy_inline", "list_", "load_mindir", "long", "manual_seed",
    "mindio_preload", "ms_memory_recycle", "mutable", "no_inline", "number", "pytype_to_dtype", "recompute",
    "register_saved_tensors_hooks", "save_mindir", "saved_tensors_hooks", "set_dump", "set_mindio_server_info",
    "set_recursion_limit", "set_rng_state", "short", "string", "swap_tensors", "tensor_type", "tuple_",
    "type_none", "ubyte", "uint", "uintc", "uintp", "ushort",
)


def __getattr__(name: str):
    if name in _FROM_TOPLEVEL:
        import mindshim
        return getattr(mindshim, name)
    raise AttributeError(f"module 'mindspore.common' has no attribute '{name}'")
