"""Record MindSpore's public names per namespace (run under the REAL MindSpore venv).

usage: /path/to/ms-oracle/bin/python tools/dump_mindspore_names.py > tests/coverage/mindspore_names.json
The output is data produced by real MindSpore, like a golden: never edit it by hand.
"""
import __future__
import importlib
import inspect
import json

import mindspore

NAMESPACES = ["mindspore", "mindspore.nn", "mindspore.ops", "mindspore.dataset", "mindspore.dataset.vision",
              "mindspore.dataset.transforms", "mindspore.train", "mindspore.amp", "mindspore.common.initializer",
              "mindspore.context", "mindspore.communication", "mindspore.numpy", "mindspore.mint",
              "mindspore.mint.nn", "mindspore.mint.nn.functional", "mindspore.mint.optim", "mindspore.mint.linalg",
              "mindspore.mint.special", "mindspore.scipy.linalg", "mindspore.dataset.text", "mindspore.mindrecord",
              "mindspore.dataset.audio", "mindspore.nn.probability.distribution", "mindspore.nn.probability.bijector",
              "mindspore.nn.probability.bnn_layers", "mindspore.boost", "mindspore.scipy.optimize",
              "mindspore.scipy.fft", "mindspore.utils", "mindspore.graph", "mindspore.rewrite"]
CLASSES = ["mindspore.Tensor"]  # public methods and properties of a class


def public_names(mod) -> list:
    names = getattr(mod, "__all__", None)
    if names is None:  # no __all__: the public attributes that are not modules (nor `from __future__` flags)
        names = [n for n in dir(mod) if not n.startswith("_") and not inspect.ismodule(getattr(mod, n))
                 and not isinstance(getattr(mod, n), __future__._Feature)]
    return sorted(set(n for n in names if hasattr(mod, n)))


out = {"mindspore_version": mindspore.__version__, "namespaces": {}}
for ns in NAMESPACES:
    out["namespaces"][ns] = public_names(importlib.import_module(ns))
for ns in CLASSES:
    module, _, cls = ns.rpartition(".")
    out["namespaces"][ns] = sorted(n for n in dir(getattr(importlib.import_module(module), cls))
                                   if not n.startswith("_"))
print(json.dumps(out, indent=1, sort_keys=True))
