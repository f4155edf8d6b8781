"""mindspore.data_sink / mindspore.train.data_sink: a function that runs `fn` over the dataset in sinks.

`data_sink(fn, dataset, sink_size=1, jit_config=None, input_signature=None)` returns `sink_process`;
each call runs `fn(*batch)` on the next `sink_size` batches and returns the last step's output. The
dataset is read endlessly (it wraps into its next epoch); on a GPU ahead of the step by the sink
prefetcher, as MindSpore's device queue does. With `jit_config` the step function is one engine region
(compiled where the engine's policy compiles: on CUDA by default); without it, it runs as written.

Mapping decisions:
- MindSpore 2.10 refuses data sinking on CPU (ValueError); mindshim runs it on CPU as well, so a
  script written for a GPU runs unchanged here.
- A dataset can back one sink function only, as in MindSpore ("The dataset has been used with network.").
- `input_signature` is checked against the dataset's first batch (shapes and dtypes), TypeError when
  they differ.
"""
from __future__ import annotations

import functools
from typing import Any, Callable

from mindshim import context as _context
from mindshim._backend import engine, sink
from mindshim.train.dataset_helper import _BatchStream

_USED = "_ms_sink_stream"


def _check_sink_size(sink_size: Any) -> None:
    if not isinstance(sink_size, int) or isinstance(sink_size, bool):
        raise TypeError(f"For 'Data sink', the type of 'sink_size' should be 'int', "
                        f"but got '{type(sink_size).__name__}'.")
    if sink_size <= 0:
        raise ValueError(f"The 'sink_size' must be positive, but got sink_size {sink_size}.")


def _signature_of(tensors: Any) -> list[tuple[tuple, Any]]:
    items = tensors if isinstance(tensors, (list, tuple)) else (tensors,)
    return [(tuple(t.shape), t.dtype) for t in items]


def _check_signature(input_signature: Any, batch: tuple) -> None:
    expected, actual = _signature_of(input_signature), _signature_of(batch)
    if expected != actual:
        raise TypeError(f"For 'data_sink', the dataset's (shape, dtype) {actual} do not match "
                        f"'input_signature' {expected}.")


def data_sink(fn: Callable, dataset: Any, sink_size: int = 1, jit_config: Any = None,
              input_signature: Any = None) -> Callable:
    _check_sink_size(sink_size)
    if getattr(dataset, _USED, None) is not None:
        raise ValueError("The dataset has been used with network.")
    stream = _BatchStream(dataset, endless=True, num_epochs=-1)
    object.__setattr__(dataset, _USED, stream)
    if input_signature is not None:
        _check_signature(input_signature, stream.peek())
    step = engine.jit_function(fn) if jit_config is not None else fn

    @functools.wraps(fn)
    def sink_process(*args: Any, **kwargs: Any) -> Any:
        return sink.run_sink(step, stream.take(sink_size), _context.is_graph_mode())

    return sink_process


__all__ = ["data_sink"]
