"""Parity cases for mindspore.Tensor conversion and memory methods: dtype casts (astype/to/type/type_as and the
bool()/int()/... shorthands), item/itemset/tolist/value, attributes and strides, from_numpy sharing memory,
bytes and dlpack round trips, copy/clone/contiguous, assign_value/set_dtype/copy_/set_, sparse conversion."""
import numpy as np

import mindspore as ms
from mindspore import Tensor
from parity_ops_common import outcome

COMPILED_PASS = False
TOLERANCES = {}


def _x():
    return Tensor(np.arange(6, dtype=np.float32).reshape(2, 3) - 2.5)


def _run(table):
    return {k: outcome(f) for k, f in table.items()}


def _dt(t):
    return str(t.dtype)


def case_cast_shorthands():
    out = {}
    for src in (_x(), Tensor(np.array([0, 3, -2], np.int32)), Tensor(np.array([True, False]))):
        casts = {"bool": src.bool, "byte": src.byte, "half": src.half, "float": src.float, "double": src.double,
                 "int": src.int, "long": src.long, "short": src.short}
        for name, cast in casts.items():
            out[f"{_dt(src)}_{name}"] = outcome(cast)
        out[f"{_dt(src)}_bfloat16"] = _dt(src.bfloat16())
        out[f"{_dt(src)}_bfloat16_value"] = src.bfloat16().float().asnumpy()
    return out


def case_astype_to_type():
    return _run({
        "astype_ms": lambda: _x().astype(ms.int8), "astype_str": lambda: _x().astype("float16"),
        "astype_str_int": lambda: _x().astype("int32"), "astype_np": lambda: _x().astype(np.uint8),
        "astype_pyint": lambda: _x().astype(int), "astype_pybool": lambda: _x().astype(bool),
        "astype_pyfloat": lambda: _x().astype(float), "astype_bad": lambda: _x().astype("foo"),
        "astype_nocopy_same": lambda: (lambda t: t.astype(ms.float32, copy=False) is t)(_x()),
        "astype_copy_same": lambda: (lambda t: t.astype(ms.float32) is t)(_x()),
        "to_dtype": lambda: _x().to(ms.int32), "to_kw": lambda: _x().to(dtype=ms.float16),
        "to_other": lambda: _x().to(Tensor([1], ms.int16)), "to_cpu": lambda: _x().to("CPU"),
        "to_cpu_dtype": lambda: _x().to("CPU", ms.float64),
        "type_none": lambda: _x().type(), "type_int": lambda: Tensor([1, 2]).type(),
        "type_cast": lambda: _x().type(ms.int32),
        "type_as": lambda: _x().type_as(Tensor([1], ms.int16)),
        "type_as_same": lambda: (lambda t: t.type_as(t) is t)(_x()),
    })


def case_item_tolist_value():
    return _run({
        "item_f32": lambda: Tensor([2.5]).item(), "item_f16": lambda: Tensor(np.float16(0.1)).item(),
        "item_i8": lambda: Tensor(np.int8(-3)).item(), "item_bool": lambda: Tensor(np.array([[True]])).item(),
        "item_many": lambda: _x().item(), "item_index": lambda: _x().item(3),
        "itemset_flat": lambda: _x().itemset(4, 1), "itemset_tuple": lambda: _x().itemset((1, 1), 9.0),
        "itemset_one": lambda: Tensor([5.0]).itemset(7),
        "itemset_keeps_self": lambda: (lambda t: (t.itemset(0, 1.0), t)[1])(_x()),
        "itemset_int": lambda: Tensor([1, 2], ms.int32).itemset(0, 7.9),
        "itemset_bad": lambda: _x().itemset(7.0), "itemset_oob": lambda: _x().itemset(9, 1.0),
        "itemset_none": lambda: _x().itemset(),
        "tolist": lambda: _x().tolist(), "tolist_int": lambda: Tensor([[1, 2]], ms.int32).tolist(),
        "tolist_empty": lambda: Tensor(np.zeros(0, np.float32)).tolist(), "tolist_0d": lambda: Tensor(3).tolist(),
        "tolist_bool": lambda: Tensor([True]).tolist(), "value_is_self": lambda: (lambda t: t.value() is t)(_x()),
        "value": lambda: _x().value(), "numpy": lambda: _x().numpy(), "asnumpy": lambda: _x().asnumpy(),
    })


def case_attributes_strides():
    x = _x()
    return _run({
        "shape": lambda: x.shape, "size": lambda: int(x.size), "size_is_int": lambda: isinstance(x.size, int),
        "ndim": lambda: x.ndim, "dim": lambda: x.dim(),
        "ndimension": lambda: x.ndimension(), "numel": lambda: x.numel(), "nelement": lambda: x.nelement(),
        "itemsize": lambda: x.itemsize, "nbytes": lambda: x.nbytes, "strides": lambda: x.strides,
        "dtype": lambda: str(x.dtype), "itemsize_f16": lambda: Tensor([1], ms.float16).itemsize,
        "stride": lambda: x.stride(), "stride_dim": lambda: x.stride(1), "stride_T": lambda: x.T.stride(),
        "storage_offset": lambda: x[1].storage_offset(), "storage_offset_T": lambda: x.T[1].storage_offset(),
        "is_contiguous": lambda: x.is_contiguous(), "is_contiguous_T": lambda: x.T.is_contiguous(),
        "contiguous_T": lambda: x.T.contiguous().is_contiguous(), "contiguous_is_self": lambda: x.contiguous() is x,
        "is_floating_point": lambda: x.is_floating_point(),
        "is_floating_point_int": lambda: Tensor([1]).is_floating_point(),
        "is_complex": lambda: Tensor(np.array([1j], np.complex64)).is_complex(), "is_complex_f": lambda: x.is_complex(),
        "is_signed": lambda: x.is_signed(), "is_signed_u8": lambda: Tensor([1], ms.uint8).is_signed(),
        "is_signed_bool": lambda: Tensor([True]).is_signed(),
        "is_meta": lambda: x.is_meta, "is_pinned": lambda: x.is_pinned(), "is_shared": lambda: x.is_shared(),
        "untyped_storage_nbytes": lambda: x.untyped_storage().nbytes(), "storage_nbytes": lambda: x.storage().nbytes(),
        "pin_memory_callable": lambda: callable(x.pin_memory), "data_ptr_int": lambda: isinstance(x.data_ptr(), int),
        "data_ptr_shared": lambda: x[0].data_ptr() == x.data_ptr(),
        "data": lambda: x.data, "requires_grad_": lambda: callable(x.requires_grad_),
    })


def case_copy_clone_assign():
    return _run({
        "copy": lambda: _x().copy(), "copy_int": lambda: Tensor([1, 2], ms.int8).copy(),
        "copy_is_new": lambda: (lambda t: t.copy() is not t)(_x()),
        "copy_": lambda: (lambda t: (t.copy_(Tensor([3, 4], ms.int32)), t)[1])(Tensor([1.0, 2.0])),
        "copy_bcast": lambda: (lambda t: (t.copy_(Tensor([3.0])), t)[1])(Tensor([1.0, 2.0])),
        "set_": lambda: (lambda t: (t.set_(Tensor([3.0, 4.0, 5.0])), t)[1])(Tensor([1.0, 2.0])),
        "assign_value": lambda: (lambda t: (t.assign_value(Tensor([3, 4, 5], ms.int32)), t)[1])(Tensor([1.0, 2.0])),
        "assign_value_ret": lambda: (lambda t: t.assign_value(Tensor([3.0, 4.0])) is t)(Tensor([1.0, 2.0])),
        "assign_value_cpp": lambda: (lambda t: (t.assign_value_cpp(Tensor([7.0])), t)[1])(Tensor([1.0, 2.0])),
        "set_dtype_ret": lambda: str(Tensor([1.0, 2.0]).set_dtype(ms.float16)),
        "set_dtype": lambda: (lambda t: (t.set_dtype(ms.int32), t)[1])(Tensor([1.7, -2.2])),
    })


# Tensor.clone has no CPU kernel in MindSpore 2.10 ("kernel Clone unregistered"); see the ledger.
def case_clone_cpu_gap():
    return _x().clone().asnumpy()


def case_set__dtype_mismatch():
    t = Tensor([1.0, 2.0])
    t.set_(Tensor([3, 4, 5], ms.int32))
    return t.asnumpy()


def case_numpy_bytes_dlpack():
    arr = np.array([1, 2, 3], np.int16)
    shared = Tensor.from_numpy(arr)
    arr[0] = 9
    return _run({
        "from_numpy_shares": lambda: shared,
        "from_numpy_noncontig": lambda: Tensor.from_numpy(np.arange(6, dtype=np.int32).reshape(2, 3).T),
        "from_numpy_f64": lambda: Tensor.from_numpy(np.array([0.5])),
        "from_numpy_list": lambda: Tensor.from_numpy([1, 2]),
        "get_bytes": lambda: list(Tensor(np.array([1.5, -2.0], np.float32)).get_bytes()),
        "get_bytes_i16": lambda: list(Tensor(np.array([1, 258], np.int16)).get_bytes()),
        "convert_bytes": lambda: Tensor(Tensor.convert_bytes_to_tensor(bytes(range(8)), (2, 2), ms.uint16)),
        "convert_roundtrip": lambda: Tensor(Tensor.convert_bytes_to_tensor(
            Tensor(np.array([1.25, 3.5], np.float32)).get_bytes(), (2,), ms.float32)),
        "dlpack": lambda: Tensor.from_dlpack(Tensor(np.array([1, 2], np.int32)).to_dlpack()),
        "dlpack_f32": lambda: Tensor.from_dlpack(_x().to_dlpack()),
    })


def case_sparse():
    d = Tensor(np.array([[0.0, 1.5], [2.0, 0.0]], np.float32))
    coo, csr = d.to_coo(), d.to_csr()
    return {"coo": [type(coo).__name__, coo.indices.asnumpy(), coo.values.asnumpy(), list(coo.shape)],
            "csr": [type(csr).__name__, csr.indptr.asnumpy(), csr.indices.asnumpy(), csr.values.asnumpy(),
                    list(csr.shape)]}
