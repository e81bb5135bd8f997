"""The package's import structure: layers import downward only, and no module imports itself
back through others (no cycle).  Read from the source (every import statement, at module level
or inside a function), so a function-local import cannot hide an upward dependency."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "symmetric"

# lowest first; a module may import its own layer or any layer below it
LAYERS = (
    ("ground", ("space", "domain", "logic", "evidence", "errors", "config", "timelimit", "denominators", "inputfiles",
                "runner", "store", "certificate", "kernel")),
    ("deciders", ("checks", "transforms")),
    ("measures", ("measures", "parse")),
    # the old "properties, claims, expectations" layer, ordered: the independent second evaluator first
    # (it must not lean on what it reviews), then the checkers, the claims, and the applications on top
    ("cross-check", ("crosscheck",)),
    ("checkers", ("properties", "quantification", "expectation")),
    ("claims", ("claims",)),
    ("applications", ("userinput", "verify", "atlas", "theory")),
    ("render", ("render",)),
    ("interface", ("api", "cli", "__main__")),
)
LAYER_OF = {top: k for k, (_, tops) in enumerate(LAYERS) for top in tops}


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """Every symmetric module ``path`` imports (absolute names)."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.split(".")[0] == "symmetric")
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] != "symmetric":
                continue
            found.add(target)
            # "from . import space" names a module
            found.update(f"{target}.{a.name}" for a in node.names if _is_module(f"{target}.{a.name}"))
    return found


def _is_module(name: str) -> bool:
    path = PACKAGE.parent.joinpath(*name.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def _layer(module: str) -> int | None:
    parts = module.split(".")
    return LAYER_OF.get(parts[1]) if len(parts) > 1 else None


MODULES = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


@pytest.fixture(scope="module")
def graph() -> dict[str, set[str]]:
    """Every module's imports of the package's modules: parsed by the tests' worker (at module
    level every xdist worker parsed the whole package at collection, ~1 CPU-s each), once (the
    tests of a module fixture share a worker: tests/conftest.py's module_fixture_group)."""
    return {name: {m for m in _imports(path) if m in MODULES and m != name} for name, path in MODULES.items()}


def test_every_module_has_a_layer():
    unplaced = [m for m in MODULES if m != "symmetric" and _layer(m) is None]
    assert not unplaced, f"add these to LAYERS: {unplaced}"


def test_imports_go_downward_only(graph):
    upward = [f"{m} ({LAYERS[_layer(m)][0]}) imports {t} ({LAYERS[_layer(t)][0]})"
              for m, targets in graph.items() if m != "symmetric"
              for t in targets if t != "symmetric" and _layer(t) > _layer(m)]
    assert not upward, "\n".join(upward)


def test_no_import_cycles(graph):
    # Tarjan's strongly connected components; a component of two or more modules is a cycle.
    # A package __init__ that re-exports its own submodules is not a cycle with them.
    graph = {m: {t for t in ts if not (m.startswith(t + ".") and MODULES[t].name == "__init__.py")}
             for m, ts in graph.items()}
    index, low, stack, on, cycles = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for v in graph:
        if v not in index:
            visit(v)
    assert not cycles, cycles


@pytest.mark.parametrize("module,layer", [("symmetric.space", 0), ("symmetric.checks.decide", 1),
                                          ("symmetric.crosscheck.hook", 3), ("symmetric.verify.steps", 6),
                                          ("symmetric.render.latex", 7), ("symmetric.cli.check_cmd", 8)])
def test_layer_table_reads_modules(module, layer):
    """The checker itself: a module name maps to its layer (so the tests above can fail)."""
    assert _layer(module) == layer


README = PACKAGE.parent / "README.md"


def _readme_layer_rows() -> list[set[str]]:
    """The top-level modules and packages each row of README's layer table names, in order."""
    text = README.read_text(encoding="utf-8")
    table = text[text.index("| layer | modules | job |"):].split("\n\n", 1)[0]
    rows = [line for line in table.splitlines()[2:] if line.startswith("|")]
    tops = {p.name if p.is_dir() else p.stem for p in PACKAGE.iterdir()
            if (p.is_dir() and any(p.glob("*.py"))) or (p.suffix == ".py" and p.stem != "__init__")}
    spelled = {t: (f"{t}/" if (PACKAGE / t).is_dir() else f"{t}.py") for t in tops}
    return [{t for t, s in spelled.items() if f"`{s}`" in row.replace("\\|", "").split("|")[2]} for row in rows]


def test_readme_layer_table_is_the_tested_one():
    """README's table names every package, in the layer test_layers checks (a row per layer, same order)."""
    rows = _readme_layer_rows()
    assert len(rows) == len(LAYERS), [name for name, _ in LAYERS]
    for (name, tops), named in zip(LAYERS, rows):
        assert named == set(tops) - {"__main__"}, (name, sorted(named ^ (set(tops) - {"__main__"})))
