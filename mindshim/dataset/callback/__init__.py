"""mindspore.dataset.callback: callbacks run by the data pipeline (`map(callbacks=...)`)."""
from mindshim.dataset.callback.ds_callback import DSCallback, WaitedDSCallback

__all__ = ["DSCallback", "WaitedDSCallback"]
