"""Parity of ops.Print's text: in PyNative it prints each input on its own line with tensors in their repr; inside
a GRAPH_MODE Cell call MindSpore's Print is a graph op whose tensor layout has no commas between elements and
prints a 0-d tensor as its bare value. The graph op writes to the process's stdout directly (not through
sys.stdout), so the lines are read from file descriptor 1 and from sys.stdout (each case prints through one)."""
import os
import sys
import tempfile

import numpy as np

import mindspore as ms
from mindspore import Tensor, nn, ops
from parity_capture import captured_stdout

CONTEXT = {"mode": ms.GRAPH_MODE, "device_target": "CPU"}


def _fd_printed(fn):
    sys.stdout.flush()
    saved = os.dup(1)
    with tempfile.TemporaryFile(mode="w+b") as sink, captured_stdout() as python_lines:
        os.dup2(sink.fileno(), 1)
        try:
            fn()
            sys.stdout.flush()
        finally:
            os.dup2(saved, 1)
            os.close(saved)
        sink.seek(0)
        fd_lines = sink.read().decode().splitlines()
    return fd_lines + python_lines


class _Printer(nn.Cell):
    def __init__(self):
        super().__init__()
        self.print = ops.Print()

    def construct(self, a, b, c):
        self.print("value:", a, "int", b, c, a.sum(), 3, 1.5, (1, 2))
        return a + 1


def _inputs():
    return (Tensor(np.array([1.0, -2.5, 3.0], np.float32)), Tensor(np.array([[1, 2], [3, 4]], np.int32)),
            Tensor(np.array([True, False])))


def case_print_in_graph_cell():
    return _fd_printed(lambda: _Printer()(*_inputs()))


def case_print_outside_cells():
    a, b, _ = _inputs()
    return _fd_printed(lambda: ops.Print()("direct", a, b))
