"""mindspore.train: Model, callbacks, metrics, checkpoints (re-exports only)."""
from mindshim.train import callback, dataset_helper, metrics
from mindshim.train.dataset_helper import DatasetHelper, connect_network_with_dataset
from mindshim.train.data_sink import data_sink
from mindshim.train._format_convert import ckpt_to_safetensors, safetensors_to_ckpt
from mindshim.train.model import Model
from mindshim.train.loss_scale_manager import DynamicLossScaleManager, FixedLossScaleManager, LossScaleManager
from mindshim.train.serialization import (
    async_ckpt_thread_status, export, export_split_mindir, load, load_checkpoint, load_checkpoint_async,
    load_param_into_net, save_checkpoint,
)
from mindshim.train.callback import (
    Callback, CheckpointConfig, EarlyStopping, History, LambdaCallback, LearningRateScheduler, LossMonitor,
    ModelCheckpoint, ReduceLROnPlateau, RunContext, TimeMonitor,
)
from mindshim.train.metrics import (
    F1, MAE, MSE, ROC, Accuracy, ConfusionMatrix, ConfusionMatrixMetric, Dice, Fbeta, Loss, Metric, Precision,
    Recall, Top1CategoricalAccuracy, Top5CategoricalAccuracy, TopKCategoricalAccuracy, auc, get_metric_fn, names,
    rearrange_inputs,
)

from mindshim.train.callback import BackupAndRestore, OnRequestExit
from mindshim.train.metrics import (
    BleuScore, CosineSimilarity, HausdorffDistance, MeanSurfaceDistance, OcclusionSensitivity, Perplexity,
    RootMeanSquareDistance,
)
from mindshim.train.more_train import merge_sliced_parameter
from mindshim.train import summary
from mindshim.train.callback import SummaryCollector
from mindshim.train.summary import SummaryRecord
from mindshim.train._distributed_ckpt import load_distributed_checkpoint

__all__ = [
    "callback", "metrics", "dataset_helper", "Model", "LossScaleManager", "FixedLossScaleManager",
    "DynamicLossScaleManager", "DatasetHelper", "connect_network_with_dataset", "data_sink",
    "ckpt_to_safetensors", "safetensors_to_ckpt", "save_checkpoint", "load_checkpoint", "load_param_into_net",
    "export", "load", "async_ckpt_thread_status", "load_checkpoint_async", "export_split_mindir", "Callback",
    "LossMonitor", "TimeMonitor", "ModelCheckpoint", "CheckpointConfig", "RunContext", "LearningRateScheduler",
    "History", "LambdaCallback", "ReduceLROnPlateau", "EarlyStopping", "names", "get_metric_fn", "Accuracy",
    "MAE", "MSE", "Metric", "rearrange_inputs", "Precision", "Recall", "Fbeta", "F1", "Dice", "ROC", "auc",
    "TopKCategoricalAccuracy", "Top1CategoricalAccuracy", "Top5CategoricalAccuracy", "Loss", "ConfusionMatrix",
    "ConfusionMatrixMetric", "OnRequestExit", "BackupAndRestore", "BleuScore", "CosineSimilarity",
    "HausdorffDistance", "MeanSurfaceDistance", "OcclusionSensitivity", "Perplexity", "RootMeanSquareDistance",
    "build_train_network", "merge_sliced_parameter", "summary", "SummaryRecord", "SummaryCollector",
    "load_distributed_checkpoint",
]


def __getattr__(name: str):
    # mindspore.train.build_train_network is mindspore.amp's; amp imports nn, which imports this package,
    # so the name is resolved on first use instead of at import.
    if name == "build_train_network":
        from mindshim.amp import build_train_network
        return build_train_network
    raise AttributeError(f"module 'mindshim.train' has no attribute {name!r}")
