"""Capture what a parity case prints, so a case can return the printed lines.

Pure Python (no framework import): works under real MindSpore and under mindshim. Cases import it as
`from parity_capture import captured_stdout` (both runners register this file under that name).

    with captured_stdout() as lines:
        print(tensor)
    return {"printed": lines}
"""
from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator


@contextlib.contextmanager
def captured_stdout() -> Iterator[list[str]]:
    """Yield a list that holds the printed lines (without newlines) once the block ends."""
    lines: list[str] = []
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        yield lines
    lines.extend(buffer.getvalue().split("\n"))
    if lines and lines[-1] == "":
        lines.pop()
