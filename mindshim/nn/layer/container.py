"""mindspore.nn containers: SequentialCell and CellList.

Mapping decisions:
- Children are registered under "0", "1", ... (or the OrderedDict keys) and their parameters are
  renamed to `<key>.<path>`, so checkpoint keys read `seq.0.weight` as in MindSpore.
- When cells are appended/inserted after the container was itself assigned into a parent, the
  parent's prefix is recovered from an existing parameter name (MindSpore does the same), so the
  new cell's parameters get the full `parent.seq.2.weight` name.
- Containers are not `_fast`: their children may be user cells with MindSpore semantics.
"""
from __future__ import annotations

from collections import OrderedDict
from typing import Any, Iterable, Iterator

from mindshim.nn.cell import Cell


def _check_cell(cell: Any, api: str) -> Cell:
    if not isinstance(cell, Cell):
        raise TypeError(f"For '{api}', each cell must be subclass of Cell, but got {type(cell).__name__}.")
    return cell


def _check_index(n: int, index: Any, api: str, inserting: bool = False) -> int:
    if not isinstance(index, int) or isinstance(index, bool):
        raise TypeError(f"For '{api}', the type of 'index' must be int or slice, but got {type(index).__name__}.")
    hi = n if inserting else n - 1
    if index < -n or index > hi:
        raise IndexError(f"For '{api}', the argument 'index' must be in range [{-n}, {hi}], but got {index}.")
    return index + n if index < 0 else index


def _prefix_and_depth(cells: "OrderedDict[str, Cell]") -> tuple[str, int]:
    """The name prefix parameters of this container carry (e.g. 'net.seq.') and the index of the
    child key inside their dotted names."""
    for key, cell in cells.items():
        first = next(iter(cell.parameters_and_names()), None)
        if first is None:
            continue
        parts = first[1].name.split(".")
        for i, part in enumerate(parts):
            if part == key:
                prefix = ".".join(parts[:i])
                return (prefix + "." if prefix else ""), i
        return "", 0
    return "", 0


def _rename_under(cell: Cell, new_key_prefix: str, depth: int) -> None:
    for _, param in cell.parameters_and_names():
        param.name = new_key_prefix + ".".join(param.name.split(".")[depth + 1:])


class SequentialCell(Cell):
    """mindspore.nn.SequentialCell(*args): a list/OrderedDict of cells applied in order."""

    def __init__(self, *args: Any) -> None:
        super().__init__()
        self._is_dynamic_name: list[bool] = []
        if len(args) == 1 and not isinstance(args[0], Cell):
            cells = args[0]
            if isinstance(cells, list):
                items = [(str(i), c) for i, c in enumerate(cells)]
                dynamic = True
            elif isinstance(cells, OrderedDict):
                items = list(cells.items())
                dynamic = False
            else:
                raise TypeError(f"For 'SequentialCell', the 'args[0]' must be Cell, list or orderedDict, "
                                f"but got {type(cells).__name__}")
        else:
            items = [(str(i), c) for i, c in enumerate(args)]
            dynamic = True
        for key, cell in items:
            _check_cell(cell, "SequentialCell")
            self.insert_child_to_cell(key, cell)
            cell.update_parameters_name(key + ".")
            self._is_dynamic_name.append(dynamic)
        object.__setattr__(self, "cell_list", list(self._modules.values()))

    def _refresh(self) -> None:
        object.__setattr__(self, "cell_list", list(self._modules.values()))

    def __getitem__(self, index):
        if isinstance(index, slice):
            return type(self)(OrderedDict(list(self._modules.items())[index]))
        return self.cell_list[_check_index(len(self), index, "SequentialCell")]

    def __setitem__(self, index: int, cell: Cell) -> None:
        _check_cell(cell, "SequentialCell")
        prefix, _ = _prefix_and_depth(self._modules)
        key = list(self._modules.keys())[_check_index(len(self), index, "SequentialCell")]
        self._modules[key] = cell
        cell.update_parameters_name(prefix + key + ".")
        self._refresh()

    def __delitem__(self, index) -> None:
        keys = list(self._modules.keys())
        if isinstance(index, int):
            index = _check_index(len(self), index, "SequentialCell")
            del self._modules[keys[index]]
            del self._is_dynamic_name[index]
        elif isinstance(index, slice):
            for key in keys[index]:
                del self._modules[key]
            del self._is_dynamic_name[index]
        else:
            raise TypeError(f"For 'SequentialCell', the type of index must be int type or slice type, "
                            f"but got {type(index).__name__}")
        prefix, depth = _prefix_and_depth(self._modules)
        renamed: "OrderedDict[str, Cell]" = OrderedDict()
        for i, (key, cell) in enumerate(self._modules.items()):
            if self._is_dynamic_name[i]:
                _rename_under(cell, f"{prefix}{i}.", depth)
                renamed[str(i)] = cell
            else:
                renamed[key] = cell
        self._modules.clear()
        self._modules.update(renamed)
        self._refresh()

    def __len__(self) -> int:
        return len(self._modules)

    def __bool__(self) -> bool:
        return len(self._modules) != 0

    def __iter__(self) -> Iterator[Cell]:
        return iter(self._modules.values())

    def set_grad(self, flag: bool = True) -> "SequentialCell":
        super().set_grad(flag)
        for cell in self._modules.values():
            cell.set_grad(flag)
        return self

    def append(self, cell: Cell) -> None:
        _check_cell(cell, "SequentialCell")
        prefix, _ = _prefix_and_depth(self._modules)
        cell.update_parameters_name(prefix + str(len(self)) + ".")
        self._is_dynamic_name.append(True)
        self._modules[str(len(self))] = cell
        self._refresh()

    def insert(self, index: int, cell: Cell) -> None:
        _check_cell(cell, "SequentialCell")
        _insert(self, index, cell, "SequentialCell")
        self._is_dynamic_name.insert(index, True)
        self._refresh()

    _insert = insert  # (MindSpore's private name for it, which mindspore.rewrite's generated code calls)

    def construct(self, input_data):
        for cell in self.cell_list:
            input_data = cell(input_data)
        return input_data


def _insert(container: Cell, index: int, cell: Cell, api: str) -> None:
    n = len(container._modules)
    idx = _check_index(n, index, api, inserting=True)
    prefix, depth = _prefix_and_depth(container._modules)
    for pos in range(n, idx, -1):
        moved = container._modules[str(pos - 1)]
        if container._auto_prefix:
            _rename_under(moved, f"{prefix}{pos}.", depth)
        container._modules[str(pos)] = moved
    container._modules[str(idx)] = cell
    if container._auto_prefix:
        cell.update_parameters_name(prefix + str(idx) + ".")


class CellList(Cell):
    """mindspore.nn.CellList(*args, **kwargs): a list of cells (indexing, append, extend, insert)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(kwargs.get("auto_prefix", True))
        if len(args) == 1:
            self.extend(args[0])

    def __getitem__(self, index):
        if isinstance(index, slice):
            return CellList(list(self._modules.values())[index])
        return self._modules[str(_check_index(len(self), index, "CellList"))]

    def __setitem__(self, index: int, cell: Cell) -> None:
        _check_cell(cell, "CellList")
        index = _check_index(len(self), index, "CellList")
        if self._auto_prefix:
            prefix, _ = _prefix_and_depth(self._modules)
            cell.update_parameters_name(prefix + str(index) + ".")
        self._modules[str(index)] = cell

    def __delitem__(self, index) -> None:
        if isinstance(index, int):
            del self._modules[str(_check_index(len(self), index, "CellList"))]
        elif isinstance(index, slice):
            for key in list(self._modules.keys())[index]:
                del self._modules[key]
        else:
            raise TypeError(f"For 'CellList', the type of 'index' must be int or slice, "
                            f"but got {type(index).__name__}.")
        prefix, depth = _prefix_and_depth(self._modules)
        cells = list(self._modules.values())
        self._modules.clear()
        for i, cell in enumerate(cells):
            if self._auto_prefix:
                _rename_under(cell, f"{prefix}{i}.", depth)
            self._modules[str(i)] = cell

    def __len__(self) -> int:
        return len(self._modules)

    def __bool__(self) -> bool:
        return len(self._modules) != 0

    def __iter__(self) -> Iterator[Cell]:
        return iter(self._modules.values())

    def __iadd__(self, cells: list) -> "CellList":
        return self.extend(cells)

    def insert(self, index: int, cell: Cell) -> None:
        _check_cell(cell, "CellList")
        _insert(self, index, cell, "CellList")

    def extend(self, cells: Iterable[Cell]) -> "CellList":
        if not isinstance(cells, list):
            raise TypeError(f"For 'CellList', the new cells wanted to append should be instance of list, "
                            f"but got {type(cells).__name__}.")
        prefix, _ = _prefix_and_depth(self._modules)
        for cell in cells:
            _check_cell(cell, "CellList")
            if self._auto_prefix:
                cell.update_parameters_name(prefix + str(len(self)) + ".")
            self._modules[str(len(self))] = cell
        return self

    def append(self, cell: Cell) -> None:
        _check_cell(cell, "CellList")
        if self._auto_prefix:
            prefix, _ = _prefix_and_depth(self._modules)
            cell.update_parameters_name(prefix + str(len(self)) + ".")
        self._modules[str(len(self))] = cell

    def set_grad(self, flag: bool = True) -> "CellList":
        super().set_grad(flag)
        for cell in self._modules.values():
            cell.set_grad(flag)
        return self

    def construct(self, *inputs):
        raise NotImplementedError


__all__ = ["SequentialCell", "CellList"]

# CellDict's home is split off to keep this file short; its MindSpore path is this module.
from mindshim.nn.layer.container_dict import CellDict  # noqa: E402

__all__ += ["CellDict"]
