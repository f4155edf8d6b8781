"""Checkpoints (weights and optimizer state) between MindSpore `.ckpt`/`.safetensors` files and PyTorch.

Pairing rule (checkpoint entry <-> PyTorch parameter or floating-point buffer):
1. by name, when every weight in the file names a PyTorch tensor, directly or with the last part renamed
   (`gamma`/`beta`/`moving_mean`/`moving_variance` -> `weight`/`bias`/`running_mean`/`running_var`,
   `embedding_table` -> `weight`);
2. otherwise by order: MindSpore saves parameters in definition order, so the file's weights are grouped into
   layers by their prefix and paired, layer by layer, with the PyTorch module's layers that own tensors
   (`named_modules()` order); inside a layer by the renamed name, else by order.
Shapes must agree, except that a MindSpore Conv1d weight has a 1 inserted at dim 2 (out, in, 1, k).
Optimizer state is recognised by MindSpore's prefixes and mapped by optimizer type:
`moments.<w>` (Momentum) <-> SGD `momentum_buffer`; `moment1.`/`moment2.`/`vhat.` (Adam) or `adam_m.`/`adam_v.`
(AdamWeightDecay) <-> Adam/AdamW `exp_avg`/`exp_avg_sq`/`max_exp_avg_sq`, with `step` from `beta1_power`
(= beta1**step) or else `global_step`; `learning_rate` (and `momentum`) set the param groups' values,
as `Optimizer.load_state_dict` would. Anything missing, left over or of another shape is one error listing
every such name on both sides, unless strict=False (then what fits is loaded and the rest reported).
"""
from __future__ import annotations

import logging
import math
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import torch

from mindshim._errors import unsupported
from mindshim.migration.convert import _NORM_FROM_TORCH, read_items, torch_name, write_items
from mindshim.migration.weights import _TORCH_NAME, _own_tensors

logger = logging.getLogger("mindshim")
STATE_PREFIXES = ("moments", "moment1", "moment2", "vhat", "adam_m", "adam_v", "accum", "stat",
                  "mean_square", "mean_grad", "moment")
BOOKKEEPING = ("global_step", "learning_rate", "momentum", "beta1_power", "beta2_power", "epoch_num", "step_num",
               "scale_sense", "loss_scale", "current_iterator_step", "last_overflow_iterator_step")
_NormBase = torch.nn.modules.batchnorm._NormBase  # BatchNorm*d and InstanceNorm*d


@dataclass
class CkptLoadResult:
    """What `load_ckpt_into_torch` did: checkpoint name -> PyTorch name for every value loaded, and the rest."""
    loaded: dict[str, str] = field(default_factory=dict)
    unexpected: list[str] = field(default_factory=list)  # in the file, not loaded
    missing: list[str] = field(default_factory=list)  # in PyTorch, given no value
    mismatched: list[str] = field(default_factory=list)  # paired, but of another shape
    global_step: int | None = None
    learning_rate: float | None = None


@dataclass
class _Split:
    model: list[tuple[str, Any]]
    state: dict[str, dict[str, torch.Tensor]]  # prefix -> weight name -> value
    other: dict[str, Any]


@dataclass
class _TorchEntry:  # one parameter or floating-point buffer: full name, its layer's name, name in the layer
    name: str
    layer: str
    local: str
    tensor: torch.Tensor
    module: torch.nn.Module


def _split(items: list[tuple[str, Any]]) -> _Split:
    names = {k for k, _ in items}
    out = _Split([], {}, {})
    for key, value in items:
        prefix, _, rest = key.partition(".")
        if prefix in STATE_PREFIXES and rest in names:
            out.state.setdefault(prefix, {})[rest] = value
        elif key in BOOKKEEPING or isinstance(value, str):
            out.other[key] = value
        else:
            out.model.append((key, value))
    return out


def _torch_entries(module: torch.nn.Module) -> list[_TorchEntry]:
    return [_TorchEntry(f"{layer}.{local}" if layer else local, layer, local, t, m)
            for layer, m in module.named_modules() for local, t in _own_tensors(m)]


def _fits(ms_shape: tuple[int, ...], t_shape: tuple[int, ...]) -> bool:
    """Equal shapes, or MindSpore's Conv1d weight (out, in, 1, k) against PyTorch's (out, in, k)."""
    return ms_shape == t_shape or (len(ms_shape) == len(t_shape) + 1 >= 3 and ms_shape[2] == 1
                                   and ms_shape[:2] + ms_shape[3:] == t_shape)


def _group(entries: list, layer_of: Any) -> list[tuple[str, list]]:
    groups: OrderedDict[str, list] = OrderedDict()
    for e in entries:
        groups.setdefault(layer_of(e), []).append(e)
    return list(groups.items())


def _pair(model: list[tuple[str, Any]], tensors: list[_TorchEntry]) -> tuple[list[tuple[str, _TorchEntry]], list[str]]:
    """(checkpoint name, PyTorch entry) pairs by the module docstring's rule, and notes on unpaired layers."""
    by_name = {e.name: e for e in tensors}
    targets = [k if k in by_name else torch_name(k) for k, _ in model]
    if set(targets) == set(by_name) and len(set(targets)) == len(targets):
        return [(k, by_name[t]) for (k, _), t in zip(model, targets)], []
    ms_layers = _group(model, lambda kv: kv[0].rpartition(".")[0])
    t_layers = _group(tensors, lambda e: e.layer)
    if len(ms_layers) != len(t_layers):  # no safe order pairing: keep the name matches only
        note = (f"the checkpoint has {len(ms_layers)} layers with weights ({[n for n, _ in ms_layers]}), the PyTorch "
                f"module {len(t_layers)} ({[n for n, _ in t_layers]})")
        return [(k, by_name[t]) for (k, _), t in zip(model, targets) if t in by_name], [note]
    out = []
    for (_, ms_own), (_, t_own) in zip(ms_layers, t_layers):
        local = {e.local: e for e in t_own}
        renamed = [_TORCH_NAME.get(k.rpartition(".")[2], k.rpartition(".")[2]) for k, _ in ms_own]
        if len(ms_own) == len(t_own) and set(renamed) == set(local) and len(set(renamed)) == len(renamed):
            out += [(k, local[r]) for (k, _), r in zip(ms_own, renamed)]
        else:
            out += [(k, e) for (k, _), e in zip(ms_own, t_own)]
    return out, []


def _error(where: str, result: CkptLoadResult, notes: list[str], source: str = "the checkpoint") -> str:
    lines = [f"{where} do not match:"]
    if result.unexpected:
        lines.append(f"  in {source} but not paired: {', '.join(result.unexpected)}")
    if result.missing:
        lines.append(f"  in PyTorch but not in {source}: {', '.join(result.missing)}")
    if result.mismatched:
        lines.append(f"  shapes differ: {'; '.join(result.mismatched)}")
    lines += [f"  {n}" for n in notes] + (["Pass strict=False to load what matches."] if "checkpoint" in source else [])
    return "\n".join(lines)


def _step_tensor(group: dict, param: torch.Tensor, step: int) -> torch.Tensor:  # as torch's Adam makes it
    on_device = group.get("capturable") or group.get("fused")
    return torch.tensor(float(step), dtype=torch.get_default_dtype() if torch.get_default_dtype() == torch.float64
                        else torch.float32, device=param.device if on_device else "cpu")


def _scalar(value: Any) -> float:
    return float(value.reshape(-1)[0])


def _load_optimizer(opt: torch.optim.Optimizer, split: _Split, names: dict[int, tuple[str, str]],
                    result: CkptLoadResult, notes: list[str]) -> None:
    used: set[str] = {"stat", "beta1_power", "beta2_power"}
    params = [(g, p) for g in opt.param_groups for p in g["params"] if id(p) in names]
    gs = split.other.get("global_step")
    result.global_step = int(_scalar(gs)) if isinstance(gs, torch.Tensor) and gs.numel() else None

    def state_of(prefix: str, p: torch.Tensor, key: str) -> torch.Tensor | None:
        name, t_name = names[id(p)]
        value = split.state.get(prefix, {}).get(name)
        if value is None:
            result.missing.append(f"{t_name}[{key!r}] (from {prefix}.{name})")
        elif value.numel() != p.numel():
            result.mismatched.append(f"{prefix}.{name} {tuple(value.shape)} <-> {t_name}[{key!r}] {tuple(p.shape)}")
        else:
            used.add(prefix)
            result.loaded[f"{prefix}.{name}"] = f"{t_name}[{key!r}]"
            return value.detach().reshape(p.shape).to(dtype=p.dtype, device=p.device).clone()
        return None

    if isinstance(opt, torch.optim.SGD):  # MindSpore Momentum's moments, or nn.SGD's accum (+ stat: 1 = no step yet)
        kind = "moments" if "moments" in split.state or "accum" not in split.state else "accum"
        for group, p in params:
            if not group["momentum"]:
                continue
            if group["dampening"] and kind == "moments" and not notes:
                notes.append(f"SGD dampening={group['dampening']} has no MindSpore Momentum counterpart")
            buf = state_of(kind, p, "momentum_buffer")
            stat = split.state.get("stat", {}).get(names[id(p)][0])
            if buf is not None and (stat is None or _scalar(stat) == 0):
                opt.state[p]["momentum_buffer"] = buf
        if "momentum" in split.other:
            for group in opt.param_groups:
                group["momentum"] = _scalar(split.other["momentum"])
    elif isinstance(opt, (torch.optim.Adam, torch.optim.AdamW)):
        m_kind, v_kind = ("moment1", "moment2") if "moment1" in split.state or "adam_m" not in split.state \
            else ("adam_m", "adam_v")
        b1p = split.other.get("beta1_power")
        if b1p is None and result.global_step is None:
            result.missing.append("beta1_power or global_step (Adam's step)")
        for group, p in params:
            power = _scalar(b1p) if b1p is not None else 1.0
            step = round(math.log(power) / math.log(group["betas"][0])) if power < 1 else (
                0 if b1p is not None else result.global_step or 0)
            m, v = state_of(m_kind, p, "exp_avg"), state_of(v_kind, p, "exp_avg_sq")
            vhat = state_of("vhat", p, "max_exp_avg_sq") if group.get("amsgrad") else None
            if m is not None and v is not None and (vhat is not None or not group.get("amsgrad")):
                opt.state[p] = {"step": _step_tensor(group, p, step), "exp_avg": m, "exp_avg_sq": v}
                if vhat is not None:
                    opt.state[p]["max_exp_avg_sq"] = vhat
    else:
        raise unsupported("mindshim.migration.load_ckpt_into_torch",
                          f"optimizer {type(opt).__name__} (SGD, Adam and AdamW are supported)")
    lr = split.other.get("learning_rate")
    if isinstance(lr, torch.Tensor) and lr.numel():  # a dynamic learning rate is one value per step
        result.learning_rate = float(lr.reshape(-1)[min(result.global_step or 0, lr.numel() - 1)])
        for group in opt.param_groups:
            group["lr"] = result.learning_rate
    for prefix, values in split.state.items():
        if prefix not in used:
            result.unexpected += [f"{prefix}.{n}" for n in values]


def load_ckpt_into_torch(ckpt_path: str, module: torch.nn.Module, optimizer: torch.optim.Optimizer | None = None,
                         strict: bool = True) -> CkptLoadResult:
    """Load a MindSpore checkpoint (.ckpt or .safetensors; .pt from `mindshim convert` too) into a PyTorch module
    and, if given, its optimizer (SGD with momentum, Adam, AdamW). Returns a CkptLoadResult."""
    split = _split(read_items(ckpt_path))
    tensors = _torch_entries(module)
    pairs, notes = _pair(split.model, tensors)
    result = CkptLoadResult()
    values = dict(split.model)
    paired_t = {id(e.tensor) for _, e in pairs}
    paired_ms = {k for k, _ in pairs}
    result.unexpected = [k for k, _ in split.model if k not in paired_ms]
    result.missing = [e.name for e in tensors if id(e.tensor) not in paired_t]
    names: dict[int, tuple[str, str]] = {}
    with torch.no_grad():
        for key, entry in pairs:
            value = values[key]
            if not _fits(tuple(value.shape), tuple(entry.tensor.shape)):
                result.mismatched.append(f"{key} {tuple(value.shape)} <-> {entry.name} {tuple(entry.tensor.shape)}")
                continue
            torch.Tensor.as_subclass(entry.tensor, torch.Tensor).copy_(value.reshape(entry.tensor.shape))
            result.loaded[key] = entry.name
            names[id(entry.tensor)] = (key, entry.name)
    if optimizer is not None:
        _load_optimizer(optimizer, split, names, result, notes)
    if result.unexpected or result.missing or result.mismatched or notes:
        where = f"{ckpt_path} and {type(module).__name__}" + (f" with {type(optimizer).__name__}" if optimizer else "")
        message = _error(where, result, notes)
        if strict:
            raise RuntimeError(message)
        logger.warning(message)
    return result


def match_mindspore_adam(optimizer: torch.optim.Optimizer) -> tuple[Any, Any]:
    """Make a PyTorch Adam step like MindSpore's Adam (or an AdamW step like MindSpore's AdamWeightDecay).

    MindSpore Adam: w -= lr * sqrt(1-b2^t)/(1-b1^t) * m / (sqrt(v) + eps), i.e. eps is added before the
    bias correction of v; PyTorch adds it after: m/(1-b1^t) / (sqrt(v)/sqrt(1-b2^t) + eps). The same step
    results from PyTorch's eps' = eps / sqrt(1-b2^t). MindSpore AdamWeightDecay has no bias correction at all:
    w -= lr * (m / (sqrt(v) + eps) + wd * w); PyTorch AdamW with lr' = lr (1-b1^t)/sqrt(1-b2^t),
    eps' = eps / sqrt(1-b2^t) and wd' = wd lr / lr' takes the same step. A pre-step hook sets these from each
    group's own values and a post-step hook puts them back (schedulers keep working); returns both handles.
    """
    if not isinstance(optimizer, (torch.optim.Adam, torch.optim.AdamW)):
        raise TypeError(f"match_mindspore_adam needs torch.optim.Adam or AdamW, not {type(optimizer).__name__}")
    decoupled = isinstance(optimizer, torch.optim.AdamW)
    saved: list[tuple[float, float, float]] = []

    def before(opt: torch.optim.Optimizer, args: Any, kwargs: Any) -> None:
        saved.clear()
        for group in opt.param_groups:
            saved.append((group["lr"], group["eps"], group["weight_decay"]))
            states = [opt.state.get(p, {}) for p in group["params"]]
            t = 1 + max((int(s["step"]) for s in states if "step" in s), default=0)
            b1, b2 = group["betas"]
            bc1, root_bc2 = 1 - b1 ** t, math.sqrt(1 - b2 ** t)
            group["eps"] = group["eps"] / root_bc2
            if decoupled:
                lr = group["lr"]
                group["lr"] = lr * bc1 / root_bc2
                group["weight_decay"] = group["weight_decay"] * lr / group["lr"]

    def after(opt: torch.optim.Optimizer, args: Any, kwargs: Any) -> None:
        for group, (lr, eps, wd) in zip(opt.param_groups, saved):
            group["lr"], group["eps"], group["weight_decay"] = lr, eps, wd

    return optimizer.register_step_pre_hook(before), optimizer.register_step_post_hook(after)


# ----- PyTorch -> MindSpore -----
def _default_name(entry: _TorchEntry) -> tuple[str, torch.Tensor]:
    m, local, t = entry.module, entry.local, entry.tensor
    if isinstance(m, (_NormBase, torch.nn.LayerNorm, torch.nn.GroupNorm)):
        local = _NORM_FROM_TORCH.get(local, local)
    elif isinstance(m, torch.nn.Embedding) and local == "weight":
        local = "embedding_table"
    elif isinstance(m, (torch.nn.Conv1d, torch.nn.ConvTranspose1d)) and local == "weight":
        t = t.unsqueeze(2)
    return (f"{entry.layer}.{local}" if entry.layer else local), t


def _template_items(template: Any) -> list[tuple[str, Any]]:
    if isinstance(template, str):
        return read_items(template)
    if hasattr(template, "parameters_and_names"):  # a MindSpore (mindshim) network
        return [(p.name, p) for _, p in template.parameters_and_names()]
    if isinstance(template, dict):
        return list(template.items())
    raise TypeError(f"template must be a checkpoint path, a MindSpore network or a dict, not {type(template).__name__}")


def _named_weights(module: torch.nn.Module, template: Any) -> list[tuple[str, torch.Tensor, torch.Tensor]]:
    """(MindSpore name, value in MindSpore's shape, the PyTorch tensor) for every weight of the module."""
    tensors = _torch_entries(module)
    if template is None:  # MindSpore's BatchNorm defines moving_mean, moving_variance, gamma, beta in that order
        rank = {"running_mean": -2, "running_var": -1}
        tensors = [e for _, own in _group(tensors, lambda e: e.layer) for e in sorted(
            own, key=lambda e: rank.get(e.local, 0) if isinstance(e.module, _NormBase) else 0)]
        return [(*_default_name(e), e.tensor) for e in tensors]
    model = _split(_template_items(template)).model
    pairs, notes = _pair(model, tensors)
    result = CkptLoadResult(unexpected=[k for k, _ in model if k not in {k for k, _ in pairs}],
                            missing=[e.name for e in tensors if id(e.tensor) not in {id(e.tensor) for _, e in pairs}])
    shapes = {k: tuple(v.shape) for k, v in model}
    result.mismatched = [f"{k} {shapes[k]} <-> {e.name} {tuple(e.tensor.shape)}" for k, e in pairs
                         if not _fits(shapes[k], tuple(e.tensor.shape))]
    if result.unexpected or result.missing or result.mismatched or notes:
        raise RuntimeError(_error(f"the template and {type(module).__name__}", result, notes, "the template"))
    return [(k, e.tensor.reshape(shapes[k]), e.tensor) for k, e in pairs]


def _powers(beta: float, step: int) -> np.ndarray:
    power = np.float32(1.0)
    for _ in range(step):  # the float32 product MindSpore's Adam accumulates
        power = np.float32(power * np.float32(beta))
    return np.array(power, np.float32)


def _optimizer_items(opt: torch.optim.Optimizer, names: dict[int, tuple[str, torch.Tensor]],
                     global_step: int | None, ms_optimizer: str | None) -> list[tuple[str, Any]]:
    if isinstance(opt, torch.optim.SGD):
        kind = ms_optimizer or "Momentum"
    elif isinstance(opt, (torch.optim.Adam, torch.optim.AdamW)):
        kind = ms_optimizer or ("AdamWeightDecay" if isinstance(opt, torch.optim.AdamW) else "Adam")
    else:
        raise unsupported("mindshim.migration.save_torch_as_ckpt",
                          f"optimizer {type(opt).__name__} (SGD, Adam and AdamW are supported)")
    expected = {"Momentum": torch.optim.SGD, "SGD": torch.optim.SGD, "Adam": torch.optim.Adam,
                "AdamWeightDecay": torch.optim.Adam}
    if kind not in expected or not isinstance(opt, expected[kind]):
        raise ValueError(f"ms_optimizer={kind!r} does not fit a {type(opt).__name__}; use one of "
                         f"{[k for k, v in expected.items() if isinstance(opt, v)]}")
    params = [(g, p) for g in opt.param_groups for p in g["params"]]
    unnamed = [tuple(p.shape) for _, p in params if id(p) not in names]
    if unnamed:
        raise RuntimeError(f"optimizer parameters of shapes {unnamed} are not weights of the module")
    step = max((int(opt.state[p]["step"]) for _, p in params if "step" in opt.state.get(p, {})), default=0)
    group = opt.param_groups[0]
    items: list[tuple[str, Any]] = [
        ("global_step", torch.tensor([step if global_step is None else global_step], dtype=torch.int32)),
        ("learning_rate", torch.tensor(float(group["lr"]), dtype=torch.float32))]

    def state(prefix: str, key: str) -> list[tuple[str, Any]]:
        out = []
        for _, p in params:
            name, ms_value = names[id(p)]
            value = opt.state.get(p, {}).get(key)
            value = torch.zeros_like(ms_value) if value is None else value.detach().reshape(ms_value.shape)
            out.append((f"{prefix}.{name}", value.cpu()))
        return out

    if kind in ("Momentum", "SGD"):
        items.append(("momentum", torch.tensor(float(group["momentum"]), dtype=torch.float32)))
        items += state("moments" if kind == "Momentum" else "accum", "momentum_buffer")
        if kind == "SGD":  # stat: 1 until the first step, as MindSpore's SGD keeps it
            items += [(f"stat.{names[id(p)][0]}", torch.full_like(
                names[id(p)][1], 0.0 if "momentum_buffer" in opt.state.get(p, {}) else 1.0).cpu()) for _, p in params]
    elif kind == "Adam":
        b1, b2 = group["betas"]
        items += [("beta1_power", torch.from_numpy(_powers(b1, step))),
                  ("beta2_power", torch.from_numpy(_powers(b2, step)))]
        items += state("moment1", "exp_avg") + state("moment2", "exp_avg_sq")
        if group.get("amsgrad"):
            items += state("vhat", "max_exp_avg_sq")
    else:
        items += state("adam_m", "exp_avg") + state("adam_v", "exp_avg_sq")
    return items


def save_torch_as_ckpt(module: torch.nn.Module, ckpt_path: str, optimizer: torch.optim.Optimizer | None = None, *,
                       template: Any = None, global_step: int | None = None, ms_optimizer: str | None = None,
                       append_dict: dict | None = None) -> list[str]:
    """Write a PyTorch module's weights (and optimizer state) as a MindSpore checkpoint (.ckpt or .safetensors).

    Names come from `template` (a checkpoint path, a MindSpore network or a name -> tensor dict, paired by the
    rule above) or else from the module (norm layers' gamma/beta/moving_mean/moving_variance, an Embedding's
    embedding_table, Conv1d weights made 4-D). The optimizer state is written as MindSpore's `ms_optimizer` holds
    it: "Momentum" (default for SGD) or "SGD"; "Adam"; "AdamWeightDecay" (default for AdamW). Returns the names.
    """
    weights = _named_weights(module, template)
    items: list[tuple[str, Any]] = [(name, value.detach().cpu()) for name, value, _ in weights]
    if optimizer is not None:
        names = {id(t): (name, value) for name, value, t in weights}
        items += _optimizer_items(optimizer, names, global_step, ms_optimizer)
    items += list((append_dict or {}).items())
    write_items(ckpt_path, items)
    return [k for k, _ in items]


__all__ = ["load_ckpt_into_torch", "save_torch_as_ckpt", "match_mindspore_adam", "CkptLoadResult"]
