"""mindspore.log: MindSpore's Python logger, configured from glog environment variables.

`GLOG_v` sets the level (0 DEBUG, 1 INFO, 2 WARNING (default), 3 ERROR, 4 CRITICAL); `GLOG_logtostderr=0`
with `GLOG_log_dir` writes a rotating file `<dir>/rank_<id>/logs/mindspore.log.<pid>` and sends records at
`GLOG_stderrthreshold` and above to stderr too. The logger is built on first use and then kept.
Records look like MindSpore's: `[WARNING] ME(pid:thread,MainProcess):2024-01-01-12:00:00.123.456 [file:line] msg`.
"""
from __future__ import annotations

import logging
import os
import sys
import threading
import time
from logging.handlers import RotatingFileHandler
from typing import Any

_GLOG_TO_NAME = {"0": "DEBUG", "1": "INFO", "2": "WARNING", "3": "ERROR", "4": "CRITICAL"}
_NAME_TO_LEVEL = {"DEBUG": logging.DEBUG, "INFO": logging.INFO, "WARNING": logging.WARNING,
                  "ERROR": logging.ERROR, "CRITICAL": logging.CRITICAL}
_LEVEL_TO_GLOG = {_NAME_TO_LEVEL[name]: glog for glog, name in _GLOG_TO_NAME.items()}
_ENV = {"level": "GLOG_v", "console": "GLOG_logtostderr", "filepath": "GLOG_log_dir",
        "maxBytes": "logger_maxBytes", "backupCount": "logger_backupCount", "stderr_level": "GLOG_stderrthreshold"}
_MAX_BYTES, _BACKUP_COUNT = 52428800, 30
_FORMAT = "[%(levelname)s] ME(%(process)d:%(thread)d,%(processName)s):%(asctime)s [%(filepath)s:%(lineno)d] %(message)s"
_lock = threading.Lock()
_logger: logging.Logger | None = None


class _Formatter(logging.Formatter):
    """MindSpore's timestamp (`%Y-%m-%d-%H:%M:%S.mmm.uuu`) and a path relative to the package when inside it."""

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:
        stamp = time.strftime(datefmt or "%Y-%m-%d-%H:%M:%S", self.converter(record.created))
        if datefmt:
            return stamp
        micros = f"{round(record.msecs * 1000):06d}"
        return f"{stamp}.{micros[:3]}.{micros[3:]}"

    def format(self, record: logging.LogRecord) -> str:
        idx = record.pathname.rfind("mindshim")
        record.filepath = record.pathname[idx:] if idx >= 0 else record.pathname
        return super().format(record)


def _check_level(value: str) -> None:
    if value not in _GLOG_TO_NAME:
        raise ValueError("Incorrect log level, please check the configuration of GLOG_v or GLOG_stderrthreshold, "
                         f"desired log level: 4-CRITICAL, 3-ERROR, 2-WARNING, 1-INFO, 0-DEBUG. But got {value}.")


def _env_config() -> dict[str, str]:
    cfg = {key: os.environ[env].strip() for key, env in _ENV.items() if os.environ.get(env, "").strip()}
    for key in ("level", "stderr_level"):
        if key in cfg:
            _check_level(cfg[key])
    console = cfg.get("console")
    if console is not None and console not in ("0", "1"):
        raise ValueError(f"Incorrect value, the value of GLOG_logtostderr must be 0 or 1, but got {console}.")
    if console == "0":
        if not cfg.get("filepath"):
            raise ValueError("When GLOG_logtostderr is set to 0, the directory of saving log GLOG_log_dir must be "
                             "set, but got it empty.")
        for key in ("maxBytes", "backupCount"):
            if key in cfg and not cfg[key].isdigit():
                raise ValueError(f"Incorrect value, the value of {_ENV[key]} must be positive integer. "
                                 f"But got {_ENV[key]}:{cfg[key]}.")
    return cfg


def _rank_id() -> str:
    return os.getenv("RANK_ID") or os.getenv("OMPI_COMM_WORLD_RANK") or os.getenv("MS_NODE_ID") or "0"


def _build(cfg: dict[str, str]) -> logging.Logger:
    log_name = f"mindspore.log.{os.getpid()}"
    logger = logging.getLogger(f"ME.{log_name}")
    logger.setLevel(_NAME_TO_LEVEL[_GLOG_TO_NAME[cfg.get("level", "2")]])
    logger.propagate = False
    for handler in list(logger.handlers):
        logger.removeHandler(handler)
    formatter = _Formatter(_FORMAT)
    stderr = logging.StreamHandler(sys.stderr)
    stderr.name = "StreamHandler"
    stderr.setFormatter(formatter)
    if cfg.get("console", "1") == "0":
        log_dir = os.path.join(os.path.realpath(cfg["filepath"]), f"rank_{_rank_id()}", "logs")
        os.makedirs(log_dir, mode=0o700, exist_ok=True)
        file_handler = RotatingFileHandler(os.path.join(log_dir, log_name), encoding="utf8",
                                           maxBytes=int(cfg.get("maxBytes", _MAX_BYTES)),
                                           backupCount=int(cfg.get("backupCount", _BACKUP_COUNT)))
        file_handler.name = "FileHandler"
        file_handler.setFormatter(formatter)
        logger.addHandler(file_handler)
        stderr.setLevel(_NAME_TO_LEVEL[_GLOG_TO_NAME[cfg.get("stderr_level", "2")]])
    logger.addHandler(stderr)
    return logger


def _get_logger() -> logging.Logger:
    global _logger
    if _logger is None:
        with _lock:
            if _logger is None:
                _logger = _build(_env_config())
    return _logger


def _log(level: int, msg: Any, args: tuple, kwargs: dict) -> None:
    kwargs.setdefault("stacklevel", 3)  # the record names the caller of ms.log.<level>, not this module
    _get_logger().log(level, msg, *args, **kwargs)


def debug(msg: Any, *args: Any, **kwargs: Any) -> None:
    _log(logging.DEBUG, msg, args, kwargs)


def info(msg: Any, *args: Any, **kwargs: Any) -> None:
    _log(logging.INFO, msg, args, kwargs)


def warning(msg: Any, *args: Any, **kwargs: Any) -> None:
    _log(logging.WARNING, msg, args, kwargs)


def error(msg: Any, *args: Any, **kwargs: Any) -> None:
    _log(logging.ERROR, msg, args, kwargs)


def critical(msg: Any, *args: Any, **kwargs: Any) -> None:
    _log(logging.CRITICAL, msg, args, kwargs)


def get_level() -> str:
    """The effective level as a GLOG_v string ('0' DEBUG ... '4' CRITICAL)."""
    return _LEVEL_TO_GLOG[_get_logger().getEffectiveLevel()]


def get_log_config() -> dict[str, Any]:
    """The logger's configuration under glog's names (`GLOG_v`, `GLOG_logtostderr`, and the file settings)."""
    logger = _get_logger()
    config: dict[str, Any] = {"GLOG_v": get_level(), "GLOG_logtostderr": "1"}
    handler = logger.handlers[0]
    if isinstance(handler, RotatingFileHandler):
        config["GLOG_logtostderr"] = "0"
        config["GLOG_log_dir"] = os.path.dirname(handler.baseFilename)
        config["logger_maxBytes"] = handler.maxBytes
        config["logger_backupCount"] = handler.backupCount
        config["GLOG_stderrthreshold"] = _LEVEL_TO_GLOG[logger.handlers[1].level]
    return config


__all__ = ["get_level", "get_log_config"]
