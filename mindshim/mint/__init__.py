"""mindspore.mint: torch's function API under MindSpore's names (MindSpore 2.3+)."""
from mindshim.mint import nn, optim

__all__: list[str] = []
# <MINT_TOP>
