"""mindspore.mint.nn.layer: torch-style layer modules (activation, basic, conv, normalization, padding, pooling)."""
