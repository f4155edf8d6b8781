"""mindspore.train.dataset_helper: DatasetHelper and connect_network_with_dataset.

Sink mode keeps MindSpore's device semantics on every device. Under GRAPH_MODE one iteration of the
helper is one *sink* of `sink_size` steps (the whole dataset when -1): the network returned by
`connect_network_with_dataset` runs those steps on consecutive batches when called once and returns
the last step's output. Under PyNative (chosen when the helper is made, as MindSpore does) the helper
yields `sink_size` times and each call of the connected network runs one step. Either way the helper
yields empty tuples (the network reads the data itself) and the next sink continues where the
previous one stopped (the data wraps around into its next epoch). Non-sink mode yields every batch
and leaves the network as it is.
The sunk steps run through the execution engine (`mindshim._backend.sink.run_sink`).
"""
from __future__ import annotations

from typing import Any, Iterator

from mindshim import context as _context
from mindshim._backend import prefetch, sink
from mindshim.nn.cell import Cell


class _BatchStream:
    """Consecutive batches across dataset epochs, with one batch of look-ahead. In sink mode on a GPU the
    batches are produced ahead of the step by a background prefetcher (MindSpore's device queue)."""

    def __init__(self, dataset: Any, endless: bool, num_epochs: int) -> None:
        self.dataset = dataset
        self._it = dataset.create_tuple_iterator(num_epochs=-1 if endless else num_epochs)
        self._endless = endless
        self._peeked: tuple | None = None
        self._prefetch = prefetch.Prefetcher(self._read) if endless and prefetch.wanted() else None

    def _read(self) -> tuple:
        try:
            return tuple(next(self._it))
        except StopIteration:  # end of one dataset epoch: the next call starts the next one
            return tuple(next(self._it))

    def _pull(self) -> tuple:
        return self._prefetch.next() if self._prefetch is not None else self._read()

    def close(self) -> None:
        if self._prefetch is not None:
            self._prefetch.close()

    def peek(self) -> tuple:
        if self._peeked is None:
            self._peeked = self._pull()
        return self._peeked

    def next_or_none(self) -> tuple | None:
        if self._peeked is not None:
            batch, self._peeked = self._peeked, None
            return batch
        try:
            return self._pull()
        except StopIteration:
            return None

    def take(self, n: int) -> Iterator[tuple]:
        for _ in range(n):
            if self._peeked is not None:
                batch, self._peeked = self._peeked, None
                yield batch
            else:
                yield self._pull()


class DatasetHelper:
    """DatasetHelper(dataset, dataset_sink_mode=True, sink_size=-1, epoch_num=1)."""

    def __init__(self, dataset: Any, dataset_sink_mode: bool = True, sink_size: int = -1, epoch_num: int = 1) -> None:
        if not isinstance(sink_size, int) or (sink_size <= 0 and sink_size != -1):
            raise ValueError(f"For 'DatasetHelper', 'sink_size' must be -1 or a positive int, but got {sink_size!r}.")
        self.dataset = dataset
        self.dataset_sink_mode = dataset_sink_mode
        self._dataset_size = dataset.get_dataset_size()
        self._sink_size = sink_size if sink_size > 0 else self._dataset_size
        self.epoch_num = epoch_num
        self._per_step = dataset_sink_mode and not _context.is_graph_mode()
        self._stream = _BatchStream(dataset, endless=dataset_sink_mode, num_epochs=epoch_num)

    def sink_size(self) -> int:
        return self._sink_size

    def steps_per_call(self) -> int:
        """Steps one call of the connected network runs: the sink size under GRAPH_MODE, 1 under PyNative."""
        return 1 if self._per_step else self._sink_size

    def __len__(self) -> int:
        if self.dataset_sink_mode:
            return self._sink_size if self._per_step else 1
        return self._dataset_size

    def __iter__(self) -> Iterator[tuple]:
        if self.dataset_sink_mode:
            for _ in range(len(self)):
                yield ()  # the connected network reads its batches itself
            return
        for _ in range(self._dataset_size):
            batch = self._stream.next_or_none()
            if batch is None:
                return
            yield batch

    def next_sink(self) -> Iterator[tuple]:
        """The batches one call of the connected network runs."""
        return self._stream.take(self.steps_per_call())

    def types_shapes(self) -> tuple[list, list]:
        batch = self._stream.peek()
        return [b.dtype for b in batch], [tuple(b.shape) for b in batch]

    def get_data_info(self) -> tuple[list, list]:
        return self.types_shapes()

    def release(self) -> None:
        self._stream.close()

    def stop_send(self) -> None:
        pass

    def continue_send(self) -> None:
        pass


class _SinkNetwork(Cell):
    """What connect_network_with_dataset returns in sink mode: one call runs one sink. The sink loop is
    host code; each step in it is the outermost call the engine may compile."""

    _ms_host_loop = True

    def __init__(self, network: Cell, helper: DatasetHelper) -> None:
        super().__init__(auto_prefix=False)
        self.network = network
        object.__setattr__(self, "_helper", helper)

    def construct(self, *placeholder_inputs: Any) -> Any:
        return sink.run_sink(self.network, self._helper.next_sink(), _context.is_graph_mode())


def connect_network_with_dataset(network: Cell, dataset_helper: DatasetHelper) -> Cell:
    if not dataset_helper.dataset_sink_mode:
        raise RuntimeError("The API 'connect_network_with_dataset' should be called in dataset sink mode.")
    return _SinkNetwork(network, dataset_helper)


__all__ = ["DatasetHelper", "connect_network_with_dataset"]
