"""mindspore.train.Precision: true positives / predicted positives, per class (see _per_class.py)."""
from __future__ import annotations

from mindshim.train.metrics._per_class import PerClassRatio


class Precision(PerClassRatio):
    """mindspore.train.Precision(eval_type='classification'); eval(average=False)."""

    _use_predicted = True
    _name = "Precision"
