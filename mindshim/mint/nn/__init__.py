"""mindspore.mint.nn: torch-style layers."""
from mindshim.mint.nn import functional

__all__: list[str] = []
# <MINT_NN>
