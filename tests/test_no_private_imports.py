"""No module reaches into another module's private names: ``from X import _name`` (and
``import X`` then ``X._name``) across modules is what makes a rename in one file silently
break another.  Scans every import statement of symmetric/ and derivations/ (module level or
inside a function), so a function-local import cannot hide one."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TREES = ("symmetric", "derivations")


# a named tuple's public interface is spelled with a leading underscore
NAMEDTUPLE_API = {"_fields", "_replace", "_asdict", "_make", "_field_defaults"}


def _private(name: str) -> bool:
    return (name.startswith("_") and not (name.startswith("__") and name.endswith("__"))
            and name not in NAMEDTUPLE_API)


def _ours(node: ast.ImportFrom | ast.Import, name: str) -> bool:
    module = name if isinstance(node, ast.Import) else (node.module or "")
    return getattr(node, "level", 0) > 0 or module.split(".")[0] in TREES


def private_imports(source: str) -> list[str]:
    """Every private name ``source`` takes from another module: ``from X import _a`` and
    ``X._a`` where ``X`` was bound by an import statement of this file."""
    tree = ast.parse(source)
    found, modules = [], set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            found += [f"line {node.lineno}: from {'.' * node.level}{node.module or ''} import {a.name}"
                      for a in node.names if _private(a.name)]
            modules.update(a.asname or a.name for a in node.names if _ours(node, ""))
        elif isinstance(node, ast.Import):
            modules.update((a.asname or a.name).split(".")[0] for a in node.names if _ours(node, a.name))
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and _private(node.attr) and isinstance(node.value, ast.Name)
                and node.value.id in modules):
            found.append(f"line {node.lineno}: {node.value.id}.{node.attr}")
    return found


# files exempt, each with its reason (none today)
ALLOWED: dict[str, str] = {}


@pytest.mark.parametrize("tree", TREES)
def test_no_private_names_cross_modules(tree):
    offenders = []
    for path in sorted((ROOT / tree).rglob("*.py")):
        rel = str(path.relative_to(ROOT))
        if rel in ALLOWED:
            continue
        offenders += [f"{rel} {hit}" for hit in private_imports(path.read_text(encoding="utf-8"))]
    assert not offenders, "private names taken across modules:\n" + "\n".join(offenders)


@pytest.mark.parametrize("source, hits", [
    ("from .texmath import _face_table, tex_lines", 1),
    ("from . import x\nx._y()", 1),
    ("import symmetric.render.texmath as t\nt._face_table", 1),
    ("from .texmath import tex_face_table as _face_table", 0),      # a private local alias is fine
    ("def f():\n    from .atlas_html import _page\n", 1),        # a function-local import too
    ("class A:\n    def f(self):\n        return self._x", 0),   # own attributes are not imports
    ("from .x import __version__", 0),
    ("import os\nos._exit(0)", 0),                                # the standard library's own
    ("from .model import Table\nTable._fields", 0),               # a named tuple's interface
])
def test_the_scanner_sees_private_imports(source, hits):
    assert len(private_imports(source)) == hits
