"""Parity: the top-level runtime API on CPU (streams, events, memory statistics and settings, executor settings,
DeviceCtx). MindSpore's CPU build logs an error and returns None from the first call of several stream functions
(a once-per-process gate); each case calls them once first so that its results do not depend on case order."""
import os

import numpy as np

import mindspore as ms
from mindspore import Tensor

COMPILED_PASS = False


def _err(fn):
    """The exception type `fn()` raises, or "ok"."""
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type is the result
        return type(e).__name__
    return "ok"


def _warm_up():
    for call in (ms.current_stream, ms.default_stream, ms.communication_stream, lambda: ms.set_cur_stream(None),
                 lambda: ms.StreamCtx(None), ms.Event, lambda: ms.Event().wait()):
        _err(call)
    stream = ms.Stream()
    for call in (stream.query, stream.record_event, lambda: stream.wait_event(ms.Event()),
                 lambda: stream.wait_stream(stream)):
        _err(call)


def case_streams():
    _warm_up()
    cur, default, comm, new = ms.current_stream(), ms.default_stream(), ms.communication_stream(), ms.Stream()
    return {"repr": [repr(cur), repr(default), repr(comm), repr(new), repr(ms.Stream(priority=-1))],
            "equal": [cur == default, new == cur], "ids": [cur.id, new.stream_id(), new.device_id],
            "hash": hash(new) == hash((new.id, new.device_id)), "query": new.query(), "sync": new.synchronize(),
            "types": [type(cur).__name__, type(new.record_event()).__name__], "wait": new.wait_stream(cur)}


def case_stream_errors():
    _warm_up()
    s = ms.Stream()
    calls = {"priority": lambda: ms.Stream(priority=1.5), "eq": lambda: s == 1, "record": lambda: s.record_event(1),
             "wait_event": lambda: s.wait_event(1), "wait_stream": lambda: s.wait_stream(1),
             "set_cur": lambda: ms.set_cur_stream(1), "ctx": lambda: ms.StreamCtx(1),
             "stream_id_type": lambda: ms.Stream(stream_id="a"), "stream_id_unknown": lambda: ms.Stream(stream_id=3)}
    return {k: _err(v) for k, v in calls.items()}


def case_events():
    _warm_up()
    e = ms.Event()
    fresh = repr(e)
    e.record()
    start, end = ms.Event(enable_timing=True), ms.Event(enable_timing=True)
    start.record()
    end.record(ms.current_stream())
    end.synchronize()
    return {"fresh": fresh, "recorded": repr(e), "query": e.query(), "sync": e.synchronize(), "wait": e.wait(),
            "elapsed": start.elapsed_time(end), "timing": repr(ms.Event(enable_timing=True, blocking=True))}


def case_event_errors():
    _warm_up()
    calls = {"timing": lambda: ms.Event(enable_timing=1), "blocking": lambda: ms.Event(blocking="a"),
             "record": lambda: ms.Event().record(1), "wait": lambda: ms.Event().wait(1),
             "elapsed": lambda: ms.Event().elapsed_time(1)}
    return {k: _err(v) for k, v in calls.items()}


def case_stream_ctx():
    _warm_up()
    s = ms.Stream()
    with ms.StreamCtx(s):
        inside = ms.current_stream() == s
        x = Tensor(np.array([1.0, 2.0], np.float32)) * 3
    with ms.StreamCtx(None):
        y = x + 1
    ms.set_cur_stream(s)
    ms.set_cur_stream(ms.default_stream())
    ms.synchronize()
    return {"inside": inside, "after": ms.current_stream() == ms.default_stream(), "x": x.asnumpy(),
            "y": y.asnumpy()}


def case_memory_stats_and_summary():
    x = Tensor(np.ones((4, 4), np.float32)) + 1
    return {"stats": ms.memory_stats(), "summary": ms.memory_summary(), "x": x.asnumpy()}


def case_set_memory():
    before = {"type": _err(lambda: ms.set_memory(init_size=2)), "format": _err(lambda: ms.set_memory(init_size="3MB")),
              "zero": _err(lambda: ms.set_memory(max_size="0GB")),
              "level": _err(lambda: ms.set_memory(optimize_level="O2")),
              "reserve": _err(lambda: ms.set_memory(huge_page_reserve_size="x"))}
    first = ms.set_memory(init_size="1GB", increase_size="0.5GB", max_size="1024GB", optimize_level="O1")
    return {"before": before, "first": first, "again": _err(lambda: ms.set_memory(init_size="1GB")),
            "type_after": _err(lambda: ms.set_memory(init_size=2))}


def case_executor_settings():
    previous = os.environ.get("CUDA_LAUNCH_BLOCKING")
    blocking = ms.launch_blocking()
    if previous is None:
        os.environ.pop("CUDA_LAUNCH_BLOCKING", None)
    else:
        os.environ["CUDA_LAUNCH_BLOCKING"] = previous
    threads = {"zero": _err(lambda: ms.dispatch_threads_num(0)), "float": _err(lambda: ms.dispatch_threads_num(1.0)),
               "bool": _err(lambda: ms.dispatch_threads_num(True)), "first": _err(lambda: ms.dispatch_threads_num(4)),
               "again": _err(lambda: ms.dispatch_threads_num(4))}
    launch = {"group_uneven": _err(lambda: ms.set_kernel_launch_group(3, 8)),
              "group_zero": _err(lambda: ms.set_kernel_launch_group(0)),
              "group_type": _err(lambda: ms.set_kernel_launch_group(2.0)),
              "capture_type": _err(lambda: ms.set_kernel_launch_capture(1)),
              "capture_skip": _err(lambda: ms.set_kernel_launch_capture(True, "a")),
              "capture_on": _err(lambda: ms.set_kernel_launch_capture(True, ["MatMul"])),
              "group_with_capture": _err(lambda: ms.set_kernel_launch_group()),
              "capture_off": _err(lambda: ms.set_kernel_launch_capture(False)),
              "group": _err(lambda: ms.set_kernel_launch_group()),
              "group_again": _err(lambda: ms.set_kernel_launch_group()),
              "capture_after_group": _err(lambda: ms.set_kernel_launch_capture(False))}
    return {"launch_blocking": blocking, "threads": threads, "launch": launch}


def case_device_ctx():
    before = list(ms.get_current_device())
    with ms.DeviceCtx("CPU") as ctx:
        inside = [list(ms.get_current_device()), ms.get_context("device_target"), type(ctx).__name__]
        x = (Tensor(np.array([1.0, 2.0], np.float32)) * 2).asnumpy()
    with ms.DeviceCtx("CPU", 0):
        pass
    return {"before": before, "inside": inside, "after": list(ms.get_current_device()), "x": x,
            "bad_name": _err(lambda: ms.DeviceCtx("TPU").__enter__()),
            "bad_id": _err(lambda: ms.DeviceCtx("CPU", -1).__enter__())}


def case_pluggable_allocator_and_pool():
    allocator = ms.PluggableAllocator("libc.so.6", "malloc", "free")
    pool = ms.MemPool(allocator)
    return {"pointers": [isinstance(allocator.alloc_fn_ptr, int) and allocator.alloc_fn_ptr > 0,
                         isinstance(allocator.free_fn_ptr, int) and allocator.free_fn_ptr != allocator.alloc_fn_ptr],
            "pool": pool.allocator is allocator,
            "missing_symbol": _err(lambda: ms.PluggableAllocator("libc.so.6", "no_such_alloc", "free")),
            "missing_library": _err(lambda: ms.PluggableAllocator("no_such_library.so", "malloc", "free"))}
