"""Extra nn primitives: channel dropouts, CTC losses and decoding, margin losses, activations
(`ops.Dropout2D(keep_prob)`, `ops.CTCLossV2(...)`, `ops.CTCGreedyDecoder()`, `ops.GLU(axis)`, ...).

Mapping decisions (MindSpore 2.10 CPU, checked against the real thing):
- `Dropout2D`/`Dropout3D` zero whole channels; they return (output, Bool mask broadcast to the input).
- `CTCLossV2` only takes reduction='none' and returns (loss, log_alpha (N, T, 2S+1)); like MindSpore's CPU
  kernel, zero_infinity only zeroes gradients. `CTCLoss` (TF style) takes logits, uses the last class
  as blank and returns (loss, d loss / d logits); ctc_merge_repeated=False is not supported.
- `CTCGreedyDecoder` uses the last class as blank and returns (indices, values, dense shape,
  -sum of the per-step maxima) in Int64 / the input dtype.
- `MultilabelMarginLoss` returns (loss, Int32 is_target); `TripletMarginLoss` takes the margin as a tensor.
  Those two and `LogSoftmaxExt` have no MindSpore CPU kernel; they follow the documented formulas.
"""
from __future__ import annotations

from typing import Any

import torch
import torch.nn.functional as F

from mindshim._errors import unsupported
from mindshim.ops.function import activation_func as A
from mindshim.ops.function import loss_func as Lf
from mindshim.ops.function import nn_more_func as Nm
from mindshim.ops.operations._pool_util import plain_io, pt
from mindshim.ops.primitive import Primitive

_REDUCTIONS = ("mean", "sum", "none")


def _reduction(value: Any, op: str, allowed: tuple = _REDUCTIONS) -> str:
    if not isinstance(value, str) or value not in allowed:
        raise ValueError(f"For '{op}', 'reduction' must be one of {list(allowed)}, but got {value!r}.")
    return value


class Dropout2D(Primitive):
    _rank, _op = 4, "Dropout2D"

    def __init__(self, keep_prob: float = 0.5) -> None:
        super().__init__()
        if isinstance(keep_prob, bool) or not isinstance(keep_prob, float):
            raise TypeError(f"For '{self._op}', 'keep_prob' must be a float, but got {keep_prob!r}.")
        if not 0.0 <= keep_prob <= 1.0:
            raise ValueError(f"For '{self._op}', 'keep_prob' must be in [0.0, 1.0], but got {keep_prob}.")
        self.keep_prob = keep_prob

    @plain_io
    def __call__(self, x: Any) -> Any:
        if not isinstance(x, torch.Tensor):
            raise TypeError(f"For '{self._op}', the input must be a Tensor.")
        if x.dim() != self._rank:
            raise ValueError(f"For '{self._op}', the input must be {self._rank}-D, but got {x.dim()}-D.")
        keep = torch.rand(x.shape[:2] + (1,) * (x.dim() - 2), device=x.device) < self.keep_prob
        mask = keep.expand(x.shape)
        scale = 1.0 / self.keep_prob if self.keep_prob > 0 else 0.0
        return x * mask.to(x.dtype) * scale, mask.clone()


class Dropout3D(Dropout2D):
    _rank, _op = 5, "Dropout3D"


def _lengths(v: Any, device: torch.device) -> torch.Tensor:
    return (v if isinstance(v, torch.Tensor) else torch.tensor(list(v))).to(device=device, dtype=torch.long)


class CTCLossV2(Primitive):
    def __init__(self, blank: int = 0, reduction: str = "none", zero_infinity: bool = False) -> None:
        super().__init__()
        self.blank = blank
        self.reduction = _reduction(reduction, "CTCLossV2", ("none",))
        self.zero_infinity = zero_infinity

    @plain_io
    def __call__(self, log_probs: Any, targets: Any, input_lengths: Any, target_lengths: Any) -> Any:
        return ctc_v2(log_probs, targets, input_lengths, target_lengths, self.blank, self.zero_infinity, "CTCLossV2")


def ctc_v2(log_probs: torch.Tensor, targets: torch.Tensor, input_lengths: Any, target_lengths: Any, blank: int,
           zero_infinity: bool, op: str) -> tuple:
    """(negative log likelihood (N,), log_alpha (N, T, 2S+1)) of plain tensors."""
    if log_probs.dim() != 3 or targets.dim() != 2:
        raise ValueError(f"For '{op}', 'log_probs' must be 3-D and 'targets' 2-D.")
    n_class = log_probs.shape[-1]
    if not 0 <= blank < n_class:
        raise ValueError(f"For '{op}', 'blank' must be in [0, {n_class}), but got {blank}.")
    il, tl = _lengths(input_lengths, log_probs.device), _lengths(target_lengths, log_probs.device)
    if int(il.max()) > log_probs.shape[0] or int(tl.max()) > targets.shape[1]:
        raise ValueError(f"For '{op}', the lengths exceed the sizes of 'log_probs' / 'targets'.")
    if targets.numel() and (int(targets.min()) < 0 or int(targets.max()) >= n_class):
        raise ValueError(f"For '{op}', the values of 'targets' must be in [0, {n_class}).")
    loss, alpha = torch.ops.aten._ctc_loss(log_probs, targets.long(), il, tl, blank, zero_infinity)
    # torch leaves log_alpha beyond each sample's input/target length unwritten; MindSpore fills -inf
    steps = torch.arange(alpha.shape[1], device=alpha.device).reshape(1, -1, 1) < il.reshape(-1, 1, 1)
    states = torch.arange(alpha.shape[2], device=alpha.device).reshape(1, 1, -1) < (2 * tl + 1).reshape(-1, 1, 1)
    return loss, torch.where(steps & states, alpha, torch.full_like(alpha, float("-inf")))


class CTCLoss(Primitive):
    def __init__(self, preprocess_collapse_repeated: bool = False, ctc_merge_repeated: bool = True,
                 ignore_longer_outputs_than_inputs: bool = False) -> None:
        super().__init__()
        for arg, v in (("preprocess_collapse_repeated", preprocess_collapse_repeated),
                       ("ctc_merge_repeated", ctc_merge_repeated),
                       ("ignore_longer_outputs_than_inputs", ignore_longer_outputs_than_inputs)):
            if not isinstance(v, bool):
                raise TypeError(f"For 'CTCLoss', '{arg}' must be a bool, but got {v!r}.")
        self.preprocess_collapse_repeated = preprocess_collapse_repeated
        self.ctc_merge_repeated = ctc_merge_repeated
        self.ignore_longer_outputs_than_inputs = ignore_longer_outputs_than_inputs

    @plain_io
    def __call__(self, x: Any, labels_indices: Any, labels_values: Any, sequence_length: Any) -> Any:
        if not self.ctc_merge_repeated:
            raise unsupported("ops.CTCLoss(ctc_merge_repeated=False)")
        t_max, batch, n_class = x.shape
        idx, vals = labels_indices.tolist(), labels_values.tolist()
        seqs: list = [[] for _ in range(batch)]
        for (b, t), v in sorted(zip(map(tuple, idx), vals)):
            if not 0 <= b < batch or not 0 <= v < n_class:
                raise ValueError("For 'CTCLoss', 'labels_indices'/'labels_values' are out of range.")
            seqs[b].append(v)
        if self.preprocess_collapse_repeated:
            seqs = [[v for i, v in enumerate(s) if i == 0 or s[i - 1] != v] for s in seqs]
        seq_len = sequence_length.long()
        if int(seq_len.max()) > t_max:
            raise ValueError(f"For 'CTCLoss', 'sequence_length' must not exceed max_time {t_max}.")
        width = max(1, max(len(s) for s in seqs))
        targets = torch.tensor([s + [0] * (width - len(s)) for s in seqs], dtype=torch.long, device=x.device)
        tgt_len = torch.tensor([len(s) for s in seqs], dtype=torch.long, device=x.device)
        with torch.enable_grad():
            logits = x.detach().to(torch.float64).requires_grad_(True)
            lp = torch.log_softmax(logits, -1)
            loss = torch.ops.aten._ctc_loss(lp, targets, seq_len, tgt_len, n_class - 1, False)[0]
            if self.ignore_longer_outputs_than_inputs:
                loss = torch.where(tgt_len > seq_len, torch.zeros_like(loss), loss)
            grad, = torch.autograd.grad(loss.sum(), logits)
        return loss.to(x.dtype), grad.to(x.dtype)


def greedy_decode(inputs: torch.Tensor, sequence_length: torch.Tensor, merge_repeated: bool, op: str) -> tuple:
    if inputs.dim() != 3:
        raise ValueError(f"For '{op}', 'inputs' must be 3-D, but got {inputs.dim()}-D.")
    t_max, batch, n_class = inputs.shape
    lens = sequence_length.tolist()
    if len(lens) != batch or any(n > t_max or n < 0 for n in lens):
        raise RuntimeError(f"For '{op}', 'sequence_length' values must be in [0, {t_max}], but got {lens}.")
    best, arg = inputs.max(-1)
    steps = torch.arange(t_max, device=inputs.device).unsqueeze(1) < sequence_length.to(inputs.device).unsqueeze(0)
    log_prob = 0.0 - torch.where(steps, best, torch.zeros_like(best)).sum(0, keepdim=True).T
    arg_cpu = arg.T.tolist()
    decoded: list = []
    for b in range(batch):
        seq, prev = [], -1
        for t in range(lens[b]):
            c = arg_cpu[b][t]
            if c != n_class - 1 and not (merge_repeated and c == prev):
                seq.append(c)
            prev = c
        decoded.append(seq)
    flat_idx = [[b, i] for b, s in enumerate(decoded) for i in range(len(s))]
    long = dict(dtype=torch.long, device=inputs.device)
    indices = torch.tensor(flat_idx, **long).reshape(-1, 2)
    values = torch.tensor([v for s in decoded for v in s], **long)
    shape = torch.tensor([batch, max([len(s) for s in decoded] + [0])], **long)
    return indices, values, shape, log_prob.to(inputs.dtype)


class CTCGreedyDecoder(Primitive):
    def __init__(self, merge_repeated: bool = True) -> None:
        super().__init__()
        if not isinstance(merge_repeated, bool):
            raise TypeError(f"For 'CTCGreedyDecoder', 'merge_repeated' must be a bool, but got {merge_repeated!r}.")
        self.merge_repeated = merge_repeated

    @plain_io
    def __call__(self, inputs: Any, sequence_length: Any) -> Any:
        return greedy_decode(inputs, sequence_length, self.merge_repeated, "CTCGreedyDecoder")


class MultiMarginLoss(Primitive):
    def __init__(self, p: int = 1, margin: float = 1.0, reduction: str = "mean") -> None:
        super().__init__()
        if p not in (1, 2) or isinstance(p, bool):
            raise ValueError(f"For 'MultiMarginLoss', 'p' must be 1 or 2, but got {p!r}.")
        self.p, self.margin, self.reduction = p, float(margin), _reduction(reduction, "MultiMarginLoss")

    @plain_io
    def __call__(self, x: Any, target: Any, weight: Any = None) -> Any:
        half = x.dtype == torch.float16  # torch's CPU kernel has no half version
        xc, wc = (x.float(), None if weight is None else weight.float()) if half else (x, weight)
        out = F.multi_margin_loss(xc, target.long(), self.p, self.margin, wc, reduction=self.reduction)
        return out.half() if half else out


class MultilabelMarginLoss(Primitive):
    def __init__(self, reduction: str = "mean") -> None:
        super().__init__()
        self.reduction = _reduction(reduction, "MultilabelMarginLoss")

    @plain_io
    def __call__(self, x: Any, target: Any) -> Any:
        t = target.long()
        n_class = x.shape[-1]
        if t.numel() and (int(t.min()) < -1 or int(t.max()) >= n_class):
            raise ValueError(f"For 'MultilabelMarginLoss', 'target' values must be in [-1, {n_class}).")
        loss = F.multilabel_margin_loss(x, t, reduction=self.reduction)
        # targets are the entries before the first -1 of each row
        valid = torch.cumprod((t >= 0).to(torch.int32), -1).bool()
        is_target = torch.zeros_like(t, dtype=torch.int32)
        is_target.scatter_(-1, torch.where(valid, t, 0), valid.to(torch.int32), reduce="add")
        return loss, (is_target > 0).to(torch.int32)


class TripletMarginLoss(Primitive):
    def __init__(self, p: int = 2, swap: bool = False, eps: float = 1e-06, reduction: str = "mean") -> None:
        super().__init__()
        self.p, self.swap, self.eps = p, swap, eps
        self.reduction = _reduction(reduction, "TripletMarginLoss")

    @plain_io
    def __call__(self, x: Any, positive: Any, negative: Any, margin: Any) -> Any:
        return Lf.triplet_margin_loss(x, positive, negative, float(margin), self.p, self.eps, self.swap,
                                      self.reduction)


class GLU(Primitive):
    def __init__(self, axis: int = -1) -> None:
        super().__init__()
        self.axis = axis

    def __call__(self, x: Any) -> Any:
        return A.glu(x, self.axis)


class Gelu(Primitive):
    def __call__(self, x: Any) -> Any:
        return F.gelu(x, approximate="tanh")


class FastGelu(Primitive):
    def __call__(self, x: Any) -> Any:
        return Nm.fast_gelu(x)


class LogSoftmaxExt(Primitive):
    @plain_io
    def __call__(self, input: Any, dim: Any = None, dtype: Any = None) -> Any:
        x = pt(input)
        if dtype is not None:
            from mindshim.common import dtype as mstype
            x = x.to(mstype.to_torch(dtype))
        if dim is None:
            dim = 0 if x.dim() in (0, 1, 3) else 1
        if isinstance(dim, bool) or not isinstance(dim, int):
            raise TypeError(f"For 'LogSoftmaxExt', 'dim' must be an int, but got {dim!r}.")
        if not -max(x.dim(), 1) <= dim < max(x.dim(), 1):
            raise ValueError(f"For 'LogSoftmaxExt', 'dim' must be in [-{x.dim()}, {x.dim()}), but got {dim}.")
        return torch.log_softmax(x, dim)


__all__ = ["Dropout2D", "Dropout3D", "CTCLossV2", "CTCLoss", "CTCGreedyDecoder", "MultiMarginLoss",
           "MultilabelMarginLoss", "TripletMarginLoss", "GLU", "Gelu", "FastGelu", "LogSoftmaxExt"]

from mindshim.ops.operations._factory import finish as _finish  # noqa: E402

_finish(globals())
