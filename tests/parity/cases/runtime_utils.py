"""Parity of `mindspore.utils` on a CPU build: its names, dlpack round trips (dtype, shape, values, shared memory,
a capsule used twice, non-capsules), dryrun.mock outside dryrun, the Ascend health checks (stress_detect's codes and
errors, sdc_detect_* doing nothing and finding nothing), comm_exec_order_check's and runtime_execution_order_check's
argument handling, and the fault-tolerance helpers' single-process answers. dryrun.set_simulation changes Tensor
for the whole process, so it is left to unit tests."""
import os
import tempfile

import numpy as np

import mindspore as ms
from mindspore import Tensor, utils
from mindspore.utils import dryrun
from parity_ops_common import error_words as _err  # registered by the parity loader


def case_names():
    public = sorted(n for n in dir(utils) if not n.startswith("_") and n != "absolute_import")  # a __future__ import
    return {"all": sorted(utils.__all__), "public": public,
            "dryrun": sorted(n for n in ("mock", "set_simulation", "TraceBack") if hasattr(dryrun, n))}


def case_dlpack_round_trip():
    out = {}
    for dtype in (np.float32, np.float64, np.int64, np.int32, np.int16, np.int8, np.uint8, np.float16):
        t = Tensor(np.arange(6).reshape(2, 3).astype(dtype))
        back = utils.from_dlpack(utils.to_dlpack(t))
        out[np.dtype(dtype).name] = {"dtype": str(back.dtype), "shape": list(back.shape), "value": back.asnumpy(),
                                     "type": type(back).__name__}
    return out


def case_dlpack_unsupported_dtypes():
    return {"bool": _err(lambda: utils.to_dlpack(Tensor(np.array([True, False])))),
            "complex64": _err(lambda: utils.to_dlpack(Tensor(np.ones(2, np.complex64)))),
            "uint16": utils.from_dlpack(utils.to_dlpack(Tensor(np.ones(2, np.uint16)))).asnumpy()}


def case_dlpack_shares_memory():
    t = Tensor(np.zeros(3, np.float32))
    back = utils.from_dlpack(utils.to_dlpack(t))
    back[1] = 5.0
    return {"source": t.asnumpy(), "view": back.asnumpy()}


def case_dlpack_errors():
    t = Tensor(np.ones(3, np.float32))
    cap = utils.to_dlpack(t)
    utils.from_dlpack(cap)
    return {"capsule_twice": _err(lambda: utils.from_dlpack(cap), "capsule"),
            "numpy": _err(lambda: utils.from_dlpack(np.ones(3)), "capsule"),
            "tensor": _err(lambda: utils.from_dlpack(t), "capsule"),
            "to_numpy": _err(lambda: utils.to_dlpack(np.ones(3))), "to_int": _err(lambda: utils.to_dlpack(3)),
            "capsule_type": type(utils.to_dlpack(t)).__name__}


def case_dryrun_mock():
    was = os.environ.pop("MS_SIMULATION_LEVEL", None)
    out = {"callable": dryrun.mock(5, lambda: 3), "value": dryrun.mock(5, 7),
           "call_args": dryrun.mock(5, lambda a, b: a + b, 1, 2)}
    os.environ["MS_SIMULATION_LEVEL"] = "1"
    out["simulated"] = dryrun.mock(5, lambda: 3)
    os.environ.pop("MS_SIMULATION_LEVEL")
    if was is not None:
        os.environ["MS_SIMULATION_LEVEL"] = was
    return out


def case_health_checks():
    return {"stress_unknown": utils.stress_detect("bad"), "stress_int": utils.stress_detect(1),
            "stress_aic": _err(lambda: utils.stress_detect(), "not supported"),
            "stress_hccs": _err(lambda: utils.stress_detect("hccs")),
            "sdc_start": utils.sdc_detect_start(), "sdc_stop": utils.sdc_detect_stop(),
            "sdc_result": utils.get_sdc_detect_result()}


def case_exec_order_checks():
    empty = tempfile.mkdtemp()
    return {"start": utils.comm_exec_order_check("start"), "start_again": utils.comm_exec_order_check("start"),
            "end": _err(lambda: utils.comm_exec_order_check("end")),
            "end_again": utils.comm_exec_order_check("end"),
            "bad_action": _err(lambda: utils.comm_exec_order_check("stop"), "start"),
            "not_str": _err(lambda: utils.comm_exec_order_check(1), "string"),
            "missing_path": _err(lambda: utils.runtime_execution_order_check(empty + "/nope"), "not exist"),
            "no_rank_folders": _err(lambda: utils.runtime_execution_order_check(empty), "rank_x"),
            "none": utils.runtime_execution_order_check(None)}


def case_fault_tolerance_helpers():
    handle = utils.RSCPluginHandle()
    grad = Tensor(np.ones(2, np.float32))
    return {"tft_values": [utils.TFTCommValue.ENABLE_MINDX, utils.TFTCommValue.NEED_MINDIO,
                           utils.TFTCommValue.DISABLE_WATCHDOG],
            "exit_by_request": utils.ExitByRequest().exit_by_request(grad, None, None).asnumpy(),
            "rsc_enabled": handle.check_enable(), "rsc_register": handle.register_callback({}),
            "rsc_register_bad": _err(lambda: handle.register_callback([]), "func_map"),
            "rsc_start": _err(handle.start, "Mindx"),
            "dispatch_mode_base": issubclass(utils.MsDispatchMode, __import__("contextlib").ContextDecorator)}


def case_private_names():
    return {"reuse_data_ptr_callable": callable(utils._reuse_data_ptr),
            "tft_handler_type": type(utils._tft_handler).__name__}
