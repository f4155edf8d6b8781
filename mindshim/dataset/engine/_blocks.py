"""Block-wise execution of the common `source -> map(vectorisable built-ins)... -> batch` chain.

Row by row, such a pipeline spends most of its time in per-row Python (tuples, stacking, the chunk
bookkeeping), not in numpy. When every node below a batch can work on blocks, the batch asks for a
`BlockPlan` instead of rows:
- a source that can read many rows at once (`_take(indices)`: one fancy index per column) reads a
  block of the epoch's sampled indices;
- a map whose operations all have `_batch_apply` runs each op once per block (the same numbers as
  row by row, which the parity cases check against MindSpore);
- the batch cuts each block into batch-sized slices (blocks hold a whole number of batches).

Blocks are computed ahead of the consumer on `num_parallel_workers` threads (`_backend.data_workers`;
one thread with one worker, so the pipeline overlaps the training step; no more threads than the cores
the consumer leaves free), in order. A block whose op
fails is redone row by row, so the error names the same op and row as the row path; the batches
wholly before the failing row are delivered first, then the error is raised.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterator, Sequence

import numpy as np

from mindshim._backend.data_workers import ordered_prefetch, usable_threads

# Source bytes per block (MNIST: 32 rows). Measured on seed 001's MNIST pipeline: numpy's temporaries
# beyond a few hundred KiB go back to the OS after each call (glibc trims the heap), and Resize on
# 64-row blocks then ran 4x slower per row than on 32-row blocks; smaller blocks only add Python.
BLOCK_BYTES = 32 * 1024
MAX_BLOCK_ROWS = 1024
PREFETCH_BLOCKS = 2  # blocks computed ahead of the consumer (at least one per worker)
ENABLED = True  # False: every pipeline runs row by row (tests compare the two paths)


@dataclass
class Block:
    """`rows` rows as one array per column; `error` is set when the row after the last one failed."""

    cols: tuple
    rows: int
    error: BaseException | None = None


@dataclass
class BlockPlan:
    indices: np.ndarray  # the epoch's source indices, in order
    read: Callable[[int, np.ndarray], Block]  # (epoch position of the first row, source indices) -> block
    row_bytes: int  # size of one source row, to size blocks
    workers: int  # the largest num_parallel_workers along the chain


def plan_of(node: Any, epoch: int) -> BlockPlan | None:
    """The node's block plan for `epoch`, or None when it (or a node below it) only works row by row."""
    make = getattr(node, "_block_plan", None)
    return make(epoch) if ENABLED and callable(make) else None


def rows_per_block(batch_size: int, row_bytes: int) -> int:
    """A whole number of batches when a batch fits the budget, else a part of a batch (pieces are joined)."""
    rows = max(1, min(MAX_BLOCK_ROWS, BLOCK_BYTES // max(row_bytes, 1)))
    return rows - rows % batch_size if rows >= batch_size else rows


def source_block(cols: Sequence[np.ndarray]) -> Block:
    cols = tuple(cols)
    return Block(cols, len(cols[0]) if cols else 0)


def map_block(block: Block, col: int, ops: Sequence[Any], redo_row: Callable[[int, tuple], tuple],
              start: int) -> Block:
    """Apply `ops` (each with `_batch_apply`) to column `col` of the block's rows. On a failure the rows are
    redone one by one with `redo_row(position, row) -> row`, which raises the row path's error."""
    if block.rows == 0:
        return block
    try:
        value = block.cols[col]
        for op in ops:
            value = op._batch_apply(value)
        if len(value) != block.rows:
            raise ValueError("an op changed the number of rows")
        return Block(block.cols[:col] + (value,) + block.cols[col + 1:], block.rows, block.error)
    except Exception:  # noqa: BLE001 - redone row by row below, which reports the failing row
        pass
    out: list[tuple] = []
    error = block.error
    for i in range(block.rows):
        try:
            out.append(redo_row(start + i, tuple(c[i, ...] for c in block.cols)))
        except Exception as err:  # noqa: BLE001 - re-raised by the consumer after the rows before it
            error = err
            break
    if not out:
        return Block((), 0, error)
    cols = tuple(np.stack([np.asarray(r[j]) for r in out]) for j in range(len(out[0])))
    return Block(cols, len(out), error)


def batches(plan: BlockPlan, batch_size: int, drop_remainder: bool) -> Iterator[tuple]:
    """The batches of one epoch, computed block by block ahead of the consumer."""
    step = rows_per_block(batch_size, plan.row_bytes)
    idx = plan.indices
    items = ((s, idx[s:s + step]) for s in range(0, len(idx), step))
    threads = usable_threads(plan.workers)
    blocks = ordered_prefetch(lambda item: plan.read(*item), items, threads, max(PREFETCH_BLOCKS, threads))
    pieces: list[tuple] = []  # rows not yet batched: whole blocks, or a block's tail
    have = 0
    try:
        for block in blocks:
            if block.rows:
                pieces.append(block.cols)
                have += block.rows
            if have >= batch_size or (block.error is not None and pieces):
                cols = pieces[0] if len(pieces) == 1 else tuple(np.concatenate(p) for p in zip(*pieces))
                full = have - have % batch_size
                for s in range(0, full, batch_size):
                    yield tuple(c[s:s + batch_size] for c in cols)
                pieces = [tuple(c[full:] for c in cols)] if full < have else []
                have -= full
            if block.error is not None:
                raise block.error
        if have and not drop_remainder:
            yield pieces[0] if len(pieces) == 1 else tuple(np.concatenate(p) for p in zip(*pieces))
    finally:
        blocks.close()


__all__: list[str] = []
