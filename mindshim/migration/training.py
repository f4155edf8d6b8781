"""Train a MindSpore script and its PyTorch port side by side, step by step, from the same weights.

The convention (one per script, the same on both sides):

    def build():                       # -> (network, optimizer, *extra)
        ...
    def step(network, optimizer, *extra, batch):   # called as step(*build(), batch) -> loss
        ...
    def batches(n):                    # optional, MindSpore script only: n batches of numpy arrays
        ...
    def walk_inputs(batch):            # optional: the network's inputs in a batch (default: batch[:1])
        ...

`network` is the model whose layers pair (what `copy_weights` pairs: the MindSpore backbone, not a
TrainOneStepCell); `step` does one whole training step however the script likes (TrainOneStepCell,
value_and_grad + optimizer, a custom train cell, `loss.backward(); opt.step()`) and returns the loss.

    from mindshim.migration import compare_training
    report = compare_training(ms_script, torch_script, batches, steps=5)   # a module, an object, or (build, step)
    print(report); report.first                                             # step, layer and kind of the first gap

    mindshim compare MS_SCRIPT TORCH_SCRIPT [--steps N] [--json PATH] [--report PATH] [--input 8x1x32x32 ...]

Weights are copied MindSpore -> PyTorch once, before step 0. Both sides get the same batches (the MindSpore side
mindshim Tensors, the PyTorch side torch tensors; integer arrays as int64). Per step: the loss, and per paired
tensor (parameters and statistics such as BatchNorm's moving mean) the largest difference of the gradient handed
to the optimizer and of the weight update. Gradients are caught where the optimizer receives them: on the
MindSpore side the gradients the optimizer cell is called with, on the PyTorch side `.grad` when
`optimizer.step()` starts, so loss scaling, clipping and accumulation inside the user's step are seen as the
optimizer sees them. At the first step past tolerance the networks are put back to that step's starting
weights and `compare`'s layer walk runs on that step's batch: a forward gap names its first layer ("forward");
otherwise the first tensor in network order whose gradient ("gradient") or update ("update") differs does;
a loss gap with neither is reported as "loss".
"""
from __future__ import annotations

import argparse
import importlib.util
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

import numpy as np
import torch

from mindshim.migration.compare import Report, compare
from mindshim.migration.report import Divergence, StepRecord, TensorInfo, TensorStep, TrainingReport
from mindshim.migration.weights import copy_weights, leaf_layers, pairs


@dataclass
class _Side:
    build: Callable[[], Any]
    step: Callable[..., Any]
    walk_inputs: Callable[[Any], Sequence] | None = None


def _side(obj: Any, which: str) -> _Side:
    if isinstance(obj, _Side):
        return obj
    if isinstance(obj, tuple) and len(obj) == 2 and all(callable(f) for f in obj):
        return _Side(obj[0], obj[1])
    build, step = getattr(obj, "build", None), getattr(obj, "step", None)
    if callable(build) and callable(step):
        return _Side(build, step, getattr(obj, "walk_inputs", None))
    raise TypeError(f"compare_training: the {which} side must define build() and step(...) (a script module, an "
                    f"object, or a (build, step) pair), got {type(obj).__name__}")


def _plain(t: Any) -> torch.Tensor:
    return torch.Tensor.detach(t).as_subclass(torch.Tensor)


def _np(t: Any) -> np.ndarray:
    return _plain(t).cpu().to(torch.float64).numpy()


def _scalar(loss: Any) -> float:
    if isinstance(loss, (tuple, list)):
        loss = loss[0]
    if isinstance(loss, torch.Tensor):
        return float(_plain(loss).cpu().reshape(-1)[0])
    return float(np.asarray(loss).reshape(-1)[0])


def _ratio(a: np.ndarray | None, b: np.ndarray | None, rtol: float, atol: float) -> float:
    if a is None and b is None:
        return 0.0
    if a is None or b is None or a.shape != b.shape:
        return float("inf")
    if not a.size:
        return 0.0
    with np.errstate(invalid="ignore"):
        r = np.abs(a - b) / (atol + rtol * np.abs(b))
    same = (a == b) | (np.isnan(a) & np.isnan(b))
    return float(np.max(np.where(same, 0.0, np.nan_to_num(r, nan=np.inf))))


def _maxdiff(a: np.ndarray | None, b: np.ndarray | None) -> float | None:
    if a is None or b is None:
        return None if a is None and b is None else float("inf")
    return float(np.max(np.abs(a - b))) if a.size else 0.0


class _MsGradients:
    """The gradients a mindshim optimizer cell is called with, by parameter identity (else the tensors' `.grad`
    after the step, for a step that updates the weights itself)."""

    def __init__(self, optimizer: Any, tensors: list[torch.Tensor]) -> None:
        self.optimizer, self.tensors, self.grads = optimizer, tensors, {}

    def _call(self, args: tuple, kwargs: dict) -> Any:
        grads = args[0] if args else next(iter(kwargs.values()), ())
        for p, g in zip(self.optimizer.parameters, grads):
            if g is not None:
                self.grads[id(p)] = _np(g)
        return type(self.optimizer)._call(self.optimizer, args, kwargs)

    def __enter__(self) -> "_MsGradients":
        self.grads = {}
        if self.optimizer is not None and hasattr(self.optimizer, "parameters"):
            object.__setattr__(self.optimizer, "_call", self._call)  # an instance attribute, removed on exit
        return self

    def __exit__(self, *exc: Any) -> None:
        if self.optimizer is not None:
            self.optimizer.__dict__.pop("_call", None)
        if not self.grads and exc[0] is None:
            self.grads = {id(t): _np(t.grad) for t in self.tensors if getattr(t, "grad", None) is not None}


class _TorchGradients:
    """`.grad` of the given tensors when `optimizer.step()` starts (or after the step without an optimizer)."""

    def __init__(self, optimizer: Any, tensors: list[torch.Tensor]) -> None:
        self.optimizer, self.tensors, self.grads, self.handle, self.called = optimizer, tensors, {}, None, False

    def capture(self, *_: Any) -> None:
        self.called = True
        self.grads = {id(t): _np(t.grad) for t in self.tensors if getattr(t, "grad", None) is not None}

    def __enter__(self) -> "_TorchGradients":
        self.grads, self.called = {}, False
        if isinstance(self.optimizer, torch.optim.Optimizer):
            self.handle = self.optimizer.register_step_pre_hook(self.capture)
        return self

    def __exit__(self, *exc: Any) -> None:
        if self.handle is not None:
            self.handle.remove()
            self.handle = None
        if not self.called and exc[0] is None:
            self.capture()


def _layer_names(net: torch.nn.Module) -> dict[int, str]:
    out = {}
    for name, layer in leaf_layers(net):
        for _, t in list(layer.named_parameters(recurse=False)) + list(layer.named_buffers(recurse=False)):
            out.setdefault(id(t), name)
    return out


def _tensor_names(net: torch.nn.Module) -> dict[int, str]:
    named = list(net.named_parameters(remove_duplicate=False)) + list(net.named_buffers(remove_duplicate=False))
    return {id(t): n for n, t in reversed(named)}


def _infos(ms_net: Any, torch_net: torch.nn.Module, tensor_pairs: list) -> list[TensorInfo]:
    ms_layers, t_layers = _layer_names(ms_net), _layer_names(torch_net)
    ms_names, t_names = _tensor_names(ms_net), _tensor_names(torch_net)
    return [TensorInfo(getattr(p, "name", None) or ms_names.get(id(p), "?"), t_names.get(id(t), "?"),
                       ms_layers.get(id(p), "?"), t_layers.get(id(t), "?"), tuple(t.shape),
                       bool(t.requires_grad)) for p, t in tensor_pairs]


def _snapshot(tensors: list[torch.Tensor], shapes: list[tuple]) -> list[np.ndarray]:
    return [_np(t).reshape(s) for t, s in zip(tensors, shapes)]


def _restore(tensors: list[torch.Tensor], arrays: list[np.ndarray]) -> None:
    with torch.no_grad():
        for t, a in zip(tensors, arrays):
            dst = torch.Tensor.as_subclass(t, torch.Tensor)
            dst.copy_(torch.from_numpy(a).reshape(dst.shape).to(dst.dtype))


def _ms_batch(batch: tuple) -> tuple:
    from mindshim.common.tensor import Tensor
    return tuple(Tensor(np.asarray(a)) for a in batch)


def _torch_batch(batch: tuple, device: torch.device) -> tuple:
    out = []
    for a in batch:
        a = np.asarray(a)
        t = torch.from_numpy(np.ascontiguousarray(a.astype(np.int64) if a.dtype.kind in "iu" else a))
        out.append(t.to(device))
    return tuple(out)


def _as_tuple(batch: Any) -> tuple:
    return tuple(batch) if isinstance(batch, (tuple, list)) else (batch,)


def _first_tensor(record: StepRecord, infos: list[TensorInfo]) -> Divergence | None:
    for info, ts in zip(infos, record.tensors):
        if ts.ratio > 1:
            kind = "gradient" if ts.grad_ratio > 1 else "update"
            return Divergence(record.step, kind, info.layer, info.torch_layer, info.ms_name)
    return None


def compare_training(ms_step: Any, torch_step: Any, batches: Iterable | Callable[[int], Iterable], steps: int = 5,
                     rtol: float = 1e-4, atol: float = 1e-5) -> TrainingReport:
    """Train both sides for `steps` steps on the same batches from the same weights and report where they part.

    `ms_step` / `torch_step`: a script module or object with `build()` and `step(*built, batch)`, or a
    `(build, step)` pair (see the module docstring). `batches`: batches of numpy arrays (one batch is a tuple,
    or a single array), or a function `n -> batches`."""
    ms_side, t_side = _side(ms_step, "MindSpore"), _side(torch_step, "PyTorch")
    ms_built, t_built = _as_tuple(ms_side.build()), _as_tuple(t_side.build())
    ms_net, ms_opt = ms_built[0], (ms_built[1] if len(ms_built) > 1 else None)
    t_net, t_opt = t_built[0], (t_built[1] if len(t_built) > 1 else None)
    copy_weights(ms_net, t_net)
    tensor_pairs = pairs(ms_net, t_net)
    infos = _infos(ms_net, t_net, tensor_pairs)
    ms_tensors, t_tensors = [p for p, _ in tensor_pairs], [t for _, t in tensor_pairs]
    shapes = [i.shape for i in infos]
    device = next(iter(t_tensors), torch.zeros(0)).device
    data = batches(steps) if callable(batches) else batches
    result = TrainingReport(infos, [], rtol, atol)
    ms_grads, t_grads = _MsGradients(ms_opt, ms_tensors), _TorchGradients(t_opt, t_tensors)
    for k, batch in enumerate(data):
        if k >= steps:
            break
        batch = _as_tuple(batch)
        ms_w0, t_w0 = _snapshot(ms_tensors, shapes), _snapshot(t_tensors, shapes)
        with ms_grads:
            ms_loss = _scalar(ms_side.step(*ms_built, _ms_batch(batch)))
        with t_grads:
            t_loss = _scalar(t_side.step(*t_built, _torch_batch(batch, device)))
        ms_w1, t_w1 = _snapshot(ms_tensors, shapes), _snapshot(t_tensors, shapes)
        record = StepRecord(k, ms_loss, t_loss, _ratio(np.array(ms_loss), np.array(t_loss), rtol, atol))
        for i, (p, t) in enumerate(tensor_pairs):
            g1, g2 = ms_grads.grads.get(id(p)), t_grads.grads.get(id(t))
            if not ms_grads.grads or not t_grads.grads:  # a side whose gradients were not caught: no verdict
                g1 = g2 = None
            g1 = None if g1 is None else g1.reshape(shapes[i])
            d1, d2 = ms_w1[i] - ms_w0[i], t_w1[i] - t_w0[i]
            record.tensors.append(TensorStep(_maxdiff(g1, g2), _maxdiff(d1, d2), _maxdiff(ms_w1[i], t_w1[i]),
                                             _ratio(g1, g2, rtol, atol), _ratio(d1, d2, rtol, atol),
                                             float(np.max(np.abs(d2))) if d2.size else 0.0))
        result.steps.append(record)
        if result.first is None and not record.ok:
            result.first, result.walk = _locate(record, infos, ms_side, batch, ms_net, t_net,
                                                (ms_tensors, ms_w0, ms_w1), (t_tensors, t_w0, t_w1), rtol, atol)
    return result


def _locate(record: StepRecord, infos: list[TensorInfo], side: _Side, batch: tuple, ms_net: Any,
            t_net: torch.nn.Module, ms_state: tuple, t_state: tuple, rtol: float, atol: float
            ) -> tuple[Divergence, Report | None]:
    """The first gap of this step: the layer walk on its batch from its starting weights, then the tensors."""
    by_tensor = _first_tensor(record, infos)
    inputs = side.walk_inputs(batch) if side.walk_inputs is not None else batch[:1]
    walk = None
    try:
        _restore(ms_state[0], ms_state[1])
        _restore(t_state[0], t_state[1])
        with torch.no_grad():
            walk = compare(ms_net, t_net, *[np.asarray(x) for x in _as_tuple(inputs)], rtol=rtol, atol=atol)
    except Exception as err:  # the walk is a diagnosis: the step-level findings still stand without it
        print(f"mindshim compare: the layer walk failed at step {record.step}: {err}", file=sys.stderr)
    finally:
        _restore(ms_state[0], ms_state[2])
        _restore(t_state[0], t_state[2])
    bad = walk.first_divergence if walk is not None else None
    if bad is not None:
        return Divergence(record.step, "forward", bad.ms_name, bad.torch_name), walk
    if by_tensor is not None:
        return by_tensor, walk
    return Divergence(record.step, "loss", None, None), walk


# ----- the command line -----

def _load(path: str, name: str) -> Any:
    script = Path(path).resolve()
    if not script.is_file():
        raise FileNotFoundError(f"no such script: {path}")
    spec = importlib.util.spec_from_file_location(name, script)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses and pickling look their module up
    sys.path.insert(0, str(script.parent))  # the script's local imports
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(script.parent))
    return module


def _random_batches(specs: list[str], seed: int) -> Callable[[int], list]:
    """--input SHAPE[:DTYPE[:HIGH]], e.g. 8x1x32x32 (float32 normal) or 8:int32:10 (integers in [0, 10))."""
    parsed = []
    for spec in specs:
        parts = spec.split(":")
        shape = tuple(int(d) for d in parts[0].split("x") if d)
        dtype = np.dtype(parts[1] if len(parts) > 1 else "float32")
        parsed.append((shape, dtype, int(parts[2]) if len(parts) > 2 else 10))

    def make(n: int) -> list:
        rng = np.random.RandomState(seed)
        return [tuple(rng.randint(0, high, shape).astype(dtype) if dtype.kind in "iu"
                      else rng.standard_normal(shape).astype(dtype) for shape, dtype, high in parsed)
                for _ in range(n)]
    return make


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="mindshim compare",
        description="Train a MindSpore script (under mindshim) and its PyTorch port side by side from the same "
                    "weights on the same batches; report the first step and layer where they part. Each script "
                    "defines build() -> (network, optimizer, ...) and step(network, optimizer, ..., batch) -> loss; "
                    "the MindSpore script may define batches(n).")
    parser.add_argument("ms_script")
    parser.add_argument("torch_script")
    parser.add_argument("--steps", type=int, default=5)
    parser.add_argument("--rtol", type=float, default=1e-4)
    parser.add_argument("--atol", type=float, default=1e-5)
    parser.add_argument("--input", action="append", default=[], metavar="SHAPE[:DTYPE[:HIGH]]",
                        help="random batches instead of the script's batches(n): one per batch element")
    parser.add_argument("--seed", type=int, default=0, help="seed of the --input batches")
    parser.add_argument("--json", metavar="PATH", help="write the comparison as JSON")
    parser.add_argument("--report", metavar="PATH",
                        help="write a picture: PNG with matplotlib (mindshim[report]), else HTML with SVG")
    args = parser.parse_args(argv)
    from mindshim._alias import install_alias
    install_alias()
    try:
        ms_module = _load(args.ms_script, "_mindshim_compare_ms")
        torch_module = _load(args.torch_script, "_mindshim_compare_torch")
        data = _random_batches(args.input, args.seed) if args.input else getattr(ms_module, "batches", None)
        if data is None:
            parser.error("the MindSpore script defines no batches(n): give --input SHAPE[:DTYPE[:HIGH]]")
        result = compare_training(ms_module, torch_module, data, steps=args.steps, rtol=args.rtol, atol=args.atol)
    except (FileNotFoundError, TypeError, ValueError) as err:
        print(f"mindshim compare: {err}", file=sys.stderr)
        return 2
    print(result)
    if args.json:
        print(f"JSON written to {result.save_json(args.json)}")
    if args.report:
        print(f"report written to {result.save_picture(args.report)}")
    return 0 if result.ok else 1


__all__ = ["compare_training", "main", "TrainingReport", "StepRecord", "TensorStep", "TensorInfo", "Divergence"]
