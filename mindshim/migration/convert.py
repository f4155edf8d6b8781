"""`mindshim convert SRC DST`: checkpoint files between MindSpore (.ckpt, .safetensors) and PyTorch (.pt).

A `.pt` file is a plain `torch.save`d OrderedDict name -> tensor (strings stay `str`), loadable with
`torch.load(path, weights_only=True)`. MindSpore names become PyTorch-style ones on the last dot-separated part
(`gamma`/`beta`/`moving_mean`/`moving_variance` -> `weight`/`bias`/`running_mean`/`running_var`,
`embedding_table` -> `weight`, also under optimizer prefixes such as `moments.`); the original names ride along
as the dict's `_mindspore_names` attribute, so .ckpt -> .pt -> .ckpt gives the same bytes back. For a .pt that
lacks them (written by PyTorch itself), a layer holding `running_mean`/`running_var` is taken as a norm layer and
named `gamma`/`beta`/`moving_mean`/`moving_variance`, `num_batches_tracked` is dropped, and every other name is
kept (a LayerNorm's or Embedding's `weight` cannot be told apart from a Dense one's by name alone).
Values keep their dtype and shape; a Conv1d weight keeps its rank (use `save_torch_as_ckpt` with the module to
get MindSpore's 4-D form).
"""
from __future__ import annotations

import argparse
import collections
import os
import sys
from typing import Any

import torch

from mindshim.migration.weights import _TORCH_NAME

Items = list[tuple[str, Any]]  # (name, torch.Tensor or str), in file order
_SUFFIXES = (".ckpt", ".safetensors", ".pt", ".pth")
_NORM_FROM_TORCH = {"weight": "gamma", "bias": "beta", "running_mean": "moving_mean", "running_var": "moving_variance"}


def _kind(path: str) -> str:
    for suffix in _SUFFIXES:
        if path.endswith(suffix):
            return "pt" if suffix == ".pth" else suffix[1:]
    raise ValueError(f"{path!r}: the file name must end with one of {', '.join(_SUFFIXES)}")


def read_items(path: str) -> Items:
    """Every named value of a .ckpt, .safetensors or .pt file, with MindSpore names, in file order."""
    kind = _kind(path)
    if kind == "pt":
        data = torch.load(path, map_location="cpu", weights_only=True)
        if not isinstance(data, dict) or not all(isinstance(k, str) and isinstance(v, (torch.Tensor, str, int, float))
                                                 for k, v in data.items()):
            raise ValueError(f"{path!r} does not hold a state dict (a flat dict of name -> tensor); save "
                             f"`model.state_dict()` on its own first")
        return [(k, v if isinstance(v, (torch.Tensor, str)) else torch.tensor(v)) for k, v in _from_torch_names(data)]
    from mindshim.train.serialization import load_checkpoint
    params = load_checkpoint(path, format="safetensors" if kind == "safetensors" else "ckpt")
    return [(k, v if isinstance(v, str) else torch.Tensor.as_subclass(v, torch.Tensor).detach())
            for k, v in params.items()]


def write_items(path: str, items: Items) -> None:
    """Write (name, value) pairs as a .ckpt (byte layout of MindSpore's save_checkpoint), .safetensors or .pt."""
    kind = _kind(path)
    if kind == "pt":
        torch.save(_to_torch_names(items), path)
        return
    from mindshim.train.serialization import save_checkpoint
    save_checkpoint(dict(items), path, format="safetensors" if kind == "safetensors" else "ckpt")


def torch_name(ms_name: str) -> str:
    """The PyTorch-style name of a MindSpore parameter name (last part renamed)."""
    head, _, last = ms_name.rpartition(".")
    last = _TORCH_NAME.get(last, last)
    return f"{head}.{last}" if head else last


def _to_torch_names(items: Items) -> collections.OrderedDict:
    names = [torch_name(k) for k, _ in items]
    if len(set(names)) != len(names):  # renaming would merge two entries: keep MindSpore's names
        names = [k for k, _ in items]
    out = collections.OrderedDict(zip(names, (v for _, v in items)))
    out._mindspore_names = [k for k, _ in items]  # type: ignore[attr-defined]
    return out


def _from_torch_names(data: dict) -> Items:
    saved = getattr(data, "_mindspore_names", None)
    if isinstance(saved, list) and len(saved) == len(data) and all(
            isinstance(ms, str) and key in (ms, torch_name(ms)) for ms, key in zip(saved, data)):
        return list(zip(saved, data.values()))
    norm_layers = {k.rpartition(".")[0] for k in data if k.rpartition(".")[2] in ("running_mean", "running_var")}
    out = []
    for key, value in data.items():
        head, _, last = key.rpartition(".")
        if head in norm_layers:
            if last == "num_batches_tracked":
                continue
            last = _NORM_FROM_TORCH.get(last, last)
        out.append((f"{head}.{last}" if head else last, value))
    return out


def convert(src: str, dst: str) -> int:
    """Convert one file; returns the number of values written."""
    items = read_items(src)
    write_items(dst, items)
    return len(items)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="mindshim convert",
        description="Convert a checkpoint between MindSpore (.ckpt, .safetensors) and PyTorch (.pt/.pth). "
                    "Names: gamma/beta/moving_mean/moving_variance/embedding_table <-> PyTorch's; values unchanged.")
    parser.add_argument("src", help="the file to read (.ckpt, .safetensors, .pt or .pth)")
    parser.add_argument("dst", help="the file to write (.ckpt, .safetensors, .pt or .pth)")
    args = parser.parse_args(argv)
    if not os.path.isfile(args.src):
        print(f"mindshim convert: {args.src}: no such file", file=sys.stderr)
        return 2
    try:
        count = convert(args.src, args.dst)
    except (ValueError, TypeError, RuntimeError) as err:
        print(f"mindshim convert: {err}", file=sys.stderr)
        return 1
    print(f"wrote {count} values to {args.dst}")
    return 0


__all__ = ["main", "convert", "read_items", "write_items", "torch_name"]
