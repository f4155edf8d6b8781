"""mindspore.utils fault-tolerance hooks: ExitByRequest (a no-op on one process), TFTCommValue (the MS_ENABLE_TFT
switches), RSCPluginHandle (MindX taskd registration: without the taskd package registration fails and start()
raises, as in MindSpore) and the TFT handle."""
from __future__ import annotations

import os
from typing import Any

from mindshim import log as logger
from mindshim._errors import unsupported


class TFTCommValue:
    ENABLE_MINDX = ['TTP:1', 'UCE:1', 'ARF:1', 'TSP:1', 'HCCE:1', 'RSC:1']
    NEED_MINDIO = ["TTP:1", "UCE:1", "ARF:1", "TSP:1", "HCCE:1"]
    DISABLE_WATCHDOG = ['ARF:1', 'TSP:1', 'HCCE:1']


def _tft_env() -> str:
    return os.getenv("MS_ENABLE_TFT", "").strip()


class ExitByRequest:
    """Gracefully exits training on request: on several processes the exit flag is all-reduced."""

    def __init__(self) -> None:
        from mindshim.communication.management import GlobalComm, get_group_size
        self.group_size = get_group_size() if GlobalComm.INITED else 1
        self.is_distributed = self.group_size > 1

    def exit_by_request(self, grad: Any, init_value: Any, exit_value: Any) -> Any:
        if self.is_distributed:
            raise unsupported("mindspore.utils.ExitByRequest.exit_by_request", "on several processes")
        return grad


class RSCPluginHandle:
    """MindX (taskd) process control."""

    def __init__(self) -> None:
        self.tft_env = _tft_env()
        self.enable = False
        self._check_env()
        self.msmgr = None
        self.using_agent = False

    def _check_env(self) -> None:
        self.enable = any(v in self.tft_env for v in TFTCommValue.ENABLE_MINDX)

    def check_enable(self) -> bool:
        return self.enable

    def register_callback(self, func_map: dict) -> bool:
        if not isinstance(func_map, dict):
            raise ValueError(f"The value of 'func_map' should be a dict, bug got:{func_map}.")
        logger.warning("Import mindx failed: the taskd package is not available, process controlled by msrun.")
        return False

    def start(self) -> None:
        logger.warning("start by mindx")
        raise RuntimeError("Mindx unavailable, can not start training.")


class TftHandle:
    """The MindIO TFT handle (Ascend fault tolerance)."""

    def __init__(self) -> None:
        self.tft = None
        self.enable_mindx = False

    def get_tft(self) -> Any:
        return self.tft

    def init(self, **kwargs: Any) -> None:
        if not any(opt in _tft_env() for opt in TFTCommValue.NEED_MINDIO):
            raise ValueError(f"MindIO TFT register need custom switch on one of:{TFTCommValue.NEED_MINDIO}")
        raise unsupported("mindspore.utils._tft_handler.init", "MindIO TFT")


_tft_handler = TftHandle()
