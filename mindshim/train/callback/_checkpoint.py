"""mindspore.train.CheckpointConfig and ModelCheckpoint: MindSpore 2.10's save policy and file names.

File names: `{prefix}-{cur_epoch_num}_{step_in_epoch}.ckpt` in `directory` (default: the working
directory at import time, as in MindSpore). If the directory already holds checkpoints of the same
prefix when the callback is created, the prefix becomes `prefix_1` (then `_2`, ...), so two runs in
one folder never overwrite each other. A callable prefix gives `{prefix(cb_params)}.ckpt`.

Policy: save every `save_checkpoint_steps` steps (counted on cur_step_num, so in sink mode a save
happens at the first sink boundary past each multiple), else every `save_checkpoint_seconds`; always
once more at the end of training unless that step was just saved. Before each save, when the folder
already holds `keep_checkpoint_max` files of this prefix, the oldest (by mtime) is deleted.

Data parallel (measured with MindSpore 2.10 under msrun, tests/distributed): every rank saves, to `directory` as
given, with no rank added; scripts put the rank into `directory` (`f"ckpt_rank_{get_rank()}"`). Ranks sharing a
folder write the same file name; the write is atomic (a unique temporary file, then a rename), so the file is
always one rank's complete checkpoint.

Mapping decisions:
- Saving calls `mindshim.train.serialization.save_checkpoint(network, path, integrated_save,
  async_save, append_dict, ...)` with the same positional order as MindSpore's call.
- `prefix-graph.meta` is not written (there is no MindIR graph in mindshim).
- `enc_key`, `exception_save`, `remove_redundancy`, `format="safetensors"` are accepted for
  construction but raise "not supported" when a save would need them.
"""
from __future__ import annotations

import logging
import os
import stat
import time
from typing import Any, Callable

from mindshim._errors import unsupported
from mindshim.train.callback._callback import Callback, RunContext
from mindshim.train.callback._validate import check_bool, non_negative_int

logger = logging.getLogger("mindshim")

_cur_dir = os.getcwd()
_INFO_KEYS = ["epoch_num", "step_num"]
_CKPT_EXTENSIONS = (".ckpt", ".safetensors")
_BREAKPOINT_SUFFIX = "_breakpoint.ckpt"


def _make_directory(path: str) -> str:
    if not isinstance(path, str) or not path.strip():
        raise ValueError(f"For 'ModelCheckpoint', the 'directory' must be a non-empty str, but got {path!r}.")
    real = os.path.realpath(os.path.expanduser(path))
    os.makedirs(real, exist_ok=True)
    return real


def _prefix_without_clash(directory: str, prefix: str) -> str:
    """`prefix`, or `prefix_N` with N one more than the largest suffix already in `directory`."""
    suffix_num = 0
    n = len(prefix)
    for filename in os.listdir(directory):
        ext = os.path.splitext(filename)[1]
        if ext not in _CKPT_EXTENSIONS or filename.endswith(_BREAKPOINT_SUFFIX):
            continue
        if not filename.startswith(prefix) or len(filename) <= n or filename[n].isalpha():
            continue
        dash = filename[n:].find("-")
        if dash == 0:
            suffix_num = max(suffix_num, 1)
        elif dash != -1:
            num = filename[n + 1:n + dash]
            if num.isdigit():
                suffix_num = max(suffix_num, int(num) + 1)
    return f"{prefix}_{suffix_num}" if suffix_num else prefix


def _tensor_types() -> tuple:
    from mindshim.common.tensor import Tensor
    return (Tensor,)


class CheckpointConfig:
    """mindspore.train.CheckpointConfig(save_checkpoint_steps=1, save_checkpoint_seconds=0,
    keep_checkpoint_max=5, keep_checkpoint_per_n_minutes=0, integrated_save=True, async_save=False,
    saved_network=None, append_info=None, enc_key=None, enc_mode='AES-GCM', exception_save=False,
    crc_check=False, remove_redundancy=False, format='ckpt', **kwargs)."""

    def __init__(self, save_checkpoint_steps: int | None = 1, save_checkpoint_seconds: int | None = 0,
                 keep_checkpoint_max: int | None = 5, keep_checkpoint_per_n_minutes: int | None = 0,
                 integrated_save: bool = True, async_save: bool | str = False, saved_network: Any = None,
                 append_info: list | None = None, enc_key: bytes | None = None, enc_mode: str = "AES-GCM",
                 exception_save: bool = False, crc_check: bool = False, remove_redundancy: bool = False,
                 format: str = "ckpt", **kwargs: Any) -> None:
        api = "CheckpointConfig"
        if save_checkpoint_steps is not None:
            non_negative_int(save_checkpoint_steps, "save_checkpoint_steps", api)
        if save_checkpoint_seconds is not None:
            non_negative_int(save_checkpoint_seconds, "save_checkpoint_seconds", api)
        if keep_checkpoint_max is not None:
            non_negative_int(keep_checkpoint_max, "keep_checkpoint_max", api)
        if keep_checkpoint_per_n_minutes is not None:
            non_negative_int(keep_checkpoint_per_n_minutes, "keep_checkpoint_per_n_minutes", api)
        if saved_network is not None:
            from mindshim.nn.cell import Cell
            if not isinstance(saved_network, Cell):
                raise TypeError("For 'CheckpointConfig', the type of 'saved_network' must be None or Cell, "
                                f"but got {type(saved_network)}.")
        if not (save_checkpoint_steps or save_checkpoint_seconds or keep_checkpoint_max
                or keep_checkpoint_per_n_minutes):
            raise ValueError("For 'CheckpointConfig', the input arguments 'save_checkpoint_steps', "
                             "'save_checkpoint_seconds', 'keep_checkpoint_max' and "
                             "'keep_checkpoint_per_n_minutes' can't be all None or 0.")
        self.exception_save = check_bool(exception_save, "exception_save", api)
        self._save_checkpoint_steps = save_checkpoint_steps
        self._save_checkpoint_seconds = save_checkpoint_seconds
        if save_checkpoint_steps and save_checkpoint_steps > 0:
            self._save_checkpoint_seconds = None  # steps win over seconds
        self._keep_checkpoint_max = keep_checkpoint_max
        self._keep_checkpoint_per_n_minutes = keep_checkpoint_per_n_minutes
        if keep_checkpoint_max and keep_checkpoint_max > 0:
            self._keep_checkpoint_per_n_minutes = None
        elif not keep_checkpoint_per_n_minutes:
            self._keep_checkpoint_max = 1
        self._integrated_save = check_bool(integrated_save, "integrated_save", api)
        if async_save not in (False, True, "thread", "process"):
            raise ValueError("For 'CheckpointConfig', the 'async_save' must be bool, 'thread' or 'process', "
                             f"but got {async_save!r}.")
        self._async_save = async_save
        self._saved_network = saved_network
        self._append_dict = self._handle_append_info(append_info)
        if enc_key is not None and not isinstance(enc_key, bytes):
            raise TypeError(f"For 'CheckpointConfig', the 'enc_key' must be bytes or None, but got {type(enc_key)}.")
        if not isinstance(enc_mode, str):
            raise TypeError(f"For 'CheckpointConfig', the 'enc_mode' must be str, but got {type(enc_mode)}.")
        self._enc_key = enc_key
        self._enc_mode = enc_mode
        self._crc_check = check_bool(crc_check, "crc_check", api)
        if not isinstance(format, str):
            raise TypeError(f"For 'CheckpointConfig', the 'format' must be str, but got {type(format)}.")
        self._format = format
        self._map_param_inc = kwargs.get("incremental", False)
        self.enable_redundance = kwargs.get("enable_redundance", False)
        self.remove_redundancy = check_bool(remove_redundancy, "remove_redundancy", api)
        if format == "safetensors" and (enc_key is not None or enc_mode != "AES-GCM" or crc_check
                                        or exception_save or self._map_param_inc):
            raise ValueError("For 'save_checkpoint', when format is 'safetensors', other param must be default.")

    save_checkpoint_steps = property(lambda self: self._save_checkpoint_steps)
    save_checkpoint_seconds = property(lambda self: self._save_checkpoint_seconds)
    keep_checkpoint_max = property(lambda self: self._keep_checkpoint_max)
    keep_checkpoint_per_n_minutes = property(lambda self: self._keep_checkpoint_per_n_minutes)
    integrated_save = property(lambda self: self._integrated_save)
    async_save = property(lambda self: self._async_save)
    saved_network = property(lambda self: self._saved_network)
    enc_key = property(lambda self: self._enc_key)
    enc_mode = property(lambda self: self._enc_mode)
    crc_check = property(lambda self: self._crc_check)
    format = property(lambda self: self._format)
    append_dict = property(lambda self: self._append_dict)
    map_param_inc = property(lambda self: self._map_param_inc)

    def get_checkpoint_policy(self) -> dict:
        return {"save_checkpoint_steps": self.save_checkpoint_steps,
                "save_checkpoint_seconds": self.save_checkpoint_seconds,
                "keep_checkpoint_max": self.keep_checkpoint_max,
                "keep_checkpoint_per_n_minutes": self.keep_checkpoint_per_n_minutes,
                "saved_network": self.saved_network}

    @staticmethod
    def _handle_append_info(append_info: Any) -> dict | None:
        if append_info is None or append_info == []:
            return None
        if not isinstance(append_info, list):
            raise TypeError("For 'CheckpointConfig', the type of 'append_info' must be list, "
                            f"but got {type(append_info)}.")
        result: dict = {}
        for key in _INFO_KEYS:
            if key in append_info:
                result[key] = 0
        dict_count = 0
        for element in append_info:
            if isinstance(element, str):
                if element not in _INFO_KEYS:
                    raise ValueError("For 'CheckpointConfig', the value of element in the argument 'append_info' "
                                     f"must be in {_INFO_KEYS}, but got {element}.")
            elif isinstance(element, dict):
                dict_count += 1
                if dict_count > 1:
                    raise TypeError("For 'CheckpointConfig', the element of 'append_info' must has only one dict.")
                allowed = (int, float, bool, str) + _tensor_types()
                for key, value in element.items():
                    if not isinstance(key, str) or not isinstance(value, allowed):
                        raise TypeError("For 'CheckpointConfig', the key type of the dict 'append_info' must be "
                                        "string, the value type must be int or float or bool, but got key type "
                                        f"{type(key)}, value type {type(value)}")
                    result[key] = value
            else:
                raise TypeError("For 'CheckpointConfig', the type of 'append_info' element must be str or dict, "
                                f"but got {type(element)}.")
        return result


class CheckpointManager:
    """The checkpoint files of one prefix in one directory (for keep_checkpoint_max / per_n_minutes)."""

    def __init__(self, format: str = "ckpt") -> None:
        self._ckpoint_filelist: list[str] = []
        self._format = format

    @property
    def ckpoint_filelist(self) -> list[str]:
        return self._ckpoint_filelist

    @property
    def ckpoint_num(self) -> int:
        return len(self._ckpoint_filelist)

    def update_ckpoint_filelist(self, directory: str, prefix: str) -> None:
        ext = f".{self._format}"
        self._ckpoint_filelist = []
        for filename in os.listdir(directory):
            if not (filename.endswith(ext) and filename.startswith(prefix + "-")):
                continue
            middle = filename[len(prefix):-len(ext)]
            if not any(ch.isalpha() for ch in middle):  # "-3_7" but not "-graph" or "_1-3_7"'s letters
                self._ckpoint_filelist.append(os.path.join(directory, filename))

    def remove_ckpoint_file(self, file_name: str) -> None:
        try:
            os.chmod(file_name, stat.S_IWRITE)
            os.remove(file_name)
            self._ckpoint_filelist.remove(file_name)
        except (OSError, ValueError):
            logger.warning("Failed to remove the older ckpt file %s.", file_name)

    def remove_oldest_ckpoint_file(self) -> None:
        oldest = min(self._ckpoint_filelist, key=os.path.getmtime)
        self.remove_ckpoint_file(oldest)

    def keep_one_ckpoint_per_minutes(self, minutes: int, cur_time: float) -> None:
        recent = []
        oldest_file, oldest_time = "", cur_time
        for path in self._ckpoint_filelist:
            mtime = os.path.getmtime(path)
            if cur_time - mtime < 60 * minutes:
                recent.append(path)
                if mtime < oldest_time:
                    oldest_time, oldest_file = mtime, path
        for path in recent:
            if path != oldest_file:
                self.remove_ckpoint_file(path)


class ModelCheckpoint(Callback):
    """mindspore.train.ModelCheckpoint(prefix='CKP', directory=None, config=None)."""

    def __init__(self, prefix: str | Callable = "CKP", directory: str | Callable | None = None,
                 config: CheckpointConfig | None = None) -> None:
        super().__init__()
        self._latest_ckpt_file_name = ""
        self._last_time = time.time()
        self._last_time_for_keep = time.time()
        self._last_triggered_step = 0
        self._prefix_func = prefix if callable(prefix) else None
        self._directory_func = directory if callable(directory) else None
        if not callable(prefix) and (not isinstance(prefix, str) or "/" in prefix):
            raise ValueError("For 'ModelCheckpoint', the argument 'prefix' for checkpoint file name is invalid, "
                             "it must be callable or string that does not contain '/', but got {}.".format(prefix))
        self._prefix = prefix
        if directory is None:
            self._directory = _cur_dir
        elif not callable(directory):
            self._directory = _make_directory(directory)
        if config is None:
            config = CheckpointConfig()
        elif not isinstance(config, CheckpointConfig):
            raise TypeError("For 'ModelCheckpoint', the type of argument 'config' should be 'CheckpointConfig', "
                            "but got {}.".format(type(config)))
        self._config = config
        self._manager = CheckpointManager(config.format)
        if not callable(directory) and not callable(prefix):
            self._prefix = _prefix_without_clash(self._directory, self._prefix)
        self._append_dict = dict(config.append_dict or {})
        self._append_epoch_num = self._append_dict.get("epoch_num", 0)
        self._append_step_num = self._append_dict.get("step_num", 0)

    @property
    def latest_ckpt_file_name(self) -> str:
        return self._latest_ckpt_file_name

    def step_end(self, run_context: RunContext) -> None:
        cb_params = run_context.original_args()
        if self._prefix_func is not None:
            self._prefix = self._prefix_func(cb_params)
            if not isinstance(self._prefix, str) or "/" in self._prefix:
                raise ValueError("For 'ModelCheckpoint', the argument 'prefix' for checkpoint file name is "
                                 "callable, it must return a string that does not contain '/', "
                                 "but got {}.".format(self._prefix))
        if self._directory_func is not None:
            self._directory = _make_directory(self._directory_func(cb_params))
        self._save_ckpt(cb_params)

    def end(self, run_context: RunContext) -> None:
        self._save_ckpt(run_context.original_args(), force_to_save=True)

    def _should_save(self, cb_params: dict, force_to_save: bool) -> bool:
        config = self._config
        if config.save_checkpoint_steps and config.save_checkpoint_steps > 0:
            return (cb_params["cur_step_num"] >= self._last_triggered_step + config.save_checkpoint_steps
                    or force_to_save)
        if config.save_checkpoint_seconds and config.save_checkpoint_seconds > 0:
            now = time.time()
            if now - self._last_time > config.save_checkpoint_seconds or force_to_save:
                self._last_time = now
                return True
        return False

    def _save_ckpt(self, cb_params: dict, force_to_save: bool = False) -> None:
        cur_step = cb_params["cur_step_num"]
        if cur_step == self._last_triggered_step:
            return
        if not self._should_save(cb_params, force_to_save):
            return
        config = self._config
        step_in_epoch = int((cur_step - 1) % cb_params["batch_num"] + 1)
        if self._prefix_func is not None:
            file_name = f"{self._prefix}.{config.format}"
        else:
            file_name = f"{self._prefix}-{cb_params['cur_epoch_num']}_{step_in_epoch}.{config.format}"
        self._manager.update_ckpoint_filelist(self._directory, self._prefix)
        if config.keep_checkpoint_max and 0 < config.keep_checkpoint_max <= self._manager.ckpoint_num:
            self._manager.remove_oldest_ckpoint_file()
        elif config.keep_checkpoint_per_n_minutes and config.keep_checkpoint_per_n_minutes > 0:
            now = time.time()
            if now - self._last_time_for_keep < config.keep_checkpoint_per_n_minutes * 60:
                self._manager.keep_one_ckpoint_per_minutes(config.keep_checkpoint_per_n_minutes, now)
        path = os.path.join(self._directory, file_name)
        self._last_time_for_keep = time.time()
        self._last_triggered_step = cur_step
        if "epoch_num" in self._append_dict:
            self._append_dict["epoch_num"] = self._append_epoch_num + cb_params["cur_epoch_num"]
        if "step_num" in self._append_dict:
            self._append_dict["step_num"] = self._append_step_num + cur_step
        network = config.saved_network if config.saved_network is not None else cb_params["train_network"]
        self._write(network, path)
        self._latest_ckpt_file_name = path

    def _write(self, network: Any, path: str) -> None:
        config = self._config
        if config.enc_key is not None:
            raise unsupported("mindspore.train.CheckpointConfig(enc_key=...)", "encrypted checkpoints")
        if config.remove_redundancy:
            raise unsupported("mindspore.train.CheckpointConfig(remove_redundancy=True)",
                              "it only applies to parallel training")
        if config.format != "ckpt":
            raise unsupported(f"mindspore.train.CheckpointConfig(format={config.format!r})", "only 'ckpt' is written")
        from mindshim.train.serialization import save_checkpoint
        append = self._append_dict or None
        kwargs: dict[str, Any] = {"append_dict": append}
        if config.crc_check:
            kwargs["crc_check"] = True
        save_checkpoint(network, path, config.integrated_save, config.async_save, **kwargs)
