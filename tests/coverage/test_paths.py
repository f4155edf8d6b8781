"""The path table: every ops name mindshim provides resolves, as the same object, at every module path where
MindSpore 2.10 exposes it (`mindshim/_mindspore_paths.py`, generated from real MindSpore)."""
import json
import subprocess
import sys
import textwrap


def _run(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=300)


def test_every_provided_name_resolves_at_every_mindspore_path():
    res = _run("""
        import importlib, json
        import mindshim
        from mindshim import _paths
        from mindshim._mindspore_paths import PATHS
        mindshim.install_alias()
        checked, wrong, unprovided = 0, [], set()
        for path in PATHS:
            module = importlib.import_module("mindspore." + path)
            for name, (namespace, canonical) in _paths.entries(path).items():
                try:
                    expected = getattr(importlib.import_module("mindshim." + namespace), canonical)
                except Exception:
                    unprovided.add(f"{namespace}.{canonical}")
                    continue
                checked += 1
                got = getattr(module, name)
                if got is not expected:
                    wrong.append(f"mindspore.{path}.{name}")
        print(json.dumps({"checked": checked, "wrong": wrong, "unprovided": len(unprovided)}))
    """)
    assert res.returncode == 0, res.stderr[-3000:]
    out = json.loads(res.stdout.strip().splitlines()[-1])
    assert not out["wrong"], out["wrong"][:20]
    assert out["checked"] > 2000


def test_defining_module_imports_work_like_mindspore():
    res = _run("""
        import mindshim
        mindshim.install_alias()
        import mindspore.ops as ops
        from mindspore.ops.operations import nn_ops, math_ops
        from mindspore.ops.operations.nn_ops import Conv2D
        from mindspore.ops.function.math_func import addn
        from mindspore.ops.auto_generate import gen_ops_prim
        import mindspore.ops.auto_generate.gen_ops_def as gen_ops_def
        assert Conv2D is ops.Conv2D and nn_ops.ReLU is ops.ReLU and math_ops.ReduceSum is ops.ReduceSum
        assert addn is ops.addn and gen_ops_prim.Abs is ops.Abs and gen_ops_def.abs is ops.abs
        try:
            from mindspore.ops.operations.nn_ops import NoSuchPrimitive
        except ImportError:
            print("ok")
    """)
    assert res.returncode == 0, res.stderr[-3000:]
    assert res.stdout.strip() == "ok"


def test_importing_mindshim_alone_touches_no_mindspore_path():
    res = _run("""
        import sys, mindshim
        mindshim.ops.operations
        print(json.dumps(sorted(m for m in sys.modules if m.startswith("mindspore"))))
    """.replace("import sys,", "import json, sys,"))
    assert res.returncode == 0, res.stderr[-3000:]
    assert json.loads(res.stdout.strip()) == []
