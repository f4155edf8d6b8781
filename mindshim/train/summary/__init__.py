"""mindspore.train.summary: SummaryRecord, writing TensorBoard event files (re-exports only)."""
from mindshim.train.summary.summary_record import SummaryRecord

__all__ = ["SummaryRecord"]
