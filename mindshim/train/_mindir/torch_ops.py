"""torch op -> MindSpore primitive lowerings for MindIR export (ops recorded one by one by trace.RecordMode).

Each lowering gets the tracer, the op's args/kwargs and its real output, and emits MindSpore 2.10's primitives
with the argument layout MindSpore's own export uses (PRIMITIVE_FUNCTION: arguments as inputs). Python scalars
in arithmetic become 0-d tensor constants of the result's dtype, as MindSpore writes them.
"""
from __future__ import annotations

import math
from typing import Any, Callable

import torch

from mindshim._errors import unsupported
from mindshim.train._mindir.trace import Tracer, meta_like, torch_dtype

_API = "mindspore.export(file_format='MINDIR')"
Lowering = Callable[[Tracer, tuple, dict, Any], None]


def _scalar_operand(value: Any, out: torch.Tensor) -> Any:
    if isinstance(value, torch.Tensor):
        return value
    return torch.tensor(value, dtype=torch_dtype(out))


def _binary(op: str, reverse: bool = False) -> Lowering:
    def lower(tr: Tracer, args: tuple, kwargs: dict, out: Any) -> None:
        if kwargs.get("alpha", 1) != 1 or kwargs.get("rounding_mode") is not None:
            raise unsupported(_API, f"{op} with alpha or rounding_mode")
        a, b = args[0], args[1] if len(args) > 1 else kwargs.get("other")
        if reverse:
            a, b = b, a
        tr.emit(op, [_scalar_operand(a, out), _scalar_operand(b, out)], out)
    return lower


def _unary(op: str) -> Lowering:
    return lambda tr, args, kwargs, out: tr.emit(op, [args[0]], out)


def _reshape(tr: Tracer, args: tuple, kwargs: dict, out: Any) -> None:
    tr.emit("Reshape", [args[0], tuple(int(d) for d in out.shape)], out)


def _norm_perm(perm: tuple, rank: int) -> tuple:
    return tuple(int(p) % rank for p in perm)


def _permute(tr: Tracer, args: tuple, kwargs: dict, out: Any) -> None:
    x = args[0]
    dims = args[1:] if len(args) > 2 or not isinstance(args[1], (tuple, list)) else args[1]
    dims = kwargs.get("dims", dims)
    tr.emit("Transpose", [x, _norm_perm(tuple(dims), x.dim())], out)


def _transpose(tr: Tracer, args: tuple, kwargs: dict, out: Any) -> None:
    x, d0, d1 = args[0], args[1] % args[0].dim(), args[2] % args[0].dim()
    perm = list(range(x.dim()))
    perm[d0], perm[d1] = perm[d1], perm[d0]
    tr.emit("Transpose", [x, tuple(perm)], out)


def _t(tr: Tracer, args: tuple, kwargs: dict, out: Any) -> None:
    tr.emit("Transpose", [args[0], tuple(reversed(range(args[0].dim())))], out)


def _mt(tr: Tracer, args: tuple, kwargs: dict, out: Any) -> None:
    _transpose(tr, (args[0], -2, -1), {}, out)


def _flatten(tr: Tracer, args: tuple, kwargs: dict, out: Any) -> None:
    x = args[0]
    start = args[1] if len(args) > 1 else kwargs.get("start_dim", 0)
    end = args[2] if len(args) > 2 else kwargs.get("end_dim", -1)
    if x.dim() > 1 and start % x.dim() == 1 and end % x.dim() == x.dim() - 1:
        tr.emit("Flatten", [x], out)
    else:
        _reshape(tr, args, kwargs, out)


def _matmul(tr: Tracer, args: tuple, kwargs: dict, out: Any) -> None:
    a, b = args[0], args[1]
    if a.dim() == 2 and b.dim() == 2:
        tr.emit("MatMul", [a, b, False, False], out, instance_name="matmul")
    else:
        tr.emit("MatMulExt", [a, b], out)


def _bmm(tr: Tracer, args: tuple, kwargs: dict, out: Any) -> None:
    tr.emit("BatchMatMul", [args[0], args[1], False, False], out)


def _softmax(tr: Tracer, args: tuple, kwargs: dict, out: Any) -> None:
    dim = args[1] if len(args) > 1 else kwargs.get("dim")
    tr.emit("Softmax", [args[0], (int(dim),)], out, instance_name="softmax")


def _gelu(tr: Tracer, args: tuple, kwargs: dict, out: Any) -> None:
    x = args[0]
    if kwargs.get("approximate", args[1] if len(args) > 1 else "none") == "tanh":
        tr.emit("GeLU", [x], out)
        return
    # exact GELU the way MindSpore's nn.GELU(approximate=False) exports it: x * (erf(x / sqrt2) + 1) * 0.5
    m = meta_like(x)
    div = tr.emit("Div", [x, torch.tensor(math.sqrt(2.0), dtype=torch_dtype(x))], m)
    erf = tr.emit_named("Erf", [div], m)
    one = tr.name_of(torch.tensor(1.0, dtype=torch_dtype(x)))
    add = tr.emit_named("Add", [erf, one], m)
    mul = tr.emit_named("Mul", [tr.name_of(x), add], m)
    tr.bind(out, tr.emit_named("Mul", [mul, tr.name_of(torch.tensor(0.5, dtype=torch_dtype(x)))], out))


def _batch_norm(tr: Tracer, args: tuple, kwargs: dict, out: Any) -> None:
    x, weight, bias, mean, var, training, momentum, eps = args[:8]
    if training or weight is None or bias is None:
        raise unsupported(_API, "BatchNorm in training mode or without affine parameters; call set_train(False)")
    stats = meta_like(mean)
    bn = tr.emit("BatchNorm", [x, weight, bias, mean, var, False, float(eps), float(momentum), 0],
                 (meta_like(x), stats, stats, stats, stats), bind=False, instance_name="bn_infer")
    tr.bind(out, tr.emit_named("TupleGetItem", [bn, tr.const(0)], out, {}))


def layer_norm_nodes(tr: Tracer, x: torch.Tensor, gamma: Any, beta: Any, begin_norm: int, begin_params: int,
                     eps: float, out: torch.Tensor) -> None:
    stat_shape = list(x.shape[:begin_norm]) + [1] * (x.dim() - begin_norm)
    stats = meta_like(x, stat_shape)
    ln = tr.emit("LayerNorm", [x, gamma, beta, begin_norm, begin_params, float(eps)], (meta_like(x), stats, stats),
                 bind=False, instance_name="layer_norm")
    tr.bind(out, tr.emit_named("TupleGetItem", [ln, tr.const(0)], out, {}))


def _layer_norm(tr: Tracer, args: tuple, kwargs: dict, out: Any) -> None:
    x, shape = args[0], args[1]
    weight = args[2] if len(args) > 2 else kwargs.get("weight")
    bias = args[3] if len(args) > 3 else kwargs.get("bias")
    eps = args[4] if len(args) > 4 else kwargs.get("eps", 1e-5)
    if weight is None or bias is None:
        raise unsupported(_API, "layer_norm without weight and bias")
    begin = x.dim() - len(shape)
    layer_norm_nodes(tr, x, weight, bias, begin, begin, eps, out)


def linear_nodes(tr: Tracer, x: torch.Tensor, weight: Any, bias: Any, out: torch.Tensor,
                 activation: Callable[[str, torch.Tensor], str] | None = None) -> None:
    """x @ weight.T + bias as MindSpore's Dense writes it: inputs of another rank are flattened to 2-D first."""
    name = tr.name_of(x)
    rank = x.dim()
    if rank != 2:
        name = tr.emit_named("Reshape", [name, tr.const((-1, int(x.shape[-1])))],
                             meta_like(x, (x.numel() // x.shape[-1], x.shape[-1])), instance_name="reshape")
    flat_out = meta_like(out, (out.numel() // out.shape[-1], out.shape[-1]))
    name = tr.emit_named("MatMul", [name, tr.name_of(weight), tr.const(False), tr.const(True)], flat_out,
                         instance_name="matmul")
    if bias is not None:
        name = tr.emit_named("BiasAdd", [name, tr.name_of(bias), tr.const(0)], flat_out, instance_name="bias_add")
    if activation is not None:
        name = activation(name, flat_out)
    if rank != 2:
        name = tr.emit_named("Reshape", [name, tr.const(tuple(int(d) for d in out.shape))], out,
                             instance_name="reshape")
    tr.bind(out, name)


def _linear(tr: Tracer, args: tuple, kwargs: dict, out: Any) -> None:
    bias = args[2] if len(args) > 2 else kwargs.get("bias")
    linear_nodes(tr, args[0], args[1], bias, out)


def _split(tr: Tracer, args: tuple, kwargs: dict, out: Any) -> None:
    x = args[0]
    dim = args[2] if len(args) > 2 else kwargs.get("dim", 0)
    parts = list(out)
    dim %= x.dim()
    if len({int(p.shape[dim]) for p in parts}) != 1:
        raise unsupported(_API, "chunk/split into unequal parts")
    split = tr.emit("Split", [x, dim, len(parts)], tuple(parts), bind=False)
    for i, part in enumerate(parts):
        tr.bind(part, tr.emit_named("TupleGetItem", [split, tr.const(i)], part, {}))


def _identity(tr: Tracer, args: tuple, kwargs: dict, out: Any) -> None:
    tr.bind(out, tr.name_of(args[0]))


def _embedding(tr: Tracer, args: tuple, kwargs: dict, out: Any) -> None:
    weight, ids = args[0], args[1]
    if weight.dim() != 2:
        weight, ids = ids, weight  # F.embedding(input, weight) vs torch.embedding(weight, input)
    tr.emit("Gather", [weight, ids, 0, 0], out, instance_name="gather")


_TYPE_IDS = {torch.bool: 30, torch.int8: 32, torch.int16: 33, torch.int32: 34, torch.int64: 35, torch.uint8: 37,
             torch.float16: 42, torch.float32: 43, torch.float64: 44, torch.bfloat16: 45}


def _dims(value: Any, rank: int) -> tuple:
    if value is None:
        return ()
    return tuple(int(d) % rank for d in ((value,) if isinstance(value, int) else value))


def _cast(tr: Tracer, args: tuple, kwargs: dict, out: Any) -> None:
    dtype = torch_dtype(out)
    if dtype not in _TYPE_IDS or out.device != args[0].device:
        raise unsupported(_API, f"a conversion to {dtype} on {out.device}")
    tr.emit("Cast", [args[0], _TYPE_IDS[dtype]], out)


def _cat(tr: Tracer, args: tuple, kwargs: dict, out: Any) -> None:
    tensors = list(args[0])
    dim = args[1] if len(args) > 1 else kwargs.get("dim", 0)
    items = [tr.name_of(t) for t in tensors]
    pack = tr.emit_named("MakeTuple", items, tuple(tensors), {})
    tr.bind(out, tr.emit_named("Concat", [pack, tr.const(int(dim) % out.dim())], out))


def _reduction(op: str) -> Lowering:
    def lower(tr: Tracer, args: tuple, kwargs: dict, out: Any) -> None:
        x = args[0]
        dim = args[1] if len(args) > 1 else kwargs.get("dim")
        keep = bool(args[2] if len(args) > 2 else kwargs.get("keepdim", False))
        if kwargs.get("dtype") is not None or (len(args) > 1 and not isinstance(args[1], (int, tuple, list))):
            raise unsupported(_API, f"{op} with a dtype")
        axes = _dims(dim, x.dim()) if dim is not None or op != "SumExt" else None
        inputs = [x, axes, keep] + ([None] if op == "SumExt" else [])
        tr.emit(op, inputs, out)
    return lower


def _squeeze(tr: Tracer, args: tuple, kwargs: dict, out: Any) -> None:
    x = args[0]
    dims = args[1] if len(args) > 1 else kwargs.get("dim")
    if dims is None:
        dims = tuple(i for i, n in enumerate(x.shape) if n == 1)
    tr.emit("Squeeze", [x, _dims(dims, x.dim())], out)


def _unsqueeze(tr: Tracer, args: tuple, kwargs: dict, out: Any) -> None:
    dim = args[1] if len(args) > 1 else kwargs["dim"]
    tr.emit("ExpandDims", [args[0], int(dim) % out.dim()], out)


def _log_softmax(tr: Tracer, args: tuple, kwargs: dict, out: Any) -> None:
    dim = args[1] if len(args) > 1 else kwargs.get("dim")
    tr.emit("LogSoftmax", [args[0], int(dim)], out)


def _adaptive_avg_pool2d(tr: Tracer, args: tuple, kwargs: dict, out: Any) -> None:
    attrs = {"output_size": tuple(int(d) for d in out.shape[-2:])}
    tr.emit("AdaptiveAvgPool2D", [args[0]], out, attrs, instance_name="adaptive_avg_pool2d")


TABLE: dict[str, Lowering] = {
    "adaptive_avg_pool2d": _adaptive_avg_pool2d, "linear": _linear, "chunk": _split, "split": _split,
    "contiguous": _identity, "clone": _identity, "detach": _identity,
    "to": _cast, "float": _cast, "half": _cast, "double": _cast, "int": _cast, "long": _cast, "bool": _cast,
    "type": _cast, "cat": _cat, "concat": _cat, "mean": _reduction("ReduceMean"), "sum": _reduction("SumExt"),
    "squeeze": _squeeze, "unsqueeze": _unsqueeze, "log_softmax": _log_softmax,
    "maximum": _binary("Maximum"), "minimum": _binary("Minimum"), "pow": _binary("Pow"), "__pow__": _binary("Pow"),
    "reshape": _reshape, "view": _reshape, "flatten": _flatten,
    "permute": _permute, "transpose": _transpose, "swapaxes": _transpose, "T": _t, "mT": _mt, "t": _t,
    "matmul": _matmul, "__matmul__": _matmul, "mm": _matmul, "bmm": _bmm,
    "softmax": _softmax, "gelu": _gelu, "batch_norm": _batch_norm, "layer_norm": _layer_norm,
    "embedding": _embedding,
    "relu": _unary("ReLU"), "relu_": _unary("ReLU"), "sigmoid": _unary("Sigmoid"), "tanh": _unary("Tanh"),
    "erf": _unary("Erf"), "exp": _unary("Exp"), "sqrt": _unary("Sqrt"), "rsqrt": _unary("Rsqrt"),
    "neg": _unary("Neg"), "__neg__": _unary("Neg"), "abs": _unary("Abs"),
    "add": _binary("Add"), "__add__": _binary("Add"), "__radd__": _binary("Add", True), "__iadd__": _binary("Add"),
    "sub": _binary("Sub"), "__sub__": _binary("Sub"), "__rsub__": _binary("Sub", True), "__isub__": _binary("Sub"),
    "mul": _binary("Mul"), "__mul__": _binary("Mul"), "__rmul__": _binary("Mul", True), "__imul__": _binary("Mul"),
    "div": _binary("Div"), "true_divide": _binary("Div"), "__truediv__": _binary("Div"),
    "__rtruediv__": _binary("Div", True), "__itruediv__": _binary("Div"),
}
