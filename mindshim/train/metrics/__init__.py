"""mindspore.train.metrics (also reached as mindspore.nn.metrics): re-exports only."""
from mindshim.train.metrics._registry import get_metric_fn, get_metrics, names
from mindshim.train.metrics.accuracy import Accuracy
from mindshim.train.metrics.auc import auc
from mindshim.train.metrics.confusion_matrix import ConfusionMatrix, ConfusionMatrixMetric
from mindshim.train.metrics.dice import Dice
from mindshim.train.metrics.error import MAE, MSE
from mindshim.train.metrics.fbeta import F1, Fbeta
from mindshim.train.metrics.loss import Loss
from mindshim.train.metrics.metric import EvaluationBase, Metric, rearrange_inputs
from mindshim.train.metrics.precision import Precision
from mindshim.train.metrics.recall import Recall
from mindshim.train.metrics.roc import ROC
from mindshim.train.metrics.topk import Top1CategoricalAccuracy, Top5CategoricalAccuracy, TopKCategoricalAccuracy

__all__ = [
    "names", "get_metric_fn", "Accuracy", "MAE", "MSE", "Metric", "rearrange_inputs", "Precision", "Recall",
    "Fbeta", "F1", "Dice", "ROC", "auc", "TopKCategoricalAccuracy", "Top1CategoricalAccuracy",
    "Top5CategoricalAccuracy", "Loss", "ConfusionMatrix", "ConfusionMatrixMetric",
]
