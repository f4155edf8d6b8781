"""`import mindshim` loads no compile machinery and no torchvision: they cost +1.6 s and +170 MiB at start-up
(issue 14) and load at the first compile / the first transform that needs them; nor the dataset, numpy, mint
and onnx namespaces (~40% of mindshim's own import time), which load at first use."""
import subprocess
import sys
import textwrap

HEAVY = ("torch._dynamo", "torch._inductor", "torchvision", "torch.onnx", "torch.utils.tensorboard", "torch.profiler")


def _new_modules(code: str) -> list[str]:
    script = textwrap.dedent(f"""
        import sys
        import torch
        before = set(sys.modules)
        {code}
        print("\\n".join(sorted(set(sys.modules) - before)))
    """)
    res = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr
    return res.stdout.split()


def test_import_mindshim_loads_no_compile_machinery_or_torchvision():
    loaded = _new_modules("import mindshim")
    heavy = [m for m in loaded if m.startswith(HEAVY)]
    assert not heavy, f"import mindshim loaded {heavy[:10]}"


def test_the_alias_and_the_common_namespaces_stay_light():
    loaded = _new_modules("import mindshim; mindshim.install_alias(); import mindspore as ms; "
                          "from mindspore import nn, ops, dataset; import mindspore.dataset.vision as vision")
    heavy = [m for m in loaded if m.startswith(HEAVY)]
    assert not heavy, f"the common imports loaded {heavy[:10]}"


LAZY = ("mindshim.dataset", "mindshim.mint", "mindshim.numpy", "mindshim.onnx")


def test_namespaces_nothing_else_needs_load_at_first_use():
    loaded = _new_modules("import mindshim; mindshim.install_alias(); import mindspore as ms; "
                          "from mindspore import nn, ops, Tensor, Model")
    assert not [m for m in loaded if m.startswith(LAZY)]
    used = _new_modules("import mindshim; mindshim.install_alias(); import mindspore as ms; "
                        "assert ms.dataset.GeneratorDataset is ms.dataset.engine.GeneratorDataset; "
                        "assert ms.numpy.ones(2).shape == (2,); assert 'cdist' in dir(ms.mint); "
                        "from mindspore import mint")
    assert {"mindshim.dataset", "mindshim.numpy", "mindshim.mint"} <= set(used)
    assert "mindshim.onnx" in _new_modules("import mindshim; mindshim.onnx")


def test_a_module_loaded_after_the_alias_answers_at_its_mindspore_path():
    # Schema's home is mindshim.dataset; MindSpore also exposes it at dataset.engine.datasets, which
    # mindshim's module of that name answers through the table once it has loaded.
    out = _new_modules("import mindshim; mindshim.install_alias(); "
                       "import mindshim.dataset.engine.datasets as d; from mindshim import _paths; "
                       "assert d.Schema is _paths.resolve('dataset.engine.datasets', 'Schema'); "
                       "import mindspore.dataset.engine.datasets as md; assert md.Schema is d.Schema")
    assert "mindshim.dataset.engine.datasets" in out


def test_torchvision_loads_at_the_first_transform_that_needs_it():
    own = _new_modules("import numpy as np; import mindshim.dataset.vision as vision; "
                       "vision.Resize((4, 4))(np.zeros((8, 8, 3), np.uint8))")
    assert "torchvision" not in own  # MindSpore's bilinear resize is mindshim's own arithmetic
    rotated = _new_modules("import numpy as np; import mindshim.dataset.vision as vision; "
                           "assert vision.Rotate(30)(np.zeros((8, 8, 3), np.uint8)).shape == (8, 8, 3)")
    assert "torchvision" in rotated
