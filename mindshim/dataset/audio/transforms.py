"""mindspore.dataset.audio.transforms: audio transforms on numpy waveforms and spectrograms, one home per family;
`AudioTensorOperation`, their base (kept out of `__all__`, as MindSpore keeps it out of mindspore.dataset.audio)."""
from mindshim.dataset.audio._common import AudioTensorOperation  # noqa: F401
from mindshim.dataset.audio._effects import *  # noqa: F401,F403 - each family file lists its names in __all__
from mindshim.dataset.audio._filters import *  # noqa: F401,F403
from mindshim.dataset.audio._masking import *  # noqa: F401,F403
from mindshim.dataset.audio._spectral import *  # noqa: F401,F403
from mindshim.dataset.audio import _effects, _filters, _masking, _spectral

__all__ = sorted(_effects.__all__ + _filters.__all__ + _masking.__all__ + _spectral.__all__)
