"""The migration examples that are plain MindSpore code, run as parity cases (loaded by path, so the
script itself is the single source)."""
import importlib.util
import os
import sys

_ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "migration_examples")


def _main(name):
    # a real module (in sys.modules): MindSpore's graph parser reads the function's source through it
    spec = importlib.util.spec_from_file_location("example_" + name[:-3], os.path.join(_ROOT, name))
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module.main


def case_per_sample_gradients():
    return _main("per_sample_gradients.py")()


def case_gradient_accumulation():
    return _main("gradient_accumulation.py")()


def case_custom_optimizer_bprop():
    return _main("custom_optimizer_bprop.py")()


def case_numpy_mint_tensor_api():
    return _main("numpy_mint_tensor_api.py")()
