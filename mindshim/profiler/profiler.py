"""mindspore.Profiler, mindspore.profiler.profile and tensorboard_trace_handler on torch.profiler.

Each analysed recording is written in MindSpore's layout: `<dir>/<host>_<pid>_<YYYYmmddHHMMSSfff>_ascend_ms/`
holding ASCEND_PROFILER_OUTPUT/trace_view.json (Chrome trace; the events are torch's: `aten::addmm`, ...,
plus `ProfilerStep#N` markers when a schedule is used), FRAMEWORK/cpu_op_type_info_0.csv and
profiler_metadata.json. Ascend-only options are accepted and ignored, as MindSpore ignores them on CPU.
"""
from __future__ import annotations

import json
import logging
import os
import socket
import sys
import time
from typing import Any, Callable, Iterable

import torch

from mindshim._backend import profiling
from mindshim._errors import unsupported
from mindshim.profiler._constants import ProfilerActivity
from mindshim.profiler.schedule import ProfilerAction

logger = logging.getLogger("mindshim")


def _worker() -> str:
    return f"{socket.gethostname()}_{os.getpid()}"


def _run_dir(base: str, worker: str) -> str:
    now = time.time()
    stamp = time.strftime("%Y%m%d%H%M%S", time.localtime(now)) + f"{int(now * 1000) % 1000:03d}"
    path = os.path.join(os.path.realpath(base), f"{worker}_{stamp}_ascend_ms")
    while os.path.exists(path):  # two windows saved in the same millisecond
        path += "_"
    return path


def tensorboard_trace_handler(dir_name: str | None = None, worker_name: str | None = None,
                              analyse_flag: bool = True, async_mode: bool = False) -> Callable[[Any], None]:
    """A handler for `on_trace_ready`: each finished recording window is written under `dir_name`
    (default ./data) in its own `<worker_name>_<time>_ascend_ms` directory."""
    if not isinstance(analyse_flag, bool):
        logger.warning("analyse_flag is not bool, set by default.")
        analyse_flag = True
    if not isinstance(async_mode, bool):
        logger.warning("async_mode is not bool, set by default.")

    def handler_fn(prof_inst: Any) -> None:
        if analyse_flag:
            prof_inst.analyse()

    handler_fn.dir_name = dir_name if isinstance(dir_name, str) and dir_name else "./data"
    handler_fn.worker_name = worker_name if isinstance(worker_name, str) and worker_name else _worker()
    return handler_fn


class Profile:
    """mindspore.profiler.profile: records torch.profiler events following `schedule`; each saved window goes to
    `on_trace_ready` (see tensorboard_trace_handler). Without a handler, each saved window (or the whole recording,
    at `stop()`) is written under ./data."""

    _write_when_ready = True

    def __init__(self, activities: Iterable[ProfilerActivity] | None = None, with_stack: bool = False,
                 profile_memory: bool = False, data_process: bool = False, parallel_strategy: bool = False,
                 start_profile: bool = True, hbm_ddr: bool = False, pcie: bool = False, sync_enable: bool = True,
                 record_shapes: bool = False, schedule: Callable[[int], ProfilerAction] | None = None,
                 on_trace_ready: Callable[..., Any] | None = None, experimental_config: Any = None) -> None:
        if activities is None:
            activities = [ProfilerActivity.CPU, ProfilerActivity.NPU]
        self._activities = list(activities)
        self._metadata: dict[str, Any] = {}
        if schedule is not None and not callable(schedule):
            logger.warning("schedule is not Callable, set by default.")
            schedule = None
        self.schedule = schedule
        self.record_steps = schedule is not None
        self.on_trace_ready = on_trace_ready
        self._output_path = getattr(on_trace_ready, "dir_name", None) or "./data"
        self._worker = getattr(on_trace_ready, "worker_name", None) or _worker()
        self._options = {"record_shapes": bool(record_shapes), "profile_memory": bool(profile_memory),
                         "with_stack": bool(with_stack)}
        self._session: profiling.TorchSession | None = None
        self._has_started = False
        self.step_num = 0
        self.output_dirs: list[str] = []
        if start_profile:
            self.start()

    def _new_session(self) -> profiling.TorchSession:
        from mindshim import context
        cuda = context.get_context("device_target") != "CPU" and \
            any(a in (ProfilerActivity.GPU, ProfilerActivity.NPU) for a in self._activities)
        sched = (lambda step: self.schedule(step).value) if self.schedule is not None else None
        return profiling.TorchSession(cuda, schedule=sched, on_ready=self._trace_ready, **self._options)

    def _trace_ready(self, session: profiling.TorchSession) -> None:
        if self.on_trace_ready is not None:
            self.on_trace_ready(self)
        elif self._write_when_ready:
            self.analyse()

    def start(self) -> None:
        if self._has_started:
            logger.warning("The profile has already started. Do not turn on again in the open state.")
            return
        self._has_started = True
        self._session = self._new_session()
        self._session.start()

    def stop(self) -> None:
        if not self._has_started:
            logger.error("The profile has not started. Do not turn off again in the closed state.")
            return
        self._has_started = False
        self._session.stop()

    def step(self) -> None:
        if not self._has_started:
            logger.error("profile is stopped, step takes no effect!")
            return
        self.step_num += 1
        self._session.step()

    def analyse(self, *args: Any, **kwargs: Any) -> str | None:
        """Write the recording that is ready; returns its `_ascend_ms` directory."""
        if self._session is None or self._session.ready is None:
            logger.warning("No profiling data is ready to analyse.")
            return None
        path = _run_dir(self._output_path, self._worker)
        logger.info("Start parsing profiling data: %s", path)
        meta = {"framework": "mindshim (torch.profiler)", "torch_version": torch.__version__,
                "step_num": self.step_num, **self._metadata}
        profiling.write_outputs(self._session.ready, path, self._worker, meta)
        self._session.ready = None
        self.output_dirs.append(path)
        return path

    def add_metadata(self, key: str, value: str) -> None:
        if not isinstance(key, str) or not isinstance(value, str):
            logger.warning("The key and value of metadata must be string. Skip this metadata.")
            return
        if key in self._metadata:
            logger.warning("%s is already saved as metadata, override it.", key)
        self._metadata[key] = value

    def add_metadata_json(self, key: str, value: str) -> None:
        if not isinstance(key, str) or not isinstance(value, str):
            logger.warning("The key and value of metadata must be string. Skip this metadata.")
            return
        try:
            self._metadata[key] = json.loads(value)
        except ValueError:
            logger.warning("The metadata value must be json format string. Skip this metadata")

    def __enter__(self) -> "Profile":
        if not self._has_started:
            self.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        if self._has_started:
            self.stop()

    def __del__(self) -> None:
        # a forgotten profiler must not leave torch's profiler running for the rest of the process
        if getattr(self, "_has_started", False) and not sys.is_finalizing():
            logger.warning("profile is stopped at the end of the program.")
            try:
                self.stop()
            except Exception:  # noqa: BLE001 - nothing to report to at this point
                pass


class Profiler(Profile):
    """mindspore.Profiler(**kwargs) (deprecated in MindSpore for `profile`): `output_path` (default ./data),
    `start_profile`, `activities`, `schedule`, `on_trace_ready`, `profile_memory`, `with_stack`, `record_shapes`;
    the Ascend options are accepted and ignored. `analyse()` stops and writes the recording."""

    _write_when_ready = False  # the recording waits for analyse()

    def __init__(self, **kwargs: Any) -> None:
        logger.warning("'mindspore.Profiler' will be deprecated and removed in a future version. Please use the api "
                       "'mindspore.profiler.profile' instead.")
        if kwargs.get("on_trace_ready") is not None and kwargs.get("output_path") is not None:
            logger.warning("Both on_trace_ready path and output_path are provided. The on_trace_ready path takes "
                           "effect.")
        names = ("activities", "with_stack", "profile_memory", "start_profile", "record_shapes", "schedule",
                 "on_trace_ready")
        super().__init__(**{k: v for k, v in kwargs.items() if k in names})
        output_path = kwargs.get("output_path")
        if getattr(self.on_trace_ready, "dir_name", None) is None and isinstance(output_path, str) and output_path:
            self._output_path = output_path

    def analyse(self, offline_path: str | None = None, pretty: bool = False, step_list: Any = None,
                mode: str = "sync") -> str | None:
        if self._has_started:
            self.stop()
        return super().analyse()

    @classmethod
    def offline_analyse(cls, path: str, pretty: bool = False, step_list: Any = None,
                        data_simplification: bool = True) -> None:
        raise unsupported("mindspore.Profiler.offline_analyse", "mindshim writes the analysed files at analyse() "
                          "time; there is no raw Ascend data to parse later")

    def op_analyse(self, op_name: Any, device_id: Any = None) -> None:
        raise unsupported("mindspore.Profiler.op_analyse", "it reads Ascend/GPU kernel records")
