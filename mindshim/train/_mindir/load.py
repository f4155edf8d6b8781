"""Read a MindIR file into a `MindIRGraph` and run it with torch kernels.

A MindIR graph is a list of nodes in execution order. A node's op_type is "Constant" (its value is the
"value" attribute), "REF::<name>" naming one of the model's `primitives` (2.x files), or a bare primitive name with
its attributes on the node (older files). Inputs name graph inputs, parameters (`graph.parameter`, whose `ref_key`
is the user-visible Parameter name), constants or earlier nodes; the graph's output names the result.
"""
from __future__ import annotations

import os
from typing import Any

import numpy as np
import torch

from mindshim._errors import unsupported
from mindshim.train._mindir import proto as P
from mindshim.train._mindir.kernels import KERNELS, MONAD

DATA_TYPES: dict[int, Any] = {1: np.float32, 2: np.uint8, 3: np.int8, 4: np.uint16, 5: np.int16, 6: np.int32,
                              7: np.int64, 9: np.bool_, 10: np.float16, 11: np.float64, 12: np.uint32,
                              13: np.uint64, 17: np.float64}
_INT_TYPES = {2, 3, 4, 5, 6, 7, 12, 13}
BFLOAT16 = 16


def tensor_of(tp: dict, where: str) -> torch.Tensor:
    if "external_data" in tp:
        raise unsupported("mindspore.load", f"{where}: MindIR parameters stored in external data files")
    code, dims = tp.get("data_type", 0), [int(d) for d in tp.get("dims", [])]
    raw = tp.get("raw_data", b"")
    if code == BFLOAT16:
        return torch.from_numpy(np.frombuffer(raw, np.int16).copy()).view(torch.bfloat16).reshape(dims)
    if code not in DATA_TYPES:
        raise unsupported("mindspore.load", f"{where}: MindIR tensor data type {code}")
    dtype = np.dtype(DATA_TYPES[code])
    if raw:
        arr = np.frombuffer(raw, dtype).copy()
    elif code == 1:
        arr = np.asarray(tp.get("float_data", []), dtype)
    elif code == 7:
        arr = np.asarray(tp.get("int64_data", []), dtype)
    elif code in (11, 17):
        arr = np.asarray(tp.get("double_data", []), dtype)
    else:
        arr = np.asarray(tp.get("int32_data", []), dtype)
    return torch.from_numpy(arr.reshape(dims))


def _first(a: dict, single: str, repeated: str, default: Any) -> Any:
    if single in a:
        return a[single]
    values = a.get(repeated)
    return values[0] if values else default


def attr_value(a: dict, where: str) -> Any:
    """The Python value of an AttributeProto (a constant or a primitive attribute)."""
    kind = a.get("type", 0)
    if kind in (P.A_TUPLE, P.A_LIST):
        items = [attr_value(v, where) for v in a.get("values", [])]
        return tuple(items) if kind == P.A_TUPLE else items
    if kind in (P.A_UMONAD, P.A_IOMONAD):
        return MONAD
    if kind in (P.A_NONE, P.A_TYPE_NULL):
        return None
    if kind in (P.A_TENSORS, 17):
        tp = a["t"] if "t" in a else a["tensors"][0]
        return tensor_of(tp, where)
    if kind == P.A_STRING:
        return _first(a, "s", "strings", b"").decode("utf-8")
    if kind == P.A_FLOAT:
        return float(_first(a, "f", "floats", 0.0))
    if kind == P.A_DOUBLE:
        return float(_first(a, "d", "doubles", 0.0))
    if kind == P.A_BOOL:
        return bool(_first(a, "i", "ints", 0))
    if kind in _INT_TYPES:
        return int(_first(a, "i", "ints", 0))
    raise unsupported("mindspore.load", f"{where}: MindIR attribute type {kind}")


class MindIRGraph:
    """What `mindspore.load` returns: a MindIR graph ready for `nn.GraphCell` (MindSpore: a FuncGraph)."""

    def __init__(self, model: dict, file_name: str = "") -> None:
        self.model = model
        self.file_name = file_name
        graph = model.get("graph")
        if not graph:
            raise RuntimeError(f"Load MindIR failed: {file_name!r} has no graph.")
        if graph.get("map_parameter"):
            raise unsupported("mindspore.load", "MindIR files with MapParameter")
        self.name: str = graph.get("name", "")
        self.params: list[tuple[str, str, torch.Tensor]] = []  # (node name, Parameter name, value)
        for tp in graph.get("parameter", []):
            full = tp.get("name", "")
            ref = tp.get("ref_key") or full.rsplit(":", 1)[-1]
            self.params.append((full, ref, tensor_of(tp, f"parameter {ref!r}")))
        self.inputs = [(vi.get("name", ""), [int(d) for d in (vi.get("tensor") or [{}])[0].get("dims", [])])
                       for vi in graph.get("input", [])]
        self.outputs = [vi.get("name", "") for vi in graph.get("output", [])]
        prims = {p.get("name", ""): p for p in model.get("primitives", [])}
        self.constants: dict[str, Any] = {}
        self.steps: list[tuple[str, str, Any, list[str], dict]] = []  # (output, op, kernel, inputs, attrs)
        for node in graph.get("node", []):
            self._add_node(node, prims)

    def _add_node(self, node: dict, prims: dict) -> None:
        out = (node.get("output") or [node.get("name", "")])[0]
        op_type = node.get("op_type", "")
        if op_type == "Constant":
            attrs = {a.get("name"): a for a in node.get("attribute", [])}
            self.constants[out] = attr_value(attrs.get("value", {"type": P.A_NONE}), f"constant {out!r}")
            return
        if op_type.startswith("REF::"):
            prim = prims.get(op_type[5:])
            if prim is None:
                raise unsupported("mindspore.load", f"the MindIR node {out!r} calls {op_type[5:]!r}, a sub-graph "
                                  "or closure (control flow); only straight-line graphs of primitives load")
            op, attr_list = prim.get("op_type", ""), prim.get("attribute", [])
        else:
            op, attr_list = op_type, [a for a in node.get("attribute", []) if a.get("name") != "shape"]
        kernel = KERNELS.get(op)
        if kernel is None:
            raise unsupported("mindspore.load", f"the MindIR operator {op!r} (node {out!r}) has no mindshim kernel")
        attrs = {a.get("name", ""): attr_value(a, f"{op} attribute") for a in attr_list
                 if a.get("name") not in ("input_names", "output_names")}
        self.steps.append((out, op, kernel, list(node.get("input", [])), attrs))

    def run(self, args: tuple, params: dict[str, torch.Tensor]) -> Any:
        if len(args) != len(self.inputs):
            raise ValueError(f"The MindIR graph {self.name!r} takes {len(self.inputs)} inputs, but got {len(args)}.")
        tensors = [a for a in list(args) + list(params.values()) if isinstance(a, torch.Tensor)]
        env: dict[str, Any] = self._constants_on(tensors[0].device if tensors else torch.device("cpu"))
        env.update(params)
        for (name, _), value in zip(self.inputs, args):
            env[name] = value
        for out, op, kernel, inputs, attrs in self.steps:
            try:
                values = [env[i] for i in inputs]
            except KeyError as err:
                raise ValueError(f"The MindIR node {out!r} ({op}) uses {err.args[0]!r}, which is not defined "
                                 "before it.") from None
            env[out] = kernel(values, attrs)
        result = [env[o] for o in self.outputs]
        return result[0] if len(result) == 1 else tuple(result)

    def _constants_on(self, device: torch.device) -> dict[str, Any]:
        """The constants, as tensors on the inputs' device (kept per device)."""
        cache = self.__dict__.setdefault("_device_constants", {})
        if device not in cache:
            cache[device] = {k: v.to(device) if isinstance(v, torch.Tensor) else v for k, v in self.constants.items()}
        return dict(cache[device])

    def __repr__(self) -> str:
        return f"MindIRGraph({self.name!r}, {len(self.steps)} nodes, {len(self.params)} parameters)"


def read_model(file_name: str) -> dict:
    with open(file_name, "rb") as f:
        data = f.read()
    try:
        return P.decode(data)
    except P.MindIRFormatError as err:
        raise RuntimeError(f"Load MindIR failed: {file_name!r} is not a valid MindIR file ({err}).") from None


def load_graph(file_name: Any, **kwargs: Any) -> MindIRGraph:
    """mindspore.load(file_name, **kwargs) for MindIR files."""
    if not isinstance(file_name, str):
        raise ValueError(f"For 'load', the argument 'file_name' must be string, but got {type(file_name)}.")
    if not file_name.endswith(".mindir"):
        raise ValueError("The MindIR should end with mindir, please input the correct 'file_name'.")
    for key in ("dec_key", "obf_func"):
        if kwargs.get(key) is not None:
            raise unsupported(f"mindspore.load({key}=...)", "encrypted or obfuscated MindIR files")
    file_name = os.path.realpath(file_name)
    if not os.path.exists(file_name):
        raise ValueError(f"The file {file_name} does not exist.")
    return MindIRGraph(read_model(file_name), file_name)
