"""Build a MindIR ModelProto (as proto.py dicts) node by node, in MindSpore 2.10's layout.

Layout (as MindSpore 2.10 writes it, checked on its files): one main graph; parameters as `graph.parameter`
TensorProtos named "<graph>:<name>" with `ref_key` = the Parameter's name and the raw little-endian data; inputs
as ValueInfoProtos; constants as "Constant" nodes with one "value" attribute; each compute node's op_type is
"REF::<op>:<n>" naming an entry of `model.primitives` (PRIMITIVE_FUNCTION: every argument is a node input;
PRIMITIVE: configuration in the primitive's attributes) and carries its output's abstract in a "shape" attribute.
MindSpore also threads Load/UpdateState/Depend side-effect nodes through parameter reads; an inference graph
does not need them and they are not written.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import torch

from mindshim.train._mindir import proto as P

NP_TO_CODE = {np.dtype(np.float32): 1, np.dtype(np.uint8): 2, np.dtype(np.int8): 3, np.dtype(np.uint16): 4,
              np.dtype(np.int16): 5, np.dtype(np.int32): 6, np.dtype(np.int64): 7, np.dtype(np.bool_): 9,
              np.dtype(np.float16): 10, np.dtype(np.float64): 11, np.dtype(np.uint32): 12,
              np.dtype(np.uint64): 13}


def dtype_code(t: torch.Tensor) -> int:
    dtype = torch.Tensor.dtype.__get__(t)
    if dtype == torch.bfloat16:
        return 16
    if dtype == torch.bool:
        return 9
    return NP_TO_CODE[np.dtype(str(dtype).replace("torch.", ""))]


def tensor_proto(t: torch.Tensor, name: str | None = None, with_data: bool = True) -> dict:
    t = t.as_subclass(torch.Tensor)
    tp: dict[str, Any] = {}
    if t.dim():
        tp["dims"] = [int(d) for d in t.shape]
    tp["data_type"] = dtype_code(t)
    if name is not None:
        tp["name"] = name
    if with_data:
        data = t.detach().cpu().contiguous()
        tp["raw_data"] = (data.view(torch.int16).numpy().tobytes() if data.dtype == torch.bfloat16
                          else data.numpy().tobytes())
    return tp


def abstract(value: Any) -> dict:
    """The "shape" attribute body of a node's output: a tensor's dims and type, or a tuple of them."""
    if isinstance(value, (tuple, list)):
        return {"type": P.A_TUPLE, "values": [abstract(v) for v in value], "seq_info": {"is_dyn_len": False}}
    return {"tensors": [tensor_proto(value, with_data=False)], "type": P.A_TENSORS}


def attr(value: Any, in_sequence: bool = False) -> dict:
    """An AttributeProto body for a Python value (constants and primitive attributes)."""
    if value is None:
        return {"type": P.A_NONE}
    if isinstance(value, bool):
        return {"ints": [int(value)], "type": P.A_BOOL} if in_sequence else {"i": int(value), "type": P.A_BOOL}
    if isinstance(value, int):
        return {"ints": [value], "type": P.A_INT64} if in_sequence else {"i": value, "type": P.A_INT64}
    if isinstance(value, float):
        return {"floats": [value], "type": P.A_FLOAT} if in_sequence else {"f": value, "type": P.A_FLOAT}
    if isinstance(value, str):
        raw = value.encode()
        return {"strings": [raw], "type": P.A_STRING} if in_sequence else {"s": raw, "type": P.A_STRING}
    if isinstance(value, (tuple, list)):
        return {"type": P.A_TUPLE if isinstance(value, tuple) else P.A_LIST,
                "values": [attr(v, True) for v in value]}
    if isinstance(value, torch.Tensor):
        return {"tensors": [tensor_proto(value, "value0")], "type": P.A_TENSORS}
    raise TypeError(f"no MindIR attribute for {type(value).__name__}")


class GraphBuilder:
    def __init__(self, graph_name: str) -> None:
        self.graph_name = graph_name
        self.nodes: list[dict] = []
        self.params: list[dict] = []
        self.inputs: list[dict] = []
        self.primitives: dict[tuple, dict] = {}
        self._count = 0

    def _next(self) -> int:
        self._count += 1
        return self._count

    def add_input(self, name: str, value: torch.Tensor) -> str:
        full = f"{self.graph_name}:{name}"
        self.inputs.append({"name": full, "tensor": [tensor_proto(value, with_data=False)]})
        return full

    def add_param(self, ref_key: str, value: torch.Tensor) -> str:
        full = f"{self.graph_name}:{ref_key}"
        tp = tensor_proto(value, full)
        tp["ref_key"] = ref_key
        tp["compression_type"] = 0
        self.params.append(tp)
        return full

    def constant(self, value: Any) -> str:
        name = f"ValueNode_{self._next()}"
        self.nodes.append({"output": [name], "name": name, "op_type": "Constant",
                           "attribute": [dict(name="value", **attr(value))]})
        return name

    def primitive(self, op: str, attrs: dict | None = None, instance_name: str = "") -> str:
        """The name of the model-level primitive entry; attrs given makes it an old-style PRIMITIVE."""
        key = (op, repr(sorted((attrs or {}).items())), instance_name)
        entry = self.primitives.get(key)
        if entry is None:
            entry = {"name": f"{op}:{self._next()}", "op_type": op}
            if attrs:
                entry["attribute"] = [dict(name=k, **attr(v)) for k, v in attrs.items()]
            entry["instance_name"] = instance_name
            entry["prim_type"] = P.PRIM_PRIMITIVE if attrs is not None else P.PRIM_FUNCTION
            self.primitives[key] = entry
        return entry["name"]

    def node(self, op: str, inputs: list[str], out: Any, attrs: dict | None = None,
             instance_name: str = "") -> str:
        prim = self.primitive(op, attrs, instance_name)
        name = f"{self.graph_name}:CNode_{self._next()}"
        self.nodes.append({"input": list(inputs), "output": [name], "name": name, "op_type": f"REF::{prim}",
                           "attribute": [dict(name="shape", **abstract(out))], "domain": f"Default/{op}-op"})
        return name

    def model(self, output_name: str, output: Any) -> dict:
        if isinstance(output, (tuple, list)):
            out_info = {"name": output_name, "denotation": "Tuple", "attr_info": abstract(output)}
        else:
            out_info = {"name": output_name, "tensor": [tensor_proto(output, with_data=False)]}
        graph = {"node": self.nodes, "name": self.graph_name, "parameter": self.params, "input": self.inputs,
                 "output": [out_info], "bprop_hash": "",
                 "attribute": [{"name": "training", "i": 0, "type": P.A_BOOL},
                               {"name": "phase", "s": b"export", "type": P.A_STRING}]}
        return {"ir_version": "1.1", "producer_name": "MindSpore", "model_version": "2.10.0",
                "doc_string": "written by mindshim", "graph": graph, "little_endian": True,
                "primitives": list(self.primitives.values()), "mind_ir_version": 3}
