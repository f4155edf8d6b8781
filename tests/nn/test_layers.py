"""nn layers: behaviour the parity cases do not pin (wrapping, dynamic padding, containers, errors)."""
import numpy as np
import pytest
import torch

from mindshim import Tensor, nn
from mindshim.common.parameter import Parameter


def _x(*shape, seed=0):
    return Tensor(np.random.RandomState(seed).randn(*shape).astype(np.float32))


def test_fast_layers_return_mindshim_tensors_with_ms_semantics():
    out = nn.SequentialCell([nn.Conv2d(1, 2, 3), nn.ReLU(), nn.Flatten(), nn.Dense(2 * 4 * 4, 3)])(_x(2, 1, 4, 4))
    assert type(out) is Tensor
    assert out.shape == (2, 3) and isinstance(out.shape, tuple)


def test_dense_with_user_activation_cell_runs_with_ms_semantics():
    class Shapey(nn.Cell):
        def construct(self, x):
            assert isinstance(x.shape, tuple) and type(x.shape) is tuple
            return x * 2

    dense = nn.Dense(3, 2, activation=Shapey())
    plain = nn.Dense(3, 2)
    plain.weight.set_data(dense.weight)
    plain.bias.set_data(dense.bias)
    x = _x(4, 3)
    np.testing.assert_allclose(dense(x).asnumpy(), 2 * plain(x).asnumpy(), rtol=1e-6)


def test_dense_string_activation_and_weight_layout():
    dense = nn.Dense(5, 2, activation="relu")
    assert tuple(dense.weight.shape) == (2, 5)
    assert (dense(_x(3, 5)).asnumpy() >= 0).all()
    with pytest.raises(KeyError):
        nn.Dense(2, 2, activation="nope")


@pytest.mark.parametrize("size", [5, 6, 7, 8])
def test_conv2d_same_stride2_output_is_ceil_for_every_input_size(size):
    conv = nn.Conv2d(1, 1, 3, stride=2)
    assert conv(_x(1, 1, size, size)).shape == (1, 1, -(-size // 2), -(-size // 2))


def test_conv2d_same_stride1_asymmetric_padding_is_precomputed():
    conv = nn.Conv2d(1, 1, 4)
    assert conv._pre_pad == (1, 2, 1, 2) and not conv._dynamic_same
    assert conv(_x(1, 1, 6, 6)).shape == (1, 1, 6, 6)


def test_conv_argument_errors_speak_mindspore():
    with pytest.raises(ValueError, match="pad_mode"):
        nn.Conv2d(1, 1, 3, pad_mode="full")
    with pytest.raises(ValueError, match="padding"):
        nn.Conv2d(1, 1, 3, padding=1)
    with pytest.raises(ValueError, match="NHWC"):
        nn.Conv2d(1, 1, 3, data_format="NHWC")
    with pytest.raises(ValueError, match="group"):
        nn.Conv2d(3, 4, 3, group=2)
    with pytest.raises(ValueError):
        nn.MaxPool2d(2, 2, padding=1)


def test_dropout_train_drops_and_rescales_eval_is_identity():
    x = Tensor(np.ones((200, 200), np.float32))
    drop = nn.Dropout(p=0.25)
    drop.set_train(True)
    out = drop(x).asnumpy()
    kept = out[out != 0]
    np.testing.assert_allclose(kept, 1 / 0.75, rtol=1e-6)
    assert 0.2 < (out == 0).mean() < 0.3
    drop.set_train(False)
    assert drop(x) is x or np.array_equal(drop(x).asnumpy(), x.asnumpy())
    assert nn.Dropout(keep_prob=0.9).extend_repr() == "keep_prob=0.9"
    assert nn.Dropout(p=0.1).extend_repr() == "p=0.1"


def test_batchnorm_momentum_convention_and_moving_stats():
    bn = nn.BatchNorm1d(2, momentum=0.8)
    bn.set_train(True)
    x = np.array([[1.0, 2.0], [3.0, 6.0]], np.float32)
    bn(Tensor(x))
    np.testing.assert_allclose(bn.moving_mean.asnumpy(), 0.2 * x.mean(0), rtol=1e-6)
    np.testing.assert_allclose(bn.moving_variance.asnumpy(), 0.8 + 0.2 * x.var(0, ddof=1), rtol=1e-6)
    assert [p.name for p in bn.trainable_params()] == ["gamma", "beta"]


def test_sequential_delete_renames_like_mindspore():
    seq = nn.SequentialCell([nn.Dense(2, 2), nn.ReLU(), nn.Dense(2, 2)])
    del seq[0]
    assert [p.name for p in seq.get_parameters()] == ["1.weight", "1.bias"]
    assert len(seq) == 2 and isinstance(seq[0], nn.ReLU)
    seq.insert(0, nn.Dense(2, 2))
    assert [p.name for p in seq.get_parameters()][:2] == ["0.weight", "0.bias"]
    assert seq(_x(3, 2)).shape == (3, 2)


def test_cell_list_setitem_and_slice():
    cl = nn.CellList([nn.Dense(2, 2), nn.Dense(2, 3)])
    cl[1] = nn.Dense(2, 4)
    assert [p.name for p in cl.get_parameters()] == ["0.weight", "0.bias", "1.weight", "1.bias"]
    assert len(cl[0:1]) == 1
    with pytest.raises(IndexError):
        cl[5]
    with pytest.raises(TypeError):
        cl.append(torch.nn.Linear(2, 2))


def test_embedding_int_ids_and_padding_row_gets_gradient():
    emb = nn.Embedding(5, 3, padding_idx=0)
    assert np.all(emb.embedding_table.asnumpy()[0] == 0)
    out = emb(Tensor(np.array([[0, 4]], np.int32)))
    assert out.shape == (1, 2, 3)
    out.sum().backward()
    assert np.all(emb.embedding_table.grad.numpy()[0] == 1)


def test_layernorm_and_prelu_parameters():
    ln = nn.LayerNorm((3, 4), begin_norm_axis=1, begin_params_axis=1)
    assert [p.name for p in ln.get_parameters()] == ["gamma", "beta"]
    prelu = nn.PReLU(3)
    assert isinstance(prelu.w, Parameter) and prelu.w.name == "a"
    assert np.allclose(prelu.w.asnumpy(), 0.25)
