"""mindspore.export(net, *inputs, file_name=..., file_format="MINDIR") on mindshim: trace, build, write."""
from __future__ import annotations

import inspect
import os
import stat
from typing import Any

import torch

from mindshim._errors import unsupported
from mindshim.train._mindir import proto
from mindshim.train._mindir.builder import GraphBuilder
from mindshim.train._mindir.cell_ops import LOWERINGS
from mindshim.train._mindir.torch_ops import TABLE
from mindshim.train._mindir.trace import RecordMode, Tracer, hook_cells, key_of

_API = "mindspore.export(file_format='MINDIR')"


def _input_names(net: Any, count: int) -> list[str]:
    try:
        params = [p for p in inspect.signature(net.construct).parameters.values()
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    except (TypeError, ValueError):
        params = []
    names = [p.name for p in params[:count]]
    return names + [f"input_{i}" for i in range(len(names), count)]


def build_model(net: Any, inputs: tuple) -> dict:
    """Run `net` once on `inputs` in PyNative mode, recording it; returns the ModelProto as a dict."""
    from mindshim import context
    from mindshim.common.tensor import Tensor
    for x in inputs:
        if not isinstance(x, torch.Tensor):
            raise unsupported(_API, f"a non-Tensor input ({type(x).__name__}); pass mindspore.Tensor inputs")
    graph_name = f"{type(net).__name__}_construct"
    builder = GraphBuilder(graph_name)
    params = {key_of(p): (p.name, p) for p in net.get_parameters()}
    tracer = Tracer(builder, params)
    args = tuple(x if isinstance(x, Tensor) else x.as_subclass(Tensor) for x in inputs)
    for name, x in zip(_input_names(net, len(args)), args):
        tracer.bind(x, builder.add_input(name, x))
    was_training = net.training
    mode = context.get_context("mode")
    handles = hook_cells(tracer, net, LOWERINGS)
    try:
        net.set_train(False)
        context.set_context(mode=context.PYNATIVE_MODE)
        with torch.no_grad(), RecordMode(tracer, TABLE):
            out = net(*args)
    finally:
        for h in handles:
            h.remove()
        context.set_context(mode=mode)
        net.set_train(was_training)
    if isinstance(out, (tuple, list)):
        items = [tracer.name_of(o) for o in out]
        out_name = builder.node("MakeTuple", items, tuple(out), {})
    elif isinstance(out, torch.Tensor):
        out_name = tracer.name_of(out)
    else:
        raise unsupported(_API, f"a network returning {type(out).__name__}")
    return builder.model(out_name, out)


def export_mindir(net: Any, inputs: tuple, file_name: str) -> str:
    data = proto.encode(build_model(net, inputs))
    if not file_name.endswith(".mindir"):
        file_name += ".mindir"
    path = os.path.realpath(file_name)
    folder = os.path.dirname(path)
    if folder:
        os.makedirs(folder, exist_ok=True)
    if os.path.exists(path):
        os.chmod(path, stat.S_IWUSR)
    with open(path, "wb") as f:
        f.write(data)
    os.chmod(path, stat.S_IRUSR)  # MindSpore leaves its exported MindIR read-only for the owner
    return path
