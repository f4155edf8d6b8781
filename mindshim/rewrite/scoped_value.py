"""mindspore.rewrite.ScopedValue and ValueType: a name (with its scope, as in `self.conv`) or a constant used as a
target, callee or argument of a rewrite node; plus the conversions between them and Python ast expressions."""
from __future__ import annotations

import ast
from enum import Enum
from typing import Any, List, Optional, Tuple, Union

from mindshim import _checkparam as validator


class ValueType(Enum):
    """Kind of value a `ScopedValue` holds."""
    ConstantValue = 0
    TupleValue = 20
    ListValue = 21
    DictValue = 22
    NamingValue = 40
    CustomObjValue = 41
    UnsupportedValue = 50


class ScopedValue:
    """A value with its scope: `ScopedValue(ValueType.NamingValue, "self", "conv")` is `self.conv`."""

    def __init__(self, arg_type: ValueType, scope: str = "", value: Any = None):
        validator.check_value_type("arg_type", arg_type, [ValueType], "ScopedValue")
        validator.check_value_type("scope", scope, [str], "ScopedValue")
        self.type = arg_type
        self.scope = scope
        self.value = value

    @classmethod
    def create_variable_value(cls, value: Any) -> Optional["ScopedValue"]:
        """A constant (None, int, float, str, bool), a tuple/list/dict of them, or any other object."""
        if value is None or isinstance(value, (int, float, str, bool)):
            return cls(ValueType.ConstantValue, "", value)
        if isinstance(value, tuple):
            return cls(ValueType.TupleValue, "", tuple(cls.create_variable_value(v) for v in value))
        if isinstance(value, list):
            return cls(ValueType.ListValue, "", [cls.create_variable_value(v) for v in value])
        if isinstance(value, dict):
            return cls(ValueType.DictValue, "", {cls.create_variable_value(k): cls.create_variable_value(v)
                                                 for k, v in value.items()})
        return cls(ValueType.CustomObjValue, "", value)

    @classmethod
    def create_naming_value(cls, name: str, scope: str = "") -> "ScopedValue":
        """A reference to the variable `name`, inside `scope` when given (`self`, a module alias...)."""
        validator.check_value_type("name", name, [str], "ScopedValue")
        validator.check_value_type("scope", scope, [str], "ScopedValue")
        return cls(ValueType.NamingValue, scope, name)

    @staticmethod
    def create_name_values(names: Union[List[str], Tuple[str]],
                           scopes: Union[List[str], Tuple[str]] = None) -> List["ScopedValue"]:
        """Naming values for each of `names`, with the matching entry of `scopes` when given."""
        validator.check_element_type_of_iterable("names", names, [str], "ScopedValue")
        if scopes is not None:
            validator.check_element_type_of_iterable("scopes", scopes, [str], "ScopedValue")
            if len(names) != len(scopes):
                raise ValueError("Length of names should be equal to length of scopes")
        return [ScopedValue.create_naming_value(name, scopes[i] if scopes is not None else "")
                for i, name in enumerate(names)]

    def __str__(self) -> str:
        if self.type == ValueType.ConstantValue:
            return str(self.value)
        if self.type == ValueType.NamingValue:
            return f"{self.scope}.{self.value}" if self.scope else str(self.value)
        if self.type == ValueType.CustomObjValue:
            return f"CustomObj: {self.value}"
        return f"Illegal ValueType: {self.type}"

    __repr__ = __str__

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, ScopedValue):
            return False
        return self.type == other.type and self.scope == other.scope and self.value == other.value

    def __hash__(self) -> int:
        return hash((self.type, self.scope, self.value))


def as_value(value: Union[ScopedValue, str]) -> ScopedValue:
    """A str stands for a naming value (`"x"`, `"self.x"`)."""
    if isinstance(value, ScopedValue):
        return value
    scope, _, name = value.rpartition(".")
    return ScopedValue.create_naming_value(name, scope)


def value_of_ast(node: ast.AST) -> ScopedValue:
    """The ScopedValue an argument expression stands for; UnsupportedValue for anything not a name or constant."""
    if isinstance(node, ast.Name):
        return ScopedValue.create_naming_value(node.id)
    if isinstance(node, ast.Attribute):
        scope = _dotted(node.value)
        if scope is not None:
            return ScopedValue.create_naming_value(node.attr, scope)
    if isinstance(node, ast.Constant):
        return ScopedValue.create_variable_value(node.value)
    if isinstance(node, (ast.Tuple, ast.List)):
        elts = [value_of_ast(e) for e in node.elts]
        if all(e.type != ValueType.UnsupportedValue for e in elts):
            kind = ValueType.TupleValue if isinstance(node, ast.Tuple) else ValueType.ListValue
            return ScopedValue(kind, "", tuple(elts) if kind == ValueType.TupleValue else elts)
    return ScopedValue(ValueType.UnsupportedValue, "", None)


def _dotted(node: ast.AST) -> Optional[str]:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = _dotted(node.value)
        return None if base is None else f"{base}.{node.attr}"
    return None


def ast_of_value(value: ScopedValue) -> ast.expr:
    """The expression that writes `value` in source code."""
    if value.type == ValueType.NamingValue:
        return ast.parse(str(value), mode="eval").body
    if value.type == ValueType.ConstantValue:
        return ast.Constant(value=value.value)
    if value.type in (ValueType.TupleValue, ValueType.ListValue):
        elts = [ast_of_value(v) for v in value.value]
        kind = ast.Tuple if value.type == ValueType.TupleValue else ast.List
        return kind(elts=elts, ctx=ast.Load())
    if value.type == ValueType.DictValue:
        return ast.Dict(keys=[ast_of_value(k) for k in value.value], values=[ast_of_value(v)
                                                                              for v in value.value.values()])
    raise TypeError(f"For 'Node', the value {value} can not be written in source code, only names and constants "
                    "(or tuples, lists and dicts of them) can.")
