"""Generated parts of the migration toolkit: the data `mindshim check` ships, and the API table of docs/migration.md.

usage: python tools/gen_migration_doc.py

Writes
- mindshim/migration/_check_data.json: MindSpore 2.10's public names (tests/coverage/mindspore_names.json, recorded
  from real MindSpore), the coverage ledger's reasons (tests/coverage/ledger.json) and the names that
  docs/differences.md mentions, each with its section -- tests/ and docs/ are not installed, the package is;
- docs/migration.md between its GENERATED markers: the MindSpore -> PyTorch table (mindshim/migration/api_table.py).
Run it after editing the ledger, docs/differences.md or the layer table; tests/migration keep both in sync.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

NAMES = ROOT / "tests" / "coverage" / "mindspore_names.json"
LEDGER = ROOT / "tests" / "coverage" / "ledger.json"
DIFFERENCES = ROOT / "docs" / "differences.md"
DATA = ROOT / "mindshim" / "migration" / "_check_data.json"
DOC = ROOT / "docs" / "migration.md"
BEGIN, END = "<!-- BEGIN GENERATED: api-table (tools/gen_migration_doc.py) -->", "<!-- END GENERATED: api-table -->"

# how the page abbreviates namespaces; a bare class name is looked up in this order
PREFIXES = {"ms.": "mindspore.", "P.": "mindspore.ops.", "F.": "mindspore.ops.", "ds.": "mindspore.dataset."}
BARE_ORDER = ["mindspore.nn", "mindspore.ops", "mindspore", "mindspore.train", "mindspore.amp", "mindspore.dataset",
              "mindspore.dataset.vision", "mindspore.dataset.text", "mindspore.dataset.transforms",
              "mindspore.mint.nn", "mindspore.mindrecord"]
# capitalised words in running text that are not references to one API
NOT_REFERENCES = {"Tensor", "Cell", "Parameter", "MindSpore", "PyTorch", "Python", "Ascend", "CUDA", "CPU", "GPU",
                  "NaN", "SQL", "SQLite", "OpenCV", "ICU", "PIL", "Int32", "Int64", "Float32", "None", "True", "False",
                  "Metric"}
# namespaces too wide for a mention to mean "every name in it differs"
TOO_WIDE = {"mindspore", "mindspore.ops", "mindspore.nn", "mindspore.train", "mindspore.dataset"}


def anchor(heading: str) -> str:
    """GitHub's anchor of a markdown heading."""
    slug = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return slug.replace(" ", "-")


def _bullets(text: str) -> list[tuple[str, str, str]]:
    """(section heading, its anchor, bullet text) for each bullet of the page."""
    out, heading, current = [], "", None
    for line in text.splitlines() + [""]:
        starts = line.startswith("## ") or line.startswith("- ") or not line.strip()
        if starts and current is not None:
            out.append((heading, anchor(heading), " ".join(current.split())))
            current = None
        if line.startswith("## "):
            heading = line[3:]
        elif line.startswith("- "):
            current = line[2:]
        elif current is not None:
            current += " " + line.strip()
    return out


def _expand(token: str) -> list[str]:
    """`InstanceNorm1d/2d/3d` -> the three names."""
    m = re.fullmatch(r"(\w+?)(\d[a-z])((?:/\d[a-z])+)", token)
    if not m:
        return [token]
    return [m.group(1) + m.group(2)] + [m.group(1) + s for s in m.group(3).split("/")[1:]]


def _key(token: str, names: dict[str, set[str]], backticked: bool) -> tuple[str, str] | None:
    """(canonical name or module, "name"|"module") a token of the page refers to, if any."""
    from mindshim._mindspore_paths import PATHS
    written = token
    for short, full in PREFIXES.items():
        if token.startswith(short):
            token = full + token[len(short):]
    if "." not in token:
        if backticked and f"mindspore.{token}" in names and token.islower():  # `mint`
            return _module(f"mindspore.{token}")
        if not token[:1].isupper() or (not backticked and token in NOT_REFERENCES):
            return None
        ns = next((ns for ns in BARE_ORDER if token in names.get(ns, ())), None)
        return (f"{ns}.{token}", "name") if ns else None
    full = token if token.startswith("mindspore.") else "mindspore." + token
    if full in names:
        return (full, "name") if full.rpartition(".")[2][:1].isupper() else _module(full)
    ns, _, name = full.rpartition(".")
    if name in names.get(ns, ()):
        return (full, "name")
    if backticked and written.startswith("mindspore.") and full[len("mindspore."):] not in PATHS:
        return (full, "module")  # a module path MindSpore 2.10 lacks (r1.x): mindshim's superset
    return None


def _module(module: str) -> tuple[str, str] | None:
    return None if module in TOO_WIDE else (module, "module")


def parse_differences(text: str, names: dict[str, set[str]]) -> dict[str, dict[str, str]]:
    """Names (and modules) docs/differences.md mentions -> the first section and bullet that mention them."""
    found: dict[str, dict[str, str]] = {}
    for heading, slug, bullet in _bullets(text):
        ticked = [re.match(r"[A-Za-z_][\w.]*", span) for span in re.findall(r"`([^`]+)`", bullet)]
        tokens = [(m.group(0), True) for m in ticked if m and not m.group(0).endswith(".")]
        plain = re.sub(r"`[^`]+`", " ", bullet)
        tokens += [(t, False) for t in re.findall(r"\b[A-Z][A-Za-z]*[a-z][A-Za-z0-9]*(?:/\d[a-z])*\b", plain)]
        excerpt = bullet if len(bullet) <= 200 else bullet[:197].rsplit(" ", 1)[0] + " ..."
        for token, backticked in tokens:
            for t in _expand(token):
                key = _key(t, names, backticked)
                if key and key[0] not in found:
                    found[key[0]] = {"anchor": slug, "section": heading, "scope": key[1], "text": excerpt}
    return dict(sorted(found.items()))


def build_check_data() -> dict:
    recorded = json.loads(NAMES.read_text())
    names = {ns: sorted(members) for ns, members in recorded["namespaces"].items()}
    ledger = json.loads(LEDGER.read_text())
    diffs = parse_differences(DIFFERENCES.read_text(), {ns: set(m) for ns, m in names.items()})
    return {"mindspore_version": recorded["mindspore_version"], "names": names, "ledger": ledger,
            "differences": diffs}


def data_text() -> str:
    return json.dumps(build_check_data(), indent=0, sort_keys=True) + "\n"


def render_doc(current: str) -> str:
    """docs/migration.md with the generated block replaced by the table the code gives now."""
    from mindshim.migration.api_table import render_markdown
    data = build_check_data()
    block = f"{BEGIN}\n{render_markdown(data['differences'])}{END}"
    if BEGIN not in current or END not in current:
        raise SystemExit(f"{DOC} lacks the markers {BEGIN} ... {END}")
    head, _, rest = current.partition(BEGIN)
    return head + block + rest.partition(END)[2]


def main() -> int:
    DATA.write_text(data_text())
    DOC.write_text(render_doc(DOC.read_text()))
    print(f"wrote {DATA.relative_to(ROOT)} and {DOC.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
