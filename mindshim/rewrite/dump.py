"""The table `SymbolTree.print_node_tabulate` prints: one row per node with its type, name, code, argument
providers and target users, in the plain layout of the `tabulate` package MindSpore prints it with."""
from __future__ import annotations

from typing import List

from mindshim.rewrite.tree import TreeImpl

_HEADERS = ["node type", "name", "codes", "arg providers", "target users"]


def _rows(tree: TreeImpl, all_nodes: bool) -> List[List[str]]:
    rows = []
    for node in tree.walk(all_nodes):
        providers = [[i, (p.get_name(), out)] for i, (p, out) in tree.arg_providers(node).items()]
        users = [[i, [(u.get_name(), arg) for u, arg in entries]] for i, entries in tree.target_users(node).items()]
        rows.append([str(node.get_node_type()), node.get_name(), node.get_source_code(), str(providers),
                     str(users)])
    return rows


def _table(rows: List[List[str]]) -> str:
    widths = [max([len(h)] + [max((len(line) for line in row[i].split("\n")), default=0) for row in rows])
              for i, h in enumerate(_HEADERS)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(_HEADERS, widths)).rstrip(),
             "  ".join("-" * w for w in widths)]
    for row in rows:
        cells = [cell.split("\n") for cell in row]
        for k in range(max(len(c) for c in cells)):
            lines.append("  ".join((c[k] if k < len(c) else "").ljust(w) for c, w in zip(cells, widths)).rstrip())
    return "\n".join(lines)


def node_table(tree: TreeImpl, all_nodes: bool = False) -> str:
    text = f"\n[{tree.opt_cls_name}]\n" + _table(_rows(tree, all_nodes)) + "\n"
    if all_nodes:
        for sub in tree.sub_trees:
            text += node_table(sub, True)
    return text
