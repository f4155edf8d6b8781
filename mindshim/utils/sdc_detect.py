"""mindspore.utils sdc_detect_*: silent data corruption checks (Ascend). On MindSpore's CPU build the checksum is
disabled unless MS_SDC_DETECT_ENABLE=1 (start/stop do nothing) and no corruption is ever found."""
from __future__ import annotations

from mindshim import log as logger
from mindshim.utils._deprecated import deprecated


@deprecated("sdc_detect_start")
def sdc_detect_start() -> None:
    logger.warning("CheckSum is disable. Set environment variable MS_SDC_DETECT_ENABLE=1 to enable it.")


@deprecated("sdc_detect_stop")
def sdc_detect_stop() -> None:
    return None


@deprecated("get_sdc_detect_result")
def get_sdc_detect_result() -> bool:
    return False
