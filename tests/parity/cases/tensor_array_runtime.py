"""Parity cases for mindspore.Tensor runtime and bookkeeping members: init/const_arg/flag defaults, backward hooks,
move_to/to_/delete_, offload, pipeline syncs."""
import os
import tempfile

import numpy as np

import mindspore as ms
from mindspore import Parameter, Tensor, ops
from parity_ops_common import outcome

COMPILED_PASS = False
TOLERANCES = {}


def _x():
    return Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))


def _run(table):
    return {k: outcome(f) for k, f in table.items()}


def case_bookkeeping_defaults():
    x = _x()
    out = {"const_arg": x.const_arg, "init": x.init, "init_finished": x.init_finished, "init_flag": x.init_flag,
           "virtual_flag": x.virtual_flag, "parent_tensor_": x.parent_tensor_, "index_of_parent_": x.index_of_parent_,
           "param_info": x.param_info, "symbolic_shape": x.symbolic_shape, "has_init": x.has_init}
    out["delta_seed"] = Tensor.delta_seed
    out["is_init"] = x.is_init()
    out["hooks"] = len(x.hooks())
    out["offload_file_path"] = x.offload_file_path()
    return out


def case_bookkeeping_setters():
    x = _x()
    ret = x.set_const_arg()
    out = {"set_const_arg_ret_self": ret is x, "const_arg": x.const_arg,
           "set_const_arg_false": x.set_const_arg(False).const_arg}
    out["set_init_flag_ret"] = x.set_init_flag(True)
    out["init_flag"] = x.init_flag
    out["set_cast_dtype_ret"] = x.set_cast_dtype(ms.float16)
    x.virtual_flag = True
    x.init = "ones"
    out["virtual_flag"] = x.virtual_flag
    out["init"] = x.init
    out["has_init_after"] = x.has_init
    out["other_default"] = _x().virtual_flag
    out["set_param_info_ret"] = Tensor.set_param_info(x, None)
    out["param_info_after"] = x.param_info
    return out


def case_set_const_arg_bad():
    return _x().set_const_arg(1).const_arg


def case_init_data_with_init():
    from mindspore.common.initializer import One
    t = Tensor(shape=(2, 3), dtype=ms.float32, init=One())
    return {"data": t.init_data().asnumpy(), "init_after": t.init, "has_init_after": t.has_init}


def case_hooks():
    w = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="w")

    def double(grad):
        return grad * 2

    h1 = w.register_hook(double)
    h2 = w.register_hook(double)
    out = {"n_hooks": len(w.hooks()), "hook_is_fn": w.hooks()[0] is double,
           "grad_two_hooks": ops.grad(lambda v: (v * v).sum())(w).asnumpy()}
    h2.remove()
    out["n_after_remove"] = len(w.hooks())
    out["grad_one_hook"] = ops.grad(lambda v: (v * v).sum())(w).asnumpy()
    Tensor.remove_hook(h1.id)
    out["grad_no_hook"] = ops.grad(lambda v: (v * v).sum())(w).asnumpy()
    out["remove_hook_callable"] = callable(Tensor.remove_hook)
    return out


def case_move_to():
    return _run({
        "move_to_cpu": lambda: _x().move_to("CPU"), "move_to_async": lambda: _x().move_to("CPU", blocking=False),
        "move_to_is_new": lambda: (lambda t: t.move_to("CPU") is not t)(_x()),
        "move_to_bad": lambda: _x().move_to("cuda"), "move_to_bad_blocking": lambda: _x().move_to("CPU", 1),
        "to__bad": lambda: _x().to_("cuda"), "to__bad_nonblocking": lambda: _x().to_("CPU", 1),
        "delete__bad": lambda: _x().delete_(1),
        "data_sync": lambda: _x().data_sync(True), "data_sync_default": lambda: _x().data_sync(),
        "wait_pipeline": lambda: _x().wait_pipeline(), "flush_from_cache": lambda: _x().flush_from_cache(),
    })


# Tensor.to_ and Tensor.delete_ fail on MindSpore 2.10's CPU backend (RuntimeError releasing host memory);
# see the ledger.
def case_to__cpu_gap():
    t = _x()
    return [t.to_("CPU") is t, t.asnumpy()]


def case_delete__cpu_gap():
    t = _x()
    return t.delete_() is t


# MindSpore names the device "CPU"; mindshim keeps torch's torch.device (torch and mindshim code read .device.type
# and pass it to factories); see the ledger.
def case_device_name():
    return str(_x().device)


def case_offload():
    path = os.path.join(tempfile.mkdtemp(), "t.bin")
    x = _x()
    ok = x.offload(path)
    return {"ret": ok, "path_kept": x.offload_file_path() == path, "file_exists": os.path.exists(path),
            "file_bytes": os.path.getsize(path)}


def case_offload_no_path():
    return _x().offload()
