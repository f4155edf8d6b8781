"""mindspore._checkparam: the argument validators custom cells, optimizers and primitives call
(`from mindspore import _checkparam as validator`; r1.x: `from mindspore._checkparam import Validator, Rel`).

Each check returns the value it checked and raises MindSpore's exception type: TypeError for a wrong type
(a bool is not an int here), ValueError for a value out of range. The number checks come from one table.
"""
from __future__ import annotations

import inspect
import math
import re
from collections.abc import Iterable
from functools import wraps
from itertools import repeat
from typing import Any, Callable

import numpy as np

EQ, NE, LT, LE, GT, GE = 1, 2, 3, 4, 5, 6
INC_NEITHER, INC_LEFT, INC_RIGHT, INC_BOTH = 7, 8, 9, 10
IN, NOT_IN = 11, 12

_BINARY: dict[int, tuple[str, Callable[[Any, Any], bool]]] = {
    EQ: ("=", lambda a, b: a == b), NE: ("!=", lambda a, b: a != b), LT: ("<", lambda a, b: a < b),
    LE: ("<=", lambda a, b: a <= b), GT: (">", lambda a, b: a > b), GE: (">=", lambda a, b: a >= b),
    IN: ("in", lambda a, b: a in b), NOT_IN: ("not in", lambda a, b: a not in b),
}
_RANGE: dict[int, tuple[str, str, Callable[[Any, Any, Any], bool]]] = {
    INC_NEITHER: ("(", ")", lambda v, lo, hi: lo < v < hi), INC_LEFT: ("[", ")", lambda v, lo, hi: lo <= v < hi),
    INC_RIGHT: ("(", "]", lambda v, lo, hi: lo < v <= hi), INC_BOTH: ("[", "]", lambda v, lo, hi: lo <= v <= hi),
}


class Rel:
    """r1.x `Rel`: the relation constants."""
    EQ, NE, LT, LE, GT, GE = EQ, NE, LT, LE, GT, GE
    INC_NEITHER, INC_LEFT, INC_RIGHT, INC_BOTH = INC_NEITHER, INC_LEFT, INC_RIGHT, INC_BOTH
    IN, NOT_IN = IN, NOT_IN


def _check_binary_rel(val1: Any, val2: Any, rel: int) -> bool:
    return _BINARY[rel][1](val1, val2) if rel in _BINARY else False


def _check_inc_rel(val: Any, lower: Any, upper: Any, rel: int) -> bool:
    return _RANGE[rel][2](val, lower, upper) if rel in _RANGE else False


def _subject(arg_name: str | None, prim_name: str | None) -> str:
    prefix = f"For '{prim_name}', the" if prim_name else "The"
    return f"{prefix} '{arg_name}'" if arg_name else f"{prefix} input value"


def _check_number(arg_value: Any, value: Any, rel: int, arg_type: type = int, arg_name: str | None = None,
                  prim_name: str | None = None) -> Any:
    who = _subject(arg_name, prim_name)
    if not isinstance(arg_value, arg_type) or isinstance(arg_value, bool):
        raise TypeError(f"{who} must be {arg_type.__name__}, but got '{type(arg_value).__name__}'")
    if math.isinf(arg_value) or math.isnan(arg_value):
        raise ValueError(f"{who} must be a legal value, but got '{arg_value}'.")
    if not _check_binary_rel(arg_value, value, rel):
        raise ValueError(f"{who} must be {arg_type.__name__} and must {_BINARY[rel][0]} {value}, "
                         f"but got '{arg_value}' with type '{type(arg_value).__name__}'.")
    return arg_value


def check_is_number(arg_value: Any, arg_type: type, arg_name: str | None = None, prim_name: str | None = None) -> Any:
    who = _subject(arg_name, prim_name)
    if not isinstance(arg_value, arg_type) or isinstance(arg_value, bool):
        raise TypeError(f"{who} must be '{arg_type.__name__}', but got '{type(arg_value).__name__}'.")
    if math.isinf(arg_value) or math.isnan(arg_value):
        raise ValueError(f"{who} must be a legal float, but got '{arg_value}'.")
    return arg_value


def check_number_range(arg_value: Any, lower_limit: Any, upper_limit: Any, rel: int, value_type: type,
                       arg_name: str | None = None, prim_name: str | None = None) -> Any:
    who = _subject(arg_name, prim_name)
    if not isinstance(arg_value, (np.ndarray, np.generic, value_type)) or isinstance(arg_value, bool):
        raise TypeError(f"{who} must be '{value_type.__name__}', but got '{type(arg_value).__name__}'.")
    if not _check_inc_rel(arg_value, lower_limit, upper_limit, rel):
        left, right, _ = _RANGE[rel]
        raise ValueError(f"{who} must be in range of {left}{lower_limit}, {upper_limit}{right}, but got {arg_value} "
                         f"with type '{type(arg_value).__name__}'.")
    return arg_value


def check(arg_name: str, arg_value: Any, value_name: str, value: Any, rel: int = EQ, prim_name: str | None = None,
          excp_cls: type = ValueError) -> Any:
    if not _check_binary_rel(arg_value, value, rel):
        raise excp_cls(f"{_subject(arg_name, prim_name)} should be {_BINARY[rel][0]} {value_name}: {value}, "
                       f"but got {arg_value}.")
    return arg_value


def _number_check(kind: type, rel: int | None, bound: Any = 0) -> Callable[..., Any]:
    def checker(arg_value: Any, *args: Any, **kwargs: Any) -> Any:
        if rel is None:  # check_int(value, bound, rel, ...) / check_float(...): bound and rel are arguments
            value, relation, *rest = args
            return _check_number(arg_value, value, relation, kind, *rest, **kwargs)
        return _check_number(arg_value, bound, rel, kind, *args, **kwargs)
    return checker


def _sequence_check(kind: type, rel: int) -> Callable[..., Any]:
    def checker(sequence: Any, arg_name: str | None = None, prim_name: str | None = None) -> Any:
        for idx, element in enumerate(sequence):
            _check_number(element, 0, rel, kind, f"{arg_name or 'arg_name'}[{idx}]", prim_name)
        return sequence
    return checker


check_int, check_float = _number_check(int, None), _number_check(float, None)
check_positive_int, check_negative_int = _number_check(int, GT), _number_check(int, LT)
check_non_positive_int, check_non_negative_int = _number_check(int, LE), _number_check(int, GE)
check_positive_float, check_negative_float = _number_check(float, GT), _number_check(float, LT)
check_non_positive_float, check_non_negative_float = _number_check(float, LE), _number_check(float, GE)
check_positive_int_sequence, check_non_negative_int_sequence = _sequence_check(int, GT), _sequence_check(int, GE)
check_positive_float_sequence = _sequence_check(float, GT)


def check_equal_int(arg_value: Any, value: int, arg_name: str | None = None, prim_name: str | None = None) -> Any:
    return _check_number(arg_value, value, EQ, int, arg_name, prim_name)


def check_is_int(arg_value: Any, arg_name: str | None = None, prim_name: str | None = None) -> Any:
    return check_is_number(arg_value, int, arg_name, prim_name)


def check_is_float(arg_value: Any, arg_name: str | None = None, prim_name: str | None = None) -> Any:
    return check_is_number(arg_value, float, arg_name, prim_name)


def check_int_range(arg_value: Any, lower_limit: int, upper_limit: int, rel: int, arg_name: str | None = None,
                    prim_name: str | None = None) -> Any:
    return check_number_range(arg_value, lower_limit, upper_limit, rel, int, arg_name, prim_name)


def check_float_range(arg_value: Any, lower_limit: float, upper_limit: float, rel: int,
                      arg_name: str | None = None, prim_name: str | None = None) -> Any:
    return check_number_range(arg_value, lower_limit, upper_limit, rel, float, arg_name, prim_name)


def check_number(arg_name: str, arg_value: Any, value: Any, rel: int, prim_name: str | None) -> Any:
    if not _check_binary_rel(arg_value, value, rel):
        raise ValueError(f"For '{prim_name}', the argument '{arg_name}' must {_BINARY[rel][0]} {value}, "
                         f"but got {arg_value}.")
    return arg_value


def check_isinstance(arg_name: str, arg_value: Any, classes: Any) -> Any:
    if not isinstance(arg_value, classes):
        raise ValueError(f"The parameter '{arg_name}' must be isinstance of {classes}, but got {arg_value}.")
    return arg_value


def check_bool(arg_value: Any, arg_name: str | None = None, prim_name: str | None = None) -> Any:
    if not isinstance(arg_value, bool):
        raise TypeError(f"{_subject(arg_name, prim_name)} must be a bool, but got {type(arg_value).__name__}.")
    return arg_value


def check_string(arg_value: Any, valid_values: Any, arg_name: str | None = None, prim_name: str | None = None) -> Any:
    if not (isinstance(arg_value, str) and arg_value in valid_values):
        raise ValueError(f"{_subject(arg_name or 'parameter', prim_name)} must be str and must be in "
                         f"'{valid_values}', but got '{arg_value}'.")
    return arg_value


def check_str_by_regular(target: str, reg: str | None = None, flag: int = re.ASCII,
                         prim_name: str | None = None) -> bool:
    reg = reg or r"^\w+[0-9a-zA-Z\_\.]*$"
    if re.match(reg, target, flag) is None:
        raise ValueError(f"{_subject(target, prim_name)} is illegal, it must match the regular expression '{reg}'.")
    return True


def check_str_and_none_by_regular(target: str, reg: str | None = None, flag: int = re.ASCII,
                                  prim_name: str | None = None) -> bool:
    return check_str_by_regular(target, reg or r"^\w*[0-9a-zA-Z\_\.\-]*$", flag, prim_name)


def check_file_name_by_regular(target: Any, reg: str | None = None, prim_name: str | None = None) -> bool:
    if not isinstance(target, str):
        raise TypeError(f"{_subject(target, prim_name)} must be string, but got {type(target)}.")
    if target.endswith(("\\", "/")):
        raise ValueError(f"{_subject(target, prim_name)} cannot be a directory path.")
    return check_str_by_regular(target, reg or r"^[0-9a-zA-Z@\_\-\.\:\/\\]+$", 0, prim_name)


def check_pad_value_by_mode(pad_mode: str, padding: Any, prim_name: str) -> Any:
    if pad_mode != "pad" and padding != 0:
        raise ValueError(f"For '{prim_name}', padding must be zero when pad_mode is '{pad_mode}', but got {padding}.")
    return padding


def check_valid_input(arg_name: str, arg_value: Any, prim_name: str) -> Any:
    if arg_value is None:
        raise ValueError(f"For '{prim_name}', the argument '{arg_name}' can not be None, but got {arg_value}.")
    return arg_value


def _type_names(types: Any) -> Any:
    names = [t.__name__ if hasattr(t, "__name__") else str(t) for t in types]
    return names if len(names) > 1 else names[0]


def check_value_type(arg_name: str, arg_value: Any, valid_types: Any, prim_name: str | None = None) -> Any:
    valid = tuple(valid_types) if isinstance(valid_types, Iterable) else (valid_types,)
    if (isinstance(arg_value, bool) and bool not in valid) or not isinstance(arg_value, valid):
        raise TypeError(f"{'For ' + repr(prim_name) + ', the' if prim_name else 'The'} type of '{arg_name}' should be "
                        f"{'one of ' if len(valid) > 1 else ''}'{_type_names(valid)}', "
                        f"but got type '{type(arg_value).__name__}'.")
    return arg_value


def check_type_name(arg_name: str, arg_type: Any, valid_types: Any, prim_name: str | None) -> Any:
    valid = tuple(valid_types) if isinstance(valid_types, Iterable) else (valid_types,)
    arg_type = getattr(arg_type, "element_type", lambda: arg_type)()
    if arg_type not in valid:
        raise TypeError(f"{_subject(arg_name, prim_name)} should be {'one of ' if len(valid) > 1 else ''}"
                        f"{_type_names(valid)}, but got '{getattr(arg_type, '__name__', repr(arg_type))}'.")
    return arg_type


def _element_dtype(t: Any) -> Any:
    """A dtype, a TensorType or a tensor -> its element dtype."""
    if hasattr(t, "element_type"):
        return t.element_type()
    return getattr(t, "dtype", t)


def check_subclass(arg_name: str, type_: Any, template_types: Any, prim_name: str,
                   addition_error_info: str | None = None) -> None:
    templates = template_types if isinstance(template_types, Iterable) else (template_types,)
    element = _element_dtype(type_)
    if not any(type_ is t or type_ == t or element == _element_dtype(t) for t in templates):
        extra = f" {addition_error_info}" if addition_error_info else ""
        raise TypeError(f"For '{prim_name}', the element of '{arg_name}' must be "
                        f"{'one of ' if len(tuple(templates)) > 1 else ''}{', '.join(str(t) for t in templates)}, "
                        f"but got {type_}{extra}.")


def check_tensor_dtype_valid(arg_name: str, arg_type: Any, valid_dtypes: Any, prim_name: str) -> None:
    check_subclass(arg_name, arg_type, valid_dtypes if isinstance(valid_dtypes, Iterable) else [valid_dtypes],
                   prim_name)


def check_types_same_and_valid(args: dict, valid_values: Any, prim_name: str) -> None:
    items = list(args.items())
    for name, value in items:
        check_subclass(name, value, valid_values, prim_name)
    for (name1, type1), (name2, type2) in zip(items, items[1:]):
        if _element_dtype(type1) != _element_dtype(type2):
            raise TypeError(f"For '{prim_name}', the type of '{name2}' should be same as '{name1}', but got "
                            f"'{name1}' with type {type1} and '{name2}' with type {type2}.")


def check_tensors_dtypes_same_and_valid(args: dict, valid_dtypes: Any, prim_name: str) -> None:
    check_types_same_and_valid(args, valid_dtypes if isinstance(valid_dtypes, Iterable) else [valid_dtypes],
                               prim_name)


def check_element_type_of_iterable(arg_name: str, arg_value: Any, valid_types: Any,
                                   prim_name: str | None = None) -> None:
    check_value_type(arg_name, arg_value, [list, tuple], prim_name)
    for element in arg_value:
        if not isinstance(element, tuple(valid_types)):
            raise TypeError(f"{'For ' + repr(prim_name) + ', the' if prim_name else 'The'} type of '{arg_name}' "
                            f"should be {_type_names(valid_types)}, but got '{element}' with type "
                            f"'{type(element).__name__}'.")


def check_element_type_of_dict(arg_name: str, arg_value: Any, key_types: Any, value_types: Any,
                               prim_name: str | None = None) -> None:
    check_value_type(arg_name, arg_value, [dict], prim_name)
    check_element_type_of_iterable(arg_name, list(arg_value.keys()), key_types, prim_name)
    check_element_type_of_iterable(arg_name, list(arg_value.values()), value_types, prim_name)


def check_size_and_element_type_of_tuple(arg_name: str, arg_value: Any, expect_size: int, expect_element_type: type,
                                         prim_name: str | None = None) -> None:
    check_value_type(arg_name, arg_value, [tuple], prim_name)
    check_equal_int(len(arg_value), expect_size, arg_name + " size", prim_name)
    check_element_type_of_iterable("arg_name", arg_value, [expect_element_type], prim_name)


def check_axis_in_range(axis: Any, ndim: int) -> int:
    if not isinstance(axis, int):
        raise TypeError(f"The axes must be integers, but got {type(axis)}")
    if axis >= ndim or axis < -ndim:
        raise ValueError(f"The 'axis' must be in the range of [-{ndim}, {ndim}), but got {axis}.")
    return (axis + ndim) % ndim


def _check_dup(axes: Any) -> None:
    if len(set(axes)) != len(tuple(axes)):
        raise ValueError(f"The element of parameter 'axis' can not be duplicate, but got {axes}.")


def check_axis_valid(axes: Any, ndim: int) -> tuple:
    if axes is None:
        return tuple(range(ndim))
    if isinstance(axes, (tuple, list)):
        out = tuple(check_axis_in_range(a, ndim) for a in axes)
        _check_dup(out)
        return out
    return (check_axis_in_range(axes, ndim),)


def _check_3d_int_or_tuple(arg_name: str, arg_value: Any, prim_name: str, allow_five: bool = False,
                           ret_five: bool = False, greater_zero: bool = True, third_one: bool = False,
                           three_input: bool = False, pad_value: int = 1) -> tuple:
    check_value_type(arg_name, arg_value, (int, tuple), prim_name)
    bad = ValueError(f"For '{prim_name}', the parameter '{arg_name}' must be an positive integer or a tuple of "
                     f"three {'or five ' if allow_five else ''}positive integer, but got {arg_value}")
    if isinstance(arg_value, int):
        ret = (pad_value, pad_value) + (arg_value,) * 3 if ret_five else (arg_value,) * 3
    elif len(arg_value) == 3:
        ret = (pad_value, pad_value, *arg_value) if ret_five else arg_value
    elif len(arg_value) == 5 and allow_five and not three_input:
        ret = arg_value if ret_five else arg_value[2:]
    else:
        raise bad
    if any(not isinstance(v, int) or isinstance(v, bool) or (v <= 0 if greater_zero else v < 0) for v in ret):
        raise bad
    if third_one and ret[-3] != 1:
        raise ValueError(f"For '{prim_name}', the depth of parameter '{arg_name}' must be 1, but got {ret[-3]}.")
    return tuple(ret)


def _expand_tuple(n_dimensions: int) -> Callable[[Any], tuple]:
    def convert(m: Any) -> tuple:
        if isinstance(m, int) and not isinstance(m, bool):
            return tuple(repeat(m, n_dimensions))
        if not isinstance(m, tuple) or len(m) != n_dimensions or \
                any(not isinstance(i, int) or isinstance(i, bool) for i in m):
            raise TypeError(f"When expanding an int number to tuple, input type must be integer or a tuple of "
                            f"{n_dimensions} integers, but got {m}")
        return m
    return convert


once, twice, triple = _expand_tuple(1), _expand_tuple(2), _expand_tuple(3)


def check_input_data(*data: Any, data_class: Any) -> None:
    classes = tuple(data_class) if isinstance(data_class, (tuple, list)) else (data_class,)
    for item in data:
        if isinstance(item, (list, tuple)):
            check_input_data(*item, data_class=data_class)
        elif isinstance(item, dict):
            check_input_data(*item.values(), data_class=data_class)
        elif not any((item is None) if c is None else isinstance(item, c) for c in classes):
            raise TypeError(f"The types of input data must be in the Union{tuple(getattr(c, '__name__', c) for c in classes)}, "
                            f"but got type {type(item).__name__}.")
        elif getattr(item, "size", 1) == 0:
            raise ValueError("The input data can not be empty.")


def check_output_data(data: Any) -> None:
    if data is None:
        raise RuntimeError("The output data can not be None, please check your net or input data.")


def args_type_check(*type_args: Any, **type_kwargs: Any) -> Callable[[Callable], Callable]:
    """Decorator: arguments named in the decorator must be instances of the given types (or None)."""
    def type_check(func: Callable) -> Callable:
        sig = inspect.signature(func)
        bound_types = sig.bind_partial(*type_args, **type_kwargs).arguments
        bound_types = bound_types.get("kwargs", bound_types)

        @wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            arguments = sig.bind(*args, **kwargs).arguments
            arguments = arguments.get("kwargs", arguments)
            for name, value in arguments.items():
                if name in bound_types and value is not None and not isinstance(value, bound_types[name]):
                    raise TypeError(f"The parameter '{name}' must be {bound_types[name]}, but got {type(value)}")
            return func(*args, **kwargs)
        return wrapper
    return type_check


class Validator:
    """r1.x `Validator`: the same checks as static methods."""


for _name, _fn in list(globals().items()):
    if _name.startswith("check") and callable(_fn):
        setattr(Validator, _name, staticmethod(_fn))
