"""The atlas's outputs from its cells: ``atlas.csv``, ``atlas.json``, ``atlas.tex`` (a landscape
table per kind of measure, rotated headers); :mod:`.atlas_html` adds the HTML pages and gathers
every file (:func:`.atlas_html.document`).

Every output is built from the same matrices (:func:`matrices`): per kind, the columns (property,
reading), the headline readings first (each property in the reading its paper's own verdicts
imply), then the other readings; a row per measure.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from dataclasses import dataclass

from ..atlas.plan import Cell, property_pairs
from ..evidence import NO_READING, PropertyResult
from ..logic import Verdict
from . import json as json_render
from .escape import tex_escape, tex_user_text
from .latex import render_template
from .text import counterexample_line, short_reasons

MAIN = "atlas.tex"
VERDICTS = (Verdict.HOLDS, Verdict.FAILS, Verdict.UNDETERMINED)
TEX_MARKS = {Verdict.HOLDS: r"\textcolor{atlasholds}{$\checkmark$}", Verdict.FAILS: r"\textcolor{atlasfails}{$\times$}",
             Verdict.UNDETERMINED: r"\textcolor{atlasundetermined}{?}"}
MEANINGS = {Verdict.HOLDS: "holds (proved)", Verdict.FAILS: "fails (exact counterexample)",
            Verdict.UNDETERMINED: "undetermined (reason given)"}

Results = Sequence[tuple[Cell, PropertyResult]]


@dataclass(frozen=True)
class Column:
    property: str
    reading: str
    headline: bool

    @property
    def label(self) -> str:
        """The column's name: the property, its reading when it has one, * for the headline."""
        name = self.property if self.reading == NO_READING else f"{self.property} [{self.reading}]"
        return name + (" *" if self.headline else "")


@dataclass(frozen=True)
class Matrix:
    kind: str
    columns: tuple[Column, ...]
    rows: tuple[tuple[str, tuple[tuple[Cell, PropertyResult] | None, ...]], ...]   # (measure, cell per column)


def is_headline(cell: Cell) -> bool:
    p, reading = property_pairs(cell.kind, cell.property, cell.reading)
    return reading == p.headline


def matrices(results: Results) -> tuple[Matrix, ...]:
    """Per kind (in the order the cells come), its columns (headline readings first) and rows."""
    out = []
    for kind in dict.fromkeys(cell.kind for cell, _ in results):
        mine = [(cell, r) for cell, r in results if cell.kind == kind]
        seen = list(dict.fromkeys(Column(c.property, c.reading, is_headline(c)) for c, _ in mine))
        columns = tuple(c for c in seen if c.headline) + tuple(c for c in seen if not c.headline)
        by_measure: dict[str, dict[tuple[str, str], tuple[Cell, PropertyResult]]] = {}
        for cell, r in mine:
            by_measure.setdefault(cell.measure, {})[cell.property, cell.reading] = (cell, r)
        rows = tuple((m, tuple(cells.get((c.property, c.reading)) for c in columns)) for m, cells in by_measure.items())
        out.append(Matrix(kind, columns, rows))
    return tuple(out)


def counts(results: Results) -> dict[str, dict[str, int]]:
    """Cells per verdict, per kind and in all (the headline readings apart)."""
    out: dict[str, dict[str, int]] = {}
    for cell, r in results:
        for scope in ("all readings", "headline readings") if is_headline(cell) else ("all readings",):
            tally = out.setdefault(f"{cell.kind}, {scope}", {v.value: 0 for v in VERDICTS})
            tally[r.verdict.value] += 1
    return out


def cell_json(cell: Cell, result: PropertyResult) -> dict:
    return {"kind": cell.kind, "measure": cell.measure, "headline": is_headline(cell),
            **json_render.property_result(result)}


def atlas_json(results: Results, cells: list[str] | None = None) -> str:
    """atlas.json; ``cells``: the cells' JSON texts already made (:func:`cell_text`, by worker
    processes), in order: the same file as one ``json.dumps`` of the whole, whose indented
    encoding runs in Python (no C encoder with ``indent``), ~1.5 CPU-s for the atlas."""
    if cells is None:
        cells = [cell_text(cell_json(c, r)) for c, r in results]
    head = _indented(json.dumps(counts(results), indent=1, ensure_ascii=False), 1)
    body = "[\n  " + ",\n  ".join(cells) + "\n ]" if cells else "[]"
    return '{\n "counts": ' + head + ',\n "cells": ' + body + "\n}\n"


def cell_text(data: dict) -> str:
    """A cell's JSON at its place in atlas.json (an item of the top object's list, indent 1)."""
    return _dumps(data, 2)


_SCALAR = json.JSONEncoder(ensure_ascii=False).encode     # one value: C-encoded (no indent)


def _dumps(value, depth: int) -> str:
    """``json.dumps(value, indent=1, ensure_ascii=False)`` nested ``depth`` levels deep, byte for
    byte: the containers laid out here, every scalar and key by the C encoder (with ``indent``
    the standard library encodes in Python, 2-3 times slower: ~5 CPU-s of the atlas's render).
    A dictionary with a key that is not a string is left to the standard library."""
    if isinstance(value, dict):
        if not value:
            return "{}"
        if not all(type(k) is str for k in value):
            return _indented(json.dumps(value, indent=1, ensure_ascii=False), depth)
        inner = "\n" + " " * (depth + 1)
        return "{" + inner + ("," + inner).join(_SCALAR(k) + ": " + _dumps(v, depth + 1) for k, v in value.items()) \
            + "\n" + " " * depth + "}"
    if isinstance(value, (list, tuple)):
        if not value:
            return "[]"
        inner = "\n" + " " * (depth + 1)
        return "[" + inner + ("," + inner).join(_dumps(v, depth + 1) for v in value) + "\n" + " " * depth + "]"
    return _SCALAR(value)


def _indented(text: str, depth: int) -> str:
    """``text`` (JSON, indent 1) nested ``depth`` levels deeper: every line after the first
    indented by that many spaces (a JSON string holds no raw line break, so every line break is
    the encoder's)."""
    return text.replace("\n", "\n" + " " * depth)


def siblings(results: Results) -> dict[tuple[str, str], list[PropertyResult]]:
    """Each measure's results (short reasons leave out the sentences most of them share)."""
    out: dict[tuple[str, str], list[PropertyResult]] = {}
    for cell, r in results:
        out.setdefault((cell.kind, cell.measure), []).append(r)
    return out


def csv_rows(results: Results) -> list[list[str]]:
    """The rows of ``results``; a measure's rows need only its own cells (its short reasons
    leave out the sentences they share), so worker processes make them a measure at a time."""
    why = {measure: iter(short_reasons(family)) for measure, family in siblings(results).items()}   # in cell order
    # the verdict's reading: the cell's, with the formula's reading where it matters (zero-reciprocal)
    return [[cell.kind, cell.measure, cell.property, r.reading or cell.reading, "yes" if is_headline(cell) else "no",
             r.verdict.value, next(why[cell.kind, cell.measure]),
             counterexample_line(r.counterexample) if r.counterexample else ""] for cell, r in results]


def atlas_csv(results: Results, rows: list[list[str]] | None = None) -> str:
    """atlas.csv; ``rows``: the cells' rows already made (:func:`csv_rows`), in order."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["kind", "measure", "property", "reading", "headline", "verdict", "why", "counterexample"])
    writer.writerows(csv_rows(results) if rows is None else rows)
    return buffer.getvalue()


def atlas_tex(results: Results, theory: bool = False) -> str:
    tables = [(m.kind, [tex_escape(c.label) for c in m.columns],
               [(tex_user_text(name), [TEX_MARKS[pair[1].verdict] if pair else "" for pair in cells])
                for name, cells in m.rows]) for m in matrices(results)]
    tally = [(tex_escape(scope), [(v, k) for v, k in c.items()]) for scope, c in counts(results).items()]
    return render_template("atlas.tex.j2", tables=tables, legend=[(TEX_MARKS[v], MEANINGS[v]) for v in VERDICTS],
                           tally=tally, theory=theory)
