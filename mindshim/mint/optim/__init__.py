"""mindspore.mint.optim: torch-style optimizers."""
__all__: list[str] = []
# <MINT_OPTIM>
