"""mindspore.hal and mindspore.device_context beyond what the CPU parity cases can see: the GPU answers (torch.cuda
monkeypatched: there is no GPU here), the torch settings the device_context functions apply, and that importing
them changes nothing in torch."""
from __future__ import annotations

import subprocess
import sys
import textwrap
from types import SimpleNamespace

import pytest
import torch

import mindshim
from mindshim import hal
from mindshim._backend import device as _device
from mindshim.device_context import _gate, ascend, cpu, gpu
from mindshim.device_context.ascend import device as ascend_device
from mindshim.device_context.ascend import op_debug, op_precision as ascend_precision, op_tuning as ascend_tuning
from mindshim.device_context.cpu import op_tuning as cpu_tuning
from mindshim.device_context.gpu import op_precision as gpu_precision, op_tuning as gpu_tuning

_STATE = [cpu_tuning._conf, gpu_precision._conf, gpu_precision.function_status, gpu_tuning._conf,
          gpu_tuning.function_status, ascend_device._conf, op_debug.function_status, ascend_precision.function_status,
          ascend_tuning.function_status]


@pytest.fixture(autouse=True)
def _isolated(monkeypatch):
    """CPU context; the process-global settings and torch's flags restored afterwards."""
    saved = [dict(d) for d in _STATE]
    flags = (torch.get_num_threads(), torch.backends.cuda.matmul.allow_tf32, torch.backends.cudnn.allow_tf32)
    device_state = {k: _device._state[k] for k in ("target", "device_id", "device")}
    mindshim.set_context(device_target="CPU")
    yield
    for d, s in zip(_STATE, saved):
        d.clear()
        d.update(s)
    torch.set_num_threads(flags[0])
    torch.backends.cuda.matmul.allow_tf32, torch.backends.cudnn.allow_tf32 = flags[1], flags[2]
    _device._state.update(device_state)


@pytest.fixture
def fake_cuda(monkeypatch):
    """Two fake CUDA devices behind the torch.cuda queries mindshim makes."""
    props = SimpleNamespace(name="Fake H100", major=9, minor=0, is_multi_gpu_board=False, is_integrated=False,
                            multi_processor_count=132, total_memory=80 * 1024 ** 3, warp_size=32)
    for name, value in {"is_available": lambda: True, "device_count": lambda: 2, "is_initialized": lambda: True,
                        "get_device_name": lambda i=None: f"Fake H100 #{i}",
                        "get_device_capability": lambda i=None: (9, 0),
                        "get_device_properties": lambda i=None: props,
                        "get_arch_list": lambda: ["sm_80", "sm_90"]}.items():
        monkeypatch.setattr(torch.cuda, name, value)
    return props


def _fresh(code: str) -> str:
    res = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr[-3000:]
    return res.stdout.strip()


def test_importing_changes_no_torch_setting():
    out = _fresh("""
        import torch
        def state():
            return (torch.get_num_threads(), torch.backends.cuda.matmul.allow_tf32, torch.backends.cudnn.allow_tf32,
                    torch.backends.cudnn.benchmark)
        before = state()
        import mindshim
        mindshim.install_alias()
        import mindspore as ms
        import mindspore.hal, mindspore.hal.device, mindspore.hal.memory, mindspore.hal.stream, mindspore.hal.event
        from mindspore.device_context import cpu, gpu, ascend
        import mindspore.device_context.gpu.op_precision, mindspore.device_context.ascend.op_tuning
        assert ms.hal is mindspore.hal and ms.device_context.cpu is cpu
        print(before == state())
    """)
    assert out == "True"


def test_alias_paths_and_lazy_registration():
    out = _fresh("""
        import sys
        import mindshim
        assert "mindshim.hal" not in sys.modules and "mindshim.device_context" not in sys.modules
        assert {"hal", "device_context"} <= set(dir(mindshim))
        mindshim.install_alias()
        import mindspore.hal
        from mindspore.device_context import cpu
        from mindspore.device_context.gpu.op_tuning import conv_fprop_algo
        from mindspore.hal.device import get_device_name
        import mindspore as ms
        assert mindspore.hal.__name__ == "mindshim.hal" and cpu.threads_num is ms.device_context.cpu.threads_num
        assert conv_fprop_algo is ms.device_context.gpu.conv_fprop_algo and get_device_name is ms.hal.get_device_name
        print("ok")
    """)
    assert out == "ok"


def test_hal_shares_runtime_objects_and_counters():
    assert hal.Stream is mindshim.runtime.Stream and hal.Event is mindshim.runtime.Event
    assert hal.empty_cache is mindshim.runtime.empty_cache
    assert hal.memory_allocated("CPU") == mindshim.runtime.memory_allocated() == 0
    assert hal.memory_stats() == mindshim.runtime.memory_stats()
    assert hal.memory_summary(device_target="CPU") == mindshim.runtime.memory_summary()
    with pytest.raises(TypeError, match="device_target"):
        hal.max_memory_reserved(0)


def test_cpu_answers_without_cuda(monkeypatch):
    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    assert hal.is_available("CPU") and not hal.is_available("GPU") and not hal.is_available("Ascend")
    assert hal.device_count() == hal.device_count("CPU") == 1 and hal.get_device_name(0) == "CPU"
    assert hal.get_device_properties(0, "CPU") is None and hal.get_device_capability(0, "CPU") is None
    assert hal.get_arch_list("CPU") is None and not hal.is_initialized("GPU")
    with pytest.raises(ValueError, match="For 'hal.is_available'"):
        hal.is_available("gpu")
    with pytest.raises(ValueError, match="GPU backend is not available"):
        hal.device_count("GPU")
    with pytest.raises(RuntimeError, match="Device_target GPU not exist"):
        gpu.device_count()


def test_gpu_answers_come_from_torch_cuda(fake_cuda):
    assert hal.is_available("GPU") and hal.is_initialized("GPU") and hal.device_count("GPU") == 2
    assert hal.get_device_name(1, "GPU") == "Fake H100 #1"
    assert hal.get_device_capability(0, "GPU") == (9, 0)
    assert hal.get_arch_list("GPU") == "sm_80 sm_90"
    props = hal.get_device_properties(0, "GPU")
    assert (props.name, props.major, props.minor, props.total_memory, props.multi_processor_count,
            props.warp_size) == ("Fake H100", 9, 0, 80 * 1024 ** 3, 132, 32)
    assert repr(props) == ("cudaDeviceProp(name='Fake H100', major=9, minor=0, is_multi_gpu_board=0, is_integrated=0, "
                           "multi_processor_count=132, total_memory=81920MB, warp_size=32)")
    with pytest.raises(AttributeError):
        props.major = 1
    with pytest.raises(ValueError, match="less than device count: 2"):
        hal.get_device_name(2, "GPU")
    assert gpu.is_available() and gpu.device_count() == 2
    # the CPU keeps its own answers, and Ascend stays absent with CUDA present
    assert hal.get_device_name(0, "CPU") == "CPU" and hal.device_count("CPU") == 1
    assert not hal.is_available("Ascend") and not ascend.is_available()
    with pytest.raises(ValueError, match="Ascend backend is not available"):
        hal.device_count("Ascend")
    with pytest.raises(RuntimeError, match="Device Ascend not exist"):
        ascend.device_count()


def test_device_target_none_follows_the_context(fake_cuda):
    mindshim.set_context(device_target="GPU")
    assert hal.device_count() == 2 and hal.get_device_name(0) == "Fake H100 #0" and hal.get_arch_list() == "sm_80 sm_90"
    mindshim.set_context(device_target="CPU")
    assert hal.device_count() == 1 and hal.get_device_name(0) == "CPU"


def test_threads_num_sets_torch_threads_once(monkeypatch):
    calls = []
    monkeypatch.setattr(torch, "set_num_threads", calls.append)
    cpu_tuning._conf.clear()
    with pytest.raises(ValueError):
        cpu.threads_num(0)
    with pytest.raises(TypeError):
        cpu.threads_num(True)
    assert calls == []
    cpu.threads_num(3)
    assert calls == [3]
    with pytest.raises(RuntimeError, match="can not be set repeatedly"):
        cpu.threads_num(3)
    assert calls == [3]


def test_tf32_settings_apply_torch_flags_on_a_gpu_context(monkeypatch):
    monkeypatch.setattr(_gate, "context_target", lambda: "GPU")
    for d in (gpu_precision.function_status, gpu_tuning.function_status):
        d.update(dict.fromkeys(d, False))
    gpu.matmul_allow_tf32(True)
    gpu.conv_allow_tf32(False)
    assert torch.backends.cuda.matmul.allow_tf32 is True and torch.backends.cudnn.allow_tf32 is False
    gpu.matmul_allow_tf32(False)  # MindSpore's GPU build accepts any number of calls
    gpu.conv_allow_tf32(True)
    assert torch.backends.cuda.matmul.allow_tf32 is False and torch.backends.cudnn.allow_tf32 is True
    with pytest.raises(TypeError, match="'value' must be <class 'bool'>"):
        gpu.matmul_allow_tf32(1)
    gpu.conv_fprop_algo("performance")
    gpu.conv_dgrad_algo("winograd")
    gpu.conv_wgrad_algo("algo_3")
    assert gpu_tuning._conf == {"conv_fprop_algo": "performance", "conv_dgrad_algo": "winograd",
                                "conv_wgrad_algo": "algo_3"}
    with pytest.raises(ValueError, match=r"must be in \['normal', 'performance', 'algo_0'"):
        gpu.conv_wgrad_algo("winograd")  # winograd is a forward/data-grad algorithm only


def test_gpu_settings_on_a_cpu_context_skip_their_first_call():
    for d in (gpu_precision.function_status, gpu_tuning.function_status):
        d.update(dict.fromkeys(d, False))
    before = torch.backends.cuda.matmul.allow_tf32
    gpu.matmul_allow_tf32(not before)  # MindSpore logs "CPU device is not supported" and does nothing
    assert torch.backends.cuda.matmul.allow_tf32 is before
    gpu.conv_fprop_algo("bad")  # swallowed by the same gate
    with pytest.raises(ValueError):
        gpu.conv_fprop_algo("bad")
    # later calls apply (MindSpore's CPU build fails them with a NameError: it lacks the GPU configuration class)
    gpu.matmul_allow_tf32(not before)
    assert torch.backends.cuda.matmul.allow_tf32 is (not before)


def test_ascend_settings_are_validated_and_recorded_on_an_ascend_context(monkeypatch):
    monkeypatch.setattr(_gate, "context_target", lambda: "Ascend")
    ascend_device._conf.clear()
    for d in (op_debug.function_status, ascend_precision.function_status, ascend_tuning.function_status):
        d.update(dict.fromkeys(d, False))
    with pytest.raises(ValueError):
        ascend.execute_timeout(-1)
    ascend.execute_timeout(100)
    ascend.execute_timeout(100)  # the same value again is accepted
    with pytest.raises(RuntimeError, match="can not be set repeatedly"):
        ascend.execute_timeout(200)
    with pytest.raises(ValueError, match="must be one of"):
        ascend.precision_mode("fp8")
    ascend.precision_mode("force_fp16")
    ascend.matmul_allow_hf32(True)
    with pytest.raises(RuntimeError):
        ascend.matmul_allow_hf32(False)
    with pytest.raises(TypeError):
        ascend.debug_option(1)
    ascend.debug_option("oom")
    ascend.op_compile(False)
    ascend.aoe_tune_mode("online")
    with pytest.raises(ValueError):
        ascend.aoe_job_type("3")
    ascend.aclnn_cache(True, 100)
    with pytest.raises(RuntimeError):
        ascend.aclnn_cache()
    with pytest.raises(ValueError, match="the key must be one of"):
        ascend.aclinit_config({"nope": 1})
    with pytest.raises(TypeError):
        ascend.aclinit_config({"max_opqueue_num": 5})
    ascend.aclinit_config({"err_msg_mode": "0", "dump": {"dump_scene": "lite_exception"}})
    assert ascend_device._conf["aclinit_config"] == {"err_msg_mode": "0", "dump": {"dump_scene": "lite_exception"}}
    assert ascend_device._conf["execute_timeout"] == 100 and ascend_device._conf["op_compile"] is False
