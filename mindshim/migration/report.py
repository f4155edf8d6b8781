"""What `compare_training` finds (its data classes) and its outputs: a text table, JSON, and a picture.

The picture shows the loss curves of both sides and a layer x step heat map of the largest tolerance ratio
(|a - b| / (atol + rtol |b|) of gradients and weight updates; above 1 is past tolerance). It is a PNG when
matplotlib is installed (`pip install mindshim[report]`), otherwise a self-contained HTML page with inline SVG.
"""
from __future__ import annotations

import html
import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mindshim.migration.compare import Report

_EXTRA = "pip install mindshim[report]"


@dataclass
class TensorInfo:
    ms_name: str
    torch_name: str
    layer: str
    torch_layer: str
    shape: tuple
    trainable: bool


@dataclass
class TensorStep:
    grad_diff: float | None    # max |g_ms - g_torch|; None where neither side had a gradient
    update_diff: float         # max |dw_ms - dw_torch|
    weight_diff: float         # max |w_ms - w_torch| after the step
    grad_ratio: float          # max |a - b| / (atol + rtol |b|): past tolerance above 1
    update_ratio: float
    update_size: float = 0.0   # max |dw_torch|: how far the step moved the tensor

    @property
    def ratio(self) -> float:
        return max(self.grad_ratio, self.update_ratio)


@dataclass
class StepRecord:
    step: int
    ms_loss: float
    torch_loss: float
    loss_ratio: float
    tensors: list[TensorStep] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.loss_ratio <= 1 and all(t.ratio <= 1 for t in self.tensors)


@dataclass
class Divergence:
    step: int
    kind: str                   # "forward", "gradient", "update" or "loss"
    layer: str | None           # MindSpore layer name
    torch_layer: str | None
    tensor: str | None = None   # MindSpore tensor name, for "gradient" / "update"


@dataclass
class TrainingReport:
    tensors: list[TensorInfo]
    steps: list[StepRecord]
    rtol: float
    atol: float
    first: Divergence | None = None
    walk: Report | None = None

    @property
    def ok(self) -> bool:
        return self.first is None

    @property
    def layers(self) -> list[str]:
        return list(dict.fromkeys(t.layer for t in self.tensors))

    def layer_ratios(self) -> list[list[float]]:
        """[layer][step]: the largest tolerance ratio of the layer's tensors (gradient or update)."""
        index = {name: i for i, name in enumerate(self.layers)}
        out = [[0.0] * len(self.steps) for _ in index]
        for s, rec in enumerate(self.steps):
            for info, ts in zip(self.tensors, rec.tensors):
                row = out[index[info.layer]]
                row[s] = max(row[s], ts.ratio)
        return out

    def __str__(self) -> str:
        return text(self)

    def to_dict(self) -> dict:
        return as_dict(self)

    def save_json(self, path: str | Path) -> Path:
        return write_json(self, path)

    def save_picture(self, path: str | Path) -> Path:
        """PNG with matplotlib (`pip install mindshim[report]`), else a self-contained HTML/SVG page."""
        return write_picture(self, path)


def _fmt(x: float | None) -> str:
    return "-" if x is None else f"{x:.3e}"


def _worst(record: Any, infos: list, attr: str) -> tuple[float | None, str]:
    best: tuple[float | None, str] = (None, "")
    for info, ts in zip(infos, record.tensors):
        value = getattr(ts, attr)
        if value is not None and (best[0] is None or value > best[0]):
            best = (value, info.ms_name if value > 0 else "")
    return best


def describe(first: Any) -> str:
    if first is None:
        return "no divergence"
    where = f"layer {first.layer} (PyTorch {first.torch_layer})" if first.layer else "the loss"
    what = {"forward": "the forward output differs (layer walk on that step's batch)",
            "gradient": f"the gradient of {first.tensor} differs",
            "update": f"the update of {first.tensor} differs",
            "loss": "the loss differs while layers, gradients and updates agree"}[first.kind]
    return f"first divergence: step {first.step}, {where}: {what}"


def text(result: Any) -> str:
    """One row per step, then the first divergence (and the layer walk's table when the forward parts)."""
    lines = [f"{'step':>4}  {'MindSpore loss':>14}  {'PyTorch loss':>14}  {'|d loss|':>9}  "
             f"{'max |d grad|':>12} {'(tensor)':<26} {'max |d update|':>14} {'(tensor)':<26} status"]
    for rec in result.steps:
        g, gname = _worst(rec, result.tensors, "grad_diff")
        u, uname = _worst(rec, result.tensors, "update_diff")
        lines.append(f"{rec.step:>4}  {rec.ms_loss:>14.6f}  {rec.torch_loss:>14.6f}  "
                     f"{abs(rec.ms_loss - rec.torch_loss):>9.2e}  {_fmt(g):>12} {gname:<26} {_fmt(u):>14} "
                     f"{uname:<26} {'ok' if rec.ok else 'DIFFERS'}")
    lines.append(f"tolerance: rtol={result.rtol:g} atol={result.atol:g}; {len(result.steps)} steps, "
                 f"{len(result.tensors)} paired tensors in {len(result.layers)} layers")
    lines.append(describe(result.first))
    if result.first is not None:
        rec = result.steps[[r.step for r in result.steps].index(result.first.step)]
        lines.append(f"-- per layer at step {rec.step}: worst tolerance ratio (above 1 is past tolerance)")
        ratios = result.layer_ratios()
        for name, row in zip(result.layers, ratios):
            lines.append(f"   {name:<28} {row[result.steps.index(rec)]:.3g}")
        if result.walk is not None and result.first.kind == "forward":
            lines.append(f"-- layer walk at step {rec.step}")
            lines.append(str(result.walk))
    return "\n".join(lines)


def _num(x: float | None) -> float | None | str:
    if x is None:
        return None
    return x if math.isfinite(x) else ("inf" if x > 0 else ("-inf" if x < 0 else "nan"))


def as_dict(result: Any) -> dict:
    first = result.first
    return {
        "rtol": result.rtol, "atol": result.atol, "ok": result.ok,
        "first_divergence": None if first is None else {
            "step": first.step, "kind": first.kind, "layer": first.layer, "torch_layer": first.torch_layer,
            "tensor": first.tensor},
        "tensors": [{"ms_name": t.ms_name, "torch_name": t.torch_name, "layer": t.layer,
                     "torch_layer": t.torch_layer, "shape": list(t.shape), "trainable": t.trainable}
                    for t in result.tensors],
        "steps": [{"step": r.step, "ms_loss": _num(r.ms_loss), "torch_loss": _num(r.torch_loss),
                   "loss_ratio": _num(r.loss_ratio), "ok": r.ok,
                   "tensors": [{"grad_diff": _num(t.grad_diff), "update_diff": _num(t.update_diff),
                                "weight_diff": _num(t.weight_diff), "grad_ratio": _num(t.grad_ratio),
                                "update_ratio": _num(t.update_ratio), "update_size": _num(t.update_size)} for t in r.tensors]}
                  for r in result.steps],
        "layers": result.layers,
        "layer_ratios": [[_num(v) for v in row] for row in result.layer_ratios()],
        "layer_walk": None if result.walk is None else [
            {"ms_layer": r.ms_name, "torch_layer": r.torch_name, "max_abs_diff": _num(r.max_abs_diff), "ok": r.ok}
            for r in result.walk.rows],
    }


def write_json(result: Any, path: str | Path) -> Path:
    path = Path(path)
    path.write_text(json.dumps(as_dict(result), indent=1) + "\n")
    return path


def _have_matplotlib() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def write_picture(result: Any, path: str | Path) -> Path:
    """`.png` (or no suffix) -> PNG when matplotlib is importable, else the HTML page next to it; `.html`/`.svg`
    -> the HTML page."""
    path = Path(path)
    if path.suffix.lower() in (".html", ".htm", ".svg"):
        return write_html(result, path if path.suffix.lower() != ".svg" else path.with_suffix(".html"))
    if _have_matplotlib():
        return write_png(result, path if path.suffix else path.with_suffix(".png"))
    return write_html(result, path.with_suffix(".html"))


def write_png(result: Any, path: str | Path) -> Path:
    try:
        import matplotlib
        matplotlib.use("Agg", force=False)
        from matplotlib.figure import Figure
    except ImportError as err:
        raise ImportError(f"a PNG report needs matplotlib: {_EXTRA} (or write an .html report)") from err
    path = Path(path)
    fig = Figure(figsize=(9, 4 + 0.25 * len(result.layers)))
    loss_ax, heat_ax = fig.subplots(1, 2, gridspec_kw={"width_ratios": [1, 1.3]})
    steps = [r.step for r in result.steps]
    loss_ax.plot(steps, [r.ms_loss for r in result.steps], "o-", label="MindSpore (mindshim)")
    loss_ax.plot(steps, [r.torch_loss for r in result.steps], "x--", label="PyTorch")
    loss_ax.set_xlabel("step")
    loss_ax.set_ylabel("loss")
    loss_ax.legend()
    grid = [[_log_ratio(v) for v in row] for row in result.layer_ratios()]
    image = heat_ax.imshow(grid or [[0.0]], aspect="auto", cmap="RdYlGn_r", vmin=-3, vmax=3, interpolation="nearest")
    heat_ax.set_yticks(range(len(result.layers)), result.layers)
    heat_ax.set_xticks(range(len(steps)), [str(s) for s in steps])
    heat_ax.set_xlabel("step")
    heat_ax.set_title("log10 tolerance ratio (> 0: past tolerance)")
    fig.colorbar(image, ax=heat_ax)
    fig.suptitle(describe(result.first), fontsize=9)
    fig.tight_layout()
    fig.savefig(path, format="png")
    return path


def _log_ratio(v: float) -> float:
    if v != v or v == math.inf:
        return 3.0
    return max(-3.0, min(3.0, math.log10(v))) if v > 0 else -3.0


def _color(v: float) -> str:
    """Green (far inside tolerance) through yellow (at tolerance, log ratio 0) to red (far past it)."""
    x = (_log_ratio(v) + 3.0) / 6.0
    r = int(255 * min(1.0, 2 * x))
    g = int(255 * min(1.0, 2 * (1 - x)))
    return f"#{r:02x}{g:02x}40"


def _loss_svg(result: Any, width: int = 440, height: int = 280) -> str:
    left, right, top, bottom = 52, 16, 48, 34
    curves = [("MindSpore (mindshim)", "#1f77b4", [r.ms_loss for r in result.steps]),
              ("PyTorch", "#d62728", [r.torch_loss for r in result.steps])]
    values = [v for _, _, vs in curves for v in vs if math.isfinite(v)] or [0.0]
    lo, hi = min(values), max(values)
    hi = hi if hi > lo else lo + 1.0
    n = max(len(result.steps) - 1, 1)

    def xy(i: int, v: float) -> tuple[float, float]:
        v = v if math.isfinite(v) else hi
        return (left + (width - left - right) * i / n,
                height - bottom - (height - top - bottom) * (v - lo) / (hi - lo))

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" class="loss">',
             f'<rect x="0" y="0" width="{width}" height="{height}" fill="white" stroke="#ccc"/>',
             f'<text x="{width / 2}" y="16" text-anchor="middle" font-size="13">loss per step</text>',
             f'<line x1="{left}" y1="{top}" x2="{left}" y2="{height - bottom}" stroke="#888"/>',
             f'<line x1="{left}" y1="{height - bottom}" x2="{width - right}" y2="{height - bottom}" stroke="#888"/>',
             f'<text x="{left - 4}" y="{top + 4}" text-anchor="end" font-size="10">{hi:.4g}</text>',
             f'<text x="{left - 4}" y="{height - bottom}" text-anchor="end" font-size="10">{lo:.4g}</text>',
             f'<text x="{width / 2}" y="{height - 4}" text-anchor="middle" font-size="10">step</text>']
    parts += [f'<text x="{xy(i, lo)[0]:.1f}" y="{height - bottom + 13}" text-anchor="middle" font-size="10">'
              f'{rec.step}</text>' for i, rec in enumerate(result.steps)]
    for k, (label, color, vs) in enumerate(curves):
        points = [xy(i, v) for i, v in enumerate(vs)]
        parts.append(f'<polyline points="{" ".join(f"{x:.1f},{y:.1f}" for x, y in points)}" fill="none" '
                     f'stroke="{color}" stroke-width="2" stroke-dasharray="{"none" if k == 0 else "5,3"}">'
                     f'<title>{html.escape(label)}</title></polyline>')
        parts += [f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{color}"><title>{html.escape(label)}, step '
                  f'{rec.step}: {v:.6g}</title></circle>' for rec, v, (x, y) in zip(result.steps, vs, points)]
        parts.append(f'<text x="{left + 190 * k}" y="34" font-size="11" fill="{color}">'
                     f'{"&#8212;" if k == 0 else "- -"} {html.escape(label)}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def _heat_svg(result: Any, cell: int = 28) -> str:
    names, ratios = result.layers, result.layer_ratios()
    left = 12 + 7 * max([len(n) for n in names] + [5])
    width = max(left + cell * max(len(result.steps), 1) + 10, 440)
    height = 40 + cell * max(len(names), 1) + 24
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" class="heatmap">',
             f'<text x="{left}" y="16" font-size="13">worst tolerance ratio per layer and step</text>']
    for s, rec in enumerate(result.steps):
        parts.append(f'<text x="{left + cell * s + cell / 2}" y="34" text-anchor="middle" font-size="10">'
                     f'{rec.step}</text>')
    for row, (name, values) in enumerate(zip(names, ratios)):
        y = 40 + cell * row
        parts.append(f'<text x="{left - 6}" y="{y + cell / 2 + 4}" text-anchor="end" font-size="11">'
                     f'{html.escape(name)}</text>')
        for s, v in enumerate(values):
            mark = ' stroke="black" stroke-width="2"' if v > 1 else ' stroke="white"'
            parts.append(f'<rect x="{left + cell * s}" y="{y}" width="{cell}" height="{cell}" fill="{_color(v)}"'
                         f'{mark}><title>{html.escape(name)}, step {result.steps[s].step}: ratio {v:.3g}</title></rect>')
    parts.append(f'<text x="{left}" y="{height - 6}" font-size="10">green: within tolerance; red, outlined: '
                 f'past it (ratio above 1)</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def write_html(result: Any, path: str | Path) -> Path:
    path = Path(path)
    first = html.escape(describe(result.first))
    page = ("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>mindshim compare</title>"
            "<style>body{font-family:sans-serif} pre{font-size:11px}</style></head><body>\n"
            f"<h1>MindSpore (mindshim) vs PyTorch, step by step</h1>\n<p class=\"verdict\">{first}</p>\n"
            f"<div>{_loss_svg(result)}\n{_heat_svg(result)}</div>\n"
            f"<pre>{html.escape(text(result))}</pre>\n"
            f"<p>A PNG instead of this page: <code>{_EXTRA}</code>.</p>\n</body></html>\n")
    path.write_text(page, encoding="utf-8")
    return path


__all__ = ["TrainingReport", "StepRecord", "TensorStep", "TensorInfo", "Divergence", "text", "as_dict", "describe", "write_json", "write_picture", "write_png", "write_html"]
