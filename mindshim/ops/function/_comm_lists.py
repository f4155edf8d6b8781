"""The rest of ops.function.comm_func: tensor-list collectives, all-to-all, batched point-to-point and the
pickled-object collectives. Re-exported by comm_func (their MindSpore home); import that module, not this."""
from __future__ import annotations

import datetime
from typing import Any, Sequence

import torch

from mindshim._backend import collectives as _coll
from mindshim._backend import distributed as _dist
from mindshim.common.tensor import plain, wrap
from mindshim.ops.function.comm_func import (
    _INPLACE, CommHandle, _check_not_self, _check_op, _fill, _group, _handle, _local, _peer, _require_inplace,
    _tensor, irecv, isend,
)
from mindshim.ops.operations.comm_ops import ReduceOp


def _tensors(api: str, values: Any) -> list[torch.Tensor]:
    if not isinstance(values, (list, tuple)) or not all(isinstance(v, torch.Tensor) for v in values):
        raise TypeError(f"For {api}, the input tensor list must be a list or tuple of tensors")
    return [plain(v) for v in values]


def _size(g: Any) -> int:
    return len(g.ranks) if g is not None else 1


def _check_list_len(api: str, values: Sequence, size: int) -> None:
    if len(values) != size:
        raise TypeError(f"For {api}, the length of the tensor list ({len(values)}) must be the group size ({size}).")


def all_gather(tensor_list: list, tensor: Any, group: str | None = None, async_op: bool = False) -> Any:
    _require_inplace("all_gather")
    outs = _tensors("all_gather", tensor_list)
    t = _tensor("all_gather", tensor)
    g = _group(group, async_op)
    _check_list_len("all_gather", outs, _size(g))
    for out, part in zip(tensor_list, _coll.all_gather_list(t.detach(), g)):
        _fill(out, part)
    return _handle(async_op)


def reduce_scatter(output: Any, input_list: list, op: str = ReduceOp.SUM, group: str | None = None,
                   async_op: bool = False) -> Any:
    _require_inplace("reduce_scatter")
    ins = _tensors("reduce_scatter", input_list)
    _tensor("reduce_scatter", output, "output tensor")
    _check_op("reduce_scatter", op)
    g = _group(group, async_op)
    _check_list_len("reduce_scatter", ins, _size(g))
    _fill(output, _coll.reduce_scatter_list([i.detach() for i in ins], op, g))
    return _handle(async_op)


def gather(tensor: Any, gather_list: list, dst: int = 0, group: str | None = None, async_op: bool = False) -> Any:
    _require_inplace("gather")
    t = _tensor("gather", tensor)
    if not isinstance(dst, int):
        raise TypeError("For gather, the dst must be int")
    g = _group(group, async_op)
    parts = _coll.gather_list(t.detach(), _local(g, dst), g)
    if parts is not None:
        _check_list_len("gather", gather_list, _size(g))
        for out, part in zip(gather_list, parts):
            _fill(out, part)
    return _handle(async_op)


def scatter(tensor: Any, scatter_list: list, src: int = 0, group: str | None = None, async_op: bool = False) -> Any:
    _require_inplace("scatter")
    t = _tensor("scatter_tensor", tensor, "output tensor")
    if not isinstance(src, int):
        raise TypeError("For scatter_tensor, the src must be int")
    g = _group(group, async_op)
    parts = [plain(s).detach() for s in scatter_list] if scatter_list else [t] * _size(g)
    _fill(tensor, _coll.scatter_list(parts, t, _local(g, src), g))
    return _handle(async_op)


def gather_into_tensor(output_tensor: Any, input_tensor: Any, dst: int = 0, group: str | None = None,
                       async_op: bool = False) -> Any:
    _require_inplace("gather_into_tensor")
    t = _tensor("gather_into_tensor", input_tensor)
    _tensor("gather_into_tensor", output_tensor, "output tensor")
    if not isinstance(dst, int):
        raise TypeError("For gather_into_tensor, the dst must be int")
    g = _group(group, async_op)
    parts = _coll.gather_list(t.detach(), _local(g, dst), g)
    if parts is not None:
        _fill(output_tensor, torch.cat(parts).reshape(output_tensor.shape))
    return _handle(async_op)


def scatter_tensor(output_tensor: Any, input_tensor: Any, src: int = 0, group: str | None = None,
                   async_op: bool = False) -> Any:
    _require_inplace("scatter_tensor")
    t = _tensor("scatter_tensor", input_tensor)
    out = _tensor("scatter_tensor", output_tensor, "output tensor")
    if not isinstance(src, int):
        raise TypeError("For scatter_tensor, the src must be int")
    g = _group(group, async_op)
    parts = list(t.detach().chunk(_size(g)))
    _fill(output_tensor, _coll.scatter_list(parts, out, _local(g, src), g))
    return _handle(async_op)


def _splits(api: str, sizes: list | None, total: int, size: int) -> list[int]:
    if not sizes:
        if total % size:
            raise ValueError(f"For {api}, dimension 0 ({total}) cannot be split evenly over {size} ranks.")
        return [total // size] * size
    if len(sizes) != size or sum(sizes) != total:
        raise ValueError(f"For {api}, the split sizes {list(sizes)} must give one size per rank ({size}) and sum "
                         f"to dimension 0 ({total}).")
    return list(sizes)


def all_gather_into_tensor_uneven(output: Any, input: Any, output_split_sizes: list | None = None,
                                  group: str | None = None, async_op: bool = False) -> Any:
    """Like all_gather_into_tensor, the ranks' inputs may differ in dimension 0 (padded for the exchange)."""
    _require_inplace("all_gather_into_tensor_uneven")
    t = _tensor("all_gather_into_tensor_uneven", input).detach()
    out = _tensor("all_gather_into_tensor_uneven", output, "output tensor")
    g = _group(group, async_op)
    sizes = _splits("all_gather_into_tensor_uneven", output_split_sizes, out.shape[0], _size(g))
    me = 0 if g is None else g.ranks.index(torch.distributed.get_rank())
    if t.shape[0] != sizes[me]:
        raise ValueError(f"For all_gather_into_tensor_uneven, the input's dimension 0 ({t.shape[0]}) must be "
                         f"output_split_sizes[{me}] ({sizes[me]}).")
    padded = torch.zeros((max(sizes), *t.shape[1:]), dtype=t.dtype, device=t.device)
    padded[:t.shape[0]] = t
    parts = _coll.all_gather_list(padded, g)
    _fill(output, torch.cat([p[:n] for p, n in zip(parts, sizes)]))
    return _handle(async_op)


def reduce_scatter_tensor_uneven(output: Any, input: Any, input_split_sizes: list | None = None,
                                 op: str = ReduceOp.SUM, group: str | None = None, async_op: bool = False) -> Any:
    """Reduces `input` over the ranks and gives rank i the i-th of the uneven dimension-0 parts."""
    _require_inplace("reduce_scatter_tensor_uneven")
    t = _tensor("reduce_scatter_tensor_uneven", input).detach()
    _tensor("reduce_scatter_tensor_uneven", output, "output tensor")
    if not isinstance(op, str):
        raise TypeError("For reduce_scatter_tensor_uneven, the input op type must be str")
    if op not in ("sum", "min", "max", "avg"):
        raise TypeError("For reduce_scatter_tensor_uneven, the input op value must be one of sum, min, max, avg")
    g = _group(group, async_op)
    sizes = _splits("reduce_scatter_tensor_uneven", input_split_sizes, t.shape[0], _size(g))
    me = 0 if g is None else g.ranks.index(torch.distributed.get_rank())
    reduced = _coll.all_reduce_(t.clone(), op, g)
    _fill(output, reduced[sum(sizes[:me]):sum(sizes[:me + 1])])
    return _handle(async_op)


def all_to_all(output_tensor_list: list, input_tensor_list: list, group: str | None = None,
               async_op: bool = False) -> Any:
    g = _group(group, async_op)
    ins = [i.detach() for i in _tensors("all_to_all", input_tensor_list)]
    _check_list_len("all_to_all", ins, _size(g))
    if _INPLACE["all_to_all"]:
        outs = _tensors("all_to_all", output_tensor_list)
        for out, part in zip(output_tensor_list, _coll.all_to_all_list(ins, outs, g)):
            _fill(out, part)
        return _handle(async_op)
    like = [o if isinstance(o, torch.Tensor) else torch.empty(tuple(o), dtype=ins[0].dtype, device=ins[0].device)
            for o in output_tensor_list]
    return tuple(wrap(p) for p in _coll.all_to_all_list(ins, like, g)), _handle(async_op)


def all_to_all_single(output: Any, input: Any, output_split_sizes: list | None = None,
                      input_split_sizes: list | None = None, group: str | None = None, async_op: bool = False) -> Any:
    t = _tensor("all_to_all_single", input).detach()
    g = _group(group, async_op)
    splits = [list(s) if s else None for s in (output_split_sizes, input_split_sizes)]
    if _INPLACE["all_to_all_single"]:
        with torch.no_grad():
            _coll.all_to_all_single_(plain(output), t, splits[0], splits[1], g)
        return _handle(async_op)
    shape = tuple(output) if isinstance(output, (tuple, list)) else tuple(output.shape)
    out = torch.empty(shape, dtype=t.dtype, device=t.device)
    return wrap(_coll.all_to_all_single_(out, t, splits[0], splits[1], g)), _handle(async_op)


class P2POp:
    """One point-to-point operation for `batch_isend_irecv`; `op` is isend/irecv or their names."""

    def __new__(cls, op: Any, tensor: Any, peer: int, group: str | None = None, tag: int = 0) -> "P2POp":
        name = op if isinstance(op, str) else getattr(op, "__name__", None)
        if name not in ("isend", "irecv") or (not isinstance(op, str) and op not in (isend, irecv)):
            raise TypeError(f"Expected op to be of type isend or irecv, but got {op}")
        if not isinstance(tensor, torch.Tensor):
            raise TypeError(f"Expected tensor to be Tensor, but got {type(tensor)}.")
        if not isinstance(peer, int):
            raise TypeError("For P2POp, the peer must be int")
        if tag != 0:
            raise NotImplementedError("tag is not support yet.")
        return object.__new__(cls)

    def __init__(self, op: Any, tensor: Any, peer: int, group: str | None = None, tag: int = 0) -> None:
        self.op, self.tensor, self.peer, self.group, self.tag = op, tensor, peer, group, tag


def batch_isend_irecv(p2p_op_list: list) -> list:
    _require_inplace("batch_isend_irecv")
    if not p2p_op_list:
        raise TypeError("p2p_op_list can not be empty list.")
    if not all(isinstance(p, P2POp) for p in p2p_op_list):
        raise TypeError("The elements in p2p_op_list must be type of P2POp.")
    group = p2p_op_list[0].group
    if any(p.group != group for p in p2p_op_list):
        raise TypeError("The group name in p2p_op_list must be consistent.")
    g = _peer(_group(group), "batch_isend_irecv")
    ops = []
    for p in p2p_op_list:
        name = p.op if isinstance(p.op, str) else p.op.__name__
        ops.append((name, plain(p.tensor).detach() if name == "isend" else plain(p.tensor), p.peer))
    return [CommHandle(list(_coll.batch_isend_irecv(ops, g)))]


class TCPStore:
    """A TCP key-value store (torch's TCPStore underneath); `init_process_group(store=...)` can join through it."""

    def __init__(self, host_name: str, port: int, world_size: int | None = None, is_master: bool = False,
                 timeout: datetime.timedelta = datetime.timedelta(seconds=300), wait_for_workers: bool = True,
                 multi_tenant: bool = False, master_listen_fd: int | None = None, use_libuv: bool = True) -> None:
        for arg, value, kind in (("host_name", host_name, str), ("port", port, int), ("is_master", is_master, bool),
                                 ("timeout", timeout, datetime.timedelta),
                                 ("wait_for_workers", wait_for_workers, bool)):
            if not isinstance(value, kind):
                raise TypeError(f"For 'TCPStore', the argument '{arg}' must be type of {kind.__name__}, but got "
                                f"'{arg}' type : {type(value)}.")
        world_size = 1 if world_size is None else world_size
        if not isinstance(world_size, int):
            raise TypeError(f"For 'TCPStore', the argument 'world_size' must be type of int, but got 'world_size' "
                            f"type : {type(world_size)}.")
        if not 0 <= port <= 65535:
            raise ValueError(f"For 'TCPStore', the argument 'port' must be legal, but got {port}.")
        if world_size <= 0:
            raise ValueError(f"For 'TCPStore', the argument 'world_size' must be legal, but got {world_size}.")
        self._store = _dist.make_store(host_name, port, world_size, is_master, timeout.total_seconds(),
                                       wait_for_workers)
        self.host, self.port = host_name, port

    @staticmethod
    def _key(api: str, key: Any) -> str:
        if not isinstance(key, str):
            raise TypeError(f"For 'TCPStore.{api}', the argument 'key' must be type of string, but got 'key' type : "
                            f"{type(key)}.")
        return key

    def add(self, key: str, amount: int) -> int:
        if not isinstance(amount, int):
            raise TypeError(f"For 'TCPStore.add', the argument 'amount' must be type of string or int, but got "
                            f"'amount' type : {type(amount)}.")
        return self._store.add(self._key("add", key), amount)

    def set(self, key: str, value: str | bytes) -> None:
        if not isinstance(value, (str, bytes)):
            raise TypeError(f"For 'TCPStore.set', the argument 'value' must be type of string or bytes, but got "
                            f"'value' type : {type(value)}.")
        self._store.set(self._key("set", key), value)

    def get(self, key: str) -> bytes:
        return self._store.get(self._key("get", key))

    def delete_key(self, key: str) -> bool:
        return self._store.delete_key(self._key("delete_key", key))


# ------------------------------------------------------------------------------------- pickled objects
def _objects(name: str, kind: str, group: str | None, *args: Any, **kwargs: Any) -> Any:
    _require_inplace(name)
    return _coll.objects(kind, *args, group=_peer(_group(group), name), **kwargs)


def all_gather_object(object_list: list, obj: Any, group: str | None = None) -> None:
    _objects("all_gather_object", "all_gather_object", group, object_list, obj)


def broadcast_object_list(object_list: list, src: int = 0, group: str | None = None, device: Any = None) -> None:
    if not isinstance(object_list, list) or not object_list:
        raise TypeError("The object_list can not be empty.")
    _objects("broadcast_object_list", "broadcast_object_list", group, object_list, src=src)


def gather_object(obj: Any, object_gather_list: list | None = None, dst: int = 0, group: str | None = None) -> None:
    _objects("gather_object", "gather_object", group, obj, object_gather_list, dst=dst)


def scatter_object_list(scatter_object_output_list: list, scatter_object_input_list: list | None, src: int = 0,
                        group: str | None = None) -> None:
    if not isinstance(scatter_object_output_list, list) or not scatter_object_output_list:
        raise TypeError("The scatter_object_output_list can not be empty.")
    _objects("scatter_object_list", "scatter_object_list", group, scatter_object_output_list,
             scatter_object_input_list, src=src)


def send_object_list(object_list: list, dst: int, group: str | None = None, device: Any = None) -> None:
    if not isinstance(object_list, list):
        raise TypeError("For send_object_list, the object_list must be a list")
    _check_not_self(dst)
    _objects("send_object_list", "send_object_list", group, object_list, dst=dst)


def recv_object_list(object_list: list, src: int = 0, group: str | None = None, device: Any = None) -> int:
    if not isinstance(object_list, list):
        raise TypeError("For recv_object_list, the object_list must be a list")
    _objects("recv_object_list", "recv_object_list", group, object_list, src=src)
    return 0


__all__ = ["TCPStore", "all_gather_into_tensor_uneven", "reduce_scatter_tensor_uneven", "all_gather", "reduce_scatter",
           "gather", "scatter", "gather_into_tensor", "scatter_tensor", "all_to_all", "all_to_all_single", "P2POp",
           "batch_isend_irecv", "all_gather_object", "broadcast_object_list", "gather_object", "scatter_object_list",
           "send_object_list", "recv_object_list"]
