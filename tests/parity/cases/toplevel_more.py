"""Parity: more top-level mindspore names (syntax levels, ps context, from_numpy/frombuffer, dtype objects,
set_recursion_limit/set_dump, Symbol/enable_dynamic, merge_sliced_parameter, checkpoint helpers, log, run_check)."""
import os
import tempfile
import warnings

import numpy as np

import mindspore as ms
from mindspore import Tensor, nn
from parity_capture import captured_stdout
from parity_ops_common import error_name

COMPILED_PASS = False


def _err(fn):
    """The exception type `fn()` raises, or "ok"."""
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type is the result
        return type(e).__name__
    return "ok"


def _net():
    net = nn.Dense(3, 2)
    net.weight.set_data(Tensor(np.array([[0.1, -0.2, 0.3], [0.4, 0.5, -0.6]], np.float32)))
    net.bias.set_data(Tensor(np.array([0.05, -0.05], np.float32)))
    return net


def case_syntax_levels():
    ms.set_context(jit_syntax_level=ms.LAX)
    lax = ms.get_context("jit_syntax_level")
    ms.set_context(jit_syntax_level=ms.context.COMPATIBLE)
    compatible = ms.get_context("jit_syntax_level")
    ms.set_context(jit_syntax_level=ms.STRICT)
    return {"values": [ms.STRICT, ms.COMPATIBLE, ms.LAX], "context": [ms.context.STRICT, ms.context.COMPATIBLE,
                                                                      ms.context.LAX],
            "lax": lax, "compatible": compatible, "strict": ms.get_context("jit_syntax_level")}


def case_syntax_level_errors():
    return {str(v): _err(lambda v=v: ms.set_context(jit_syntax_level=v)) for v in (5, -1, "LAX", 1.0)}


def _double(x):
    return x * 2


def case_jit_config_syntax_level():
    out = ms.jit(_double, jit_config=ms.JitConfig(jit_syntax_level="LAX"))(Tensor([1.0, 2.0]))
    return {"value": out.asnumpy(), "config": ms.JitConfig(jit_syntax_level="STRICT").jit_config_dict}


def case_ps_context():
    keys = ["server_mode", "ms_role", "enable_ps", "worker_num", "server_num", "scheduler_ip", "scheduler_port",
            "enable_ssl", "config_file_path"]
    defaults = {k: ms.get_ps_context(k) for k in keys}
    ms.set_ps_context(enable_ssl=True, config_file_path="/tmp/ps.json")
    changed = [ms.get_ps_context("enable_ssl"), ms.context.get_ps_context("config_file_path")]
    ms.set_ps_context(enable_ssl=False, config_file_path="")
    return {"defaults": defaults, "changed": changed}


def case_ps_context_errors():
    return {"get": _err(lambda: ms.get_ps_context("foo")), "set": _err(lambda: ms.set_ps_context(foo=1)),
            "enable_ps_int": _err(lambda: ms.set_ps_context(enable_ps=1)),
            "worker_num_str": _err(lambda: ms.set_ps_context(worker_num="a"))}


def case_auto_parallel_context_at_top_level():
    ms.set_auto_parallel_context(gradients_mean=True)
    changed = ms.get_auto_parallel_context("gradients_mean")
    ms.reset_auto_parallel_context()
    return [changed, ms.get_auto_parallel_context("gradients_mean"), ms.get_auto_parallel_context("parallel_mode")]


def case_from_numpy():
    out = {}
    for name, arr in {"i64": np.arange(3), "f64": np.array([1.5, -2.0]), "f32": np.ones((2, 2), np.float32),
                      "bool": np.array([True, False]), "i8": np.array([1, -2], np.int8)}.items():
        t = ms.from_numpy(arr)
        out[name] = {"dtype": str(t.dtype), "shape": list(t.shape), "value": t.asnumpy()}
    arr = np.arange(4, dtype=np.float32)
    shared = ms.from_numpy(arr)
    arr[0] = 9.0
    out["shares_memory"] = shared.asnumpy()
    out["transposed"] = ms.from_numpy(np.arange(6).reshape(2, 3).T).asnumpy()
    return out


def case_from_numpy_rejects_list():
    return ms.from_numpy([1, 2])


def case_frombuffer():
    ints = np.array([1, -2, 3, 40000], np.int32).tobytes()
    out = {}
    for name, call in {"all": lambda: ms.frombuffer(ints, ms.int32),
                       "count": lambda: ms.frombuffer(ints, ms.int32, count=2),
                       "offset": lambda: ms.frombuffer(ints, ms.int32, count=2, offset=4),
                       "int16": lambda: ms.frombuffer(ints, ms.int16),
                       "float32": lambda: ms.frombuffer(np.array([0.5, -1.25], np.float32).tobytes(), ms.float32),
                       "bytearray": lambda: ms.frombuffer(bytearray([1, 2, 3, 4, 5, 6]), ms.uint8, offset=1)}.items():
        t = call()
        out[name] = {"dtype": str(t.dtype), "value": t.asnumpy()}
    return out


def case_frombuffer_errors():
    data = bytearray([1, 2, 3, 4, 5, 6])
    return {"count0": _err(lambda: ms.frombuffer(data, ms.uint8, count=0)),
            "count-2": _err(lambda: ms.frombuffer(data, ms.uint8, count=-2)),
            "offset": _err(lambda: ms.frombuffer(data, ms.uint8, offset=6)),
            "misaligned": _err(lambda: ms.frombuffer(data, ms.int32)),
            "too_many": _err(lambda: ms.frombuffer(data, ms.int16, count=4))}


def case_is_tensor():
    return [ms.is_tensor(Tensor([1.0])), ms.is_tensor(ms.Parameter(Tensor([1.0]), name="p")), ms.is_tensor(1),
            ms.is_tensor(np.ones(2)), ms.is_tensor([Tensor([1.0])])]


def case_dtype_objects():
    names = ["float8_e4m3fn", "float8_e5m2", "number", "uint", "list_", "tuple_", "string", "type_none",
             "tensor_type", "_null"]
    return {"str": {n: str(getattr(ms, n)) for n in names},
            "equal": [ms.float8_e4m3fn == ms.float8_e5m2, ms.float8_e4m3fn == ms.float8_e4m3fn, ms.uint == ms.uint8,
                      ms.list_ == ms.tuple_, ms.tensor_type == ms.tensor_type, ms.number == ms.number],
            "py_obj": [ms.common.dtype.get_py_obj_dtype([1]) == ms.list_,
                       ms.common.dtype.get_py_obj_dtype((1,)) == ms.tuple_],
            "null_type": isinstance(ms._null, ms._NullType)}


def case_int_kind():
    return {"isinstance": [isinstance(ms.int32, ms.Int), isinstance(ms.int8, ms.Int), isinstance(ms.uint8, ms.Int),
                           isinstance(ms.float32, ms.Int), isinstance(ms.int_, ms.Int),
                           isinstance(ms.float32, ms.Type), isinstance(ms.float8_e5m2, ms.Type)],
            "construct": [str(ms.Int(8)), str(ms.Int(32)), str(ms.Int(64)), ms.Int(16) == ms.int16, str(ms.Int())]}


def case_int_kind_bad_bits():
    return str(ms.Int(7))


def case_quant_dtype():
    return {"members": [(q.name, q.value()) for q in ms.QuantDtype], "str": str(ms.QuantDtype.INT4),
            "lookup": ms.QuantDtype(107).name}


def case_float8_tensors():
    out = {}
    for name in ("float8_e4m3fn", "float8_e5m2"):
        t = Tensor(np.array([1.5, -2.0, 0.25]), getattr(ms, name))
        out[name] = {"dtype": str(t.dtype), "shape": list(t.shape)}
    return out


def case_set_recursion_limit():
    return {"ok": ms.set_recursion_limit(1500), "zero": _err(lambda: ms.set_recursion_limit(0)),
            "float": _err(lambda: ms.set_recursion_limit(1.5))}


def case_set_dump():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = ms.set_dump(nn.Dense(2, 2))
    return {"result": result, "warned": any(issubclass(w.category, UserWarning) for w in caught),
            "bad_target": _err(lambda: ms.set_dump(3)),
            "bad_enabled": _err(lambda: ms.set_dump(nn.Dense(2, 2), enabled=1))}


def case_symbol():
    dicts = [ms.Symbol().to_dict(), ms.Symbol(max=8, min=2, divisor=2).to_dict(),
             ms.Symbol(max=16, min=4, divisor=3, remainder=1).to_dict(), ms.Symbol(min=5, max=3).to_dict(),
             ms.Symbol(max=0).to_dict()]
    unique = ms.Symbol(unique=True)
    return {"dicts": dicts, "unique_id": unique.to_dict()["id"] == unique.id, "str": str(ms.Symbol(max=4)),
            "attrs": [ms.Symbol(max=9).max, ms.Symbol(min=3).min]}


def case_symbol_errors():
    calls = {"min0": lambda: ms.Symbol(min=0), "divisor0": lambda: ms.Symbol(divisor=0),
             "float_max": lambda: ms.Symbol(max=1.5), "remainder": lambda: ms.Symbol(remainder=3, divisor=2),
             "negative_remainder": lambda: ms.Symbol(remainder=-1), "unique_int": lambda: ms.Symbol(unique=1)}
    return {k: _err(v) for k, v in calls.items()}


def case_enable_dynamic():
    dyn = Tensor(shape=[None, 2], dtype=ms.float32)

    @ms.enable_dynamic(x=dyn)
    def f(x, y):
        return x * y

    out = f(Tensor(np.ones((3, 2), np.float32)), Tensor(2.0))
    return {"value": out.asnumpy(), "name": f.__name__}


def case_enable_dynamic_errors():
    dyn = Tensor(shape=[None, 2], dtype=ms.float32)

    def f(x):
        return x

    calls = {"empty": lambda: ms.enable_dynamic(), "not_tensor": lambda: ms.enable_dynamic(x=3),
             "static_shape": lambda: ms.enable_dynamic(x=Tensor(np.ones(2, np.float32))),
             "unknown_arg": lambda: ms.enable_dynamic(y=dyn)(f),
             "too_many": lambda: ms.enable_dynamic(x=dyn, y=dyn)(f),
             "not_function": lambda: ms.enable_dynamic(x=dyn)(nn.ReLU())}
    return {k: _err(v) for k, v in calls.items()}


def case_merge_sliced_parameter():
    parts = [ms.Parameter(Tensor([[1.0, 2.0]]), "a"), ms.Parameter(Tensor([[3.0, 4.0], [5.0, 6.0]]), "a")]
    merged = ms.merge_sliced_parameter(parts)
    bf = ms.merge_sliced_parameter([ms.Parameter(Tensor([[1.5]], ms.bfloat16), "b", requires_grad=False)] * 2)
    return {"value": merged.asnumpy(), "name": merged.name, "class": type(merged).__name__,
            "bf16": {"dtype": str(bf.dtype), "value": bf.asnumpy(), "requires_grad": bf.requires_grad}}


def case_merge_sliced_parameter_errors():
    a1, a2 = ms.Parameter(Tensor([[1.0, 2.0]]), "a"), ms.Parameter(Tensor([[3.0, 4.0, 5.0]]), "a")
    calls = {"not_list": lambda: ms.merge_sliced_parameter(a1), "empty": lambda: ms.merge_sliced_parameter([]),
             "tensor": lambda: ms.merge_sliced_parameter([Tensor([[1.0]])]),
             "shape": lambda: ms.merge_sliced_parameter([a1, a2]),
             "name": lambda: ms.merge_sliced_parameter([a1, ms.Parameter(Tensor([[1.0, 2.0]]), "b")])}
    return {k: _err(v) for k, v in calls.items()}


def case_checkpoint_async_and_segmented():
    net = _net()
    with tempfile.TemporaryDirectory() as d:
        ms.save_checkpoint(net, os.path.join(d, "part0.ckpt"))
        other = nn.Dense(3, 1)
        other.weight.set_data(Tensor(np.array([[1.0, 2.0, 3.0]], np.float32)))
        ms.save_checkpoint([{"name": "extra", "data": Tensor([7.0, 8.0])}], os.path.join(d, "part1.ckpt"))
        loaded = ms.load_checkpoint_async(os.path.join(d, "part0.ckpt")).result()
        fresh = nn.Dense(3, 2)
        ms.load_checkpoint_async(os.path.join(d, "part0.ckpt"), net=fresh).result()
        merged = ms.load_segmented_checkpoints(d)
    return {"async": {k: v.asnumpy() for k, v in sorted(loaded.items())}, "into_net": fresh.weight.asnumpy(),
            "segmented": {k: v.asnumpy() for k, v in sorted(merged.items())}}


def case_checkpoint_segmented_errors():
    return {"not_str": _err(lambda: ms.load_segmented_checkpoints(3)),
            "not_dir": _err(lambda: ms.load_segmented_checkpoints("/nonexistent/ckpt_dir"))}


def case_mindio():
    return {"preload": ms.mindio_preload("model.ckpt"), "preload_bad": _err(lambda: ms.mindio_preload(1)),
            "server": ms.set_mindio_server_info(10), "server_bad": _err(lambda: ms.set_mindio_server_info(0))}


def case_run_check():
    with captured_stdout() as lines:
        ms.run_check()
    return lines


def case_log():
    return {"level": ms.get_level(), "config": ms.get_log_config(), "module_level": ms.log.get_level(),
            "calls": [ms.log.info("info %s", 1), ms.log.debug("debug")]}


def case_reexports():
    net = _net()
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
    train = ms.build_train_network(net, opt, nn.MSELoss(), level="O0")
    return {"train": type(train).__name__, "async_ckpt": ms.async_ckpt_thread_status(),
            "recycle": ms.ms_memory_recycle()}


def case_get_py_obj_dtype_of_str_and_none():
    return {"types": [str(ms.get_py_obj_dtype(v)) for v in ("a", None, [1], (1,), 1.0)],
            "dict": error_name(lambda: ms.get_py_obj_dtype({}))}
