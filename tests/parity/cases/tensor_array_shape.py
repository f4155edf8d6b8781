"""Parity cases for mindspore.Tensor shape and layout methods (view/reshape, transpose/permute, expand, split,
flip, diagonal, fold/unfold, ...), MindSpore-style and torch-style overloads."""
import numpy as np

import mindspore as ms
from mindspore import Tensor
from parity_ops_common import outcome

COMPILED_PASS = False
TOLERANCES = {}


def _x():
    return Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))


def _i():
    return Tensor(np.arange(24, dtype=np.int32).reshape(2, 3, 4))


def _run(table):
    return {k: outcome(f) for k, f in table.items()}


def case_view_reshape():
    x, i = _x(), _i()
    return _run({
        "view_args": lambda: x.view(3, 2), "view_tuple": lambda: x.view((6,)), "view_neg": lambda: i.view(4, -1),
        "view_transposed": lambda: x.T.view(3, 2), "view_transposed_flat": lambda: i.transpose(2, 0, 1).view(-1),
        "view_dtype": lambda: x.view(ms.int32), "view_as": lambda: x.view_as(Tensor(np.zeros((3, 2)))),
        "reshape_args": lambda: i.reshape(6, 4), "reshape_list": lambda: i.reshape([4, -1]),
        "reshape_as": lambda: i.reshape_as(Tensor(np.zeros((4, 6), np.float16))),
        "reshape_bad": lambda: x.reshape(4, 2), "view_bad": lambda: x.view(5),
        "ravel": lambda: i.ravel(), "flatten": lambda: i.flatten(), "flatten_F": lambda: i.flatten(order="F"),
        "flatten_start": lambda: i.flatten(1), "flatten_kw": lambda: i.flatten(start_dim=0, end_dim=1),
        "flatten_torch": lambda: i.flatten(0, 1), "flatten_0d": lambda: Tensor(2.0).flatten(),
    })


def case_transpose_permute():
    x, i = _x(), _i()
    return _run({
        "transpose_full": lambda: i.transpose(1, 2, 0), "transpose_tuple": lambda: i.transpose((2, 1, 0)),
        "transpose_none": lambda: i.transpose(), "transpose_pair_3d": lambda: i.transpose(0, 2),
        "transpose_2d": lambda: x.transpose(1, 0), "transpose_bad": lambda: i.transpose(0, 3),
        "permute": lambda: i.permute(2, 0, 1), "permute_tuple": lambda: i.permute((1, 0, 2)),
        "t": lambda: x.t(), "t_1d": lambda: Tensor([1, 2]).t(), "t_3d": lambda: i.t(),
        "swapaxes": lambda: i.swapaxes(0, 2), "swapdims": lambda: i.swapdims(1, -1),
        "moveaxis": lambda: i.moveaxis(0, -1), "moveaxis_tuple": lambda: i.moveaxis((0, 1), (2, 0)),
        "movedim": lambda: i.movedim(2, 0), "T": lambda: i.T, "mT": lambda: i.mT, "H": lambda: x.H,
        "H_complex": lambda: Tensor(np.array([[1 + 2j, 3j]], np.complex64)).H,
        "H_3d": lambda: i.H, "mH": lambda: Tensor(np.array([[1 + 2j, 3j]], np.complex64)).mH,
        "adjoint": lambda: Tensor(np.array([[1 + 2j], [3j]], np.complex64)).adjoint(),
        "adjoint_real": lambda: x.adjoint(),
    })


def case_expand_squeeze():
    x = Tensor(np.arange(3, dtype=np.float32).reshape(3, 1))
    return _run({
        "expand": lambda: x.expand(2, 3, 4), "expand_tuple": lambda: x.expand((3, 2)),
        "expand_neg": lambda: x.expand(-1, 5), "expand_as": lambda: x.expand_as(Tensor(np.zeros((2, 3, 2)))),
        "broadcast_to": lambda: x.broadcast_to((2, 3, 3)), "broadcast_to_args": lambda: x.broadcast_to(3, 2),
        "broadcast_bad": lambda: x.broadcast_to((2, 2)),
        "expand_dims": lambda: x.expand_dims(0), "expand_dims_neg": lambda: x.expand_dims(-1),
        "expand_dims_bad": lambda: x.expand_dims(3),
        "unsqueeze": lambda: x.unsqueeze(1), "squeeze": lambda: x.squeeze(), "squeeze_axis": lambda: x.squeeze(1),
        "squeeze_tuple": lambda: x.reshape(1, 3, 1).squeeze((0, 2)), "squeeze_noop": lambda: x.squeeze(0),
        "sum_to_size": lambda: _i().sum_to_size(3, 1), "sum_to_size_tuple": lambda: _i().sum_to_size((1, 3, 4)),
        "sum_to_size_bad": lambda: _i().sum_to_size(2, 4),
        "resize_grow": lambda: _x().resize(2, 4), "resize_shrink": lambda: _x().resize((4,)),
        "resize_none": lambda: _x().resize(),
    })


def case_repeat_tile():
    i = Tensor(np.array([[1, 2], [3, 4]], np.int32))
    return _run({
        "tile": lambda: i.tile((2, 1)), "tile_more": lambda: i.tile((2, 1, 2)), "tile_short": lambda: i.tile((3,)),
        "repeat_interleave": lambda: i.repeat_interleave(2), "repeat_interleave_dim": lambda: i.repeat_interleave(2, 1),
        "repeat_interleave_list": lambda: i.repeat_interleave(Tensor([1, 2]), dim=0),
        "repeat_kw_int": lambda: i.repeat(repeats=2),
    })


def case_repeat_cpu_gap():
    return Tensor(np.array([[1, 2], [3, 4]], np.int32)).repeat(2, 3).asnumpy()


def case_split_family():
    i = _i()
    m = Tensor(np.arange(10, dtype=np.float32))
    return _run({
        "split_int": lambda: m.split(4), "split_sections": lambda: m.split([3, 7]),
        "split_axis": lambda: i.split(1, axis=1), "split_dim": lambda: i.split(2, dim=2),
        "chunk": lambda: m.chunk(3), "chunk_axis": lambda: i.chunk(2, axis=2), "chunk_dim": lambda: i.chunk(3, dim=1),
        "tensor_split_int": lambda: m.tensor_split(3), "tensor_split_idx": lambda: m.tensor_split((2, 5)),
        "tensor_split_axis": lambda: i.tensor_split(2, axis=2),
        "hsplit": lambda: i.hsplit(3), "vsplit": lambda: i.vsplit(2), "dsplit": lambda: i.dsplit([1, 3]),
        "unbind": lambda: i.unbind(), "unbind_dim": lambda: i.unbind(2),
        "narrow": lambda: i.narrow(2, 1, 2), "narrow_neg": lambda: i.narrow(-2, 0, 1),
        "narrow_bad": lambda: i.narrow(0, 1, 5),
    })


def case_flip_roll_rot():
    i = _i()
    return _run({
        "flip": lambda: i.flip((0, 2)), "flip_list": lambda: i.flip([1]), "fliplr": lambda: i.fliplr(),
        "flipud": lambda: i.flipud(), "reverse": lambda: i.reverse([0, 1]), "reverse_neg": lambda: i.reverse((-1,)),
        "rot90": lambda: i.rot90(1, (0, 1)), "rot90_k2": lambda: i.rot90(2, [1, 2]),
        "rot90_neg": lambda: i.rot90(-1, (1, 2)),
    })


# Tensor.roll has no CPU kernel in MindSpore 2.10 ("kernel Roll unregistered"); see the ledger.
def case_roll_cpu_gap():
    i = _i()
    return {"roll": i.roll(1, 2).asnumpy(), "roll_tuple": i.roll((1, -1), (0, 1)).asnumpy(),
            "roll_flat": i.roll(5).asnumpy()}


def case_diag_tri():
    x = Tensor(np.arange(9, dtype=np.float32).reshape(3, 3))
    v = Tensor(np.array([1, 2, 3], np.int32))
    return _run({
        "diag_vec": lambda: v.diag(), "diag_vec_k": lambda: v.diag(1), "diag_mat": lambda: x.diag(),
        "diag_mat_k": lambda: x.diag(-1), "diagflat": lambda: v.diagflat(),
        "diagflat_k": lambda: x[:2, :2].diagflat(-1),
        "diagonal": lambda: x.diagonal(), "diagonal_off": lambda: x.diagonal(1),
        "diagonal_3d": lambda: _i().diagonal(0, 1, 2),
        "diagonal_kw": lambda: _i().diagonal(offset=-1, axis1=2, axis2=0),
        "tril": lambda: x.tril(), "tril_k": lambda: x.tril(-1), "triu": lambda: x.triu(), "triu_k": lambda: x.triu(1),
        "tril_i": lambda: v.reshape(1, 3).tril(diagonal=1),
    })


def case_fold_unfold():
    img = Tensor(np.arange(32, dtype=np.float32).reshape(1, 2, 4, 4))
    cols = Tensor(np.arange(32, dtype=np.float32).reshape(1, 8, 4))
    return _run({
        "unfold": lambda: img.unfold(2), "unfold_stride": lambda: img.unfold(kernel_size=2, stride=2),
        "unfold_pad": lambda: img.unfold((2, 3), dilation=1, padding=1, stride=(2, 1)),
        "fold": lambda: cols.fold(Tensor([3, 3], ms.int32), 2),
        "fold_stride": lambda: cols.fold(Tensor([4, 4], ms.int32), kernel_size=2, stride=2),
        "col2im": lambda: cols.reshape(1, 2, 4, 4).col2im(Tensor([3, 3], ms.int32), 2, 1, 0, 1),
        "col2im_tuple": lambda: cols.reshape(1, 2, 4, 4).col2im(Tensor([4, 4], ms.int32), (2, 2), (1, 1), (0, 0),
                                                             (2, 2)),
    })


def case_dtype_sweep():
    out = {}
    base = np.array([[0, 1, 2], [3, 4, 5]])
    for dt in (np.float16, np.float64, np.int8, np.int64, np.uint8, np.bool_):
        x = Tensor(base.astype(dt))
        key = np.dtype(dt).name
        out[key] = _run({
            "view": lambda: x.T.view(-1), "transpose": lambda: x.transpose(1, 0), "flip": lambda: x.flip((1,)),
            "expand": lambda: x[:1].expand(3, 3), "split": lambda: x.split(1, axis=1), "diag": lambda: x[0].diag(),
            "tril": lambda: x.tril(), "rot90": lambda: x.rot90(1, (0, 1)), "resize": lambda: x.resize(4),
            "sum_to_size": lambda: x.sum_to_size(1, 3), "unbind": lambda: x.unbind(1),
            "moveaxis": lambda: x.moveaxis(0, 1),
        })
    return out
