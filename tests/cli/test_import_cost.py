"""`import mindshim` loads no compile machinery and no torchvision: they cost +1.6 s and +170 MiB at start-up
(issue 14) and load at the first compile / the first transform that needs them."""
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


def test_torchvision_loads_at_the_first_transform_that_needs_it():
    own = _new_modules("import numpy as np; import mindshim.dataset.vision as vision; "
                       "vision.Resize((4, 4))(np.zeros((8, 8, 3), np.uint8))")
    assert "torchvision" not in own  # MindSpore's bilinear resize is mindshim's own arithmetic
    rotated = _new_modules("import numpy as np; import mindshim.dataset.vision as vision; "
                           "assert vision.Rotate(30)(np.zeros((8, 8, 3), np.uint8)).shape == (8, 8, 3)")
    assert "torchvision" in rotated
