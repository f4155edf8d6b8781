"""Parity cases for mindspore._checkparam, the validators custom cells and optimizers call: the value each
check returns, and the exception type it raises for a bad argument."""
import mindspore as ms
from mindspore import _checkparam as validator


def _outcome(fn, *args, **kwargs):
    try:
        out = fn(*args, **kwargs)
    except Exception as e:  # noqa: BLE001 - the type is the result
        return "raises " + type(e).__name__
    return out if isinstance(out, (bool, int, float, str, tuple, list, type(None))) else repr(type(out))


_VALUES = [3, 0, -2, 2.5, 0.0, -1.5, True, "a", None, float("nan"), float("inf")]


def case_number_checks():
    names = ["check_positive_int", "check_negative_int", "check_non_positive_int", "check_non_negative_int",
             "check_positive_float", "check_negative_float", "check_non_positive_float", "check_non_negative_float",
             "check_is_int", "check_is_float", "check_bool"]
    return {n: [_outcome(getattr(validator, n), v, "arg", "Prim") for v in _VALUES] for n in names}


def case_relation_checks():
    return {
        "check_int": [_outcome(validator.check_int, v, 2, rel, "x") for v in (1, 2, 3)
                      for rel in (validator.EQ, validator.NE, validator.LT, validator.LE, validator.GT, validator.GE)],
        "check_float": [_outcome(validator.check_float, v, 1.0, validator.GE, "x") for v in (0.5, 1.0, 1, True)],
        "check_equal_int": [_outcome(validator.check_equal_int, v, 4) for v in (4, 5, 4.0)],
        "check": [_outcome(validator.check, "a", 3, "b", 4, rel) for rel in (validator.EQ, validator.LT)],
        "check_number": [_outcome(validator.check_number, "a", v, 0, validator.GT, "P") for v in (1, -1)],
        "check_int_range": [_outcome(validator.check_int_range, v, 0, 4, rel, "k") for v in (0, 2, 4, 5, 2.0)
                            for rel in (validator.INC_NEITHER, validator.INC_LEFT, validator.INC_RIGHT,
                                        validator.INC_BOTH)],
        "check_float_range": [_outcome(validator.check_float_range, v, 0.0, 1.0, validator.INC_BOTH, "p")
                              for v in (0.0, 1.0, 1.5, 1)],
        "sequences": [_outcome(validator.check_positive_int_sequence, s, "ks") for s in ((1, 2), (1, 0), (1, 2.0))]
        + [_outcome(validator.check_non_negative_int_sequence, s) for s in ((0, 2), (-1,))],
    }


def case_type_checks():
    return {
        "value_type": [_outcome(validator.check_value_type, "x", v, t, "P") for v, t in
                       ((1, [int]), (True, [int]), (True, [bool, int]), (1.0, (int, float)), ("s", [int]),
                        ((1,), (tuple, list)), (1, int))],
        "string": [_outcome(validator.check_string, v, ["same", "valid"], "pad_mode", "Conv") for v in
                   ("same", "SAME", 1)],
        "isinstance": [_outcome(validator.check_isinstance, "x", v, int) for v in (1, "a")],
        "element_types": [_outcome(validator.check_element_type_of_iterable, "x", v, [int]) for v in
                          ([1, 2], (1, "a"), 5)],
        "dict_types": [_outcome(validator.check_element_type_of_dict, "d", v, [str], [int]) for v in
                       ({"a": 1}, {1: 1}, {"a": "b"})],
        "tuple_size": [_outcome(validator.check_size_and_element_type_of_tuple, "t", v, 2, int) for v in
                       ((1, 2), (1, 2, 3), (1, 2.0))],
        "valid_input": [_outcome(validator.check_valid_input, "x", v, "P") for v in (0, None)],
        "pad_value": [_outcome(validator.check_pad_value_by_mode, m, p, "Conv") for m, p in
                      (("pad", 1), ("same", 0), ("same", 1))],
    }


def case_tensor_dtype_checks():
    return {
        "tensor_dtype": [_outcome(validator.check_tensor_dtype_valid, "x", ms.TensorType(d), [ms.float16, ms.float32],
                                  "P") for d in (ms.float32, ms.int32)],
        "same_and_valid": [_outcome(validator.check_tensors_dtypes_same_and_valid, {"x": ms.TensorType(a),
                                                                                     "y": ms.TensorType(b)},
                                    [ms.float32, ms.float16], "P")
                           for a, b in ((ms.float32, ms.float32), (ms.float32, ms.float16), (ms.int8, ms.int8))],
    }


def case_axis_and_regex_checks():
    return {
        "axis_in_range": [_outcome(validator.check_axis_in_range, a, 3) for a in (0, -1, 2, 3, -4, 1.0)],
        "axis_valid": [_outcome(validator.check_axis_valid, a, 3) for a in (None, (0, -1), (0, 0), 1, 5)],
        "str_regular": [_outcome(validator.check_str_by_regular, s) for s in ("net_1.w", "1a", "a b")],
        "file_name": [_outcome(validator.check_file_name_by_regular, s) for s in ("a/b.ckpt", "dir/", 3, "a b")],
        "3d": [_outcome(validator._check_3d_int_or_tuple, "k", v, "Conv3D", allow_five=True, ret_five=r)
               for v in (2, (1, 2, 3), (1, 1, 2, 3, 4), (1, 2), 0) for r in (False, True)],
        "expand": [_outcome(validator.twice, v) for v in (3, (1, 2), (1, 2, 3), True)],
    }


def case_input_data_checks():
    return {
        "input_data": [_outcome(validator.check_input_data, v, data_class=ms.Tensor) for v in
                       (ms.Tensor([1.0]), [ms.Tensor([1.0]), ms.Tensor([2.0])], 3, None)],
        "output_data": [_outcome(validator.check_output_data, v) for v in (1, None)],
        "args_type_check": [_outcome(validator.args_type_check(a=int)(lambda a, b=1: a + b), v) for v in (1, "s")],
    }
