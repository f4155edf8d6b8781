"""mindspore.mint: torch's function API under MindSpore's names (MindSpore 2.3+)."""
from mindshim.mint import nn, optim

__all__: list[str] = []
from mindshim.mint import linalg, special  # noqa: E402
from mindshim.mint import _array, _math, _overload, _random  # noqa: E402
from mindshim.mint._table import TABLE as _TABLE  # noqa: E402

# re-exported ops objects first; the hand-written modules (MindSpore's own mint functions) complete the set
_OWN = {_n: getattr(_m, _n) for _m in (_array, _math, _overload, _random) for _n in _m.__all__}
globals().update(_TABLE)
globals().update(_OWN)
norm = linalg.norm_ext
__all__ += sorted(set(_TABLE) | set(_OWN) | {"norm"})
# <MINT_TOP>
