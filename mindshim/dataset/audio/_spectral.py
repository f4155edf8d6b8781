"""mindspore.dataset.audio's spectral transforms (STFT, filter banks, complex spectrograms, value scales);
each group lives in its own `_spectral_*` file."""
from mindshim.dataset.audio import _spectral_mel, _spectral_phase, _spectral_scale, _spectral_stft
from mindshim.dataset.audio._spectral_mel import *  # noqa: F401,F403
from mindshim.dataset.audio._spectral_phase import *  # noqa: F401,F403
from mindshim.dataset.audio._spectral_scale import *  # noqa: F401,F403
from mindshim.dataset.audio._spectral_stft import *  # noqa: F401,F403

__all__ = _spectral_stft.__all__ + _spectral_mel.__all__ + _spectral_phase.__all__ + _spectral_scale.__all__
