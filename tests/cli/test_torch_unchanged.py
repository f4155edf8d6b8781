"""Importing mindshim (and installing the alias) leaves torch's own behaviour unchanged."""
import subprocess
import sys
import textwrap

PROBE = textwrap.dedent("""
    import json, sys, torch
    def snapshot():
        t = torch.arange(6, dtype=torch.float32).reshape(2, 3)
        return {
            "tensor_attrs": sorted(k for k in dir(torch.Tensor)),
            "module_attrs": sorted(k for k in dir(torch.nn.Module)),
            "type_of_add": type(t + 1).__name__,
            "shape_repr": repr(t.shape),
            "size_call": list(t.size()),
            "dtype": str(t.dtype),
            "sum_dim": (t.sum(dim=1)).tolist(),
            "std": float(t.std()),
            "max_dim": [x.tolist() for x in t.max(dim=1)],
            "transpose": t.transpose(0, 1).tolist(),
            "repeat": t.repeat(2, 1).shape[0],
            "repr": repr(t),
            "tf_mode": torch._C._is_torch_function_enabled(),
            "meta_path_len": len(sys.meta_path) - (1 if "mindshim" in sys.modules and getattr(sys.modules["mindshim"], "_alias", None) and sys.modules["mindshim"]._alias.alias_installed() else 0),
        }
    before = snapshot()
    import mindshim
    mindshim.install_alias()
    import mindspore
    x = mindspore.Tensor([1.0, 2.0]) * 2  # exercise the subclass
    after = snapshot()
    diff = {k: (before[k], after[k]) for k in before if before[k] != after[k]}
    print(json.dumps(diff))
""")


def test_torch_behaviour_identical_before_and_after_import():
    res = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    assert res.stdout.strip() == "{}", f"torch changed: {res.stdout}"
