"""Random audio transforms (no deterministic parity with MindSpore's C++ generator): iid masks, GriffinLim's
random initial phase, InverseMelScale's random start. Shapes, dtypes, masked fractions and reproducibility."""
import numpy as np
import pytest

import mindshim.dataset as ds
import mindshim.dataset.audio as audio


@pytest.fixture(autouse=True)
def _seed():
    old = ds.config.get_seed()
    ds.config.set_seed(7)
    yield
    ds.config.set_seed(old)


def _masked(op, x):
    out = op(x)
    assert out.shape == x.shape and out.dtype == np.float32
    return out != x


@pytest.mark.parametrize("op, axis", [(audio.FrequencyMasking(True, 4, 0, 0.0), -2), (audio.TimeMasking(True, 5), -1),
                                      (audio.MaskAlongAxisIID(4, 0.0, 1), -2), (audio.MaskAlongAxisIID(5, 0.0, 2), -1)])
def test_iid_masks_contiguous_bounded_and_alike_per_channel(op, axis):
    x = np.ones((2, 8, 10), np.float32)
    widths = []
    for _ in range(60):
        mask = _masked(op, x)
        assert (mask[0] == mask[1]).all()  # MindSpore masks every channel alike
        lines = mask[0].any(axis=-1 if axis == -2 else -2)
        idx = np.flatnonzero(lines)
        if idx.size:
            assert (np.diff(idx) == 1).all()  # one contiguous band
        full = mask[0].all(axis=-1 if axis == -2 else -2)
        assert (lines == full).all()  # whole rows / columns
        widths.append(idx.size)
    assert max(widths) <= op.mask_param and len(set(widths)) > 1


def test_iid_masks_value_and_int_input():
    x = np.arange(48, dtype=np.int32).reshape(6, 8) + 1
    out = audio.TimeMasking(True, 6, 0, 2.5)(x)
    assert out.dtype == np.float32 and set(np.unique(out[out != x])) <= {2.5}


def test_griffin_lim_random_init():
    spec = audio.Spectrogram(n_fft=64)(np.sin(np.arange(400, dtype=np.float32) / 5))
    a, b = audio.GriffinLim(n_fft=64, n_iter=4)(spec), audio.GriffinLim(n_fft=64, n_iter=4)(spec)
    fixed = audio.GriffinLim(n_fft=64, n_iter=4, rand_init=False)(spec)
    assert a.shape == (384,) and a.dtype == np.float32 and np.allclose(a, b)  # same seed, same start
    assert not np.allclose(a, fixed)
    c = audio.GriffinLim(n_fft=64, n_iter=2, length=400)(np.stack([spec, spec]).astype(np.float64))
    assert c.shape == (2, 400) and c.dtype == np.float64


def test_inverse_mel_scale_recovers_mel():
    spec = audio.Spectrogram(n_fft=64)(np.sin(np.arange(400, dtype=np.float32) / 5))
    mel = audio.MelScale(n_mels=8, sample_rate=8000, n_stft=33)(spec)
    back = audio.InverseMelScale(33, 8, 8000, max_iter=100)(mel)
    assert back.shape == (1, 33, 13) and back.dtype == np.float32 and (back >= 0).all()
    again = audio.MelScale(n_mels=8, sample_rate=8000, n_stft=33)(back[0])
    assert np.abs(again - mel).mean() < 0.5 * np.abs(mel).mean()


def test_random_masks_in_pipeline_follow_seed():
    def run():
        data = ds.NumpySlicesDataset({"s": np.ones((4, 6, 8), np.float32)}, shuffle=False)
        data = data.map([audio.FrequencyMasking(True, 5)], input_columns=["s"])
        return [r[0] for r in data.create_tuple_iterator(output_numpy=True, num_epochs=1)]
    first, second = run(), run()
    assert all((a == b).all() for a, b in zip(first, second))
