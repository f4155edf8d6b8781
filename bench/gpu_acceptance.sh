#!/usr/bin/env bash
# Issue 14's GPU acceptance in one command, for a lent GPU machine (no network there: it uses the machine's own
# python3 and torch, with mindshim from this checkout on PYTHONPATH).
#   device run:  bash bench/gpu_acceptance.sh [all|suite|diag|bench]   (logs to $OUT when set, else ./gpu_out)
# A device command may run 10 minutes at most: where `all` does not fit, run `suite`, `diag` and `bench` apart.
# 1. the whole test suite with CUDA visible (pytest-xdist workers when available), 2. the CUDA-only tests,
# 3. the side-by-side step benchmark (fp32 all workloads, sinks 1/100, dataset sinks 100/-1; ResNet-18 bf16),
# then one summary. Record the tables in docs/performance.md (GPU section).
# The lent machines' image has pytest, pytest-xdist and pytest-timeout (seen 2026-11-27); where one lacks them:
#   pip download -d .gpu_wheels pytest pytest-xdist execnet pluggy iniconfig packaging
# (add `.gpu_wheels/` to .git/info/exclude) and pass carry=[".gpu_wheels"] to the device run.
# Budget: the suite without tests/parity took 3.4 min with 16 workers on an H200; parity adds ~4,300 CPU cases.
set -u
if [ -d .gpu_wheels ]; then python3 -m pip install -q --no-index --find-links .gpu_wheels pytest pytest-xdist 2>&1 | tail -2; fi
out="${OUT:-gpu_out}"; mkdir -p "$out"
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"
py=python3
{ nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv; $py -c "import torch, numpy; print('torch', torch.__version__, 'numpy', numpy.__version__, torch.cuda.get_device_name())"; } 2>&1 | tee "$out/machine.txt"
part="${1:-all}"  # all | suite | diag | bench: one device command is limited to 10 minutes, so run parts apart
want() { [ "$part" = all ] || [ "$part" = "$1" ]; }
if want suite; then
workers=""
if $py -c "import xdist" 2>/dev/null; then workers="-n $(( $(nproc) > 16 ? 16 : $(nproc) ))"; fi
$py -m pytest -q -p no:cacheprovider -p no:randomly $workers tests 2>&1 | tail -60 > "$out/suite_gpu.txt"
$py -m pytest -q -p no:cacheprovider tests/test_engine_cuda.py 2>&1 | tail -40 > "$out/cuda_tests.txt"
fi
if want diag; then
# whether one CUDA graph of the whole compiled step can be captured here (off by default: see step_graph.py)
MINDSHIM_STEP_GRAPH_DEBUG=1 $py bench/step_graph_diag.py default > "$out/step_graph_full.txt" 2>&1
# the same capture of a hand-written torch step, eager and torch.compile'd: torch's limit or mindshim's?
for v in torch-eager torch-compiled; do $py bench/step_graph_diag.py $v 2>&1 | tail -1; done > "$out/step_graph_torch.txt"
# the result line, the errors, and the generated inductor code line where a capture failed (with its source line)
grep -E -A1 '"variant"|Error|File "/tmp/torchinductor' "$out/step_graph_full.txt" | head -30 > "$out/step_graph.txt"
fi
if want bench; then
(cd bench && $py bench_step.py --device cuda --workloads lenet,mlp,transformer,resnet18 --rounds 11 --steps 100 \
    --sink-sizes 1,100 --dataset-sink-sizes 100,-1 2>&1 | tail -90) > "$out/bench_fp32.txt"
(cd bench && $py bench_step.py --device cuda --workloads resnet18 --dtype bf16 --rounds 11 --steps 50 \
    --sink-sizes 50 --dataset-sink-sizes -1 2>&1 | tail -25) > "$out/bench_bf16.txt"
fi
echo "================ summary ($part) ================"
cat "$out/machine.txt"
if want suite; then
echo "whole suite (CUDA visible): $(tail -1 "$out/suite_gpu.txt")"
grep -E "^(FAILED|ERROR)" "$out/suite_gpu.txt" | head -30
echo "CUDA-only tests: $(tail -1 "$out/cuda_tests.txt")"
fi
if want diag; then
echo "step graph capture (MINDSHIM_STEP_GRAPH=on):"; cat "$out/step_graph.txt"
echo "hand-written torch step captured:"; cat "$out/step_graph_torch.txt"
fi
if want bench; then
echo "--- step benchmark, fp32 ---"; cat "$out/bench_fp32.txt"
echo "--- step benchmark, ResNet-18 bf16 ---"; cat "$out/bench_bf16.txt"
fi
