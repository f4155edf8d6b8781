"""Parity of mindspore.dataset.audio's spectral transforms and utils: the enums, the filter banks, Spectrogram and
its inverse (windows, padding modes, centre/onesided/normalized, complex output with power 0), the mel/linear
families (MelScale, MelSpectrogram, MFCC, LFCC), GriffinLim without momentum, the complex-spectrogram ops
(trailing axis of 2), the value scales, the fixed masks, use in a GeneratorDataset pipeline, and the errors
(constructor TypeError/ValueError naming the argument; RuntimeError from the kernels). Random ones (iid masks,
InverseMelScale, GriffinLim rand_init) only give shapes and dtypes here."""
import numpy as np

import mindspore.dataset as ds
import mindspore.dataset.audio as audio
from mindspore.dataset.audio import BorderType, MelType, NormMode, NormType, ScaleType, WindowType

COMPILED_PASS = False
TOLERANCES = {
    "utils_banks": {"rtol": 1e-5, "atol": 1e-5, "why": "MindSpore builds the banks in float32, mindshim in float64"},
    "spectrogram": {"rtol": 1e-4, "atol": 1e-4, "why": "FFT sums in float32 (pocketfft vs Eigen)"},
    "pipeline": {"rtol": 1e-4, "atol": 1e-3, "why": "dB of float32 FFT sums"},
    "pipeline_complex": {"rtol": 1e-3, "atol": 1e-2, "why": "float32 phase accumulation, then Griffin-Lim iterations"},
    "inverse_spectrogram": {"rtol": 1e-4, "atol": 1e-4, "why": "division by a near-zero window envelope at the edges"},
    "griffin_lim": {"rtol": 1e-3, "atol": 1e-4, "why": "iterated STFT/ISTFT in float32 (C++ double accumulators)"},
    "mel_family": {"rtol": 1e-3, "atol": 0.05, "why": "log of near-silent mel bands (1e-6 floor) magnifies float32 FFT rounding; cepstra sum 128 such terms"},
    "scales": {"rtol": 1e-4, "atol": 1e-4, "why": "float32 running sums"},
    "phase_ops": {"rtol": 1e-3, "atol": 2e-3, "why": "float32 phase accumulated over frames (cumulative sum)"},
}


def _wave(n=400, channels=None, dtype=np.float32):
    t = np.arange(n) / 8000.0
    w = np.sin(2 * np.pi * 440 * t) + 0.5 * np.sin(2 * np.pi * 1234 * t) + 0.1 * np.cos(2 * np.pi * 97 * t)
    if channels:
        w = np.stack([w * (c + 1) for c in range(channels)])
    return w.astype(dtype)


def _out(r):
    return {"dtype": str(r.dtype), "shape": list(r.shape), "value": r}


def _err(fn, *words):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type is the result
        return [type(e).__name__] + [w in str(e) for w in words]
    return "no error"


def _spec(**kw):
    return audio.Spectrogram(n_fft=64, **kw)(_wave())


def case_enums():
    names = ["BorderType", "DensityFunction", "FadeShape", "GainType", "Interpolation", "MelType", "Modulation",
             "NormMode", "NormType", "ResampleMethod", "ScaleType", "WindowType"]
    return {n: [[m.name, m.value] for m in getattr(audio, n)] for n in names}


def case_utils_banks():
    return {
        "dct": audio.create_dct(4, 8), "dct_ortho": audio.create_dct(5, 12, NormMode.ORTHO),
        "linear": audio.linear_fbanks(9, 0.0, 8000.0, 5, 16000), "linear_int": audio.linear_fbanks(17, 100, 3000, 4, 8000),
        "mel": audio.melscale_fbanks(201, 0.0, 8000.0, 40, 16000),
        "mel_slaney": audio.melscale_fbanks(33, 20.0, 4000.0, 10, 8000, NormType.SLANEY, MelType.SLANEY),
        "mel_mixed": audio.melscale_fbanks(33, 0.0, 4000.0, 6, 8000, NormType.NONE, MelType.SLANEY),
        "dtype": str(audio.create_dct(2, 3).dtype),
    }


def case_utils_errors():
    return {
        "dct_float": _err(lambda: audio.create_dct(4.0, 8), "n_mfcc"),
        "dct_zero": _err(lambda: audio.create_dct(0, 8), "n_mfcc"),
        "dct_norm": _err(lambda: audio.create_dct(4, 8, "ortho"), "norm"),
        "mel_order": _err(lambda: audio.melscale_fbanks(9, 100.0, 50.0, 5, 16000), "f_min"),
        "mel_rate": _err(lambda: audio.melscale_fbanks(9, 0.0, 80.0, 5, 0), "sample_rate"),
        "mel_norm": _err(lambda: audio.melscale_fbanks(9, 0.0, 80.0, 5, 100, "slaney"), "norm"),
        "lin_neg": _err(lambda: audio.linear_fbanks(9, -1.0, 50.0, 5, 16000), "f_min"),
        "lin_filter": _err(lambda: audio.linear_fbanks(9, 0.0, 50.0, 0, 16000), "n_filter"),
    }


def case_spectrogram():
    wave = _wave()
    out = {"default": _out(_spec()), "power1": _out(_spec(power=1.0)), "complex": _out(_spec(power=0.0)),
           "no_center": _out(_spec(center=False)), "normalized": _out(_spec(normalized=True)),
           "twosided": _out(_spec(onesided=False)), "odd_fft": _out(audio.Spectrogram(n_fft=63)(wave)),
           "pad_win_hop": _out(_spec(pad=5, win_length=40, hop_length=10)),
           "f64": _out(audio.Spectrogram(n_fft=64)(wave.astype(np.float64))),
           "int": _out(audio.Spectrogram(n_fft=32)((wave * 100).astype(np.int32))),
           "list": _out(audio.Spectrogram(n_fft=32)(list(wave[:100]))),
           "channels": _out(audio.Spectrogram(n_fft=32, hop_length=20)(_wave(channels=2).reshape(2, 1, 400)))}
    out.update({"win_" + w.value: _spec(window=w) for w in WindowType})
    out.update({"pad_" + b.value: _spec(pad_mode=b) for b in BorderType})
    return out


def case_inverse_spectrogram():
    wave = _wave()
    opts = dict(win_length=48, hop_length=16, pad=4, window=WindowType.HAMMING, normalized=True)
    return {
        "default": _out(audio.InverseSpectrogram(n_fft=64)(_spec(power=0.0))),
        "length": _out(audio.InverseSpectrogram(length=400, n_fft=64)(_spec(power=0.0))),
        "f64": _out(audio.InverseSpectrogram(length=400, n_fft=64)(_spec(power=0.0).astype(np.float64))),
        "options": _out(audio.InverseSpectrogram(length=400, n_fft=64, **opts)(_spec(power=0.0, **opts))),
        "no_center": _out(audio.InverseSpectrogram(n_fft=64, center=False)(_spec(power=0.0, center=False))[40:-40]),
        "twosided": _out(audio.InverseSpectrogram(n_fft=64, onesided=False)(_spec(power=0.0, onesided=False))),
        "channels": _out(audio.InverseSpectrogram(length=400, n_fft=64)(
            audio.Spectrogram(n_fft=64, power=0.0)(_wave(channels=2)))),
        "roundtrip_error": float(np.abs(audio.InverseSpectrogram(length=400, n_fft=64)(_spec(power=0.0)) - wave).max() < 1e-4),
    }


def case_mel_family():
    wave, power = _wave(), _spec()
    mk = {"n_fft": 64, "win_length": 64, "hop_length": 16, "f_min": 0.0, "f_max": 4000.0, "pad": 0, "power": 2.0,
          "normalized": False, "center": True, "onesided": True, "window": WindowType.HANN,
          "pad_mode": BorderType.REFLECT, "norm": NormType.NONE, "mel_scale": MelType.HTK, "n_mels": 8}
    sk = {"n_fft": 64, "win_length": 64, "hop_length": 16, "pad": 0, "window": WindowType.HANN, "power": 2.0,
          "normalized": False, "center": True, "pad_mode": BorderType.REFLECT, "onesided": True}
    return {
        "melscale": _out(audio.MelScale(n_mels=8, sample_rate=8000, n_stft=33)(power)),
        "melscale_slaney": _out(audio.MelScale(8, 8000, 50.0, 3500.0, 33, NormType.SLANEY, MelType.SLANEY)(power)),
        "melscale_f64": _out(audio.MelScale(n_mels=8, sample_rate=8000, n_stft=33)(power.astype(np.float64))),
        "melspec": _out(audio.MelSpectrogram(sample_rate=8000, n_fft=64, n_mels=8)(wave)),
        "melspec_opts": _out(audio.MelSpectrogram(8000, 64, 48, 16, 100.0, 3000.0, 2, 10, WindowType.HAMMING, 1.0,
                                                  True, True, BorderType.SYMMETRIC, True, NormType.SLANEY,
                                                  MelType.SLANEY)(_wave(channels=2))),
        "mfcc_default": _out(audio.MFCC(sample_rate=8000)(wave)),
        "mfcc_kwargs": _out(audio.MFCC(8000, 4, melkwargs=mk)(wave)),
        "mfcc_log": _out(audio.MFCC(8000, 10, norm=NormMode.NONE, log_mels=True)(wave)),
        "lfcc_default": _out(audio.LFCC(sample_rate=8000)(wave)),
        "lfcc_kwargs": _out(audio.LFCC(8000, 16, 6, 0.0, 3000.0, log_lf=True, speckwargs=sk)(_wave(channels=2))),
        "lfcc_db": _out(audio.LFCC(8000, 20, 8, speckwargs=dict(sk))(wave)),
    }


def case_griffin_lim():
    power1 = audio.Spectrogram(n_fft=64, power=1.0, win_length=48, hop_length=16, window=WindowType.HAMMING)(_wave())
    return {
        "one_iter": _out(audio.GriffinLim(n_fft=64, n_iter=1, rand_init=False)(_spec())),
        "no_momentum": _out(audio.GriffinLim(n_fft=64, n_iter=6, momentum=0.0, rand_init=False)(_spec())),
        "length_power1": _out(audio.GriffinLim(64, 4, 48, 16, WindowType.HAMMING, 1.0, 0.0, 400, False)(power1)),
        "momentum": _out(audio.GriffinLim(n_fft=64, n_iter=5, rand_init=False)(_spec())),
        "momentum_half": _out(audio.GriffinLim(n_fft=64, n_iter=3, momentum=0.5, rand_init=False)(_spec())),
        "channels_f64": _out(audio.GriffinLim(n_fft=64, n_iter=3, momentum=0.2, rand_init=False)(
            np.stack([_spec(), _spec() * 4]).astype(np.float64))),
        "random_shape": list(audio.GriffinLim(n_fft=64, n_iter=2)(_spec()).shape),
    }


def _complex():
    rng = np.random.RandomState(0)
    return rng.randn(33, 13, 2).astype(np.float32)


def case_phase_ops():
    c = _spec(power=0.0)
    pa = np.linspace(0, np.pi * 32, 33)[..., None].astype(np.float32)
    return {
        "norm": _out(audio.ComplexNorm()(_complex())), "norm2": _out(audio.ComplexNorm(2.0)(c)),
        "norm0": _out(audio.ComplexNorm(0.0)(_complex())),
        "angle": _out(audio.Angle()(_complex())), "angle64": _out(audio.Angle()(_complex().astype(np.float64))),
        "magphase": [_out(a) for a in audio.Magphase(1.5)(_complex())],
        "stretch_fast": _out(audio.TimeStretch(32, 33, 1.3)(c)),
        "stretch_slow": _out(audio.TimeStretch(32, 33, 0.7)(c.astype(np.float64))),
        "stretch_channels": _out(audio.TimeStretch(n_freq=33, fixed_rate=1.5)(np.stack([c, c * 2]))),
        "stretch_rate1": _out(audio.TimeStretch(n_freq=33)(c)),
        "stretch_rate1_5d": list(audio.TimeStretch(n_freq=33)(np.stack([c, c])[None]).shape),
        "vocoder_rate1": list(audio.PhaseVocoder(1.0, pa)(c).shape),
        "one_value": [audio.ComplexNorm()(np.array([3.0, 4.0], np.float32)), audio.Angle()(np.array([1.0, 1.0])),
                      list(audio.Magphase()(np.array([3.0, 4.0], np.float32)))],
        "vocoder": _out(audio.PhaseVocoder(1.3, pa)(c)),
        "vocoder64": _out(audio.PhaseVocoder(0.8, pa.astype(np.float64))(c.astype(np.float64))),
    }


def case_scales():
    power = _spec()
    x = np.random.RandomState(1).rand(2, 6, 8).astype(np.float32) * 4
    return {
        "to_db": _out(audio.AmplitudeToDB()(power)),
        "to_db_mag": _out(audio.AmplitudeToDB(ScaleType.MAGNITUDE, 2.0, 1e-5, 30.0)(power)),
        "to_db_3d": _out(audio.AmplitudeToDB(top_db=20.0)(np.stack([power, power * 100]))),
        "to_db_4d": _out(audio.AmplitudeToDB(top_db=20.0)(np.stack([power, power * 100]).reshape(2, 1, 33, 13))),
        "to_db_int": _out(audio.AmplitudeToDB(top_db=20.0)((power * 10).astype(np.int32))),
        "from_db": _out(audio.DBToAmplitude(0.5, 0.5)(x)), "from_db64": _out(audio.DBToAmplitude(2, 1)(x.astype(np.float64))),
        "deltas": _out(audio.ComputeDeltas()(power)), "deltas7": _out(audio.ComputeDeltas(7, BorderType.REFLECT)(x)),
        "deltas_modes": [audio.ComputeDeltas(3, b)(x) for b in BorderType],
        "deltas_even": _out(audio.ComputeDeltas(4)(x)),
        "cmn": _out(audio.SlidingWindowCmn()(x)), "cmn64": _out(audio.SlidingWindowCmn()(x.astype(np.float64))),
        "cmn_center_vars": _out(audio.SlidingWindowCmn(4, 2, True, True)(x)),
        "cmn_vars": _out(audio.SlidingWindowCmn(3, 2, False, True)(x[0])),
        "cmn_row": _out(audio.SlidingWindowCmn(3, 1)(x[:1, 0])),
        "centroid": _out(audio.SpectralCentroid(8000, n_fft=64)(_wave())),
        "centroid_opts": _out(audio.SpectralCentroid(8000, 64, 32, 8, 3, WindowType.HAMMING)(_wave(channels=2))),
    }


def case_masks():
    x = np.arange(1, 97, dtype=np.float32).reshape(2, 6, 8)
    return {
        "freq": _out(audio.FrequencyMasking(False, 3, 1, 0.5)(x)), "freq0": _out(audio.FrequencyMasking(False, 0, 1)(x)),
        "freq2d": _out(audio.FrequencyMasking(False, 2, 1)(x[0])),
        "freq_int": _out(audio.FrequencyMasking(False, 2, 1, 3.0)(x.astype(np.int32))),
        "time": _out(audio.TimeMasking(False, 3, 2, 2.0)(x)),
        "axis1": _out(audio.MaskAlongAxis(1, 2, 9.0, 1)(x)), "axis2": _out(audio.MaskAlongAxis(3, 4, -1.0, 2)(x)),
        "axis_end": _out(audio.MaskAlongAxis(6, 2, -1.0, 2)(x.astype(np.float64))),
        "iid_shapes": [[list(r.shape), str(r.dtype)] for r in (audio.FrequencyMasking(True, 3)(x),
                                                               audio.TimeMasking(True, 2, 7)(x[0]),
                                                               audio.FrequencyMasking(True, 2)(x.astype(np.int32)),
                                                               audio.MaskAlongAxisIID(0, 1.0, 1)(x.astype(np.float64)),
                                                               audio.MaskAlongAxisIID(3, 1.0, 2)(x))],
        "inverse_mel": [[list(r.shape), str(r.dtype)] for r in (
            audio.InverseMelScale(33, 8, 8000, max_iter=5)(np.ones((8, 4), np.float32)),
            audio.InverseMelScale(33, 8, 8000, max_iter=5)(np.ones((2, 8, 4))),
            audio.InverseMelScale(33, 8, 8000, max_iter=5)(np.ones((2, 1, 8, 4), np.int32)))],
    }


def case_pipeline():
    waves = [_wave(), _wave() * 0.5, _wave()[::-1].copy()]
    data = ds.GeneratorDataset(lambda: iter([(w,) for w in waves]), ["audio"], shuffle=False)
    data = data.map([audio.Spectrogram(n_fft=64), audio.AmplitudeToDB(), audio.FrequencyMasking(False, 4, 2)],
                    input_columns=["audio"])
    data = data.map([audio.ComputeDeltas()], input_columns=["audio"], output_columns=["delta"])
    return [row[0] for row in data.create_tuple_iterator(output_numpy=True, num_epochs=1)]


def case_pipeline_complex():
    waves = [_wave(), _wave() * 0.5]
    data = ds.GeneratorDataset(lambda: iter([(w,) for w in waves]), ["audio"], shuffle=False)
    data = data.map([audio.Spectrogram(n_fft=64, power=0.0), audio.TimeStretch(32, 33, 1.25)], input_columns=["audio"])
    data = data.map([audio.Magphase(2.0)], input_columns=["audio"], output_columns=["mag", "phase"])
    data = data.map([audio.GriffinLim(n_fft=64, n_iter=3, rand_init=False)], input_columns=["mag"], output_columns=["wave"])
    data = data.map([audio.SpectralCentroid(8000, n_fft=32)], input_columns=["wave"], output_columns=["centroid"])
    rows = list(data.create_dict_iterator(output_numpy=True, num_epochs=1))
    # the phase as its cosine: bins with a zero imaginary part may read +pi or -pi
    return {"columns": data.get_col_names(), "rows": [[r["centroid"], np.cos(r["phase"]), r["phase"].dtype.name]
                                                      for r in rows]}


def case_constructor_errors():
    a = audio
    cases = {
        "spec_nfft": (lambda: a.Spectrogram(n_fft=0), "n_fft"), "spec_type": (lambda: a.Spectrogram(n_fft=6.0), "n_fft"),
        "spec_win": (lambda: a.Spectrogram(n_fft=16, win_length=32), "win_length"),
        "spec_window": (lambda: a.Spectrogram(window="hann"), "window"),
        "spec_power": (lambda: a.Spectrogram(power=-1.0), "power"),
        "spec_center": (lambda: a.Spectrogram(center=1), "center"),
        "spec_pad_mode": (lambda: a.Spectrogram(pad_mode="reflect"), "pad_mode"),
        "ispec_length": (lambda: a.InverseSpectrogram(length=-1), "length"),
        "ispec_hop": (lambda: a.InverseSpectrogram(hop_length=0), "hop_length"),
        "mel_fmax": (lambda: a.MelScale(f_min=100.0, f_max=50.0), "f_max"),
        "mel_fmin_rate": (lambda: a.MelScale(sample_rate=100, f_min=60.0), "f_min"),
        "mel_nstft": (lambda: a.MelScale(n_stft=0), "n_stft"),
        "mel_type": (lambda: a.MelScale(mel_type="htk"), "mel_type"),
        "imel_iter": (lambda: a.InverseMelScale(20, max_iter=0), "max_iter"),
        "imel_sgd": (lambda: a.InverseMelScale(20, sgdargs={"sgd_lr": -1, "sgd_momentum": 0.9}), "sgd_lr"),
        "melspec_fmin": (lambda: a.MelSpectrogram(f_min=1), "f_min"),
        "melspec_power": (lambda: a.MelSpectrogram(power=0.0), "power"),
        "mfcc_dct": (lambda: a.MFCC(dct_type=3), "dct_type"),
        "mfcc_norm": (lambda: a.MFCC(norm="ortho"), "norm"),
        "mfcc_log": (lambda: a.MFCC(log_mels=1), "log_mels"),
        "lfcc_fmax": (lambda: a.LFCC(f_min=100.0, f_max=50.0), "f_max"),
        "lfcc_filter": (lambda: a.LFCC(n_filter=0), "n_filter"),
        "gl_power": (lambda: a.GriffinLim(power=0.0), "power"),
        "gl_momentum": (lambda: a.GriffinLim(momentum=-0.1), "momentum"),
        "gl_rand": (lambda: a.GriffinLim(rand_init=0), "rand_init"),
        "ts_rate": (lambda: a.TimeStretch(fixed_rate=0.0), "fixed_rate"),
        "ts_freq": (lambda: a.TimeStretch(n_freq=1.5), "n_freq"),
        "pv_rate": (lambda: a.PhaseVocoder(0, np.zeros((3, 1))), "rate"),
        "pv_advance": (lambda: a.PhaseVocoder(1.0, [0.0]), "phase_advance"),
        "cn_power": (lambda: a.ComplexNorm(-1.0), "power"), "mp_power": (lambda: a.Magphase("1"), "power"),
        "db_stype": (lambda: a.AmplitudeToDB(stype="power"), "stype"),
        "db_top": (lambda: a.AmplitudeToDB(top_db=0.0), "top_db"),
        "dba_ref": (lambda: a.DBToAmplitude("1", 1.0), "ref"),
        "deltas_win": (lambda: a.ComputeDeltas(2), "win_length"),
        "deltas_mode": (lambda: a.ComputeDeltas(5, "edge"), "pad_mode"),
        "centroid_rate": (lambda: a.SpectralCentroid(-1), "sample_rate"),
        "cmn_window": (lambda: a.SlidingWindowCmn(-1), "cmn_window"),
        "cmn_center": (lambda: a.SlidingWindowCmn(center=1), "center"),
        "fm_iid": (lambda: a.FrequencyMasking(1, 3), "iid_masks"),
        "fm_param": (lambda: a.FrequencyMasking(False, -1), "mask_param"),
        "fm_value": (lambda: a.FrequencyMasking(False, 3, 0, -1.0), "mask_value"),
        "tm_start": (lambda: a.TimeMasking(False, 3, -1), "mask_start"),
        "ma_width": (lambda: a.MaskAlongAxis(0, 0, 0.0, 1), "mask_width"),
        "ma_axis": (lambda: a.MaskAlongAxis(0, 1, 0.0, 3), "axis"),
        "ma_start": (lambda: a.MaskAlongAxis(0.5, 1, 0.0, 1), "mask_start"),
        "maiid_param": (lambda: a.MaskAlongAxisIID(1.0, 0.0, 1), "mask_param"),
        "maiid_axis": (lambda: a.MaskAlongAxisIID(1, 0.0, 0), "axis"),
    }
    return {k: _err(fn, word) for k, (fn, word) in cases.items()}


def case_run_errors():
    a, power, x = audio, _spec(), np.ones((2, 6, 8), np.float32)
    return {
        "not_numpy": _err(lambda: a.AmplitudeToDB()(list(power[0]))),
        "spec_scalar": _err(lambda: a.Spectrogram(n_fft=8)(np.float32(1.0))),
        "mel_freq": _err(lambda: a.MelScale(n_mels=8, sample_rate=8000, n_stft=30)(power)),
        "db_1d": _err(lambda: a.AmplitudeToDB()(power[0])),
        "deltas_1d": _err(lambda: a.ComputeDeltas()(power[0])),
        "cmn_1d": _err(lambda: a.SlidingWindowCmn()(power[0])),
        "norm_not_complex": _err(lambda: a.ComplexNorm()(power)),
        "vocoder_dtype": _err(lambda: a.PhaseVocoder(0.8, np.zeros((33, 1)))(_spec(power=0.0))),
        "mask_past_end": _err(lambda: a.MaskAlongAxis(7, 4, -1.0, 2)(x)),
        "fm_param_big": _err(lambda: a.FrequencyMasking(False, 7)(x)),
        "fm_start_big": _err(lambda: a.FrequencyMasking(False, 3, 5)(x)),
        "spec_too_short": _err(lambda: a.Spectrogram(n_fft=64, center=False)(_wave(30))),
        "spec_hop_zero": _err(lambda: a.Spectrogram(n_fft=64, win_length=1)(_wave())),
        "ispec_odd_fft": _err(lambda: a.InverseSpectrogram(n_fft=63)(a.Spectrogram(n_fft=63, power=0.0)(_wave()))),
        "ispec_pad_no_length": _err(lambda: a.InverseSpectrogram(n_fft=64, pad=4)(_spec(power=0.0, pad=4))),
        "ispec_2d": _err(lambda: a.InverseSpectrogram(n_fft=64)(power)),
        "gl_freq": _err(lambda: a.GriffinLim(n_fft=60, n_iter=2)(power)),
        "iid_param_big": [_err(lambda: a.FrequencyMasking(True, 7)(x)), _err(lambda: a.TimeMasking(True, 9)(x)),
                          _err(lambda: a.MaskAlongAxisIID(9, 0.0, 2)(x)), _err(lambda: a.MaskAlongAxisIID(2, 0.0, 2)(x[0, 0]))],
        "mask_1d": _err(lambda: a.MaskAlongAxis(1, 2, 9.0, 1)(x[0, 0])),
        "mfcc_fmax_none": _err(lambda: a.MFCC(8000, 4, melkwargs={
            "n_fft": 64, "win_length": 64, "hop_length": 32, "f_min": 0.0, "f_max": None, "pad": 0, "power": 2.0,
            "normalized": False, "center": True, "onesided": True, "window": WindowType.HANN,
            "pad_mode": BorderType.REFLECT, "norm": NormType.NONE, "mel_scale": MelType.HTK, "n_mels": 8})(_wave())),
    }
