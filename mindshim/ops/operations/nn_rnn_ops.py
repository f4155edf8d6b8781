"""Recurrent primitives: `ops.LSTM(...)` (flat-weight, CPU layout), `ops.DynamicRNN(...)` and
`ops.DynamicGRUV2(...)` (Ascend-style single-layer cells).

Mapping decisions (MindSpore 2.10):
- `LSTM(input_size, hidden_size, num_layers, has_bias, bidirectional, dropout)(x, h, c, w)` reads the flat
  weight `w` as MindSpore's CPU kernel does: every (layer, direction) input-hidden matrix (4H, in) first,
  then every hidden-hidden matrix (4H, H), then one summed bias (4H) per (layer, direction); gates in
  i, f, g, o order. It returns (output, h_n, c_n, reserve, state); reserve and state are opaque workspaces
  in MindSpore and are (1, 1) zeros here. Inter-layer dropout and proj_size > 0 are not supported.
- `DynamicRNN` and `DynamicGRUV2` have no MindSpore CPU kernel. DynamicRNN's weight is
  (input + hidden, 4H) with gates in i, j (cell candidate), f, o order and `forget_bias` added to f, the
  layout MindSpore's own Ascend nn.LSTM feeds it; outputs are (y, h, c, i, j, f, o, tanh(c)) per step.
  DynamicGRUV2 takes (input, 3H) / (hidden, 3H) weights in 'rzh' or 'zrh' order and returns
  (y, h, update, reset, new, W_hn h + b_hn) per step. Both are checked against MindSpore's nn.LSTM / nn.GRU.
"""
from __future__ import annotations

from typing import Any

import torch

from mindshim._errors import unsupported
from mindshim.ops.operations._pool_util import plain_io
from mindshim.ops.primitive import Primitive


def _check_int(value: Any, arg: str, op: str, minimum: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"For '{op}', '{arg}' must be an int, but got {value!r}.")
    if value < minimum:
        raise ValueError(f"For '{op}', '{arg}' must be >= {minimum}, but got {value}.")
    return value


class LSTM(Primitive):
    def __init__(self, input_size: int, hidden_size: int, num_layers: int, has_bias: bool, bidirectional: bool,
                 dropout: float, proj_size: int = 0) -> None:
        super().__init__()
        op = "LSTM"
        self.input_size = _check_int(input_size, "input_size", op)
        self.hidden_size = _check_int(hidden_size, "hidden_size", op)
        self.num_layers = _check_int(num_layers, "num_layers", op)
        for arg, v in (("has_bias", has_bias), ("bidirectional", bidirectional)):
            if not isinstance(v, bool):
                raise TypeError(f"For '{op}', '{arg}' must be a bool, but got {v!r}.")
        if not isinstance(dropout, float):
            raise TypeError(f"For '{op}', 'dropout' must be a float, but got {dropout!r}.")
        if not 0.0 <= dropout <= 1.0:
            raise ValueError(f"For '{op}', 'dropout' must be in [0.0, 1.0], but got {dropout}.")
        _check_int(proj_size, "proj_size", op, minimum=0)
        if proj_size >= hidden_size:
            raise ValueError(f"For '{op}', 'proj_size' must be in [0, {hidden_size}), but got {proj_size}.")
        self.has_bias, self.bidirectional, self.dropout, self.proj_size = has_bias, bidirectional, dropout, proj_size

    @plain_io
    def __call__(self, x: Any, h: Any, c: Any, w: Any) -> Any:
        if self.proj_size:
            raise unsupported("ops.LSTM(proj_size > 0)")
        if self.dropout > 0 and self.num_layers > 1:
            raise unsupported("ops.LSTM(dropout > 0)")
        hid, dirs = self.hidden_size, 2 if self.bidirectional else 1
        flat = w.reshape(-1)
        sizes = [self.input_size if layer == 0 else hid * dirs for layer in range(self.num_layers) for _ in range(dirs)]
        need = sum(4 * hid * (n + hid) for n in sizes) + (len(sizes) * 4 * hid if self.has_bias else 0)
        if flat.numel() < need:
            raise ValueError(f"For 'LSTM', the weight must have at least {need} elements, but got {flat.numel()}.")
        pos, w_ih, w_hh, bias = 0, [], [], []
        for n in sizes:
            w_ih.append(flat[pos:pos + 4 * hid * n].reshape(4 * hid, n))
            pos += 4 * hid * n
        for _ in sizes:
            w_hh.append(flat[pos:pos + 4 * hid * hid].reshape(4 * hid, hid))
            pos += 4 * hid * hid
        params: list = []
        for i in range(len(sizes)):
            params += [w_ih[i], w_hh[i]]
            if self.has_bias:
                params += [flat[pos:pos + 4 * hid], torch.zeros(4 * hid, dtype=flat.dtype, device=flat.device)]
                pos += 4 * hid
        out, hn, cn = torch.lstm(x, (h, c), params, self.has_bias, self.num_layers, 0.0, False, self.bidirectional,
                                 False)
        ws = torch.zeros((1, 1), dtype=x.dtype, device=x.device)
        return out, hn, cn, ws, ws.clone()


def _check_half(op: str, **tensors: Any) -> None:
    for arg, t in tensors.items():
        if t is not None and t.dtype != torch.float16:
            raise TypeError(f"For '{op}', '{arg}' must be float16, but got {t.dtype}.")


class DynamicRNN(Primitive):
    def __init__(self, cell_type: str = "LSTM", direction: str = "UNIDIRECTIONAL", cell_depth: int = 1,
                 use_peephole: bool = False, keep_prob: float = 1.0, cell_clip: float = -1.0, num_proj: int = 0,
                 time_major: bool = True, activation: str = "tanh", forget_bias: float = 0.0,
                 is_training: bool = True) -> None:
        super().__init__()
        op = "DynamicRNN"
        for arg, v, ok in (("cell_type", cell_type, "LSTM"), ("direction", direction, "UNIDIRECTIONAL"),
                           ("activation", activation, "tanh")):
            if v != ok:
                raise ValueError(f"For '{op}', '{arg}' only supports {ok!r}, but got {v!r}.")
        if time_major is not True:
            raise ValueError(f"For '{op}', 'time_major' only supports True, but got {time_major!r}.")
        if not isinstance(forget_bias, float) or not isinstance(cell_clip, float) or not isinstance(keep_prob, float):
            raise TypeError(f"For '{op}', 'forget_bias', 'cell_clip' and 'keep_prob' must be floats.")
        self.use_peephole, self.num_proj, self.keep_prob = use_peephole, num_proj, keep_prob
        self.cell_clip, self.forget_bias, self.cell_depth = cell_clip, forget_bias, cell_depth

    @plain_io
    def __call__(self, x: Any, w: Any, b: Any, seq_length: Any, init_h: Any, init_c: Any) -> Any:
        op = "DynamicRNN"
        if seq_length is not None:
            raise ValueError(f"For '{op}', 'seq_length' only supports None.")
        if self.use_peephole or self.num_proj or self.keep_prob != 1.0:
            raise unsupported(f"ops.{op}(use_peephole/num_proj/keep_prob)")
        _check_half(op, x=x, w=w, init_h=init_h, init_c=init_c)
        steps, _, n_in = x.shape
        hid = init_h.shape[-1]
        if tuple(w.shape) != (n_in + hid, 4 * hid) or tuple(b.shape) != (4 * hid,):
            raise ValueError(f"For '{op}', 'w' must be ({n_in + hid}, {4 * hid}) and 'b' ({4 * hid},).")
        dt = b.dtype
        wf, bf = w.float(), b.float()
        h, c = init_h[0].float(), init_c[0].float()
        rec: dict = {k: [] for k in ("h", "c", "i", "j", "f", "o", "t")}
        for t in range(steps):
            gates = torch.cat([x[t].float(), h], -1) @ wf + bf
            gi, gj, gf, go = gates.chunk(4, -1)
            i, j, f, o = torch.sigmoid(gi), torch.tanh(gj), torch.sigmoid(gf + self.forget_bias), torch.sigmoid(go)
            c = f * c + i * j
            if self.cell_clip > 0:
                c = c.clamp(-self.cell_clip, self.cell_clip)
            tc = torch.tanh(c)
            h = o * tc
            for k, v in (("h", h), ("c", c), ("i", i), ("j", j), ("f", f), ("o", o), ("t", tc)):
                rec[k].append(v)
        s = {k: torch.stack(v) for k, v in rec.items()}
        return (s["h"].to(dt), s["h"].half(), s["c"].to(dt), s["i"].to(dt), s["j"].to(dt), s["f"].to(dt),
                s["o"].to(dt), s["t"].to(dt))


class DynamicGRUV2(Primitive):
    def __init__(self, direction: str = "UNIDIRECTIONAL", cell_depth: int = 1, keep_prob: float = 1.0,
                 cell_clip: float = -1.0, num_proj: int = 0, time_major: bool = True, activation: str = "tanh",
                 gate_order: str = "rzh", reset_after: bool = True, is_training: bool = True) -> None:
        super().__init__()
        op = "DynamicGRUV2"
        if direction != "UNIDIRECTIONAL" or activation != "tanh":
            raise ValueError(f"For '{op}', only direction 'UNIDIRECTIONAL' and activation 'tanh' are supported.")
        if gate_order not in ("rzh", "zrh"):
            raise ValueError(f"For '{op}', 'gate_order' must be 'rzh' or 'zrh', but got {gate_order!r}.")
        if not isinstance(reset_after, bool):
            raise TypeError(f"For '{op}', 'reset_after' must be a bool, but got {reset_after!r}.")
        self.gate_order, self.reset_after, self.num_proj, self.keep_prob = gate_order, reset_after, num_proj, keep_prob
        self.time_major, self.cell_clip = time_major, cell_clip

    @plain_io
    def __call__(self, x: Any, weight_input: Any, weight_hidden: Any, bias_input: Any, bias_hidden: Any,
                 seq_length: Any, init_h: Any) -> Any:
        op = "DynamicGRUV2"
        if seq_length is not None:
            raise ValueError(f"For '{op}', 'seq_length' only supports None.")
        if self.num_proj or self.keep_prob != 1.0 or self.time_major is not True:
            raise unsupported(f"ops.{op}(num_proj/keep_prob/time_major=False)")
        _check_half(op, x=x, weight_input=weight_input, weight_hidden=weight_hidden)
        hid = init_h.shape[-1]
        dt = bias_input.dtype if bias_input is not None else (
            bias_hidden.dtype if bias_hidden is not None else init_h.dtype)
        zeros = torch.zeros(3 * hid, device=x.device)
        bi = zeros if bias_input is None else bias_input.float()
        bh = zeros if bias_hidden is None else bias_hidden.float()
        wi, wh, h = weight_input.float(), weight_hidden.float(), init_h.float()
        order = (0, 1, 2) if self.gate_order == "rzh" else (1, 0, 2)
        rec: dict = {k: [] for k in ("h", "z", "r", "n", "hn")}
        for t in range(x.shape[0]):
            xi = (x[t].float() @ wi + bi).chunk(3, -1)
            hi = (h @ wh + bh).chunk(3, -1)
            xr, xz, xn = (xi[k] for k in order)
            hr, hz, hn = (hi[k] for k in order)
            r, z = torch.sigmoid(xr + hr), torch.sigmoid(xz + hz)
            if self.reset_after:
                n = torch.tanh(xn + r * hn)
            else:
                n_w = wh.chunk(3, -1)[order[2]]
                n = torch.tanh(xn + (r * h) @ n_w + bh.chunk(3, -1)[order[2]])
            h = (1 - z) * n + z * h
            for k, v in (("h", h), ("z", z), ("r", r), ("n", n), ("hn", hn)):
                rec[k].append(v)
        s = {k: torch.stack(v).to(dt) for k, v in rec.items()}
        return s["h"], s["h"].clone(), s["z"], s["r"], s["n"], s["hn"]


__all__ = ["LSTM", "DynamicRNN", "DynamicGRUV2"]

from mindshim.ops.operations._factory import finish as _finish  # noqa: E402

_finish(globals())
