"""MindSpore's internal random-initializer helpers (random values: parity cannot compare them) and the
numpy-stream contract user initializers rely on."""
import numpy as np
import pytest

from mindshim.common import initializer as init


def test_random_helpers_shapes_dtypes_and_ranges():
    np.random.seed(0)
    normal = init._init_random_normal(1.0, 0.5, (400, 50))
    uniform = init._init_random_uniform(-0.25, 0.75, (1000,))
    truncated = init._init_truncated_normal(-1.0, 1.0, 0.0, 2.0, (5000,))
    assert normal.shape == (400, 50) and normal.dtype == np.float32
    assert abs(normal.mean() - 1.0) < 0.02 and abs(normal.std() - 0.5) < 0.02
    assert uniform.dtype == np.float32 and uniform.min() >= -0.25 and uniform.max() <= 0.75
    assert truncated.dtype == np.float32 and np.abs(truncated).max() <= 1.0


def test_random_helpers_draw_once_from_numpy_stream():
    np.random.seed(7)
    first = init._init_random_uniform(0, 1, (3,))
    after = np.random.rand()
    np.random.seed(7)
    np.random.randint(low=1, high=(1 << 63), dtype=np.int64)
    assert np.random.rand() == after
    np.random.seed(7)
    assert np.array_equal(init._init_random_uniform(0, 1, (3,)), first)


@pytest.mark.parametrize("call", [lambda: init._init_random_normal(0, -1, (2,)),
                                  lambda: init._init_truncated_normal(-2, 2, 0, -1, (2,))])
def test_negative_sigma_is_rejected(call):
    with pytest.raises(ValueError, match="sigma"):
        call()


def test_vmap_rule_lookup_by_primitive():
    from mindshim.ops import operations as P
    from mindshim.ops._vmap.vmap_base import get_vmap_rule, vmap_rules_getters

    vmap_rules_getters.register(P.Sin)(lambda prim, size: (prim.name, size))
    try:
        assert get_vmap_rule(P.Sin(), 3) == ("Sin", 3)
        assert get_vmap_rule(P.Cos(), 3) is None and get_vmap_rule(3, 3) is None
    finally:
        vmap_rules_getters.pop(id(P.Sin))
        vmap_rules_getters.pop("Sin")


def test_grad_overflow_flag_and_virtual_dataset_cell():
    """MindSpore's CPU build cannot run FloatStatus or _VirtualDataset, so these are checked here: the flag is
    FloatStatus's GPU result (float32 [1.] on inf/nan, [0.] otherwise); the cell calls its backbone as it is."""
    from mindshim import Tensor, nn
    from mindshim.nn.wrap.cell_wrapper import _VirtualDatasetCell
    from mindshim.nn.wrap.loss_scale import _grad_overflow
    flags = [_grad_overflow(Tensor(v)).asnumpy().tolist() for v in ([1., float("inf")], [1., 2.], [float("nan")])]
    assert flags == [[1.0], [0.0], [1.0]]
    cell = _VirtualDatasetCell(nn.Dense(2, 1, weight_init="ones", bias_init="zeros"))
    assert [p.name for p in cell.get_parameters()] == ["weight", "bias"]
    assert cell(Tensor([[1., 2.]])).asnumpy().tolist() == [[3.0]]
