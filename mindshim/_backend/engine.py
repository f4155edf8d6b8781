"""The execution engine: the one place that decides how a Cell call or a jit function runs.

Phases, per compiled region: EAGER (run the Python as written), COMPILED (torch.compile, whole region
as one graph: for a train cell forward, backward and the optimizer update together), FALLBACK (the
region could not be traced as one graph: eager from then on, with one warning naming the source line).
On CUDA the compiled region is also captured in CUDA graphs and replayed (torch.compile's
"reduce-overhead" mode); the optimizer keeps its learning rate and step as device tensors so replays
stay correct.

Regions run on plain torch tensors (see `plain_region`). Compilation is cached per input signature
(the first shape gets a static graph; a second shape, such as a ragged last batch, makes the changed
dimensions dynamic, so a region compiles at most twice for shape changes, never once per step).

Policy (`MINDSHIM_COMPILE` = auto | always | never, default auto): compile only where it pays. On
CPU a small network compiled by torch.compile is slower than eager (see docs/performance.md), so
`auto` keeps GRAPH_MODE and `@jit` eager on CPU and compiles on CUDA.
`Model`, train cells and `ms.jit` ask this module; none of them call torch.compile themselves. Sinks (their loop
and the step graphs they replay) are in `sink`.
"""
from __future__ import annotations

import functools
import inspect
import os
import sys
import threading
import warnings
from typing import Any, Callable

import torch

from mindshim._backend import device as _device
from mindshim._backend import plain_region, semantic_scan, step_graph
from mindshim._backend.compile_errors import (
    is_backend_failure, is_compile_error, offending_line, reason, safe_options,
)

_depth = [0]
_stats = {"compiles": 0, "retries": 0, "fallbacks": 0, "compiled_calls": 0, "graphs": 0, "step_graph_captures": 0,
          "step_graph_replays": 0}

EAGER, COMPILED, FALLBACK = "eager", "compiled", "fallback"


def compile_policy() -> str:
    policy = os.environ.get("MINDSHIM_COMPILE", "auto").lower()
    return policy if policy in ("auto", "always", "never") else "auto"


def should_compile() -> bool:
    policy = compile_policy()
    if policy == "auto":
        return _device.current().type == "cuda"
    return policy == "always"


def stats() -> dict:
    """Counters: regions compiled, compile retries after torch's compiler failed, fallbacks, compiled calls,
    graphs dynamo built (recompiles included), sink step graphs captured and replayed (`step_graph`), and
    graphs inductor compiled without the CUDA-graph capture asked for (`cudagraph_skips`)."""
    return {**_stats, "cudagraph_skips": int(torch._dynamo.utils.counters["inductor"]["cudagraph_skips"])}


def _graphs_built() -> int:
    return int(torch._dynamo.utils.counters["stats"]["unique_graphs"])


class _TraceConfig:
    """Scoped dynamo options for our regions only (torch's global config is never left changed), entered on
    every region call: built once, with the low-overhead patcher torch uses on its own call path (a
    `config.patch` builds a class per use)."""

    def __init__(self) -> None:
        config = torch._dynamo.config
        self._change = None
        if hasattr(config, "trace_autograd_ops"):  # traces torch.autograd.grad into the graph
            self._change = config._make_closure_patcher(trace_autograd_ops=True) \
                if hasattr(config, "_make_closure_patcher") \
                else lambda: _reverter(config.patch(trace_autograd_ops=True))
        self._local = threading.local()

    def __enter__(self) -> None:
        if self._change is not None:
            stack = self._local.__dict__.setdefault("reverts", [])
            stack.append(self._change())

    def __exit__(self, *exc: Any) -> None:
        if self._change is not None:
            self._local.reverts.pop()()


def _reverter(patch: Any) -> Callable[[], None]:
    patch.__enter__()
    return lambda: patch.__exit__(None, None, None)


@functools.lru_cache(maxsize=1)
def _trace_config() -> _TraceConfig:
    return _TraceConfig()  # built at the first compiled call: torch._dynamo loads then, not at import


def compile_region(fn: Callable, fullgraph: bool, cuda_graphs: bool, safe: bool) -> Callable:
    """torch.compile of a region; `safe`: the retry after torch's compiler failed, with its riskier passes off and
    static shapes (a graph per input shape): the failure is often in a graph made dynamic by a new shape (torch
    2.11's inductor cannot lower BatchNorm's statistics over a symbolic batch, the ragged last batch of an epoch)."""
    if safe:
        return torch.compile(fn, fullgraph=fullgraph, dynamic=False, options=safe_options(cuda_graphs))
    return torch.compile(fn, fullgraph=fullgraph, dynamic=None, mode="reduce-overhead" if cuda_graphs else None)


class Region:
    """One function the engine may compile, with its phase. `roots` are objects (Cells, functions)
    whose Parameters the function touches; the function's own closures and globals are searched too.
    Warnings name it `name` at the source lines of `source` (default: `fn` itself)."""

    def __init__(self, fn: Callable, roots: tuple = (), source: Callable | None = None,
                 name: str | None = None, cudagraph_trees: bool = True) -> None:
        self.fn = fn
        self.roots = roots
        self.source = source or fn
        self.name = name or getattr(self.source, "__qualname__", None) or type(self.source).__name__
        self.phase = EAGER
        self._compiled: Callable | None = None
        self._cuda_graphs = False
        self._hazard: str | None = None
        self._view: plain_region.PlainView | None = None
        self._guards: list[Callable[[], None]] = []
        self._retried = False
        self._cudagraph_trees = cudagraph_trees  # False: the sink's variant, captured whole (step_graph)
        self._sink_twin: Region | None = None
        self.sink_graphs = step_graph.SinkGraphs()
        self.dynamic_dims: tuple = ()  # per positional input, the dimensions declared unknown (set_inputs)

    def sink_twin(self) -> "Region":
        """The same region compiled without cudagraph trees, for sinks (their steps replay a step_graph)."""
        if self._sink_twin is None:
            self._sink_twin = Region(self.fn, self.roots, self.source, self.name, cudagraph_trees=False)
        self._sink_twin.dynamic_dims = self.dynamic_dims
        return self._sink_twin

    def _where(self) -> str:
        try:
            return f"{self.name} ({inspect.getsourcefile(self.source) or '?'}:{inspect.getsourcelines(self.source)[1]})"
        except (OSError, TypeError):
            return self.name

    def _prepare(self, args: tuple, safe: bool = False) -> None:
        self._cuda_graphs = _device.current().type == "cuda" and self._cudagraph_trees
        cells, functions = plain_region.reachable((self.fn, *self.roots, *args))
        self._view = plain_region.PlainView(plain_region.tensors_of(cells))
        self._hazard = semantic_scan.first_hazard(cells, functions)
        # Host-side checks a compiled step cannot make without a device assert (which a CUDA process cannot
        # recover from): objects in the region opt in with a `_ms_before_compiled_call()` method
        self._guards = [getattr(c, "_ms_before_compiled_call") for c in cells
                        if callable(getattr(type(c), "_ms_before_compiled_call", None))]
        # A training step returns values (as MindSpore's does): the graph keeps no backward for its
        # outputs, so in-place parameter updates inside it cannot clash with one.
        fn = plain_region.detaching(self.fn) if plain_region.updates_parameters(cells) else self.fn
        # Whole regions are one graph; a torch without trace_autograd_ops breaks the graph at
        # torch.autograd.grad, so there the split is allowed
        fullgraph = hasattr(torch._dynamo.config, "trace_autograd_ops")
        self._compiled = compile_region(plain_region.own_code(fn), fullgraph, self._cuda_graphs, safe)
        _stats["retries" if safe else "compiles"] += 1  # a safe compile retries a region already counted

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if not should_compile():
            return self.fn(*args, **kwargs)
        return self.call_compiling(args, kwargs)

    def call_compiling(self, args: tuple, kwargs: dict) -> Any:
        """The call where the policy compiles (the caller checked `should_compile`)."""
        if self.phase == FALLBACK:
            return self.fn(*args, **kwargs)
        if self._compiled is None:
            self._prepare(args)
            if self._hazard:
                return self._fall_back(f"{self._hazard}; a compiled region would compute torch's answer", args, kwargs)
        for guard in self._guards:
            guard()
        before = _graphs_built()
        try:
            out = self._run_compiled(args, kwargs)
        except Exception as err:  # tracing problems surface at the first call of each signature
            if self.phase == COMPILED and not is_compile_error(err):
                raise  # a graph that ran before failed at run time: the user's error, as eager would raise it
            if not (is_backend_failure(err) and not self._retried):
                return self._fall_back(f"{offending_line(err).strip()} ({reason(err)})".strip(), args, kwargs)
            # torch's own compiler failed: once more with its riskier passes off, before giving up the graph
            self._retried = True
            _warn_at_user_code(f"mindshim: compiling {self._where()} failed inside torch ({reason(err)}); "
                               "retrying with safer inductor settings")
            self._prepare(args, safe=True)
            try:
                out = self._run_compiled(args, kwargs)
            except Exception as again:
                if not is_compile_error(again):
                    raise
                return self._fall_back(f"{offending_line(again).strip()} ({reason(again)})".strip(), args, kwargs)
        _stats["graphs"] += _graphs_built() - before
        self.phase = COMPILED
        _stats["compiled_calls"] += 1
        return out

    def _run_compiled(self, args: tuple, kwargs: dict) -> Any:
        with _trace_config():
            if self._cuda_graphs:  # each call is a new step: replay, then copy the outputs out of the
                torch.compiler.cudagraph_mark_step_begin()  # graph's buffers before the next replay
            out = plain_region.call_plain(self._compiled, self._view, args, kwargs, self.dynamic_dims)
            return plain_region.cloned(out) if self._cuda_graphs else out

    def call_captured(self, plain_args: tuple) -> Any:
        """The compiled step on plain inputs, returning plain outputs (what a step graph captures); at the call
        depth of the sink's compiled steps (`sink._compiled_step`), so the graph's guards hold as they did there."""
        _depth[0] += 1
        try:
            with _trace_config(), self._view, plain_region.no_subclass():
                return self._compiled(*plain_args)
        finally:
            _depth[0] -= 1

    def _fall_back(self, why: str, args: tuple, kwargs: dict) -> Any:
        self.phase = FALLBACK
        _stats["fallbacks"] += 1
        _warn_at_user_code(f"mindshim: could not compile {self._where()}; running it eagerly: {why}")
        return self.fn(*args, **kwargs)


_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _warn_at_user_code(message: str) -> None:
    """A RuntimeWarning attributed to the first caller outside mindshim (the user's call line)."""
    frame = sys._getframe(1)
    while frame.f_back is not None and frame.f_code.co_filename.startswith(_PACKAGE_DIR):
        frame = frame.f_back
    warnings.warn_explicit(message, RuntimeWarning, frame.f_code.co_filename, frame.f_lineno,
                           module=frame.f_globals.get("__name__"),
                           registry=frame.f_globals.setdefault("__warningregistry__", {}))


def jit_function(fn: Callable, fullgraph: bool = False) -> Region:
    """ms.jit: the whole function is one region (MindSpore compiles it whole; `fullgraph` is implied)."""
    if isinstance(fn, torch.nn.Module):  # data_sink(net, ..., jit_config): the cell's own region
        return _cell_region(fn)
    return Region(fn)


def call_cell(cell: Any, args: tuple, kwargs: dict, graph_mode: bool) -> Any:
    """Run `cell.construct` for a user-level Cell call (`graph_mode`: the context's mode, GRAPH_MODE or not)."""
    if torch.compiler.is_compiling():
        # inside a region being traced: never read the call depth there, or dynamo guards the graph on its value
        # and a call of the compiled code at another depth (a sink's step-graph capture) recompiles
        return cell.construct(*args, **kwargs)
    _depth[0] += 1
    try:
        if _depth[0] == 1 and not getattr(cell, "_ms_host_loop", False) and graph_mode and should_compile():
            return _cell_region(cell).call_compiling(args, kwargs)
        return cell.construct(*args, **kwargs)
    finally:
        _depth[0] -= 1


def _cell_region(cell: Any) -> Region:
    """GRAPH_MODE compiles the outermost Cell call; one region per cell, kept on the cell."""
    region = cell.__dict__.get("_ms_region")
    if region is None:
        def construct(*args: Any, **kwargs: Any) -> Any:
            return cell.construct(*args, **kwargs)
        region = Region(construct, roots=(cell,), source=type(cell).construct, name=f"{type(cell).__name__}.construct")
        object.__setattr__(cell, "_ms_region", region)
    region.dynamic_dims = cell.__dict__.get("_ms_dynamic_dims", ())
    return region


def state_of(cell: Any) -> tuple:
    """The tensors a Cell may update in place: its and its sub-cells' Parameters, buffers, Tensor attributes."""
    return tuple(plain_region.tensors_of(c for _, c in cell.cells_and_names()))


def run_unless(skip: Any, fn: Callable, args: tuple, state: tuple) -> None:
    """`if not skip: fn(*args)`. Eagerly that is a host branch; inside a compiled region it is branch-free
    (run `fn`, then put back the old values of `state`, the tensors `fn` updates in place, where `skip`),
    so a loss-scaled train step that skips the optimizer on overflow stays one graph."""
    if not torch.compiler.is_compiling():
        if not skip:
            fn(*args)
        return
    saved = [t.detach().clone() for t in state]
    fn(*args)
    with torch.no_grad():
        for t, old in zip(state, saved):
            t.copy_(torch.where(skip, old, t))


def is_outermost() -> bool:
    return _depth[0] == 0


def in_graph_call() -> bool:
    """Inside a GRAPH_MODE Cell call or a region being compiled (where MindSpore's Print runs as a graph op)."""
    return _depth[0] > 0 or torch.compiler.is_compiling()
