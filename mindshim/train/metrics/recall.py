"""mindspore.train.Recall: true positives / actual positives, per class (see _per_class.py)."""
from __future__ import annotations

from mindshim.train.metrics._per_class import PerClassRatio


class Recall(PerClassRatio):
    """mindspore.train.Recall(eval_type='classification'); eval(average=False)."""

    _use_predicted = False
    _name = "Recall"
