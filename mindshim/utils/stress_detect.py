"""mindspore.utils.stress_detect: an Ascend hardware test. As on MindSpore's CPU build: an unknown type logs an error
and returns 1; 'aic' raises RuntimeError; 'hccs' first needs communication.init() (RuntimeError without a launcher),
then raises too. Success is never reported without the hardware."""
from __future__ import annotations

from mindshim import log as logger
from mindshim.utils._deprecated import deprecated


@deprecated("stress_detect")
def stress_detect(detect_type: str = "aic") -> int:
    if detect_type not in ["aic", "hccs"]:
        logger.error(f"For stress detect, detection type must be 'aic' or 'hccs'.But got {detect_type}. "
                     f"Exiting stress detect.")
        return 1
    if detect_type == "hccs":
        from mindshim.communication import init
        init()
    raise RuntimeError("Stress detection is not supported.")
