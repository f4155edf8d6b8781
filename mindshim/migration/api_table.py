"""The MindSpore -> PyTorch API table of docs/migration.md, built from the project's own mapping.

Core rows come from an explicit table (the torch counterpart each layer, loss and optimizer ports to, and what a
port must change). For each layer row both modules are built with the same sizes and the parameter names are
paired the way `mindshim.migration.weights` pairs them (`_TORCH_NAME`: `gamma` -> `weight`, ...); a name that does
not exist on the torch side, or a shape that differs (Conv1d's 4-D weight), shows in the table, so the table
cannot drift from the weight mapping. The other `mindspore.nn` Cells are listed against the `torch.nn` class of the
same name where one exists. Entries of docs/differences.md are linked in the last column.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import torch

from mindshim.migration import weights
from mindshim.migration.weights import _TORCH_NAME

# (MindSpore name, its constructor arguments, torch name, its constructor arguments (a trailing dict: keywords),
#  what a port must change)
Spec = tuple[str, tuple[Any, ...], str, tuple[Any, ...], str]
LAYERS: list[Spec] = [
    ("nn.Dense", (4, 3), "torch.nn.Linear", (4, 3), "`activation=` applies an activation after the product"),
    ("nn.Conv1d", (2, 4, 3), "torch.nn.Conv1d", (2, 4, 3, {"bias": False}),
     "defaults `pad_mode='same'` (torch: `padding=0`) and `has_bias=False` (torch: `bias=True`); `group` is torch's "
     "`groups`"),
    ("nn.Conv2d", (2, 4, 3), "torch.nn.Conv2d", (2, 4, 3, {"bias": False}),
     "defaults `pad_mode='same'` (torch: `padding=0`) and `has_bias=False` (torch: `bias=True`); `group` is torch's "
     "`groups`; `pad_mode='pad'` with `padding=` is torch's explicit padding"),
    ("nn.Conv3d", (2, 4, 3), "torch.nn.Conv3d", (2, 4, 3, {"bias": False}),
     "defaults `pad_mode='same'` and `has_bias=False`, as Conv2d"),
    ("nn.Conv2dTranspose", (2, 4, 3), "torch.nn.ConvTranspose2d", (2, 4, 3, {"bias": False}),
     "defaults `pad_mode='same'` and `has_bias=False`"),
    ("nn.BatchNorm1d", (4,), "torch.nn.BatchNorm1d", (4,),
     "`momentum` is the weight of the running value: torch's `momentum = 1 - MindSpore's` (0.9 -> 0.1)"),
    ("nn.BatchNorm2d", (4,), "torch.nn.BatchNorm2d", (4,), "torch's `momentum = 1 - MindSpore's` (0.9 -> 0.1)"),
    ("nn.BatchNorm3d", (4,), "torch.nn.BatchNorm3d", (4,), "torch's `momentum = 1 - MindSpore's` (0.9 -> 0.1)"),
    ("nn.LayerNorm", ((4,),), "torch.nn.LayerNorm", ((4,),),
     "`epsilon` defaults to 1e-7 (torch: `eps=1e-5`); `begin_norm_axis`/`begin_params_axis` choose the axes"),
    ("nn.GroupNorm", (2, 4), "torch.nn.GroupNorm", (2, 4), "same arguments"),
    ("nn.InstanceNorm2d", (4,), "torch.nn.InstanceNorm2d", (4, {"affine": True, "track_running_stats": True}),
     "`affine=True` by default and keeps `moving_mean`/`moving_variance` (torch: `affine=True, "
     "track_running_stats=True`)"),
    ("nn.Embedding", (10, 4), "torch.nn.Embedding", (10, 4),
     "`use_one_hot=True` computes by a one-hot product; the weight is `embedding_table`"),
    ("nn.PReLU", (4,), "torch.nn.PReLU", (4,), "`channel` is torch's `num_parameters`, `w` its `init`"),
    ("nn.LSTM", (4, 3), "torch.nn.LSTM", (4, 3), "`has_bias` is torch's `bias`"),
    ("nn.GRU", (4, 3), "torch.nn.GRU", (4, 3), "`has_bias` is torch's `bias`"),
    ("nn.RNN", (4, 3), "torch.nn.RNN", (4, 3), "`has_bias` is torch's `bias`"),
    ("nn.Dropout", (), "torch.nn.Dropout", (),
     "takes `p` (drop) or the deprecated `keep_prob` (keep = 1 - p)"),
    ("nn.Flatten", (), "torch.nn.Flatten", (), "same: flattens from axis 1"),
    ("nn.ReLU", (), "torch.nn.ReLU", (), "same"),
    ("nn.GELU", (), "torch.nn.GELU", (), "`approximate=True` (tanh) by default; torch's default is the exact erf"),
    ("nn.LeakyReLU", (), "torch.nn.LeakyReLU", (), "`alpha` defaults to 0.2 (torch: `negative_slope=0.01`)"),
    ("nn.Softmax", (), "torch.nn.Softmax", (-1,), "`axis` defaults to -1 (torch: `dim`, no default)"),
    ("nn.MaxPool2d", (2, 2), "torch.nn.MaxPool2d", (2, 2),
     "`kernel_size` and `stride` default to 1 (torch: `stride=kernel_size`); `pad_mode` is 'valid', 'same' or 'pad'"),
    ("nn.AvgPool2d", (2, 2), "torch.nn.AvgPool2d", (2, 2), "defaults as MaxPool2d"),
    ("nn.SequentialCell", (), "torch.nn.Sequential", (), "takes a list (or cells)"),
    ("nn.CellList", (), "torch.nn.ModuleList", (), "same"),
]
FUNCTIONAL: list[tuple[str, str, str]] = [
    ("nn.SoftmaxCrossEntropyWithLogits", "torch.nn.CrossEntropyLoss",
     "`reduction='none'` by default (torch: 'mean'); `sparse=True` takes class indices, `sparse=False` one-hot or "
     "probability labels"),
    ("nn.CrossEntropyLoss", "torch.nn.CrossEntropyLoss", "same arguments"),
    ("nn.MSELoss", "torch.nn.MSELoss", "same"),
    ("nn.L1Loss", "torch.nn.L1Loss", "same"),
    ("nn.SmoothL1Loss", "torch.nn.SmoothL1Loss", "`reduction='none'` by default (torch: 'mean')"),
    ("nn.BCEWithLogitsLoss", "torch.nn.BCEWithLogitsLoss", "same arguments"),
    ("nn.WithLossCell", "`loss_fn(net(x), y)`", "a Cell computing the loss of a network"),
    ("nn.TrainOneStepCell", "`loss.backward(); optimizer.step(); optimizer.zero_grad()`",
     "one training step as a Cell; gradients are not accumulated between calls"),
    ("nn.Momentum", "torch.optim.SGD(momentum=...)",
     "same update (`accum = momentum * accum + grad`); optimizer state `moments` is torch's `momentum_buffer`"),
    ("nn.SGD", "torch.optim.SGD", "`learning_rate` defaults to 0.1 (torch: required)"),
    ("nn.Adam", "torch.optim.Adam", "state `moment1`/`moment2` are `exp_avg`/`exp_avg_sq`"),
    ("nn.AdamWeightDecay", "torch.optim.AdamW",
     "no bias correction; `eps=1e-6` and `weight_decay=0.0` by default (torch: 1e-8 and 0.01)"),
    ("nn.RMSProp", "torch.optim.RMSprop",
     "`decay=0.9` is torch's `alpha` (default 0.99); epsilon is added inside the square root"),
    ("ops.GradOperation / ops.grad / ops.value_and_grad", "`torch.autograd.grad` / `loss.backward()`",
     "functional gradients of a Cell or function"),
    ("ops.ReduceMean(keep_dims)", "torch.mean(dim, keepdim)", "primitives are built first, then called"),
]


@dataclass
class Row:
    mindspore: str
    torch: str
    parameters: str  # MindSpore parameter -> torch parameter, with any shape difference
    port: str  # what a port must change
    difference: str = ""  # markdown link to docs/differences.md, if it has an entry
    kind: str = "core"  # "core" (reviewed table) or "same name" (listed by name only)


def parameter_mapping(ms_module: torch.nn.Module, torch_module: torch.nn.Module) -> str:
    """`gamma` -> `weight`, ... exactly as `mindshim.migration.weights` pairs the two modules' tensors."""
    ms_names = {id(t): n for n, t in list(ms_module.named_parameters()) + list(ms_module.named_buffers())}
    t_names = {id(t): n for n, t in list(torch_module.named_parameters()) + list(torch_module.named_buffers())}
    ms_layers, t_layers = weights.leaf_layers(ms_module), weights.leaf_layers(torch_module)
    if len(ms_layers) != len(t_layers):
        return f"cannot pair: {len(ms_layers)} layers with weights vs {len(t_layers)}"
    parts = []
    for (_, ms_layer), (_, t_layer) in zip(ms_layers, t_layers):
        counts = (len(weights._own_tensors(ms_layer)), len(weights._own_tensors(t_layer)))
        if counts[0] != counts[1]:
            return f"cannot pair: {counts[0]} tensors vs {counts[1]}"
        for p, t in weights._layer_pairs(ms_layer, t_layer):
            text = f"`{ms_names[id(p)]}`"
            text += "" if ms_names[id(p)] == t_names[id(t)] else f" -> `{t_names[id(t)]}`"
            parts.append(text + (f" (shape {tuple(p.shape)} vs {tuple(t.shape)})" if p.shape != t.shape else ""))
    return ", ".join(parts) or "none"


def _build(dotted: str, args: tuple[Any, ...]) -> torch.nn.Module:
    kwargs = args[-1] if args and isinstance(args[-1], dict) else {}
    return _resolve(dotted)(*args[:len(args) - bool(kwargs)], **kwargs)


def _resolve(dotted: str) -> Any:
    obj: Any = torch if dotted.startswith("torch.") else __import__("mindshim")
    for part in dotted.split(".")[1:] if dotted.startswith("torch.") else dotted.split("."):
        obj = getattr(obj, part)
    return obj


def _link(name: str, differences: dict[str, dict[str, str]]) -> str:
    diff = differences.get(f"mindspore.{name}")
    return f"[{diff['section']}](differences.md#{diff['anchor']})" if diff else ""


def rows(differences: dict[str, dict[str, str]]) -> list[Row]:
    """Every row of the table; `differences` maps canonical MindSpore names to docs/differences.md entries."""
    out = []
    for ms_name, ms_args, torch_name, torch_args, port in LAYERS:
        ms_module, torch_module = _build(ms_name, ms_args), _build(torch_name, torch_args)
        out.append(Row(ms_name, torch_name, parameter_mapping(ms_module, torch_module), port,
                       _link(ms_name, differences)))
    for ms_name, torch_name, port in FUNCTIONAL:
        out.append(Row(ms_name, torch_name, "", port, _link(ms_name.split(" ")[0], differences)))
    out += _same_name_rows(differences, {r.mindspore for r in out})
    return out


def _same_name_rows(differences: dict[str, dict[str, str]], done: set[str]) -> list[Row]:
    import mindshim.nn as msnn
    from mindshim.migration.check import check_data

    out = []
    for name in check_data()["names"]["mindspore.nn"]:
        cls = getattr(msnn, name, None)
        twin = getattr(torch.nn, name, None)
        if f"nn.{name}" in done or not isinstance(cls, type) or not isinstance(twin, type):
            continue
        if issubclass(cls, torch.nn.Module) and issubclass(twin, torch.nn.Module):
            out.append(Row(f"nn.{name}", f"torch.nn.{name}", "", "same name; arguments not reviewed",
                           _link(f"nn.{name}", differences), "same name"))
    return out


def render_markdown(differences: dict[str, dict[str, str]]) -> str:
    """The generated block of docs/migration.md."""
    table = rows(differences)
    core = [r for r in table if r.kind == "core"]
    lines = ["| MindSpore | PyTorch | parameters (MindSpore -> torch) | porting note | documented difference |",
             "|---|---|---|---|---|"]
    lines += [f"| `{r.mindspore}` | {_code(r.torch)} | {r.parameters} | {r.port} | {r.difference} |" for r in core]
    same = [r for r in table if r.kind == "same name"]
    lines += ["", f"The other {len(same)} `mindspore.nn` layers with a `torch.nn` class of the same name (arguments not "
              "reviewed; differences linked where docs/differences.md has one):", ""]
    lines += [f"- `{r.mindspore}` -> `{r.torch}`" + (f" ({r.difference})" if r.difference else "") for r in same]
    lines += ["", "Parameter names `mindshim.migration` maps (`weights._TORCH_NAME`): "
              + ", ".join(f"`{k}` -> `{v}`" for k, v in _TORCH_NAME.items()) + "; other names pair in order."]
    return "\n".join(lines) + "\n"


def _code(text: str) -> str:
    return text if "`" in text else f"`{text}`"


__all__ = ["Row", "rows", "render_markdown", "parameter_mapping", "LAYERS", "FUNCTIONAL"]
