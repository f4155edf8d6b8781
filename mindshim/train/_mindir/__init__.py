"""MindIR export and import (mindspore.export / load / load_mindir, nn.GraphCell); see docs/mindir.md."""
__all__: list[str] = []
