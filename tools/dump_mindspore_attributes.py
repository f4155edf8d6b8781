"""Record the public attributes of MindSpore's modules beyond their `__all__` (run under the REAL MindSpore venv).

usage: /path/to/ms-oracle/bin/python tools/dump_mindspore_attributes.py mindshim/_mindspore_paths.py \
           tests/coverage/mindspore_names.json > mindshim/migration/_mindspore_attributes.json

`tests/coverage/mindspore_names.json` lists each namespace's `__all__`; real scripts also reach names outside it
(`mindspore.int32`, `mindspore.ParameterTuple`, `ops.operations.ReduceMean`, r1.x modules such as
`mindspore.train.callback`). `mindshim check` uses this record to tell a real MindSpore 2.10 name mindshim lacks
from a name MindSpore never had. For each module (the namespaces, every module of the path table and a few
r1.x-era homes) it records, space-separated, the public attribute names that neither the names file nor the path
table lists already, and which attributes are submodules.
The output is data produced by real MindSpore, like a golden: never edit it by hand.
"""
import importlib
import inspect
import json
import runpy
import sys

import mindspore

EXTRA = ["mindspore.common", "mindspore.common.dtype", "mindspore.common.tensor", "mindspore.common.parameter",
         "mindspore.common.api", "mindspore.ops.functional", "mindspore.ops.composite", "mindspore.ops.operations",
         "mindspore.ops.primitive", "mindspore.train.callback", "mindspore.train.serialization", "mindspore.parallel",
         "mindspore.communication.management", "mindspore.nn.wrap", "mindspore.nn.probability", "mindspore.hal",
         "mindspore.runtime", "mindspore.experimental", "mindspore.experimental.optim", "mindspore.dataset.config",
         "mindspore.rewrite", "mindspore.profiler", "mindspore.boost", "mindspore.log", "mindspore.device_context",
         "mindspore.experimental.optim.lr_scheduler", "mindspore.numpy.fft", "mindspore.device_context.cpu",
         "mindspore.device_context.gpu", "mindspore.device_context.ascend", "mindspore.hal.device",
         "mindspore.hal.stream", "mindspore.hal.event", "mindspore.hal.memory"]


def main() -> None:
    paths = runpy.run_path(sys.argv[1])["PATHS"]
    listed = json.load(open(sys.argv[2]))["namespaces"]
    modules = sorted({"mindspore"} | {f"mindspore.{p}" for p in paths} | set(EXTRA))
    out: dict = {"mindspore_version": mindspore.__version__, "modules": {}}
    for name in modules:
        try:
            mod = importlib.import_module(name)
        except Exception:  # noqa: BLE001 - a module this build cannot import is simply not recorded
            continue
        attrs, subs = [], []
        for attr in dir(mod):
            if attr.startswith("__"):
                continue
            try:
                value = getattr(mod, attr)
            except Exception:  # noqa: BLE001
                continue
            if inspect.ismodule(value):
                if value.__name__.startswith("mindspore."):  # `mindspore.dtype` is mindspore.common.dtype
                    subs.append(attr if value.__name__ == f"{name}.{attr}" else f"{attr}={value.__name__}")
            elif not attr.startswith("_") or name.rpartition(".")[2].startswith("_"):
                attrs.append(attr)  # private names only of private modules (`parallel._utils._get_device_num`)
        known = set(listed.get(name, ())) | {t.partition("=")[0] for t in paths.get(name[len("mindspore."):], "").split()}
        out["modules"][name] = {"names": " ".join(sorted(set(attrs) - known)), "submodules": " ".join(sorted(subs))}
    print(json.dumps(out, indent=1, sort_keys=True))


if __name__ == "__main__":
    main()
