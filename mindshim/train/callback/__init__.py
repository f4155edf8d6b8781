"""mindspore.train.callback: the callback classes Model drives (re-exports only)."""
from mindshim.train.callback._callback import (
    ALL_HOOKS, HOOKS_2X_TO_1X, Callback, CallbackManager, InternalCallbackParam, RunContext,
    check_methods_for_custom_callbacks,
)
from mindshim.train.callback._callback import CallbackManager as _CallbackManager
from mindshim.train.callback._callback import InternalCallbackParam as _InternalCallbackParam
from mindshim.train.callback._checkpoint import CheckpointConfig, ModelCheckpoint
from mindshim.train.callback._checkpoint import CheckpointManager as _CheckpointManager
from mindshim.train.callback._early_stop import EarlyStopping
from mindshim.train.callback._history import History
from mindshim.train.callback._lambda_callback import LambdaCallback
from mindshim.train.callback._loss_monitor import LossMonitor
from mindshim.train.callback._lr_scheduler_callback import LearningRateScheduler
from mindshim.train.callback._progress_bar import ProgressBar
from mindshim.train.callback._reduce_lr_on_plateau import ReduceLROnPlateau
from mindshim.train.callback._time_monitor import TimeMonitor

from mindshim.train.callback._backup_and_restore import BackupAndRestore
from mindshim.train.callback._on_request_exit import OnRequestExit
from mindshim.train.summary._summary_collector import SummaryCollector
__all__ = [
    "Callback", "LossMonitor", "TimeMonitor", "ModelCheckpoint", "CheckpointConfig", "RunContext",
    "LearningRateScheduler", "History", "LambdaCallback", "ReduceLROnPlateau", "EarlyStopping",
    "ProgressBar",
    "OnRequestExit", "BackupAndRestore", "SummaryCollector",
]
