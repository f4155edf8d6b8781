"""mindspore.dataset.audio: audio transforms on numpy waveforms and spectrograms, the audio enums and filter banks."""
from mindshim.dataset.audio.transforms import *  # noqa: F401,F403
from mindshim.dataset.audio.utils import *  # noqa: F401,F403

__all__ = ["AllpassBiquad", "AmplitudeToDB", "Angle", "BandBiquad", "BandpassBiquad", "BandrejectBiquad", "BassBiquad",
           "Biquad", "BorderType", "ComplexNorm", "ComputeDeltas", "Contrast", "DBToAmplitude", "DCShift",
           "DeemphBiquad", "DensityFunction", "DetectPitchFrequency", "Dither", "EqualizerBiquad", "Fade", "FadeShape",
           "Filtfilt", "Flanger", "FrequencyMasking", "Gain", "GainType", "GriffinLim", "HighpassBiquad",
           "Interpolation", "InverseMelScale", "InverseSpectrogram", "LFCC", "LFilter", "LowpassBiquad", "MFCC",
           "Magphase", "MaskAlongAxis", "MaskAlongAxisIID", "MelScale", "MelSpectrogram", "MelType", "Modulation",
           "MuLawDecoding", "MuLawEncoding", "NormMode", "NormType", "Overdrive", "PhaseVocoder", "Phaser",
           "PitchShift", "Resample", "ResampleMethod", "RiaaBiquad", "ScaleType", "SlidingWindowCmn",
           "SpectralCentroid", "Spectrogram", "TimeMasking", "TimeStretch", "TrebleBiquad", "Vad", "Vol", "WindowType",
           "create_dct", "linear_fbanks", "melscale_fbanks"]
