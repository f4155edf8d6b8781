"""mindspore.SummaryCollector: the callback that records loss, input images and weight histograms (and the
summary operators' values) each `collect_freq` steps, with MindSpore's tags: `loss/auto`, `input_data/auto`,
`<parameter name>/auto`. The graph and lineage are MindInsight formats and are not written; the loss-landscape
checkpoints and `ckpt_dir/train_metadata.json` are saved as MindSpore saves them."""
from __future__ import annotations

import json
import logging
import os
import re
from collections import defaultdict
from typing import Any

import numpy as np

from mindshim.train.callback._callback import Callback
from mindshim.train.summary.summary_record import (
    SummaryRecord, check_value_type, make_directory, process_export_options,
)

logger = logging.getLogger("mindshim")

_LANDSCAPE_DEFAULT = {"landscape_size": 40, "unit": "step", "num_samples": 2048,
                      "create_landscape": {"train": True, "result": True},
                      "intervals": [[1, 2, 3, 4, 5, 6, 7, 8, 9], [10, 11, 12, 13, 14, 15, 16, 17, 18, 19]]}


class SummaryCollector(Callback):
    _DEFAULT_SPECIFIED_DATA = {
        "collect_metric": True, "collect_graph": True, "collect_train_lineage": True, "collect_eval_lineage": True,
        "collect_input_data": True, "collect_dataset_graph": True, "histogram_regular": None,
        "collect_landscape": _LANDSCAPE_DEFAULT,
    }

    def __init__(self, summary_dir: str, collect_freq: int = 10, num_process: int = 32,
                 collect_specified_data: dict | None = None, keep_default_action: bool = True,
                 custom_lineage_data: dict | None = None, collect_tensor_freq: int | None = None,
                 max_file_size: int | None = None, export_options: dict | None = None) -> None:
        super().__init__()
        self._summary_dir = make_directory(summary_dir, "summary_dir")
        self._record: SummaryRecord | None = None
        self._check_positive("collect_freq", collect_freq)
        self._collect_freq = collect_freq
        self._check_positive("collect_tensor_freq", collect_tensor_freq, allow_none=True)
        self._collect_tensor_freq = collect_tensor_freq
        self._tensor_collect_range: range | None = None
        self._check_positive("max_file_size", max_file_size, allow_none=True)
        self._max_file_size = max_file_size
        self._export_options = process_export_options(export_options)
        check_value_type("keep_default_action", keep_default_action, bool)
        self._collect_specified_data = self._process_specified_data(collect_specified_data, keep_default_action)
        landscape = self._collect_specified_data.get("collect_landscape")
        check_value_type("collect_landscape", landscape, [dict, type(None)])
        self._is_collect_landscape = bool(landscape)
        if self._is_collect_landscape:
            self._check_landscape(landscape)
            self._ckpt_dir = make_directory(os.path.join(self._summary_dir, "ckpt_dir"))
            self._model_params_file_map: dict[str, str] = {}
            self._epoch_group: dict[int, list[int]] = defaultdict(list)
            for i, interval in enumerate(landscape.get("intervals")):
                self._epoch_group[i].extend(interval)
        if custom_lineage_data is not None:
            check_value_type("custom_lineage_data", custom_lineage_data, [dict, type(None)])
            for key, value in custom_lineage_data.items():
                check_value_type(f"custom_lineage_data -> {key}", key, str)
                check_value_type(f"the value of custom_lineage_data -> {key}", value, (int, str, float))
        self._temp_optimizer: Any = None
        self._is_parse_loss_success = True
        self._first_step = True
        self._dataset_sink_mode = True

    # ----- argument checks (MindSpore's messages) -----
    def _check_positive(self, name: str, value: Any, allow_none: bool = False) -> None:
        if allow_none and value is None:
            return
        check_value_type(name, value, int)
        if value <= 0:
            raise ValueError(f'For "{type(self).__name__}", the value of `{name}` should be greater than 0, '
                             f"but got `{value}`.")

    def _process_specified_data(self, specified: Any, action: bool) -> dict:
        check_value_type("collect_specified_data", specified, [dict, type(None)])
        if specified is None:
            return dict(self._DEFAULT_SPECIFIED_DATA) if action else {}
        for key in specified:
            check_value_type(key, key, [str])
        unexpected = set(specified) - set(self._DEFAULT_SPECIFIED_DATA)
        if unexpected:
            raise ValueError(f'For "{type(self).__name__}", the keys {unexpected} of `collect_specified_data` are '
                             f"unsupported, expect the follow keys: {list(self._DEFAULT_SPECIFIED_DATA)}")
        if "histogram_regular" in specified:
            regular = specified.get("histogram_regular")
            check_value_type("histogram_regular", regular, (str, type(None)))
            if isinstance(regular, str):
                try:
                    re.match(regular, "")
                except re.error as exc:
                    raise ValueError("For `collect_specified_data`, the value of `histogram_regular` is not a valid "
                                     f"regular expression. Detail: {exc}.") from exc
        for item in set(self._DEFAULT_SPECIFIED_DATA) - {"histogram_regular", "collect_landscape"}:
            if item in specified:
                check_value_type(item, specified.get(item), bool)
        return {**self._DEFAULT_SPECIFIED_DATA, **specified} if action else dict(specified)

    def _check_landscape(self, landscape: dict) -> None:
        name = type(self).__name__
        unexpected = set(landscape) - set(_LANDSCAPE_DEFAULT)
        if unexpected:
            raise ValueError(f'For "{name}", the keys {unexpected} of `collect_landscape` are unsupported, '
                             f"expect the follow keys: {list(_LANDSCAPE_DEFAULT)}")
        size = landscape.get("landscape_size", 40)
        check_value_type("landscape_size", size, int)
        if size < 3 or size > 256:
            raise ValueError(f'For "{name}", the "landscape_size" in collect_specified_data should be less than 256 '
                             f"and more than 3, but got the: {size}")
        unit = landscape.get("unit", "step")
        check_value_type("unit", unit, str)
        if unit not in ("step", "epoch"):
            raise ValueError(f'For "{name}", unit in collect_specified_data should be step or epoch, '
                             f"but got the: {unit}.")
        check_value_type("num_samples", landscape.get("num_samples", 2048), int)
        create = landscape.get("create_landscape", {"train": True, "result": True})
        check_value_type("create_landscape", create, dict)
        for key, value in create.items():
            if key not in ("train", "result"):
                raise ValueError(f'For "{name}", the key to create landscape should be in ["train", "result"], '
                                 f"but got the: {key}.")
            check_value_type(key, value, bool)
        intervals = landscape.get("intervals")
        check_value_type("intervals", intervals, list)
        for interval in intervals:
            check_value_type("each interval inintervals", interval, list)
            if len(interval) < 3:
                raise ValueError(f'For "{name}", the length of each list in "intervals" should not be less than '
                                 f"three, but got the: {interval}")
            for j in interval:
                if not isinstance(j, int):
                    raise TypeError(f'For "{name}", the value of each list in "intervals" should be int, '
                                    f"but got the: {type(j)}")

    # ----- callback hooks -----
    def __enter__(self) -> "SummaryCollector":
        self._record = SummaryRecord(log_dir=self._summary_dir, max_file_size=self._max_file_size,
                                     raise_exception=False, export_options=self._export_options)
        self._first_step, self._dataset_sink_mode = True, True
        return self

    def __exit__(self, *err: Any) -> None:
        self._record.close()

    def begin(self, run_context: Any) -> None:
        cb_params = run_context.original_args()
        callbacks = getattr(cb_params.list_callback, "callbacks", cb_params.list_callback)
        if sum(type(cb).__name__ == type(self).__name__ for cb in callbacks) > 1:
            raise ValueError(f"There are more than one {type(self).__name__} instance in callback list,"
                             f"but expected only one {type(self).__name__} instance.")
        if cb_params.mode not in ("train", "eval"):
            raise ValueError("Only support `train` (model.train) and `eval` (model.eval) mode, "
                             f"but got `{cb_params.mode}` mode.")
        self._record.set_mode(cb_params.mode)
        self._dataset_sink_mode = cb_params.dataset_sink_mode

    def step_end(self, run_context: Any) -> None:
        cb_params = run_context.original_args()
        if cb_params.mode != "train":
            return
        if not self._dataset_sink_mode:
            self._collect_tensor_data(cb_params)
        landscape = self._collect_specified_data.get("collect_landscape")
        if landscape and landscape.get("unit", "step") == "step" and \
                any(cb_params.cur_step_num in interval for interval in landscape.get("intervals")):
            self._save_landscape_params(cb_params, cb_params.cur_step_num, "step")

    def epoch_end(self, run_context: Any) -> None:
        cb_params = run_context.original_args()
        self._collect_tensor_data(cb_params)
        landscape = self._collect_specified_data.get("collect_landscape")
        if landscape and landscape.get("unit", "step") == "epoch" and \
                any(cb_params.cur_epoch_num in interval for interval in landscape.get("intervals")):
            self._save_landscape_params(cb_params, cb_params.cur_epoch_num, "epoch")
        self._record.flush()

    def end(self, run_context: Any) -> None:
        cb_params = run_context.original_args()
        self._record.set_mode("eval")
        self._record.record(step=0)
        landscape = self._collect_specified_data.get("collect_landscape")
        if cb_params.mode == "train" and landscape:
            self._save_metadata(cb_params.batch_num, landscape)

    # ----- collection -----
    def _collect_tensor_data(self, cb_params: Any) -> None:
        if cb_params.mode != "train":
            return
        if self._first_step:
            self._tensor_collect_range = self._get_tensor_collect_range(cb_params)
            self._collect_at_step_end(cb_params, None)
            self._first_step = False
            self._record.flush()
            return
        current = cb_params.cur_epoch_num if self._dataset_sink_mode else cb_params.cur_step_num
        if current % self._collect_freq == 0 and current in self._tensor_collect_range:
            self._collect_at_step_end(cb_params, None)
        elif current in self._tensor_collect_range:
            self._collect_at_step_end(cb_params, lambda plugin: plugin == "tensor")
        elif current % self._collect_freq == 0:
            self._collect_at_step_end(cb_params, lambda plugin: plugin != "tensor")

    def _get_tensor_collect_range(self, cb_params: Any) -> range:
        total = cb_params.epoch_num * (1 if self._dataset_sink_mode else cb_params.batch_num)
        if self._collect_tensor_freq is not None:
            return range(0, total + 1, self._collect_tensor_freq)
        limit = 20
        if len(range(0, total + 1, self._collect_freq)) > limit:
            freq = total // (limit - 1)
            return range(0, total + 1, freq)[:limit] if freq > 1 else range(0, total + 1)[:limit + 1]
        return range(0, total + 1, self._collect_freq)

    def _collect_at_step_end(self, cb_params: Any, plugin_filter: Any) -> None:
        self._collect_input_data(cb_params)
        self._collect_metric(cb_params)
        self._collect_histogram(cb_params)
        self._record.record(cb_params.cur_step_num, plugin_filter=plugin_filter)

    def _collect_input_data(self, cb_params: Any) -> None:
        if not self._collect_specified_data.get("collect_input_data"):
            return
        data = getattr(cb_params, "train_dataset_element", None)
        if not isinstance(data, (list, tuple)) and not hasattr(data, "shape") or \
                (isinstance(data, (list, tuple)) and not data):
            logger.warning("The 'train_dataset_element' in RunContext.original_args is empty or not a Tensor/list/"
                           "tuple, so SummaryCollector will not record the input data.")
            self._collect_specified_data["collect_input_data"] = False
            return
        if isinstance(data, (list, tuple)):
            data = data[0]
        try:
            self._record.add_value("image", "input_data/auto", data)
        except (TypeError, ValueError):
            logger.warning("The input data of network are not image, so will not collect by SummaryCollector.")
            self._collect_specified_data["collect_input_data"] = False

    def _collect_metric(self, cb_params: Any) -> None:
        if not self._collect_specified_data.get("collect_metric"):
            return
        loss = self._get_loss(cb_params)
        if loss is None:
            return
        try:
            self._record.add_value("scalar", "loss/auto", loss)
        except ValueError:
            logger.warning("The output of network is not a scalar, so SummaryCollector will not collect loss.")
            self._collect_specified_data["collect_metric"] = False

    def _get_loss(self, cb_params: Any) -> Any:
        from mindshim.common.tensor import Tensor
        if not self._is_parse_loss_success:
            return None
        output = cb_params.net_outputs
        if isinstance(output, (list, tuple)) and output:
            output = output[0]
        if output is None or not isinstance(output, (int, float, Tensor)):
            logger.warning("The output type could not be identified, so no loss was recorded in SummaryCollector.")
            self._is_parse_loss_success = False
            return None
        value = output.asnumpy() if isinstance(output, Tensor) else np.asarray(output)
        return Tensor(np.mean(value))

    def _get_optimizer(self, cb_params: Any) -> Any:
        from mindshim.nn import Optimizer
        if self._temp_optimizer == "Failed":
            return None
        if self._temp_optimizer is not None:
            return self._temp_optimizer
        optimizer = cb_params.optimizer
        if optimizer is None:
            network = cb_params.train_network if cb_params.mode == "train" else cb_params.eval_network
            optimizer = next((cell for _, cell in network.cells_and_names() if isinstance(cell, Optimizer)), None)
        if not isinstance(optimizer, Optimizer):
            logger.warning("Can not find optimizer in network, or the optimizer does not inherit MindSpore's "
                           "optimizer, so we will not collect data about optimizer in SummaryCollector.")
            optimizer = None
        self._temp_optimizer = optimizer if optimizer is not None else "Failed"
        return optimizer

    def _collect_histogram(self, cb_params: Any) -> None:
        if "histogram_regular" not in self._collect_specified_data:
            return
        optimizer = self._get_optimizer(cb_params)
        if optimizer is None:
            return
        regular = self._collect_specified_data.get("histogram_regular")
        params = list(optimizer.parameters)
        chosen = [p for p in params if re.match(regular, p.name)] if regular is not None else params[:5]
        for param in chosen:
            self._record.add_value("histogram", param.name + "/auto", param)

    # ----- loss landscape inputs -----
    def _save_landscape_params(self, cb_params: Any, number: int, unit: str) -> None:
        from mindshim.train.serialization import save_checkpoint
        if cb_params.mode != "train":
            return
        backbone = cb_params.train_network
        for _, cell in backbone.cells_and_names():
            if hasattr(cell, "_backbone"):
                backbone = cell._backbone
                break
        path = os.path.join(self._ckpt_dir, f"{type(backbone).__name__}_{number}_{unit}.ckpt")
        self._model_params_file_map[str(number)] = path
        if not os.path.isfile(path):
            save_checkpoint([{"name": p.name, "data": p} for p in backbone.get_parameters()], path)

    def _save_metadata(self, step_per_epoch: int, landscape: dict) -> None:
        data = {"epoch_group": self._epoch_group, "model_params_file_map": self._model_params_file_map,
                "step_per_epoch": step_per_epoch, "unit": landscape.get("unit", "step"),
                "num_samples": landscape.get("num_samples", 2048),
                "landscape_size": landscape.get("landscape_size", 40),
                "create_landscape": landscape.get("create_landscape", {"train": True, "result": True})}
        path = os.path.join(self._ckpt_dir, "train_metadata.json")
        if not os.path.isfile(path):
            with open(path, "w", encoding="utf-8") as f:
                json.dump(data, f)
