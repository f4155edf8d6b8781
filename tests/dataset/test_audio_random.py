"""Audio filter/effect behaviour parity cannot pin: Dither's random density functions (MindSpore adds one randomly
picked input sample, RPDF, or a running sum of seven, GPDF, before quantising to 16 bits), the block IIR filter
against the plain difference equation on long signals, and the batched (stacked rows) path of the ops."""
import numpy as np
import pytest

import mindshim.dataset as ds
import mindshim.dataset.audio as audio
from mindshim.dataset.audio import _filters_core


@pytest.fixture(autouse=True)
def _seed():
    old = ds.config.get_seed()
    ds.config.set_seed(11)
    yield
    ds.config.set_seed(old)


def _wave(shape=(2, 300), seed=0):
    return np.random.RandomState(seed).uniform(-0.8, 0.8, shape).astype(np.float32)


def _quantised(x, offset):
    total = x * np.float32(32766) + offset
    whole = np.trunc(total) + np.sign(total) * (np.abs(total - np.trunc(total)) >= 0.5)
    return whole / np.float32(32768)


def test_dither_rpdf_adds_one_input_sample():
    x = _wave()
    for _ in range(5):
        out = audio.Dither(audio.DensityFunction.RPDF)(x)
        assert out.shape == x.shape and out.dtype == np.float32
        assert any(np.array_equal(out, _quantised(x, c)) for c in x.reshape(-1))
        assert np.all(np.abs(out * 32768 - np.round(out * 32768)) < 1e-3)  # on the 16-bit grid


def test_dither_gpdf_offset_is_a_sum_of_seven_samples_and_input_untouched():
    x = _wave((1, 50))
    keep = x.copy()
    out = audio.Dither(audio.DensityFunction.GPDF, noise_shaping=False)(x)
    assert np.array_equal(x, keep)
    # one constant offset for every sample, bounded by seven times the largest magnitude
    offsets = out.astype(np.float64) * 32768 - x.astype(np.float64) * 32766
    assert np.ptp(np.round(offsets)) <= 1 + 1e-6
    assert np.abs(offsets).max() <= 7 * np.abs(x).max() + 1


def test_dither_random_draws_vary_and_repeat_with_seed():
    x = _wave()
    op = audio.Dither(audio.DensityFunction.RPDF)
    runs = [op(x) for _ in range(8)]
    assert len({r.tobytes() for r in runs}) > 1
    ds.config.set_seed(3)
    a = audio.Dither(audio.DensityFunction.GPDF)(x)
    ds.config.set_seed(3)
    b = audio.Dither(audio.DensityFunction.GPDF)(x)
    assert np.array_equal(a, b)


def test_dither_noise_shaping_adds_the_previous_error():
    x = _wave((2, 40))
    plain = audio.Dither()(x)
    shaped = audio.Dither(noise_shaping=True)(x)
    error = plain - x
    np.testing.assert_allclose(shaped[:, 1:], plain[:, 1:] + error[:, :-1], rtol=0, atol=1e-6)
    np.testing.assert_array_equal(shaped[:, 0], plain[:, 0])


@pytest.mark.parametrize("a, b", [([1.0, -1.6, 0.8], [0.1, 0.2, 0.1]), ([1.0, -0.3, 0.2, -0.1, 0.05], [0.5, 0, 0, 0.2, 0]),
                                  ([2.0, 0.5], [1.0, 1.0])])
def test_block_iir_equals_the_difference_equation(a, b):
    x = np.random.RandomState(1).randn(3, 1000)
    got = _filters_core.lfilter64(x, np.array(a), np.array(b))
    a0 = a[0]
    y = np.zeros_like(x)
    for n in range(x.shape[1]):
        acc = sum(b[j] * x[:, n - j] for j in range(len(b)) if n - j >= 0)
        acc = acc - sum(a[j] * y[:, n - j] for j in range(1, len(a)) if n - j >= 0)
        y[:, n] = acc / a0
    np.testing.assert_allclose(got, y, rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize("op", [audio.LowpassBiquad(16000, 900.0), audio.Overdrive(), audio.Phaser(16000),
                                audio.Flanger(16000, regen=30.0), audio.Resample(16000, 11025), audio.MuLawEncoding(),
                                audio.Fade(5, 7, audio.FadeShape.LOGARITHMIC)])
def test_stacked_rows_equal_row_by_row(op):
    stack = np.stack([_wave((2, 120), seed=k) for k in range(3)])
    np.testing.assert_array_equal(op._batch_apply(stack), np.stack([op(row) for row in stack]))


def test_eager_rejects_non_numpy_and_bad_dtype():
    with pytest.raises(TypeError):
        audio.Gain(2.0)([0.1, 0.2])
    with pytest.raises(RuntimeError):
        audio.LowpassBiquad(16000, 100.0)(np.arange(4, dtype=np.int32))
    with pytest.raises(RuntimeError):
        audio.Flanger(16000)(np.zeros((2, 10)))  # float64 is refused by MindSpore's Flanger
    out = audio.Biquad(1, 0, 0, 1, 0, 0)([0.5, 0.25])  # a plain TensorOperation in MindSpore: lists are taken
    assert out.dtype == np.float64 and out.tolist() == [0.5, 0.25]


def test_pipeline_rows_too_small_still_fail_when_stacked():
    def gen(shape):
        def rows():
            for _ in range(4):
                yield (np.full(shape, 0.25, np.float32),)
        return rows
    flanger = ds.GeneratorDataset(gen((30,)), ["a"], shuffle=False).map(audio.Flanger(8000), input_columns=["a"])
    with pytest.raises(RuntimeError):
        list(flanger.create_tuple_iterator(output_numpy=True, num_epochs=1))
    gain = ds.GeneratorDataset(gen(()), ["a"], shuffle=False).map(audio.Gain(3.0), input_columns=["a"])
    with pytest.raises(RuntimeError):
        list(gain.create_tuple_iterator(output_numpy=True, num_epochs=1))
    ok = ds.GeneratorDataset(gen((2, 30)), ["a"], shuffle=False).map(audio.Flanger(8000), input_columns=["a"])
    rows = [r[0] for r in ok.create_tuple_iterator(output_numpy=True, num_epochs=1)]
    np.testing.assert_array_equal(rows[0], audio.Flanger(8000)(np.full((2, 30), 0.25, np.float32)))
