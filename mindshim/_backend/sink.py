"""Sinks: the engine's loop over a sink's batches (`run_sink`), and the step graphs it replays on CUDA.

`dataset_sink_mode=True`, `ms.data_sink` and `DatasetHelper` run their steps here. Without step graphs each step is
an ordinary call (a compiled region under GRAPH_MODE, replayed by cudagraph trees on CUDA). With step graphs
(`step_graph`), the first step of a sink runs the region's sink twin compiled, later steps replay one CUDA graph of
the whole step, and the outputs are read after the last step.
"""
from __future__ import annotations

import os
from typing import Any, Callable

import torch

from mindshim._backend import plain_region, step_graph
from mindshim._backend.compile_errors import reason
from mindshim._backend.engine import (
    COMPILED, FALLBACK, Region, _cell_region, _depth, _graphs_built, _stats, _warn_at_user_code, should_compile,
)


def run_sink(step: Callable, batches: Any, graph_mode: bool = False) -> Any:
    """Run one sink: `step(*batch)` for each batch, returning the last output.

    A host loop with no per-step synchronisation, `.item()` or callbacks; batches come from the prefetching
    DatasetHelper. A compiled step (a jit Region, or a Cell under GRAPH_MODE, `graph_mode`) on CUDA runs as
    one CUDA graph of the whole step (`step_graph`).
    """
    region = _sink_region(step, graph_mode)
    if region is not None:
        return _run_graph_sink(region, batches)
    out = None
    saved, _depth[0] = _depth[0], 0  # each sunk step is an outermost call: GRAPH_MODE compiles it
    try:
        for batch in batches:
            out = step(*batch)
    finally:
        _depth[0] = saved
    return out


def _sink_region(step: Callable, graph_mode: bool) -> Region | None:
    """The compiled-step twin a sink of `step` replays as step graphs, or None (no graphs here)."""
    if step_graph.kind() is None or not should_compile():
        return None
    if isinstance(step, Region):
        region = step
    elif graph_mode and isinstance(step, torch.nn.Module) and not getattr(step, "_ms_host_loop", False):
        region = _cell_region(step)
    else:
        return None
    if region.phase == FALLBACK:
        return None
    twin = region.sink_twin()
    return None if twin.phase == FALLBACK or twin.sink_graphs.disabled else twin


def _run_graph_sink(twin: Region, batches: Any) -> Any:
    """The first step of the sink, and any step without a graph yet, runs compiled (dynamo checks its guards);
    the others replay the graph captured for their signature. Outputs are read after the last step."""
    graphs, kind = twin.sink_graphs, step_graph.kind()
    out, last_graph = None, None
    for index, batch in enumerate(batches):
        graph = None
        # (a capture refused in this sink: its other steps run compiled; later sinks run without step graphs)
        if index > 0 and graphs.disabled is None and twin.phase == COMPILED:
            plain = plain_region.plain_args(batch)
            sig = step_graph.signature(plain)
            graph = graphs.graphs.get(sig)
            if graph is None and graphs.ready(sig):
                graph = _capture(twin, sig, kind, plain)
        if graph is None:
            out, last_graph = _compiled_step(twin, batch, first=index == 0), None
            continue
        for guard in twin._guards:
            guard()
        graph.run(plain)
        _stats["step_graph_replays"] += 1
        last_graph = graph
    return plain_region.cloned(last_graph.outputs) if last_graph is not None else out


def _capture(twin: Region, sig: tuple, kind: str, plain: tuple) -> step_graph.StepGraph | None:
    """A new step graph of the twin for `sig`; None after a refused capture (graphs then off, one warning)."""
    graphs = twin.sink_graphs
    built, why = _graphs_built(), None
    try:
        graph = graphs.add(sig, kind, plain, twin.call_captured)
    except Exception as err:  # an op that cannot be captured: compiled steps from now on
        if os.environ.get("MINDSHIM_STEP_GRAPH_DEBUG"):
            import traceback
            traceback.print_exc()
        why = reason(err) or type(err).__name__
    if _graphs_built() != built:  # compiled inside the capture (its guards failed on the static inputs)
        why = f"dynamo recompiled the step inside the capture ({why or 'autotuning there is not captured'})"
    if why is not None:
        graphs.disabled = why
        graphs.invalidate()
        _warn_at_user_code(f"mindshim: the sink steps of {twin._where()} run without a CUDA graph: {why}")
        return None
    _stats["step_graph_captures"] += 1
    return graph


def _compiled_step(twin: Region, batch: tuple, first: bool) -> Any:
    """One step through the compiled twin; a recompile or new storage drops the captured graphs."""
    graphs = twin.sink_graphs
    before = _graphs_built()
    _depth[0] += 1  # the twin is the outermost call: cells inside it never become regions of their own
    side = step_graph.step_stream()
    try:
        if side is None:
            out = twin(*batch)
        else:
            side.wait_stream(torch.cuda.current_stream())
            with torch.cuda.stream(side):
                out = twin(*batch)
            torch.cuda.current_stream().wait_stream(side)
    finally:
        _depth[0] -= 1
    if twin.phase != COMPILED:
        return out
    if _graphs_built() != before:
        graphs.invalidate()
    if first:
        graphs.check_storage(twin._view.tensors)
    sig = step_graph.signature(plain_region.plain_args(batch))
    graphs.warmed[sig] = graphs.warmed.get(sig, 0) + 1
    return out
