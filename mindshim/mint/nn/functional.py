"""mindspore.mint.nn.functional: torch-style functional layers."""
__all__: list[str] = []
