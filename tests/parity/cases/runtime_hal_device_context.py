"""Parity: mindspore.hal (device queries, streams, events, memory counters with their `device_target` checks) and
mindspore.device_context (cpu, gpu, ascend) on CPU.

The device_context settings are process-global in MindSpore: a gpu/ascend setting's first call made while the
context targets the CPU logs an error and does nothing, and MindSpore's CPU build then fails later calls with a
NameError (it has no GPU/Ascend configuration classes); `cpu.threads_num` can be set once. So each setting is
called by one case only, a later call only where MindSpore validates its argument before that NameError, and the
module runs once (no compiled pass: nothing here computes).

Left to tests/test_hal_device_context.py: the GPU answers (they depend on the machine; the suite must pass with
CUDA visible) and `cpu.threads_num` (it would change torch's thread count for the rest of the test process)."""

import numpy as np

from mindspore import Tensor, hal
from mindspore.device_context import ascend, cpu, gpu

COMPILED_PASS = False


def _call(fn):
    """`fn()`'s result, or the type name of what it raises."""
    try:
        return fn()
    except Exception as e:  # noqa: BLE001 - the type is the result
        return "raises " + type(e).__name__


def _run_an_op():
    return (Tensor(np.ones(2, np.float32)) + 1).asnumpy()


def case_hal_names():
    import mindspore.hal.device as hal_device
    import mindspore.hal.event as hal_event
    import mindspore.hal.memory as hal_memory
    import mindspore.hal.stream as hal_stream
    return {"all": sorted(hal.__all__),
            "device": [n for n in ("is_initialized", "is_available", "device_count", "get_device_capability",
                                   "get_device_properties", "get_device_name", "get_arch_list")
                       if getattr(hal_device, n) is getattr(hal, n)],
            "stream": [n for n in ("Stream", "StreamCtx", "synchronize", "set_cur_stream", "current_stream",
                                   "default_stream", "communication_stream", "Event")
                       if getattr(hal_stream, n) is getattr(hal, n)],
            "event": hal_event.Event is hal.Event,
            "memory": [n for n in ("memory_stats", "memory_reserved", "max_memory_reserved", "empty_cache",
                                   "reset_peak_memory_stats", "memory_summary", "memory_allocated",
                                   "max_memory_allocated", "reset_max_memory_reserved", "reset_max_memory_allocated")
                       if getattr(hal_memory, n) is getattr(hal, n)]}


def case_device_context_names():
    import mindspore.device_context as dc
    import mindspore.device_context.ascend.op_debug as ascend_op_debug
    import mindspore.device_context.ascend.op_precision as ascend_op_precision
    import mindspore.device_context.ascend.op_tuning as ascend_op_tuning
    import mindspore.device_context.cpu.op_tuning as cpu_op_tuning
    import mindspore.device_context.gpu.op_precision as gpu_op_precision
    import mindspore.device_context.gpu.op_tuning as gpu_op_tuning
    return {"subpackages": [dc.cpu is cpu, dc.gpu is gpu, dc.ascend is ascend],
            "all": [sorted(cpu.__all__), sorted(gpu.__all__), sorted(ascend.__all__)],
            "cpu": [cpu_op_tuning.threads_num is cpu.threads_num, cpu.device.is_available is cpu.is_available,
                    cpu.device.device_count is cpu.device_count],
            "gpu": [getattr(gpu_op_precision, n) is getattr(gpu, n) for n in ("matmul_allow_tf32", "conv_allow_tf32")]
            + [getattr(gpu_op_tuning, n) is getattr(gpu, n)
               for n in ("conv_fprop_algo", "conv_wgrad_algo", "conv_dgrad_algo")]
            + [gpu.device.is_available is gpu.is_available, gpu.device.device_count is gpu.device_count],
            "ascend": [getattr(ascend_op_debug, n) is getattr(ascend, n)
                       for n in ("execute_timeout", "debug_option", "aclinit_config")]
            + [getattr(ascend_op_precision, n) is getattr(ascend, n)
               for n in ("precision_mode", "op_precision_mode", "matmul_allow_hf32", "conv_allow_hf32")]
            + [getattr(ascend_op_tuning, n) is getattr(ascend, n)
               for n in ("op_compile", "aoe_tune_mode", "aoe_job_type", "aclnn_cache")]
            + [ascend.device.is_available is ascend.is_available]}


def case_hal_is_available():
    return {repr(t): _call(lambda t=t: hal.is_available(t)) for t in ("CPU", "Ascend", "TPU", "cpu", None, 1)}


def case_hal_is_initialized_after_an_op():
    x = _run_an_op()
    return {"x": x, **{repr(t): _call(lambda t=t: hal.is_initialized(t))
                       for t in ("CPU", "Ascend", "TPU", None, 0)}}


def case_hal_device_count():
    out = {repr(t): _call(lambda t=t: hal.device_count(t)) for t in ("CPU", "Ascend", "TPU", "cpu", 1, None)}
    out["default"] = hal.device_count()
    out["keyword"] = hal.device_count(device_target="CPU")
    return out


def case_hal_get_device_name():
    out = {}
    for device_id in (0, 1, -1, True, False, "0", 0.0, None):
        for target in ("CPU", None, "Ascend", "TPU", 3):
            out[f"{device_id!r}/{target!r}"] = _call(lambda d=device_id, t=target: hal.get_device_name(d, t))
    out["keywords"] = hal.get_device_name(device_id=0, device_target="CPU")
    return out


def case_hal_properties_capability_arch_list_on_cpu():
    out = {}
    for name in ("get_device_properties", "get_device_capability"):
        fn = getattr(hal, name)
        for device_id, target in ((0, "CPU"), (0, None), (1, "CPU"), (-1, "CPU"), ("a", "CPU"), (0, "Ascend"),
                                  (0, "TPU"), (0, 2)):
            out[f"{name}:{device_id!r}/{target!r}"] = _call(lambda d=device_id, t=target, f=fn: f(d, t))
    for target in ("CPU", None, "Ascend", "TPU", 1):
        out[f"get_arch_list:{target!r}"] = _call(lambda t=target: hal.get_arch_list(t))
    out["get_arch_list:default"] = hal.get_arch_list()
    return out


def case_hal_memory_counters():
    _run_an_op()
    out = {}
    for name in ("memory_reserved", "max_memory_reserved", "memory_allocated", "max_memory_allocated",
                 "reset_peak_memory_stats", "reset_max_memory_reserved", "reset_max_memory_allocated"):
        fn = getattr(hal, name)
        out[name] = [_call(lambda t=t, f=fn: f(t)) for t in (None, "CPU", "Ascend", "TPU", 1)]
    out["empty_cache"] = [_call(hal.empty_cache), _call(lambda: hal.empty_cache("CPU"))]
    return out


def case_hal_memory_stats_and_summary():
    _run_an_op()
    return {"stats": hal.memory_stats(), "stats_cpu": hal.memory_stats("CPU"), "summary": hal.memory_summary(),
            "summary_cpu": hal.memory_summary("CPU"),
            "errors": [_call(lambda t=t: hal.memory_stats(t)) for t in ("Ascend", "TPU", 1)]
            + [_call(lambda t=t: hal.memory_summary(t)) for t in ("Ascend", "cpu", 1.0)]}


def case_hal_streams_and_events():
    cur, default, comm, new = hal.current_stream(), hal.default_stream(), hal.communication_stream(), hal.Stream()
    event = hal.Event()
    before = repr(event)
    recorded = new.record_event(event)
    with hal.StreamCtx(new):
        inside = repr(hal.current_stream())
    return {"repr": [repr(cur), repr(default), repr(comm), repr(new)], "event": [before, repr(recorded)],
            "equal": [cur == default, new == cur], "inside": inside, "query": [new.query(), event.query()],
            "sync": [hal.synchronize(), new.synchronize(), event.synchronize()],
            "set_none": hal.set_cur_stream(None), "set": hal.set_cur_stream(cur),
            "errors": [_call(lambda: hal.StreamCtx(1)), _call(lambda: hal.set_cur_stream(1)),
                       _call(lambda: hal.Stream(priority=1.0)), _call(lambda: new == 1),
                       _call(lambda: new.record_event(1)), _call(lambda: new.wait_stream(1)),
                       _call(lambda: event.record(1))]}


def case_cpu_device():
    return {"is_available": cpu.is_available(), "device_count": cpu.device_count(),
            "device_module": [cpu.device.is_available(), cpu.device.device_count()]}


def case_gpu_settings_on_cpu():
    out = {}
    for name in ("matmul_allow_tf32", "conv_allow_tf32"):
        fn = getattr(gpu, name)
        out[name] = {"int": _call(lambda f=fn: f(1)), "str": _call(lambda f=fn: f("x")),
                     "first": _call(lambda f=fn: f(True)),
                     "int_after": _call(lambda f=fn: f(0))}
    for name in ("conv_fprop_algo", "conv_wgrad_algo", "conv_dgrad_algo"):
        fn = getattr(gpu.op_tuning, name)
        out[name] = {"first_bad": _call(lambda f=fn: f("bad")), "bad_after": _call(lambda f=fn: f("bad")),
                     "int_after": _call(lambda f=fn: f(1)), "upper_after": _call(lambda f=fn: f("NORMAL"))}
    return out


def case_ascend_device_on_cpu():
    return {"is_available": ascend.is_available(), "device_count": _call(ascend.device_count),
            "device_module": [ascend.device.is_available(), _call(ascend.device.device_count)]}


def case_ascend_settings_on_cpu():
    out = {"execute_timeout": [_call(lambda: ascend.execute_timeout("bad")), _call(lambda: ascend.execute_timeout(1.5)),
                               _call(lambda: ascend.execute_timeout(-1)), _call(lambda: ascend.execute_timeout("x"))],
           "op_precision_mode": [_call(lambda: ascend.op_precision_mode(1)),
                                 _call(lambda: ascend.op_precision_mode("no/such/file")),
                                 _call(lambda: ascend.op_precision_mode(2))]}
    for name in ("matmul_allow_hf32", "conv_allow_hf32"):
        fn = getattr(ascend, name)
        out[name] = [_call(lambda f=fn: f("bad")), _call(lambda f=fn: f("bad")), _call(lambda f=fn: f(None))]
    for name, bad in (("debug_option", 1), ("precision_mode", "bad"), ("op_compile", "bad"), ("aoe_tune_mode", "bad"),
                      ("aoe_job_type", "3"), ("aclnn_cache", "bad")):
        out[name] = _call(lambda f=getattr(ascend, name), b=bad: f(b))
    return out
