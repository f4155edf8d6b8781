"""`mindshim check SCRIPT [--json]`: which MindSpore names a script uses, and where mindshim stands on each.

A static scan: the script and the local modules it imports (found next to it, each read once) are parsed, never
run. Every `mindspore` name they reach (imports, aliases such as `import mindspore.ops as P` or `conv = nn.Conv2d`,
attribute chains, star imports) maps to its canonical MindSpore 2.10 name, with a status: provided (mindshim
resolves it as written), differs (provided, with a documented difference in docs/differences.md), unsupported
(a MindSpore 2.10 name mindshim lacks: the ledger's reason) or unknown (not a MindSpore 2.10 name at all).
Exit status 1 when an unsupported name is used, 2 on a usage error or an unreadable script, else 0.
"""
from __future__ import annotations

import argparse
import ast
import builtins
import importlib
import json
import os
import sys
import types
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from mindshim._paths import PATHS, entries

MS = "mindspore"
DATA_FILE = Path(__file__).with_name("_check_data.json")
ATTRIBUTES_FILE = Path(__file__).with_name("_mindspore_attributes.json")  # recorded from real MindSpore
DIFFERENCES_PAGE = "docs/differences.md"
STATUSES = ("unsupported", "unknown", "differs", "provided")
_TITLES = dict(zip(STATUSES, ("Unsupported (mindshim does not provide these: the script fails where it uses them)",
                              "Unknown (not MindSpore 2.10 names)",
                              f"Provided, with a documented difference ({DIFFERENCES_PAGE})", "Provided")))


@lru_cache(maxsize=1)
def check_data() -> dict[str, Any]:
    """MindSpore 2.10's names, the ledger's reasons, the documented differences and the modules' other attributes."""
    data = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    data["attributes"] = json.loads(ATTRIBUTES_FILE.read_text(encoding="utf-8"))["modules"]
    return data


@dataclass
class Use:
    file: str
    line: int
    written: str  # the dotted name as the code reaches it, aliases expanded


@dataclass
class NameReport:
    name: str  # canonical MindSpore name
    status: str  # one of STATUSES
    detail: str = ""  # the ledger's reason, the difference's excerpt, or a note
    link: str = ""  # docs/differences.md#section for a documented difference
    uses: list[Use] = field(default_factory=list)


@dataclass
class CheckReport:
    script: str
    files: list[str]
    names: list[NameReport]
    warnings: list[str] = field(default_factory=list)

    def by_status(self, status: str) -> list[NameReport]:
        return [n for n in self.names if n.status == status]

    def status_of(self, name: str) -> str | None:
        return next((n.status for n in self.names if n.name == name), None)

    @property
    def exit_status(self) -> int:
        return 1 if self.by_status("unsupported") else 0

    def to_dict(self) -> dict[str, Any]:
        return {"script": self.script, "files": self.files, "exit_status": self.exit_status,
                "summary": {s: len(self.by_status(s)) for s in STATUSES},
                "names": [asdict(n) for n in self.names], "warnings": self.warnings}

    def to_text(self, max_uses: int = 6) -> str:
        local = self.files[1:]
        head = f"mindshim check: {self.script}" + (f" (+ local modules: {', '.join(local)})" if local else "")
        counts = ", ".join(f"{len(self.by_status(s))} {s}" for s in STATUSES)
        lines = [head, f"{len(self.names)} MindSpore names: {counts}"]
        for status in STATUSES:
            group = self.by_status(status)
            if not group:
                continue
            lines += ["", _TITLES[status] + ":"]
            for n in group:
                note = f"{n.link}: {n.detail}" if n.link else n.detail
                lines.append(f"  {n.name}" + (f"  -- {note}" if note else ""))
                where = [f"{u.file}:{u.line}" for u in n.uses]
                more = f" (+{len(where) - max_uses} more)" if len(where) > max_uses else ""
                lines.append("      " + ", ".join(where[:max_uses]) + more)
        lines += [""] + [f"warning: {w}" for w in self.warnings]
        return "\n".join(lines).rstrip() + "\n"


class _Scanner:
    """Walks the script and, recursively, each local module it imports (resolved from the script's directory)."""

    def __init__(self, script: Path) -> None:
        self.root = script.parent
        self.files: list[Path] = []  # the script first, then local modules in import order
        self.uses: list[tuple[str, Path, int]] = []  # (dotted mindspore path, file, line)
        self.star_candidates: list[tuple[str, Path, int, list[str]]] = []
        self.warnings: list[str] = []
        self.exports: dict[Path, dict[str, str]] = {}  # file -> its aliases (names bound to mindspore paths)

    def file(self, path: Path, required: bool = False) -> dict[str, str]:
        path = path.resolve()
        if path in self.exports:
            return self.exports[path]
        aliases: dict[str, str] = {}
        self.exports[path] = aliases
        self.files.append(path)
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        except (SyntaxError, UnicodeDecodeError) as exc:
            if required:
                raise
            self.warnings.append(f"{path.name}: not scanned ({type(exc).__name__}: {exc})")
            return aliases
        _FileScan(self, path, aliases).run(tree)
        return aliases

    @staticmethod
    def _find(base: Path, parts: list[str]) -> Path | None:
        candidates = [base.joinpath(*parts, "__init__.py")] + ([base.joinpath(*parts[:-1], parts[-1] + ".py")]
                                                                if parts else [])
        return next((c for c in candidates if c.is_file()), None)

    def local(self, module: str, level: int, names: list[str], importer: Path) -> dict[str, str]:
        """Scan a local import's files; returns the aliases the imported module binds (for `from m import x`)."""
        parts = module.split(".") if module else []
        if level == 0 and parts and parts[0] in ("mindshim", "torch"):
            return {}
        base = self.root if level == 0 else importer.parents[min(level, len(importer.parents)) - 1]
        for i in range(1, len(parts)):  # parent packages run first
            if (found := self._find(base, parts[:i])) is not None:
                self.file(found)
        target = self._find(base, parts)
        exported = dict(self.file(target)) if target is not None else {}
        for name in names:  # `from package import submodule`
            if name != "*" and (sub := self._find(base, parts + [name])) is not None:
                self.file(sub)
        return exported


def _is_ms(module: str) -> bool:
    return module == MS or module.startswith(MS + ".")


class _FileScan(ast.NodeVisitor):
    def __init__(self, scanner: _Scanner, path: Path, aliases: dict[str, str]) -> None:
        self.scanner, self.path, self.aliases = scanner, path, aliases
        self.stars: list[str] = []

    def use(self, dotted: str, line: int) -> None:
        if dotted != MS:
            self.scanner.uses.append((dotted, self.path, line))

    def run(self, tree: ast.Module) -> None:
        nodes = list(ast.walk(tree))
        for node in sorted((n for n in nodes if isinstance(n, (ast.Import, ast.ImportFrom))), key=lambda n: n.lineno):
            self._import(node) if isinstance(node, ast.Import) else self._import_from(node)
        assigns = [(n.targets[0].id, n.value) for n in nodes if isinstance(n, ast.Assign) and len(n.targets) == 1
                   and isinstance(n.targets[0], ast.Name)]
        for _ in range(3):  # `conv = nn.Conv2d`, and an alias of an alias
            for target, value in assigns:
                self.aliases.update({target: d} if (d := self.chain(value)) else {})
        self.visit(tree)
        if self.stars:
            bound = {n.id for n in nodes if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}
            bound |= {n.name for n in nodes if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))}
            bound |= {n.arg for n in nodes if isinstance(n, ast.arg)} | set(dir(builtins)) | set(self.aliases)
            bound |= {(a.asname or a.name).split(".")[0] for n in nodes if isinstance(n, (ast.Import, ast.ImportFrom))
                      for a in n.names}
            for n in nodes:
                if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id not in bound:
                    self.scanner.star_candidates.append((n.id, self.path, n.lineno, self.stars))

    def _import(self, node: ast.Import) -> None:
        for alias in node.names:
            if _is_ms(alias.name):
                if alias.asname:
                    self.aliases[alias.asname] = alias.name
                else:  # `import mindspore.nn` binds `mindspore`
                    self.aliases[MS] = MS
                self.use(alias.name, node.lineno)
            else:
                self.scanner.local(alias.name, 0, [], self.path)

    def _import_from(self, node: ast.ImportFrom) -> None:
        module = node.module or ""
        if node.level == 0 and _is_ms(module):
            for alias in node.names:
                if alias.name == "*":
                    self.stars.append(module)
                    self.use(module, node.lineno)
                else:
                    self.aliases[alias.asname or alias.name] = f"{module}.{alias.name}"
                    self.use(f"{module}.{alias.name}", getattr(alias, "lineno", node.lineno))
            return
        exported = self.scanner.local(module, node.level, [a.name for a in node.names], self.path)
        for alias in node.names:  # a local module's re-export of a mindspore name keeps being that name
            if alias.name in exported:
                self.aliases[alias.asname or alias.name] = exported[alias.name]

    def chain(self, node: ast.AST) -> str | None:
        parts: list[str] = []
        while isinstance(node, ast.Attribute):
            parts.append(node.attr)
            node = node.value
        if isinstance(node, ast.Name) and node.id in self.aliases:
            return ".".join([self.aliases[node.id], *reversed(parts)])
        return None

    def visit_Attribute(self, node: ast.Attribute) -> None:
        dotted = self.chain(node)
        self.generic_visit(node) if dotted is None else self.use(dotted, node.lineno)

    def visit_Name(self, node: ast.Name) -> None:
        if isinstance(node.ctx, ast.Load) and node.id in self.aliases:
            self.use(self.aliases[node.id], node.lineno)


def scan_files(script: Path) -> _Scanner:
    scanner = _Scanner(script)
    scanner.file(script, required=True)
    return scanner


class _Resolver:
    """Canonical name and status of a dotted `mindspore...` path (cached; resolves on mindshim via the alias)."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.names = {ns: set(members) for ns, members in data["names"].items()}
        self.ledger: dict[str, str] = data["ledger"]
        self.diffs: dict[str, dict[str, str]] = data["differences"]
        self.module_diffs = sorted((k for k, d in self.diffs.items() if d["scope"] == "module"), key=len, reverse=True)
        self.classes = {ns for ns in self.names if ns.rpartition(".")[2][:1].isupper()}  # mindspore.Tensor
        self.attrs = {m: set(v["names"].split()) for m, v in data["attributes"].items()}
        self.module_alias: dict[str, str] = {}  # `mindspore.dtype` -> mindspore.common.dtype
        for m, v in data["attributes"].items():
            for token in v["submodules"].split():
                attr, _, target = token.partition("=")
                self.module_alias[f"{m}.{attr}"] = target or f"{m}.{attr}"
        self.modules = {MS} | {f"{MS}.{p}" for p in PATHS} | (set(self.names) - self.classes) | set(self.attrs)
        self.modules |= set(self.module_alias)
        self._live_cache: dict[str, tuple[bool, Any]] = {}

    def live(self, dotted: str) -> tuple[bool, Any]:
        """(True, object) when mindshim resolves `dotted` (under the `mindspore` alias), else (False, None)."""
        if dotted not in self._live_cache:
            parent, _, attr = dotted.rpartition(".")
            ok, obj = self.live(parent) if parent else (True, None)
            found: tuple[bool, Any] = (False, None)
            for get in (lambda: getattr(obj, attr), lambda: importlib.import_module(dotted)) if ok else ():
                try:  # an attribute, else a submodule not imported yet; a namespace may raise "not supported"
                    found = (True, get())
                    break
                except Exception:
                    if not isinstance(obj, types.ModuleType) and parent:
                        break
            self._live_cache[dotted] = found
        return self._live_cache[dotted]

    def is_module(self, dotted: str) -> bool:
        return dotted in self.modules or isinstance(self.live(dotted)[1], types.ModuleType)

    def canonical(self, module: str, name: str) -> str:
        entry = entries(module[len(MS) + 1:]).get(name) if module != MS else None
        if entry:
            return f"{MS}.{entry[0]}.{entry[1]}"
        m = module  # an r1.x or defining-module path: the nearest enclosing namespace that has the name
        while m:
            if name in self.names.get(m, ()):
                return f"{m}.{name}"
            m = m.rpartition(".")[0]
        return f"{module}.{name}"

    def recorded(self, module: str, name: str) -> bool:
        """Whether real MindSpore 2.10 has `module.name` (as recorded)."""
        module = self.module_alias.get(module, module)
        return (name in self.names.get(module, ()) or name in self.attrs.get(module, ())
                or name in entries(module[len(MS) + 1:]) or f"{module}.{name}" in self.ledger)

    def difference(self, canonical: str, module: str) -> dict[str, str] | None:
        if canonical in self.diffs:
            return self.diffs[canonical]
        key = next((k for k in self.module_diffs if f"{canonical}.".startswith(k + ".")
                    or f"{module}.".startswith(k + ".")), None)
        return self.diffs[key] if key else None

    def classify(self, dotted: str) -> NameReport:
        parts = dotted.split(".")
        k = next(i for i in range(len(parts), 0, -1) if self.is_module(".".join(parts[:i])))
        module = ".".join(parts[:k])
        if k == len(parts):
            return self._status(dotted, dotted, module, dotted in self.modules, dotted in self.modules, "module")
        canonical, rest = self.canonical(module, parts[k]), parts[k + 1:]
        written = f"{module}.{parts[k]}"
        if canonical in self.classes and rest:  # a member of a recorded class: mindspore.Tensor.asnumpy
            canonical, written, rest = f"{canonical}.{rest[0]}", f"{written}.{rest[0]}", rest[1:]
        ns, _, member = canonical.rpartition(".")
        report = self._status(canonical, written, module, self.recorded(ns, member),
                              self.recorded(*written.rsplit(".", 1)), "name")
        ok, obj = self.live(written)
        for i, attr in enumerate(rest if ok else ()):  # members of other objects: checked on mindshim only
            try:
                obj = getattr(obj, attr)
            except Exception:
                return NameReport(f"{canonical}.{'.'.join(rest[:i + 1])}", "unknown",
                                  f"mindshim's {canonical} has no attribute {attr!r} (MindSpore 2.10's recorded names "
                                  "do not list members of it)")
        return report

    def _status(self, canonical: str, written: str, module: str, recorded: bool, written_recorded: bool,
                kind: str) -> NameReport:
        if self.live(written)[0]:
            diff = self.difference(canonical, module)
            if diff:
                return NameReport(canonical, "differs", diff["text"], f"{DIFFERENCES_PAGE}#{diff['anchor']}")
            note = "" if written_recorded else (
                f"mindshim resolves it, but MindSpore 2.10 has no {kind} {written} (an r1.x path or a private helper)")
            return NameReport(canonical, "provided", note)
        if canonical in self.ledger:
            return NameReport(canonical, "unsupported", self.ledger[canonical])
        if recorded:
            return NameReport(canonical, "unsupported", "a MindSpore 2.10 name mindshim does not provide yet")
        return NameReport(canonical, "unknown", f"not a MindSpore 2.10 {kind}: a typo, a name r1.x had and 2.x "
                                               "removed, or a private helper; mindshim does not resolve it")


def _display(path: Path) -> str:
    return path.as_posix() if (rel := os.path.relpath(path)).startswith("..") else Path(rel).as_posix()


def _statuses(result: _Scanner, resolver: _Resolver) -> list[NameReport]:
    reports: dict[str, NameReport] = {}
    uses = list(result.uses)
    for name, path, line, modules in result.star_candidates:  # bare names after `from mindspore.x import *`
        dotted = next((f"{m}.{name}" for m in modules if resolver.recorded(m, name)), None)
        if dotted:
            uses.append((dotted, path, line))
    for dotted, path, line in uses:
        report = resolver.classify(dotted)
        kept = reports.setdefault(report.name, report)
        if not kept.uses or (kept.uses[-1].file, kept.uses[-1].line) != (_display(path), line):
            kept.uses.append(Use(_display(path), line, dotted))
    order = {s: i for i, s in enumerate(STATUSES)}
    for r in reports.values():
        r.uses.sort(key=lambda u: (u.file, u.line))
    return sorted(reports.values(), key=lambda r: (order[r.status], r.name))


def scan(path: str | os.PathLike[str]) -> CheckReport:
    """Scan a script and its local modules without running them (FileNotFoundError, SyntaxError if unreadable)."""
    from mindshim._alias import alias_installed, install_alias, uninstall_alias

    script = Path(path)
    if not script.is_file():
        raise FileNotFoundError(f"no such script: {script}")
    result = scan_files(script.resolve())
    had_alias = alias_installed()
    install_alias()
    try:
        names = _statuses(result, _Resolver(check_data()))
    finally:
        if not had_alias:
            uninstall_alias()
    return CheckReport(_display(script.resolve()), [_display(f) for f in result.files], names, result.warnings)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="mindshim check", description="List the MindSpore names a script (and the local modules it imports) "
        "uses, each with mindshim's status: provided, provided with a documented difference, unsupported (with the "
        "reason) or unknown. Nothing is run. Exit status 1 when an unsupported name is used.")
    parser.add_argument("script", help="the MindSpore script to scan")
    parser.add_argument("--json", action="store_true", help="print a JSON report instead of text")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help exits 0, a usage error 2
        return int(exc.code or 0)
    try:
        report = scan(args.script)
    except (FileNotFoundError, SyntaxError, UnicodeDecodeError, OSError) as exc:
        print(f"mindshim check: {exc}", file=sys.stderr)
        return 2
    sys.stdout.write(json.dumps(report.to_dict(), indent=1) + "\n" if args.json else report.to_text())
    return report.exit_status


__all__ = ["scan", "main", "check_data", "CheckReport", "NameReport", "Use"]
