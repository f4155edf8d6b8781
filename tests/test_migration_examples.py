"""Every script in migration_examples/ runs unchanged under `python -m mindshim`."""
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "migration_examples"
GOLDENS = ROOT / "tests" / "parity" / "goldens"
_codec_spec = importlib.util.spec_from_file_location("parity_codec", ROOT / "tests" / "parity" / "codec.py")
codec = importlib.util.module_from_spec(_codec_spec)
_codec_spec.loader.exec_module(codec)


def run_example(name: str, *args: str, cwd: Path | None = None, timeout: int = 600) -> subprocess.CompletedProcess:
    res = subprocess.run([sys.executable, "-m", "mindshim", str(EXAMPLES / name), *args], capture_output=True,
                         text=True, timeout=timeout, cwd=cwd or ROOT)
    assert res.returncode == 0, f"{name} failed:\n{res.stdout[-3000:]}\n{res.stderr[-5000:]}"
    return res


def test_every_example_is_run_by_some_test():
    scripts = {p.name for p in EXAMPLES.glob("*.py")}
    test_sources = "\n".join(p.read_text() for p in (ROOT / "tests").rglob("test_*.py") if p.name != Path(__file__).name)
    tested = {s for s in scripts if s in test_sources} | set(EXAMPLE_TESTS)
    assert scripts <= tested, f"examples no test runs: {sorted(scripts - tested)}"


def test_seed001_relu_reduce_mean_dense_prints_mindspores_loss_vector():
    golden = json.loads((GOLDENS / "nn_train_cells.json").read_text())
    expected = golden["cases"]["seed001_loss_vector_printed"]["lines"]
    res = run_example("seed001_relu_reduce_mean_dense.py")
    assert res.stdout.splitlines() == expected


def test_lenet_digits_main_job_trains_and_evaluates(tmp_path):
    data = tmp_path / "digits"
    subprocess.run([sys.executable, str(EXAMPLES / "make_digits_mnist.py"), str(data)], check=True, timeout=120)
    res = run_example("lenet_digits.py", "--data_path", str(data), "--epochs", "6", "--ckpt_dir",
                      str(tmp_path / "ckpt"), cwd=tmp_path)
    lines = res.stdout.splitlines()
    loss_lines = [ln for ln in lines if ln.startswith("epoch:") and "loss is" in ln]
    assert len(loss_lines) == 12  # LossMonitor every half epoch
    losses = [float(ln.rsplit(" ", 1)[1]) for ln in loss_lines]
    assert losses[-1] < losses[0] / 4
    assert sum(ln.startswith("Train epoch time:") for ln in lines) == 6
    acc = float(lines[-1].split("'accuracy':")[1].strip(" }"))
    assert acc > 0.7, lines[-1]
    # keep_checkpoint_max=2 keeps the newest two, named prefix-epoch_step.ckpt
    assert sorted(p.name for p in (tmp_path / "ckpt").glob("*.ckpt")) == ["lenet-5_46.ckpt", "lenet-6_46.ckpt"]


def test_make_digits_mnist_writes_real_idx_files(tmp_path):
    subprocess.run([sys.executable, str(EXAMPLES / "make_digits_mnist.py"), str(tmp_path)], check=True, timeout=120)
    header = (tmp_path / "train" / "train-images-idx3-ubyte").read_bytes()[:16]
    assert int.from_bytes(header[:4], "big") == 2051 and int.from_bytes(header[4:8], "big") == 1500


def test_per_sample_gradients_and_gradient_accumulation_scripts_run():
    """Their numbers are compared with real MindSpore by parity cases examples::*; here: they run as scripts."""
    res = run_example("per_sample_gradients.py")
    lines = res.stdout.splitlines()
    assert lines[0] == "per-sample gradients shape: (8, 4)" and lines[1].startswith("max |vmap - loop|: ")
    assert float(lines[1].rsplit(" ", 1)[1]) < 1e-5  # 0.0 on the CPU; CUDA kernels round differently (2e-6)
    res = run_example("gradient_accumulation.py")
    assert [ln.split(":")[0] for ln in res.stdout.splitlines()] == [f"micro-batch {i}" for i in range(1, 9)]


def test_custom_optimizer_bprop_script_trains_like_mindspore():
    """ApplyMomentum optimizer, _grad_ops bprop, set_inputs and ops.reduce_mean: the losses real MindSpore printed."""
    expected = json.loads((GOLDENS / "examples.json").read_text())["cases"]["custom_optimizer_bprop"]["losses"]
    lines = run_example("custom_optimizer_bprop.py").stdout.splitlines()
    losses = [float(ln.rsplit(" ", 1)[1]) for ln in lines if ln.startswith("batch")]
    assert [ln.split(":")[0] for ln in lines[:5]] == ["batch 8", "batch 8", "batch 5", "batch 8", "batch 3"]
    assert losses == pytest.approx(expected, rel=1e-5)
    assert lines[-1].startswith("weight checksum:")


def test_numpy_mint_tensor_api_script_prints_mindspores_losses():
    """mindspore.numpy, mint, Tensor.value(), view of a transposed tensor, Parameter item assignment, STRICT."""
    golden = json.loads((GOLDENS / "examples.json").read_text())["cases"]["numpy_mint_tensor_api"]
    expected = codec.decode(golden)["losses"]
    lines = run_example("numpy_mint_tensor_api.py").stdout.splitlines()
    printed = [float(ln.rsplit(" ", 1)[1]) for ln in lines if ln.startswith("step")]
    assert [ln.split(":")[0] for ln in lines[:4]] == ["step 0", "step 5", "step 10", "step 15"]
    assert printed == pytest.approx([float(expected[i]) for i in (0, 5, 10, 15)], rel=1e-5, abs=1e-6)
    assert lines[-1].startswith("scale ")


EXAMPLE_TESTS = {
    "seed001_relu_reduce_mean_dense.py": test_seed001_relu_reduce_mean_dense_prints_mindspores_loss_vector,
    "lenet_digits.py": test_lenet_digits_main_job_trains_and_evaluates,
    "make_digits_mnist.py": test_make_digits_mnist_writes_real_idx_files,
    "per_sample_gradients.py": test_per_sample_gradients_and_gradient_accumulation_scripts_run,
    "gradient_accumulation.py": test_per_sample_gradients_and_gradient_accumulation_scripts_run,
    "custom_optimizer_bprop.py": test_custom_optimizer_bprop_script_trains_like_mindspore,
    "numpy_mint_tensor_api.py": test_numpy_mint_tensor_api_script_prints_mindspores_losses,
}
