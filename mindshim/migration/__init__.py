"""mindshim.migration: run a MindSpore network and its PyTorch port side by side (re-exports only)."""
from mindshim.migration.compare import Report, Row, compare
from mindshim.migration.weights import copy_weights, leaf_layers, pairs
from mindshim.migration.ckpt import CkptLoadResult, load_ckpt_into_torch, match_mindspore_adam, save_torch_as_ckpt
from mindshim.migration.training import TrainingReport, compare_training
from mindshim.migration.check import CheckReport, NameReport, scan

__all__ = ["compare", "Report", "Row", "copy_weights", "pairs", "leaf_layers",
           "compare_training", "TrainingReport",
           "load_ckpt_into_torch", "save_torch_as_ckpt", "CkptLoadResult", "match_mindspore_adam",
           "scan", "CheckReport", "NameReport"]
