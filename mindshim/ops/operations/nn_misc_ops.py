"""More neural-network primitives: P.PReLU, P.NLLLoss, P.LRN, P.DepthToSpace, P.SpaceToDepth, P.Xdivy,
P.SquareSumAll.

Mapping decisions:
- `NLLLoss(reduction, ignore_index)(logits, labels, weight)` returns (loss, total_weight) like MindSpore.
- `LRN(depth_radius, bias, alpha, beta)` sums squares over 2*depth_radius+1 channels and does NOT divide
  alpha by the window size (TF/MindSpore convention; torch's LocalResponseNorm does).
- `DepthToSpace`/`SpaceToDepth` use TF's DCR channel order on NCHW, which differs from torch's
  pixel_shuffle (CRD).
"""
from __future__ import annotations

from typing import Any

import torch
import torch.nn.functional as F

from mindshim.ops.primitive import Primitive


class PReLU(Primitive):
    def __call__(self, input: Any, weight: Any) -> Any:
        return F.prelu(input, weight)


class NLLLoss(Primitive):
    def __init__(self, reduction: str = "mean", ignore_index: int = -100) -> None:
        super().__init__()
        self.reduction, self.ignore_index = reduction, ignore_index

    def __call__(self, logits: Any, labels: Any, weight: Any) -> Any:
        labels = labels.long()
        loss = F.nll_loss(logits, labels, weight, ignore_index=self.ignore_index, reduction=self.reduction)
        valid = labels != self.ignore_index
        total = weight[labels.clamp(min=0)].masked_fill(~valid, 0).sum()
        return loss, total


class LRN(Primitive):
    def __init__(self, depth_radius: int = 5, bias: float = 1.0, alpha: float = 1.0, beta: float = 0.5,
                 norm_region: str = "ACROSS_CHANNELS") -> None:
        super().__init__()
        self.depth_radius, self.bias, self.alpha, self.beta = depth_radius, bias, alpha, beta

    def __call__(self, x: Any) -> Any:
        r = self.depth_radius
        sq = F.pad(torch.square(x).unsqueeze(1), (0, 0, 0, 0, r, r))
        window = F.avg_pool3d(sq, (2 * r + 1, 1, 1), stride=1).squeeze(1) * (2 * r + 1)
        return x / torch.pow(self.bias + self.alpha * window, self.beta)


class DepthToSpace(Primitive):
    def __init__(self, block_size: int, data_format: str = "NCHW") -> None:
        super().__init__()
        self.block_size, self.data_format = block_size, data_format
        self.add_prim_attr("data_format", data_format)

    def __call__(self, x: Any) -> Any:
        n, c, h, w = x.shape
        b = self.block_size
        out = x.reshape(n, b, b, c // (b * b), h, w).permute(0, 3, 4, 1, 5, 2)
        return out.reshape(n, c // (b * b), h * b, w * b)


class SpaceToDepth(DepthToSpace):
    def __call__(self, x: Any) -> Any:
        n, c, h, w = x.shape
        b = self.block_size
        out = x.reshape(n, c, h // b, b, w // b, b).permute(0, 3, 5, 1, 2, 4)
        return out.reshape(n, c * b * b, h // b, w // b)


class Xdivy(Primitive):
    def __call__(self, x: Any, y: Any) -> Any:
        kind = torch.result_type(x, y)  # an integer or bool result is a TypeError in MindSpore
        if not (kind.is_floating_point or kind.is_complex):
            raise TypeError(f"For primitive[Xdivy], the input argument[x] must be a type of {{Tensor[Complex128], "
                            f"Tensor[Complex64], Tensor[Float16], Tensor[Float32], Tensor[Float64]}}, but got {kind}.")
        out = torch.div(x, y)
        return torch.where(x == 0, torch.zeros_like(out), out)


class SquareSumAll(Primitive):
    def __call__(self, x: Any, y: Any) -> Any:
        return torch.sum(torch.square(x)), torch.sum(torch.square(y))


__all__ = ["PReLU", "NLLLoss", "LRN", "DepthToSpace", "SpaceToDepth", "Xdivy", "SquareSumAll"]

from mindshim.ops.operations._factory import finish as _finish  # noqa: E402

_finish(globals())
