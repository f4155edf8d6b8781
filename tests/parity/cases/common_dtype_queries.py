"""Parity of MindSpore 2.10's dtype queries: is_floating_point, is_complex, is_signed, itemsize, to_complex (float32,
bfloat16 -> complex64; float64 -> complex128; others TypeError) and to_real."""
import mindspore as ms

COMPILED_PASS = False  # dtype objects: nothing to compile


def _convert(t, method):
    try:
        return repr(getattr(t, method)())
    except Exception as exc:  # noqa: BLE001 - the error type is the result
        return type(exc).__name__


def case_dtype_queries():
    types = (ms.float16, ms.float32, ms.float64, ms.bfloat16, ms.complex64, ms.complex128, ms.int8, ms.int16,
             ms.int32, ms.int64, ms.uint8, ms.bool_)
    return {str(t): {"is_floating_point": t.is_floating_point, "is_complex": t.is_complex, "is_signed": t.is_signed,
                     "itemsize": t.itemsize, "to_complex": _convert(t, "to_complex"), "to_real": _convert(t, "to_real")}
            for t in types}
