"""Sink steps replayed as one CUDA graph of the whole training step.

In a sink (`dataset_sink_mode=True`, `ms.data_sink`) no user code runs between the steps, so after the first
step nothing the compiled step depends on can change but the batch. `sink.run_sink` runs the first step of each
sink through the compiled region (torch.compile without cudagraph trees): dynamo checks its guards there, so a
change made between sinks (a callback's new learning rate object, `set_train`, a new shape) recompiles as it
would without graphs. The other steps copy their batch into static input buffers and replay one plain
`torch.cuda.CUDAGraph` of that compiled step, captured once per input signature; the outputs are read once,
after the sink's last step. Per step the host runs the region's host checks, the copy and the replay.

A captured graph holds the addresses of every tensor the step touches: it is dropped when the region
recompiles or when any of the region's tensors was given new storage between sinks. A capture that fails (an
op that cannot be captured) turns graphs off for the region, with one warning; its sinks then run as without
step graphs (each step a compiled call replayed by torch's cudagraph trees).

`MINDSHIM_STEP_GRAPH` = off (default) | on (CUDA) | host (a CPU stand-in with the same contract: the "capture"
records the step and a replay runs it, for testing the bookkeeping without a GPU). Off by default: on the first
GPU runs (H200, torch 2.11, docs/performance.md) capturing inductor's compiled training step failed with
"operation failed due to a previous error during capture" inside the generated code, for every capture setting
tried. The probable cause was found afterwards on the CPU: dynamo recompiled inside the capture (compiling and
autotuning there), because the captured call failed the compiled step's guards: one on the engine's call depth
(read by `engine.call_cell` while tracing; the captured call ran at another depth), and, for a graph made dynamic
by a ragged batch, guards on the inputs' view bases (the static copies are not views). Traced code no longer reads
the depth, the capture runs at the compiled steps' depth, and compiled calls take non-view inputs (the host
stand-in's tests check no extra graph is built); not yet run on a GPU. `bench/step_graph_diag.py` reproduces the
failure; the knobs below are what it varies:
MINDSHIM_STEP_GRAPH_CAPTURE (torch's capture_error_mode, default thread_local: the prefetcher thread keeps
copying), MINDSHIM_STEP_GRAPH_STREAM=side (compiled steps and capture on one side stream), MINDSHIM_STEP_GRAPH_WARM
(compiled runs before a capture, default 1), MINDSHIM_STEP_GRAPH_CLEAR_CUBLAS (1, default: clear cuBLAS's
workspaces before and after a capture, as torch's cudagraph trees do; added after that run, untested on a GPU),
MINDSHIM_STEP_GRAPH_DEBUG=1 (print the capture's traceback).
"""
from __future__ import annotations

import os
from typing import Any, Callable

import torch

from mindshim._backend import device as _device
from mindshim._backend.tree import leaves, tensor_leaves, tree_map

_MAX_GRAPHS = 4  # signatures kept per region (a ragged last batch is a second one)
_streams: dict[int, Any] = {}


def _knob(name: str, default: str) -> str:
    return os.environ.get(f"MINDSHIM_STEP_GRAPH_{name}", default)


def warm_runs() -> int:
    """Compiled runs of a signature before it is captured."""
    return int(_knob("WARM", "1"))


def step_stream() -> Any:
    """The side stream the compiled sink steps run and are captured on (None: the current stream)."""
    if kind() != "cuda" or _knob("STREAM", "current") != "side":
        return None
    dev = torch.cuda.current_device()
    if dev not in _streams:
        _streams[dev] = torch.cuda.Stream()
    return _streams[dev]


def kind() -> str | None:
    """"cuda", "host" or None (no step graphs): see the module docstring."""
    setting = os.environ.get("MINDSHIM_STEP_GRAPH", "off").lower()
    if setting == "host":
        return "host"
    return "cuda" if setting == "on" and _device.current().type == "cuda" else None


def signature(args: Any) -> tuple:
    """What a captured graph is specific to: each leaf's shape, dtype and device, or its value."""
    return tuple((tuple(x.shape), x.dtype, x.device) if isinstance(x, torch.Tensor) else (type(x), x)
                 for x in leaves(args))


class _CudaCapture:
    """`run()` captured into a torch.cuda.CUDAGraph (the capture runs no kernel); `outputs` is valid after a
    replay. Other threads (the sink prefetcher) may use CUDA meanwhile: the capture is thread-local."""

    def __init__(self, run: Callable[[], Any]) -> None:
        self._graph = torch.cuda.CUDAGraph()
        _clear_cublas_workspaces()  # as torch's cudagraph trees do around a capture: the workspaces the captured
        try:  # matmuls use are then allocated inside the capture, in the graph's pool
            with torch.cuda.graph(self._graph, stream=step_stream(),
                                  capture_error_mode=_knob("CAPTURE", "thread_local")):
                self.outputs = run()
        finally:
            _clear_cublas_workspaces()

    def replay(self) -> None:
        self._graph.replay()


def _clear_cublas_workspaces() -> None:
    clear = getattr(torch._C, "_cuda_clearCublasWorkspaces", None)
    if clear is not None and _knob("CLEAR_CUBLAS", "1") == "1":
        clear()


class _HostCapture:
    """The CPU stand-in: the same contract, with `run()` called at each replay."""

    def __init__(self, run: Callable[[], Any]) -> None:
        self._run = run
        self.outputs: Any = None

    def replay(self) -> None:
        self.outputs = self._run()


class StepGraph:
    """One captured step: static input buffers shaped like `args`, and the graph that reads them."""

    def __init__(self, graph_kind: str, args: Any, call: Callable[[Any], Any]) -> None:
        self.static_args = tree_map(lambda x: x.detach().clone() if isinstance(x, torch.Tensor) else x, args)
        self._inputs = list(tensor_leaves(self.static_args))
        make = _CudaCapture if graph_kind == "cuda" else _HostCapture
        self._capture = make(lambda: call(self.static_args))

    def run(self, args: Any) -> None:
        """One step on `args` (same signature as the captured ones): copy in, replay."""
        for dst, src in zip(self._inputs, tensor_leaves(args)):
            dst.copy_(src, non_blocking=True)
        self._capture.replay()

    @property
    def outputs(self) -> Any:
        return self._capture.outputs


class SinkGraphs:
    """A region's step graphs, one per input signature, and what they were captured against."""

    def __init__(self) -> None:
        self.graphs: dict[tuple, StepGraph] = {}
        self.warmed: dict[tuple, int] = {}  # signatures the compiled step has run with since the last (re)compile
        self.disabled: str | None = None  # why graphs are off for this region
        self._storage: tuple = ()

    def invalidate(self) -> None:
        self.graphs.clear()
        self.warmed.clear()

    def check_storage(self, tensors: list[torch.Tensor]) -> None:
        """Drop the graphs when a tensor of the region was given new storage since they were captured."""
        storage = tuple(t.data_ptr() for t in tensors)
        if storage != self._storage:
            self.invalidate()
            self._storage = storage

    def ready(self, sig: tuple) -> bool:
        """Whether the compiled step has run with `sig` often enough to be captured."""
        return self.warmed.get(sig, 0) >= warm_runs()

    def add(self, sig: tuple, graph_kind: str, args: Any, call: Callable[[Any], Any]) -> StepGraph:
        """Capture `call` for `sig` (the oldest signature's graph makes room)."""
        if len(self.graphs) >= _MAX_GRAPHS:
            self.graphs.pop(next(iter(self.graphs)))
        graph = self.graphs[sig] = StepGraph(graph_kind, args, call)
        return graph
