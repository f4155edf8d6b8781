"""mindspore.nn combined and lookup cells: Conv2dBnAct, DenseBnAct, TimeDistributed, EmbeddingLookup,
MultiFieldEmbeddingLookup.

Mapping decisions:
- Conv2dBnAct / DenseBnAct hold `conv`/`dense`, optional `batchnorm` and `activation` children, so parameter
  names are MindSpore's (`conv.weight`, `batchnorm.gamma`, ...). 'leakyrelu' uses `alpha`.
- EmbeddingLookup, target 'CPU': MindSpore's EmbeddingLookup op (indices outside [0, vocab) give zero rows);
  target 'DEVICE': a gather. The table slicing modes only matter under auto-parallel, which a single device
  never is. `max_norm` clips each looked-up vector with ClipByNorm.
- MultiFieldEmbeddingLookup weights each looked-up vector by its value and merges the vectors of each
  (batch, field) with SUM, MEAN (divided by the sum of |values|, 0 where that is 0) or MAX (entries whose
  value is 0 do not take part; a field with no non-zero value gives 0).
- TimeDistributed applies the layer to each time step (unstack/stack), or, with `reshape_with_axis`, once to
  the input with the time axis folded into that axis.
"""
from __future__ import annotations

from typing import Any

import torch

from mindshim import _checkparam as validator
from mindshim.common import dtype as mstype
from mindshim.common.initializer import initializer
from mindshim.common.parameter import Parameter
from mindshim.nn.cell import Cell
from mindshim.ops.primitive import Primitive


def _activation(cls: str, activation: Any, alpha: float) -> Any:
    from mindshim.nn.layer.activation import LeakyReLU, get_activation
    if activation == "leakyrelu":
        return LeakyReLU(alpha)
    act = get_activation(activation) if isinstance(activation, str) else activation
    if activation is not None and not isinstance(act, (Cell, Primitive)):
        raise TypeError(f"For '{cls}', the 'activation' must be str or Cell or Primitive, "
                        f"but got {type(activation).__name__}.")
    return act


class Conv2dBnAct(Cell):
    """nn.Conv2dBnAct(in_channels, out_channels, kernel_size, stride=1, pad_mode='same', padding=0, dilation=1,
    group=1, has_bias=False, weight_init='normal', bias_init='zeros', has_bn=False, momentum=0.997, eps=1e-5,
    activation=None, alpha=0.2, after_fake=True)."""

    def __init__(self, in_channels: int, out_channels: int, kernel_size: Any, stride: Any = 1, pad_mode: str = "same",
                 padding: Any = 0, dilation: Any = 1, group: int = 1, has_bias: bool = False,
                 weight_init: Any = "normal", bias_init: Any = "zeros", has_bn: bool = False, momentum: float = 0.997,
                 eps: float = 1e-5, activation: Any = None, alpha: float = 0.2, after_fake: bool = True) -> None:
        super().__init__()
        from mindshim.nn.layer.conv import Conv2d
        from mindshim.nn.layer.normalization import BatchNorm2d
        self.conv = Conv2d(in_channels, out_channels, kernel_size=kernel_size, stride=stride, pad_mode=pad_mode,
                           padding=padding, dilation=dilation, group=group, has_bias=has_bias,
                           weight_init=weight_init, bias_init=bias_init)
        self.has_bn = validator.check_bool(has_bn, "has_bn", "Conv2dBnAct")
        self.has_act = activation is not None
        self.after_fake = validator.check_bool(after_fake, "after_fake", "Conv2dBnAct")
        if has_bn:
            self.batchnorm = BatchNorm2d(out_channels, eps, momentum)
        self.activation = _activation("Conv2dBnAct", activation, alpha)

    def construct(self, x):
        x = self.conv(x)
        if self.has_bn:
            x = self.batchnorm(x)
        return self.activation(x) if self.has_act else x


class DenseBnAct(Cell):
    """nn.DenseBnAct(in_channels, out_channels, weight_init='normal', bias_init='zeros', has_bias=True,
    has_bn=False, momentum=0.9, eps=1e-5, activation=None, alpha=0.2, after_fake=True)."""

    def __init__(self, in_channels: int, out_channels: int, weight_init: Any = "normal", bias_init: Any = "zeros",
                 has_bias: bool = True, has_bn: bool = False, momentum: float = 0.9, eps: float = 1e-5,
                 activation: Any = None, alpha: float = 0.2, after_fake: bool = True) -> None:
        super().__init__()
        from mindshim.nn.layer.basic import Dense
        from mindshim.nn.layer.normalization import BatchNorm1d
        self.dense = Dense(in_channels, out_channels, weight_init, bias_init, has_bias)
        self.has_bn = validator.check_bool(has_bn, "has_bn", "DenseBnAct")
        self.has_act = activation is not None
        self.after_fake = validator.check_bool(after_fake, "after_fake", "DenseBnAct")
        if has_bn:
            self.batchnorm = BatchNorm1d(out_channels, eps, momentum)
        self.activation = _activation("DenseBnAct", activation, alpha)

    def construct(self, x):
        x = self.dense(x)
        if self.has_bn:
            x = self.batchnorm(x)
        return self.activation(x) if self.has_act else x


def _is_tensor(cls: str, x: Any) -> None:
    if not isinstance(x, torch.Tensor):
        raise TypeError(f"For '{cls}', the inputs and outputs must be a Tensor.")


class TimeDistributed(Cell):
    """nn.TimeDistributed(layer, time_axis, reshape_with_axis=None)."""

    def __init__(self, layer: Any, time_axis: int, reshape_with_axis: Any = None) -> None:
        if not isinstance(layer, (Cell, Primitive)):
            raise TypeError(f"For 'TimeDistributed', the 'layer' must be Cell or Primitive instance, "
                            f"but got type: {type(layer).__name__}.")
        super().__init__()
        validator.check_is_int(time_axis, "time_axis", "TimeDistributed")
        if reshape_with_axis is not None:
            validator.check_is_int(reshape_with_axis, "reshape_with_axis", "TimeDistributed")
        self.layer = layer
        self.time_axis = time_axis
        self.reshape_with_axis = reshape_with_axis

    def construct(self, inputs):
        _is_tensor("TimeDistributed", inputs)
        nd = inputs.dim()
        if nd < 3:
            raise ValueError(f"For 'TimeDistributed', the inputs shape must be at least 3D, but got {nd}.")
        t_ax = self.time_axis % nd
        if self.reshape_with_axis is None:
            outs = []
            for step in inputs.unbind(t_ax):
                out = self.layer(step)
                _is_tensor("TimeDistributed", out)
                if t_ax > out.dim():
                    raise ValueError(f"For 'TimeDistributed', the value of 'time_axis' must be in range of "
                                     f"[{-out.dim() - 1}, {out.dim()}], but got {t_ax}.")
                outs.append(out)
            return torch.stack(outs, t_ax)
        r_ax = self.reshape_with_axis % nd
        # Move the time axis next to the folded one, fold the pair, run once, unfold.
        t_new = nd - 2 if r_ax == nd - 1 else (r_ax + 1 if t_ax > r_ax else r_ax - 1)
        pos = min(t_new, r_ax)
        lo, hi = sorted((t_new, t_ax))
        perm = list(range(lo)) + [hi] + list(range(lo, hi)) + list(range(hi + 1, nd))
        moved = inputs.permute(perm)
        shp = tuple(moved.shape)
        folded = moved.reshape(shp[:pos] + (-1,) + shp[pos + 2:])
        out = self.layer(folded)
        _is_tensor("TimeDistributed", out)
        if pos >= out.dim() or folded.shape[pos] != out.shape[pos]:
            raise ValueError("For 'TimeDistributed', the 'reshape_with_axis' is invalid in the input and output. "
                             "You may try pass parameters without 'reshape_with_axis'.")
        new_shape = tuple(out.shape[:pos]) + shp[pos:pos + 2] + tuple(out.shape[pos + 1:])
        return out.reshape((-1,) + new_shape[1:])


class EmbeddingLookup(Cell):
    """nn.EmbeddingLookup(vocab_size, embedding_size, param_init='normal', target='CPU', slice_mode='batch_slice',
    manual_shapes=None, max_norm=None, sparse=True, dtype=mstype.float32)."""

    BATCH_SLICE = "batch_slice"
    FIELD_SLICE = "field_slice"
    TABLE_ROW_SLICE = "table_row_slice"
    TABLE_COLUMN_SLICE = "table_column_slice"

    def __init__(self, vocab_size: int, embedding_size: int, param_init: Any = "normal", target: str = "CPU",
                 slice_mode: str = "batch_slice", manual_shapes: Any = None, max_norm: Any = None,
                 sparse: bool = True, dtype: Any = mstype.float32) -> None:
        super().__init__()
        cls = type(self).__name__
        validator.check_value_type("sparse", sparse, [bool], cls)
        self.vocab_size = validator.check_positive_int(vocab_size, "vocab_size")
        validator.check_string(target, ["CPU", "DEVICE"], "target", cls)
        if not sparse and target == "CPU":
            raise ValueError(f"For '{cls}', 'sparse' must be True when 'target' is \"CPU\", "
                             f"but got 'sparse': {sparse} and 'target': {target}")
        self.target = target
        self.sparse = sparse
        self.forward_unique = False
        self.embedding_size = validator.check_positive_int(embedding_size, "embedding_size", cls)
        self.embedding_table = Parameter(initializer(param_init, [self.vocab_size, self.embedding_size],
                                                     dtype=dtype), name="embedding_table")
        self.max_norm = max_norm
        if max_norm is not None:
            self.max_norm = validator.check_positive_float(max_norm, "max_norm", cls)

    def _lookup(self, indices):
        from mindshim.ops import gather
        from mindshim.ops.operations import EmbeddingLookup as _Lookup
        if self.target == "CPU":
            out = _Lookup()(self.embedding_table, indices, 0)
        else:
            out = gather(self.embedding_table, indices, 0)
        if self.max_norm is not None:
            from mindshim.common.tensor import Tensor
            from mindshim.nn.layer.basic import ClipByNorm
            axis = tuple(range(indices.dim(), out.dim()))
            out = ClipByNorm(axis)(out, Tensor(self.max_norm, mstype.float32))
        return out

    def construct(self, indices):
        return self._lookup(indices)


def _check_2d_dtype(name: str, x: Any, allowed: tuple) -> None:
    if x.dim() != 2:
        raise ValueError(f"For 'MultiFieldEmbeddingLookup', the dimension of '{name}' must be 2d, "
                         f"but got {x.dim()}.")
    if x.dtype not in allowed:
        names = ", ".join(str(mstype.from_torch(d)) for d in allowed)
        raise TypeError(f"For 'MultiFieldEmbeddingLookup', the '{name}' should be one of [{names}], "
                        f"but got '{mstype.from_torch(x.dtype)}'.")


class MultiFieldEmbeddingLookup(EmbeddingLookup):
    """nn.MultiFieldEmbeddingLookup(vocab_size, embedding_size, field_size, param_init='normal', target='CPU',
    slice_mode='batch_slice', feature_num_list=None, max_norm=None, sparse=True, operator='SUM', dtype=float32)."""

    OPERATOR_SUM = "SUM"
    OPERATOR_MEAN = "MEAN"
    OPERATOR_MAX = "MAX"

    def __init__(self, vocab_size: int, embedding_size: int, field_size: int, param_init: Any = "normal",
                 target: str = "CPU", slice_mode: str = "batch_slice", feature_num_list: Any = None,
                 max_norm: Any = None, sparse: bool = True, operator: str = "SUM", dtype: Any = mstype.float32) -> None:
        super().__init__(vocab_size, embedding_size, param_init, target, slice_mode, feature_num_list, max_norm,
                         sparse, dtype=dtype)
        self.field_size = validator.check_positive_int(field_size, "field_size", "MultiFieldEmbeddingLookup")
        validator.check_string(operator, ["SUM", "MAX", "MEAN"], "operator", "MultiFieldEmbeddingLookup")
        self.operator = operator

    def construct(self, input_indices, input_values, field_ids):
        from mindshim.common.tensor import plain
        input_indices, input_values, field_ids = plain(input_indices), plain(input_values), plain(field_ids)
        _check_2d_dtype("input_indices", input_indices, (torch.int32, torch.int64))
        _check_2d_dtype("input_values", input_values, (torch.float32,))
        _check_2d_dtype("field_ids", field_ids, (torch.int32,))
        from mindshim.ops import unsorted_segment_max, unsorted_segment_sum
        batch = input_indices.shape[0]
        n_seg = batch * self.field_size
        offsets = torch.arange(0, n_seg, self.field_size, dtype=field_ids.dtype, device=field_ids.device)
        seg = field_ids + offsets.reshape(batch, -1)
        out = self._lookup(input_indices)
        weights = input_values.reshape(batch, input_indices.shape[1], 1)
        emb = weights * out
        if self.operator == "MAX":
            emb = emb + (weights == 0).to(torch.float32) * -3.402823466e38
            emb = emb.reshape(-1, self.embedding_size)
            seg = seg.reshape(-1)
            merged = unsorted_segment_max(emb, seg, n_seg)
            count = unsorted_segment_sum(torch.abs(input_values.reshape(-1)), seg, n_seg)
            merged = merged * (count != 0).to(torch.float32).unsqueeze(-1)
        else:
            merged = unsorted_segment_sum(emb, seg, n_seg)
            if self.operator == "MEAN":
                count = unsorted_segment_sum(torch.abs(input_values), seg, n_seg).unsqueeze(-1)
                merged = torch.where(count == 0, torch.zeros_like(merged), merged / count)
        return merged.reshape(batch, self.field_size, -1)


__all__ = ["Conv2dBnAct", "DenseBnAct", "TimeDistributed", "EmbeddingLookup", "MultiFieldEmbeddingLookup"]
