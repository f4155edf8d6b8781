"""The alias: `import mindspore` is mindshim only when asked, and every path is the same object."""
import subprocess
import sys
import textwrap


def _run(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120)


def test_importing_mindshim_does_not_install_the_alias():
    res = _run("""
        import sys, mindshim
        assert "mindspore" not in sys.modules
        try:
            import mindspore
        except ModuleNotFoundError:
            print("not found")
        else:
            assert not mindspore.__name__.startswith("mindshim"), "alias leaked"
            print("real mindspore")
    """)
    assert res.returncode == 0, res.stderr
    assert res.stdout.strip() in ("not found", "real mindspore")


def test_install_alias_maps_public_and_legacy_paths_to_one_object():
    res = _run("""
        import mindshim
        mindshim.install_alias()
        import mindspore as ms
        import mindspore.nn as nn
        from mindspore import context, ops
        from mindspore.nn.wrap.cell_wrapper import WithLossCell
        from mindspore.common.tensor import Tensor
        from mindspore.common.parameter import ParameterTuple
        from mindspore.common import dtype as mstype
        from mindspore.parallel._utils import _get_parallel_mode
        assert ms is mindshim
        assert nn.WithLossCell is WithLossCell is mindshim.nn.WithLossCell
        assert Tensor is mindshim.Tensor and ParameterTuple is mindshim.ParameterTuple
        assert mstype.float32 is ms.float32
        assert context.set_context is ms.set_context
        assert ops.GradOperation is mindshim.ops.GradOperation
        assert _get_parallel_mode() == ms.ParallelMode.STAND_ALONE
        import sys
        assert sys.modules["mindspore.nn"] is sys.modules["mindshim.nn"]
        assert mindshim.nn.__spec__.name == "mindshim.nn"
        print("ok")
    """)
    assert res.returncode == 0, res.stderr
    assert res.stdout.strip() == "ok"


def test_unknown_mindspore_module_is_a_module_not_found_error():
    res = _run("""
        import mindshim
        mindshim.install_alias()
        try:
            import mindspore.no_such_module
        except ModuleNotFoundError as e:
            print("ModuleNotFoundError", e.name)
    """)
    assert res.returncode == 0, res.stderr
    assert res.stdout.strip() == "ModuleNotFoundError mindspore.no_such_module"
