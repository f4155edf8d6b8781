"""mindspore.load_distributed_checkpoint for data-parallel checkpoints.

In data parallel every rank's checkpoint holds the whole, identical set of weights, so loading needs no
redistribution: the file of this rank (`rank_id`, else the current rank when there is one file per rank,
else the first file) is loaded into `network`. Strategy-based resharding (`predict_strategy`, a training
strategy file, the safetensors save mode) needs MindSpore's layout machinery and is unsupported.
"""
from __future__ import annotations

import os
from typing import Any

from mindshim._errors import unsupported, unsupported_arg

_API = "mindspore.load_distributed_checkpoint"


def load_distributed_checkpoint(network: Any, checkpoint_filenames: Any = None, predict_strategy: Any = None,
                                train_strategy_filename: str | None = None, strict_load: bool = False,
                                dec_key: bytes | None = None, dec_mode: str = "AES-GCM", format: str = "ckpt",
                                unified_safetensors_dir: str | None = None, dst_safetensors_dir: str | None = None,
                                rank_id: int | None = None, output_format: str = "safetensors",
                                name_map: dict | None = None, max_process_num: int = 64,
                                return_param_dict: bool = False) -> Any:
    from mindshim.train.serialization import load_checkpoint, load_param_into_net
    if format not in ("ckpt", "safetensors"):
        raise ValueError(f"For 'load_distributed_checkpoint', 'format' must be 'ckpt' or 'safetensors', "
                         f"but got {format}.")
    _check_files(checkpoint_filenames, ".safetensors" if format == "safetensors" else ".ckpt")
    _check_data_parallel_only(predict_strategy, train_strategy_filename, unified_safetensors_dir, network)
    chosen = checkpoint_filenames[_file_index(len(checkpoint_filenames), rank_id)]
    param_dict = load_checkpoint(chosen, dec_key=dec_key, dec_mode=dec_mode, format=format)
    if name_map:
        param_dict = {name_map.get(k, k): v for k, v in param_dict.items()}
    load_param_into_net(network, param_dict, strict_load=strict_load)
    return param_dict if return_param_dict else None


def _check_files(names: Any, ext: str) -> None:
    """MindSpore walks the argument (a str too, character by character) and names the first bad entry."""
    for index, name in enumerate(names or ()):
        if not (isinstance(name, str) and name.endswith(ext) and os.path.isfile(name) and os.path.getsize(name)):
            raise ValueError(f"For 'load_distributed_checkpoint', please check 'checkpoint_filenames', and make sure "
                             f"the {name} at index {index} is a valid checkpoint file, it must be a string ending "
                             f"with '{ext}', and the checkpoint file it represents must be exist and not empty.")
    if not names:
        raise ValueError("For 'load_distributed_checkpoint', 'checkpoint_filenames' must be a non-empty list.")


def _check_data_parallel_only(predict_strategy: Any, train_strategy_filename: Any, unified_dir: Any,
                              network: Any) -> None:
    if predict_strategy is not None:
        raise unsupported_arg(_API, "predict_strategy", "<strategy>")
    from mindshim.parallel._auto_parallel_context import auto_parallel_context
    strategy_file = train_strategy_filename or auto_parallel_context().get_strategy_ckpt_load_file()
    if strategy_file:
        raise unsupported(f"{_API} with a training strategy file ({strategy_file})",
                          "only data-parallel checkpoints (every rank holding all weights) are loaded")
    if unified_dir is not None or network is None:
        raise unsupported(f"{_API} save mode (unified_safetensors_dir / network=None)")


def _file_index(count: int, rank_id: int | None) -> int:
    if rank_id is not None:
        if not isinstance(rank_id, int) or isinstance(rank_id, bool) or not 0 <= rank_id < count:
            raise ValueError(f"For 'load_distributed_checkpoint', 'rank_id' must be an int in [0, {count}), "
                             f"but got {rank_id!r}.")
        return rank_id
    from mindshim._backend import distributed
    rank, size = distributed.rank(), distributed.world_size()
    return rank if size == count else 0


__all__ = ["load_distributed_checkpoint"]
