"""Parity of the filter transforms of `mindspore.dataset.audio`: the biquad family and LFilter/Filtfilt, called
eagerly on fixed sine mixtures (float16/32/64, one and several leading axes), inside GeneratorDataset pipelines, and
with bad arguments and bad inputs (the error types). The effects are in dataset_audio_effects."""
import numpy as np

import mindspore.dataset as ds
from mindspore.dataset import audio

from parity_audio_filters_common import _BAD_INPUTS, _call, _err, _inputs, _wave

COMPILED_PASS = False
TOLERANCES = {
    "allpass": {"rtol": 1e-5, "atol": 2e-5, "why": "MindSpore runs the IIR recursion in float32 sample by sample, mindshim in float64 blocks"},
    "band": {"rtol": 1e-5, "atol": 2e-5, "why": "MindSpore runs the IIR recursion in float32 sample by sample, mindshim in float64 blocks"},
    "bandpass": {"rtol": 1e-5, "atol": 2e-5, "why": "MindSpore runs the IIR recursion in float32 sample by sample, mindshim in float64 blocks"},
    "bandreject": {"rtol": 1e-5, "atol": 2e-5, "why": "MindSpore runs the IIR recursion in float32 sample by sample, mindshim in float64 blocks"},
    "bass_treble": {"rtol": 1e-5, "atol": 2e-5, "why": "MindSpore runs the IIR recursion in float32 sample by sample, mindshim in float64 blocks"},
    "equalizer": {"rtol": 1e-5, "atol": 2e-5, "why": "MindSpore runs the IIR recursion in float32 sample by sample, mindshim in float64 blocks"},
    "high_low_pass": {"rtol": 1e-5, "atol": 2e-5, "why": "MindSpore runs the IIR recursion in float32 sample by sample, mindshim in float64 blocks"},
    "deemph_riaa": {"rtol": 1e-5, "atol": 2e-5, "why": "MindSpore runs the IIR recursion in float32 sample by sample, mindshim in float64 blocks"},
    "biquad": {"rtol": 1e-5, "atol": 2e-5, "why": "MindSpore runs the IIR recursion in float32 sample by sample, mindshim in float64 blocks"},
    "lfilter": {"rtol": 1e-5, "atol": 2e-5, "why": "MindSpore runs the IIR recursion in float32 sample by sample, mindshim in float64 blocks"},
    "filtfilt": {"rtol": 1e-5, "atol": 2e-5, "why": "MindSpore runs the IIR recursion in float32 sample by sample, mindshim in float64 blocks"},
    "pipeline": {"rtol": 1e-5, "atol": 2e-5, "why": "MindSpore runs the IIR recursion in float32 sample by sample, mindshim in float64 blocks"},
}


def case_allpass():
    return {"a": _inputs(audio.AllpassBiquad(16000, 1000.0), _BAD_INPUTS),
            "b": _call(audio.AllpassBiquad(44100, 200, Q=0.3), _wave())}


def case_band():
    return {"a": _inputs(audio.BandBiquad(16000, 1200.0)),
            "noise": _call(audio.BandBiquad(16000, 800.0, Q=0.5, noise=True), _wave()),
            "bad": _inputs(audio.BandBiquad(16000, 800.0), _BAD_INPUTS[:2])}


def case_bandpass():
    return {"a": _inputs(audio.BandpassBiquad(16000, 1500.0)),
            "skirt": _call(audio.BandpassBiquad(16000, 500, 0.9, True), _wave())}


def case_bandreject():
    return {"a": _inputs(audio.BandrejectBiquad(16000, 2300.0, 0.4))}


def case_bass_treble():
    return {"bass": _inputs(audio.BassBiquad(16000, 6.0)),
            "bass2": _call(audio.BassBiquad(16000, -4, 300.0, 0.5), _wave()),
            "treble": _inputs(audio.TrebleBiquad(16000, 3.0)),
            "treble2": _call(audio.TrebleBiquad(44100, -2.5, 5000, 0.9), _wave())}


def case_equalizer():
    return {"a": _inputs(audio.EqualizerBiquad(16000, 2000.0, 5.0)),
            "b": _call(audio.EqualizerBiquad(8000, 500, -6, 0.3), _wave())}


def case_high_low_pass():
    return {"high": _inputs(audio.HighpassBiquad(16000, 1000.0)),
            "high2": _call(audio.HighpassBiquad(16000, 3000, 0.3), _wave()),
            "low": _inputs(audio.LowpassBiquad(16000, 1000.0)),
            "low2": _call(audio.LowpassBiquad(16000, 400, 1.0), _wave())}


def case_deemph_riaa():
    out = {"deemph44": _inputs(audio.DeemphBiquad(44100)),
           "deemph48": _call(audio.DeemphBiquad(48000), _wave())}
    for sr in (44100, 48000, 88200, 96000):
        out[f"riaa{sr}"] = _call(audio.RiaaBiquad(sr), _wave())
    out["riaa_f64"] = _call(audio.RiaaBiquad(44100), _wave((400,), np.float64))
    return out


def case_biquad():
    return {"a": _inputs(audio.Biquad(0.4, 0.2, 0.9, 1.1, 0.2, 0.3), _BAD_INPUTS),
            "loud": _call(audio.Biquad(2.0, 1.0, 0.5, 1, -0.5, 0.2), _wave(amp=1.0))}


def case_biquad_errors():
    def sr_only(cls):
        return {"sr_float": _err(lambda: cls(16000.0, 100.0)), "sr_zero": _err(lambda: cls(0, 100.0)),
                "freq_str": _err(lambda: cls(16000, "1")), "q_zero": _err(lambda: cls(16000, 100.0, 0)),
                "q_big": _err(lambda: cls(16000, 100.0, 1.5)), "q_bool": _err(lambda: cls(16000, 100.0, True)),
                "freq_huge": _err(lambda: cls(16000, 2e7)), "neg_sr": _err(lambda: cls(-16000, 100.0)),
                "neg_freq": _err(lambda: cls(16000, -100.0))}
    out = {c.__name__: sr_only(c) for c in (audio.AllpassBiquad, audio.BandrejectBiquad, audio.HighpassBiquad,
                                             audio.LowpassBiquad)}
    out["band_noise"] = _err(lambda: audio.BandBiquad(16000, 100.0, noise=1))
    out["bandpass_skirt"] = _err(lambda: audio.BandpassBiquad(16000, 100.0, const_skirt_gain="x"))
    out["bass_gain"] = _err(lambda: audio.BassBiquad(16000, "3"))
    out["bass_gain_big"] = _err(lambda: audio.BassBiquad(16000, 2e7))
    out["treble_q"] = _err(lambda: audio.TrebleBiquad(16000, 3.0, Q=0))
    out["eq_gain"] = _err(lambda: audio.EqualizerBiquad(16000, 100.0, None))
    out["deemph_sr"] = _err(lambda: audio.DeemphBiquad(16000))
    out["deemph_float"] = _err(lambda: audio.DeemphBiquad(44100.0))
    out["riaa_sr"] = _err(lambda: audio.RiaaBiquad(16000))
    out["riaa_str"] = _err(lambda: audio.RiaaBiquad("44100"))
    out["biquad_a0"] = _err(lambda: audio.Biquad(1, 0, 0, 0, 0, 0))
    out["biquad_str"] = _err(lambda: audio.Biquad(1, "0", 0, 1, 0, 0))
    out["biquad_big"] = _err(lambda: audio.Biquad(1, 0, 0, 1, 2e7, 0))
    return out


def case_biquad_attrs():
    op = audio.BandBiquad(16000, 1200.0, 0.5, True)
    b = audio.Biquad(1, 2, 3, 4, 5, 6)
    return {"band": [op.sample_rate, op.central_freq, op.quality_factor, op.noise], "biquad": [b.b0, b.a0, b.a2]}


def case_lfilter():
    a, b = [1.0, -0.5, 0.2], [0.3, 0.4, 0.1]
    return {"a": _inputs(audio.LFilter(a, b), _BAD_INPUTS),
            "noclamp": _call(audio.LFilter([2.0, 0.3], [1.5, 1.0], clamp=False), _wave(amp=1.0)),
            "clamp": _call(audio.LFilter([2.0, 0.3], [1.5, 1.0]), _wave(amp=1.0)),
            "order4": _call(audio.LFilter((1, -0.4, 0.3, -0.1, 0.05), (0.2, 0.1, 0.1, 0, 0.3)), _wave()),
            "order0": _call(audio.LFilter([2], [1]), _wave()),
            "a0_zero": _call(audio.LFilter([0.0, 1.0], [1.0, 1.0]), _wave())}


def case_filtfilt():
    a, b = [1.0, -0.5, 0.2], [0.3, 0.4, 0.1]
    return {"a": _inputs(audio.Filtfilt(a, b), _BAD_INPUTS),
            "noclamp": _call(audio.Filtfilt([2.0, 0.3], [1.5, 1.0], clamp=False), _wave(amp=1.0)),
            "short": _call(audio.Filtfilt(a, b), _wave((2, 3)))}


def case_lfilter_errors():
    out = {}
    for cls in (audio.LFilter, audio.Filtfilt):
        out[cls.__name__] = {
            "a_np": _err(lambda: cls(np.array([1.0, 0.5]), [1.0, 0.5])),
            "b_int_str": _err(lambda: cls([1.0, 0.5], [1.0, "x"])),
            "size": _err(lambda: cls([1.0, 0.5], [1.0])),
            "clamp": _err(lambda: cls([1.0, 0.5], [1.0, 0.5], clamp=1)),
            "big": _err(lambda: cls([1.0, 2e7], [1.0, 0.5])),
            "bool_coef": _err(lambda: cls([1.0, True], [1.0, 0.5])),
            "empty": _err(lambda: cls([], [])),
        }
    return out


def case_pipeline():
    def gen():
        for k in range(3):
            yield (_wave((2, 200)) * (k + 1) / 3,)
    data = ds.GeneratorDataset(gen, ["audio"], shuffle=False)
    data = data.map(operations=[audio.BandBiquad(16000, 1000.0), audio.Gain(3.0), audio.Fade(20, 20)],
                    input_columns=["audio"])
    data = data.map(operations=audio.LowpassBiquad(16000, 2000.0), input_columns="audio")
    return [row["audio"] for row in data.create_dict_iterator(output_numpy=True, num_epochs=1)]


def case_pipeline_int_error():
    def gen():
        yield (np.arange(10, dtype=np.int32),)
    data = ds.GeneratorDataset(gen, ["audio"], shuffle=False).map(operations=[audio.Gain(3.0)],
                                                                   input_columns=["audio"])
    return _err(lambda: list(data.create_tuple_iterator(output_numpy=True, num_epochs=1)))
