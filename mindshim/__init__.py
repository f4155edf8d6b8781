"""mindshim: MindSpore's public API on PyTorch.

`import mindshim` never changes torch or `import mindspore`; call `install_alias()` (or run a script
with `mindshim run`) to make `import mindspore` resolve here.
"""
__version__ = "0.1.0"

import importlib as _importlib

from mindshim._errors import missing_attribute as _missing_attribute

from mindshim import amp, common, communication, context, nn, ops
from mindshim.train.loss_scale_manager import DynamicLossScaleManager, FixedLossScaleManager, LossScaleManager
from mindshim.common.api import JitConfig, jit, jit_class, lazy_inline, ms_function, mutable, no_inline
from mindshim._alias import install_alias, uninstall_alias
from mindshim.common import dtype
from mindshim.common.dtype import (
    bfloat16, bool_, byte, cdouble, cfloat, complex64, complex128, double, float16, float32, float64, float_, half,
    int8, int16, int32, int64, int_, intc, intp, long, short, single, ubyte, uint8, uint16, uint32, uint64, uintc,
    uintp, ushort,
)
from mindshim.common.dtype import TensorType, dtype_to_nptype, dtype_to_pytype, get_py_obj_dtype, pytype_to_dtype
from mindshim.common.generator import (
    Generator, default_generator, get_rng_state, initial_seed, manual_seed, seed, set_rng_state,
)
from mindshim.device_manager import get_current_device, set_deterministic, set_device
from mindshim import runtime
from mindshim.runtime import (
    empty_cache, max_memory_allocated, max_memory_reserved, memory_allocated, memory_reserved,
    reset_max_memory_allocated, reset_max_memory_reserved, reset_peak_memory_stats, synchronize,
)
from mindshim.common.parameter import Parameter, ParameterTuple
from mindshim.common.seed import get_seed, set_seed
from mindshim.common.tensor import Tensor, tensor
from mindshim.common.sparse_tensor import COOTensor, CSRTensor, RowTensor, SparseTensor
from mindshim.context import GRAPH_MODE, PYNATIVE_MODE, ParallelMode, get_context, set_context
from mindshim.train import (
    DatasetHelper, Model, ckpt_to_safetensors, connect_network_with_dataset, data_sink, export, load, load_checkpoint, load_param_into_net,
    safetensors_to_ckpt, save_checkpoint,
)
from mindshim.train.serialization import load_mindir, save_mindir
from mindshim.train.callback import (
    Callback, CheckpointConfig, EarlyStopping, History, LambdaCallback, LearningRateScheduler, LossMonitor,
    ModelCheckpoint, ReduceLROnPlateau, RunContext, TimeMonitor,
)
from mindshim.train.metrics import (
    F1, MAE, MSE, ROC, Accuracy, ConfusionMatrix, ConfusionMatrixMetric, Dice, Fbeta, Loss, Metric, Precision,
    Recall, Top1CategoricalAccuracy, Top5CategoricalAccuracy, TopKCategoricalAccuracy, auc, get_metric_fn, names,
    rearrange_inputs,
)
from mindshim.ops.composite import grad, value_and_grad, vmap
from mindshim.train import (
    BackupAndRestore, BleuScore, CosineSimilarity, HausdorffDistance, MeanSurfaceDistance, OcclusionSensitivity,
    OnRequestExit, Perplexity, RootMeanSquareDistance,
)

from mindshim import log
from mindshim.amp import build_train_network
from mindshim.common._toplevel_autograd import (
    _Function, _no_grad, recompute, register_saved_tensors_hooks, saved_tensors_hooks,
)
from mindshim.common._toplevel_more import (
    Symbol, enable_dynamic, from_numpy, frombuffer, load_checkpoint_async, load_segmented_checkpoints,
    merge_sliced_parameter, mindio_preload, ms_memory_recycle, run_check, set_dump, set_mindio_server_info,
    set_recursion_limit, swap_tensors,
)
from mindshim.common.dtype import (
    Int, QuantDtype, Type, _null, _NullType, float8_e4m3fn, float8_e5m2, list_, number, string, tensor_type, tuple_,
    type_none, uint,
)
from mindshim.context import (
    COMPATIBLE, LAX, STRICT, get_auto_parallel_context, get_ps_context, reset_auto_parallel_context,
    set_auto_parallel_context, set_ps_context,
)
from mindshim.log import get_level, get_log_config
from mindshim.parallel import (
    get_algo_parameters, load_distributed_checkpoint, reset_algo_parameters, set_algo_parameters,
)
from mindshim.ops import is_tensor
from mindshim.runtime import (
    Event, MemPool, PluggableAllocator, Stream, StreamCtx, communication_stream, current_stream, default_stream,
    dispatch_threads_num, launch_blocking, memory_stats, memory_summary, set_cur_stream, set_kernel_launch_capture,
    set_kernel_launch_group, set_memory,
)
from mindshim.runtime.device_ctx import DeviceCtx
from mindshim.train import async_ckpt_thread_status
from mindshim.train import SummaryCollector, SummaryRecord
from mindshim import profiler
from mindshim.profiler import Profiler

__all__ = [
    "__version__", "install_alias", "uninstall_alias", "amp", "common", "context", "dataset", "nn", "ops",
    "dtype", "LossScaleManager", "FixedLossScaleManager", "DynamicLossScaleManager", "grad", "value_and_grad",
    "vmap", "Model", "DatasetHelper", "connect_network_with_dataset", "data_sink", "ckpt_to_safetensors",
    "safetensors_to_ckpt", "save_checkpoint", "load_checkpoint", "load_param_into_net", "export", "load",
    "load_mindir", "save_mindir",
    "communication", "jit", "jit_class", "ms_function", "JitConfig", "Tensor", "COOTensor", "CSRTensor",
    "RowTensor", "SparseTensor", "Parameter", "ParameterTuple", "set_seed", "get_seed", "GRAPH_MODE",
    "PYNATIVE_MODE", "ParallelMode", "set_context", "get_context", "bool_", "int8", "int16", "int32", "int64",
    "uint8", "uint16", "uint32", "uint64", "float16", "float32", "float64", "bfloat16", "complex64",
    "complex128", "half", "single", "double", "float_", "int_", "dtype_to_nptype", "dtype_to_pytype",
    "pytype_to_dtype", "byte", "short", "long", "intc", "intp", "ubyte", "ushort", "uintc", "uintp", "cfloat",
    "cdouble", "TensorType", "get_py_obj_dtype", "tensor", "mutable", "lazy_inline", "no_inline", "Generator",
    "default_generator", "manual_seed", "seed", "initial_seed", "get_rng_state", "set_rng_state", "set_device",
    "get_current_device", "set_deterministic", "runtime", "mint", "numpy", "memory_allocated",
    "max_memory_allocated", "memory_reserved", "max_memory_reserved", "reset_peak_memory_stats",
    "reset_max_memory_allocated", "reset_max_memory_reserved", "empty_cache", "synchronize", "Callback",
    "LossMonitor", "TimeMonitor", "ModelCheckpoint", "CheckpointConfig", "RunContext", "LearningRateScheduler",
    "History", "LambdaCallback", "ReduceLROnPlateau", "EarlyStopping", "names", "get_metric_fn", "Accuracy",
    "MAE", "MSE", "Metric", "rearrange_inputs", "Precision", "Recall", "Fbeta", "F1", "Dice", "ROC", "auc",
    "TopKCategoricalAccuracy", "Top1CategoricalAccuracy", "Top5CategoricalAccuracy", "Loss", "ConfusionMatrix",
    "ConfusionMatrixMetric", "BleuScore", "CosineSimilarity", "HausdorffDistance", "MeanSurfaceDistance",
    "OcclusionSensitivity", "Perplexity", "RootMeanSquareDistance", "OnRequestExit", "BackupAndRestore", "log",
    "build_train_network", "Symbol", "_no_grad", "_Function", "enable_dynamic", "from_numpy", "frombuffer",
    "load_checkpoint_async", "load_segmented_checkpoints", "merge_sliced_parameter", "mindio_preload",
    "ms_memory_recycle", "recompute", "register_saved_tensors_hooks", "run_check", "saved_tensors_hooks",
    "set_dump", "set_mindio_server_info", "set_recursion_limit", "swap_tensors", "Int", "QuantDtype", "Type",
    "_null", "_NullType", "float8_e4m3fn", "float8_e5m2", "list_", "number", "string", "tensor_type", "tuple_",
    "type_none", "uint", "COMPATIBLE", "LAX", "STRICT", "get_auto_parallel_context", "get_ps_context",
    "reset_auto_parallel_context", "set_auto_parallel_context", "set_ps_context", "get_level",
    "get_log_config", "is_tensor", "Event", "Stream", "StreamCtx", "communication_stream", "current_stream",
    "default_stream", "dispatch_threads_num", "launch_blocking", "memory_stats", "memory_summary",
    "set_cur_stream", "set_kernel_launch_capture", "set_kernel_launch_group", "set_memory", "DeviceCtx",
    "async_ckpt_thread_status", "MemPool", "PluggableAllocator", "SummaryRecord", "SummaryCollector",
    "profiler", "Profiler",
    "set_algo_parameters", "get_algo_parameters", "reset_algo_parameters", "load_distributed_checkpoint",
]

# Namespaces nothing else imports load at first use (PEP 562): they are ~40% of `import mindshim`.
_LAZY_SUBPACKAGES = ("boost", "dataset", "device_context", "experimental", "graph", "hal", "mint", "numpy", "onnx",
                     "rewrite", "utils")
# Names MindSpore binds on `mindspore` outside its __all__ (scripts use them): name -> (module, its name there).
_OUTSIDE_ALL = {
    **{n: ("ops", n) for n in ("jacfwd", "jacrev", "jvp", "vjp", "constexpr", "get_grad")},
    **{n: ("mindrecord", n) for n in ("FileWriter", "FileReader", "MindPage", "SUCCESS", "FAILED", "ImageNetToMR")},
    "int": ("common.dtype", "int32"), "float": ("common.dtype", "float32"), "bool": ("common.dtype", "bool_"),
    "from_dlpack": ("utils", "from_dlpack"), "to_dlpack": ("utils", "to_dlpack"),
    "reset_ps_context": ("context", "reset_ps_context"),
    **{n: ("rewrite", n) for n in ("SymbolTree", "Node", "NodeType", "ScopedValue")},
}


def __getattr__(name: str):
    if name in _LAZY_SUBPACKAGES:
        return _importlib.import_module(f"{__name__}.{name}")
    if name in _OUTSIDE_ALL:
        module, attr = _OUTSIDE_ALL[name]
        return getattr(_importlib.import_module(f"{__name__}.{module}"), attr)
    raise _missing_attribute("mindspore", name)


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY_SUBPACKAGES))
