"""The atlas as static HTML pages a researcher can read offline (no network, no CDN).

``index.html`` holds, per kind of measure, a matrix (the headline readings first), each cell a
coloured badge linking to the cell's section in its measure's page
(``measure-<k>-<slug>.html#<property>--<reading>``); a filter "measures that satisfy all of
these properties" and a side-by-side view of two measures (a small inline script,
templates/atlas.js, reading the matrix itself); and each property's definition, source and
readings (from the catalogue).  A measure's page gives its formula and, per cell, the proof
(case tables as in the LaTeX), the exact counterexample as a table of its contingency tables
and values (read from the typed evidence) or the reason.  Mathematics is MathML built here
(:mod:`.mathml`); every name and text is escaped (``html.escape``).
"""

from __future__ import annotations

import re
from html import escape
from pathlib import Path

import sympy as sp

from ..atlas.plan import Cell
from ..evidence import NO_READING, Counterexample, Expectation, PropertyResult, QuantValue, Score
from ..logic import Verdict
from ..measures import registry
from ..properties import catalogue
from . import mathml as mm
from .atlas import MAIN, MEANINGS, VERDICTS, Column, Results, atlas_csv, atlas_json, atlas_tex, counts, matrices

BADGES = {Verdict.HOLDS: "\u2713", Verdict.FAILS: "\u2717", Verdict.UNDETERMINED: "?"}
_TEMPLATES = Path(__file__).parent / "templates"
STYLE = (_TEMPLATES / "atlas.css").read_text(encoding="utf-8")
SCRIPT = (_TEMPLATES / "atlas.js").read_text(encoding="utf-8")


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "x"


def html_page(title: str, body: str, script: bool = False) -> str:
    tail = f"<script>\n{SCRIPT}</script>\n" if script else ""
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>{escape(title)}</title>\n'
            f"<style>\n{STYLE}</style>\n</head>\n<body>\n{body}\n{tail}</body>\n</html>\n")


def _legend() -> str:
    items = "".join(f'<li><a class="v {v.value}">{BADGES[v]}</a> {escape(MEANINGS[v])}</li>' for v in VERDICTS)
    return (f"<ul>{items}</ul>\n<p>Each column is a property in one reading; <b>\u2605</b> marks the headline reading "
            "(the one the paper's own verdicts imply), whose columns come first. Each badge links to the proof, "
            "the exact counterexample or the reason; each column's name to the property's definition.</p>")


def anchors(results: Results) -> dict[Cell, str]:
    """Each cell's link target: its measure's page and an id unique in that page."""
    pages: dict[tuple[str, str], str] = {}
    out, used = {}, set()
    for cell, _ in results:
        page = pages.setdefault((cell.kind, cell.measure), f"measure-{len(pages) + 1}-{slug(cell.measure)}.html")
        anchor = f"{slug(cell.property)}--{slug(cell.reading)}"
        while (page, anchor) in used:
            anchor += "-"
        used.add((page, anchor))
        out[cell] = f"{page}#{anchor}"
    return out


def label(column: Column) -> str:
    """A column's name in the pages: the property, its reading, a star for the headline (an
    asterisk would read as a product in a page that shows no sympy strings)."""
    return column.label.removesuffix(" *") + (" \u2605" if column.headline else "")


def column_key(column: Column) -> str:
    """A column's key in the page (the filter's checkbox value, a cell's data-col)."""
    return f"{column.property}--{column.reading}"


def property_anchor(kind: str, name: str) -> str:
    return f"property-{slug(kind)}-{slug(name)}"


def _badge(pair, targets: dict[Cell, str], key: str) -> str:
    if pair is None:
        return f'<td data-col="{escape(key)}" data-verdict=""></td>'
    cell, r = pair
    title = f"{cell.measure} {cell.property} ({cell.reading}): {r.verdict.value}"
    return (f'<td data-col="{escape(key)}" data-verdict="{r.verdict.value}"><a class="v {r.verdict.value}" '
            f'href="{escape(targets[cell])}" title="{escape(title)}">{BADGES[r.verdict]}</a></td>')


def _filter(kind: str, table: str, columns) -> str:
    boxes = "".join(f'<label><input type="checkbox" name="need" value="{escape(column_key(c))}"> {escape(label(c))}'
                    "</label> " for c in columns)
    return (f'<form class="filter" id="filter-{slug(kind)}" data-table="{table}"><fieldset><legend>Show only the '
            f"measures that satisfy all of these properties (holds, proved)</legend>{boxes}<br>"
            '<button type="reset">clear</button> <output></output></fieldset></form>')


def _compare(kind: str, table: str, names: list[str]) -> str:
    def select(which: int) -> str:
        options = "".join(f'<option value="{escape(n)}"{" selected" if k == min(which, len(names) - 1) else ""}>'
                          f"{escape(n)}</option>" for k, n in enumerate(names))
        return f'<select aria-label="measure {which + 1}">{options}</select>'
    return (f'<div class="compare" id="compare-{slug(kind)}" data-table="{table}" data-kind="{escape(kind)}">'
            f"<h3>Two measures side by side</h3><p>{select(0)} {select(1)} (rows where they differ are shaded)</p>"
            '<table><thead><tr><th></th><th>first</th><th>second</th></tr></thead><tbody></tbody></table></div>')


def index(results: Results, targets: dict[Cell, str], formulas: dict[tuple[str, str], str] | None = None,
          pages_of: dict[tuple[str, str], str] | None = None, theory: bool = False) -> str:
    """The index: legend, tally, per kind the matrix with its filter and side-by-side view, the
    properties' definitions; ``formulas`` (kind, measure) -> MathML for the side-by-side view,
    ``pages_of`` (kind, measure) -> the measure's page (its name in the matrix links there)."""
    formulas, pages_of = formulas or {}, pages_of or {}
    parts = ["<h1>symmetric atlas</h1>", _legend()]
    tally = "".join(f"<li>{escape(scope)}: " + ", ".join(f"{k} {escape(v)}" for v, k in c.items()) + "</li>"
                    for scope, c in counts(results).items())
    parts.append(f"<p>Cells:</p><ul>{tally}</ul>")
    if theory:
        parts.append('<p><a href="theory.html">The theory map</a>: which properties imply which (every cell a '
                     "re-checked core or a separating measure), the minimal inconsistent and maximal consistent sets "
                     "of Gosgens et al.'s and of Sebastiani's quantification properties.</p>")
    for m in matrices(results):
        table = f"matrix-{slug(m.kind)}"
        head = "".join(f'<th class="col{" head" if c.headline else ""}" data-col="{escape(column_key(c))}">'
                       f'<a href="#{property_anchor(m.kind, c.property)}">{escape(label(c))}</a></th>'
                       for c in m.columns)
        rows = []
        for name, cells in m.rows:
            page = pages_of.get((m.kind, name))
            link = f'<a href="{escape(page)}">{escape(name)}</a>' if page else escape(name)
            badges = "".join(_badge(p, targets, column_key(c)) for p, c in zip(cells, m.columns))
            rows.append(f'<tr data-measure="{escape(name)}"><td class="name">{link}</td>{badges}</tr>\n')
        parts.append(f"<h2>{escape(m.kind.capitalize())} measures</h2>\n{_filter(m.kind, table, m.columns)}\n"
                     f'<table id="{table}">\n<thead><tr><th class="name">measure</th>{head}</tr></thead>\n'
                     f"<tbody>\n{''.join(rows)}</tbody></table>\n{_compare(m.kind, table, [n for n, _ in m.rows])}")
    parts.append(properties_section(results))
    hidden = "".join(f'<div data-kind="{escape(kind)}" data-measure="{escape(name)}">{f}</div>'
                     for (kind, name), f in formulas.items())
    parts.append(f'<div id="formulas" hidden>{hidden}</div>')
    return html_page("symmetric atlas", "\n".join(parts), script=True)


def _choices(p) -> str:
    """A property's readings: per axis its meaning and choices, each with its source."""
    if not p.axes:
        return "<p>One reading (no convention left implicit).</p>"
    headline = dict(p.headline.choices)
    axes = []
    for axis in p.axes:
        choices = "".join(f"<li><b>{escape(c.name)}</b>{' (headline)' if headline.get(axis.name) == c.name else ''}: "
                          f"{mm.prose(c.meaning)}" + (f" <i>Source: {escape(c.source)}</i>" if c.source else "")
                          + "</li>" for c in axis.choices)
        axes.append(f"<li>{escape(axis.name)}: {escape(axis.meaning)}<ul>{choices}</ul></li>")
    return "<p>Readings:</p><ul>" + "".join(axes) + "</ul>"


def properties_section(results: Results) -> str:
    """Every property of the atlas's columns: definition, source and readings."""
    parts = ['<h2 id="properties">The properties</h2>']
    for kind in dict.fromkeys(cell.kind for cell, _ in results):
        names = dict.fromkeys(cell.property for cell, _ in results if cell.kind == kind)
        items = []
        for name in names:
            p = catalogue.named(name, kind)
            items.append(f'<dt id="{property_anchor(kind, name)}">{escape(p.name)}</dt><dd>{mm.prose(p.definition)}. '
                         f"<i>Source: {escape(p.source)}</i>{_choices(p)}</dd>")
        parts.append(f"<h3>{escape(kind.capitalize())} properties</h3><dl>{''.join(items)}</dl>")
    return "\n".join(parts)


def _value_row(value) -> tuple[str, str, str]:
    """A value of a counterexample that is not a table's score, as HTML cells: its name, where
    it was taken (typed values say so) and the exact value."""
    label, exact = value
    if isinstance(value, Expectation):
        where = escape(f"model {value.model}, AP = {value.positives}, AN = {value.negatives}" + (
            f", output size {value.size}" if value.size is not None else ""))
    elif isinstance(value, QuantValue):
        where = f"true {mm.mathml(value.true)}, predicted {mm.mathml(value.predicted)}"
    else:
        where = ""
    return mm.mathml_name(label), where, mm.mathml(exact)


def _values_table(rows: list[tuple[str, str, str]]) -> str:
    """Named exact values; the "where" column only when some value says where it was taken."""
    where = any(w for _, w, _ in rows)
    head = "<tr><th>value</th>" + ("<th>where</th>" if where else "") + "<th>exactly</th></tr>"
    body = "".join(f'<tr><td class="l">{name}</td>' + (f'<td class="l">{w}</td>' if where else "")
                   + f"<td>{v}</td></tr>" for name, w, v in rows)
    return f'<table class="values">{head}{body}</table>'


def counterexample_html(cx: Counterexample) -> str:
    """The counterexample from its typed evidence: a row per contingency table (its cells and
    the measure's exact value there, the table's :class:`Score`), then the other exact values
    and point coordinates, the relation that fails there and what the counterexample is."""
    scores = {v.table_name: v for v in cx.typed(Score) if v.table_name}
    used = set()
    rows = []
    for name, table in cx.tables:
        score = scores.get(name)
        used.add(id(score))
        cells = "".join(f"<td>{v}</td>" for v in table)
        rows.append(f"<tr><th>{escape(name)}</th>{cells}<td>{mm.mathml(score.value) if score else ''}</td></tr>")
    head = "<tr><th>table</th>" + "".join(f"<th>{mm.mathml_name(c)}</th>" for c in ("TP", "FP", "FN", "TN")) + \
        "<th>value</th></tr>"
    out = ["<h4>Counterexample</h4>"]
    if rows:
        out.append(f'<table class="cx">{head}{"".join(rows)}</table>')
    rest = [v for v in cx.values if id(v) not in used]
    if cx.point or rest:
        point = [(mm.mathml_name(k), "", mm.mathml(v)) for k, v in cx.point]
        out.append(_values_table(point + [_value_row(v) for v in rest]))
    if isinstance(cx.relation, sp.Basic) and cx.relation is not sp.true:
        out.append(f"<p>There: {mm.mathml(cx.relation)}.</p>")
    elif isinstance(cx.relation, str) and cx.relation:
        out.append(f"<p>There: {escape(cx.relation)}.</p>")
    if cx.description is not None:
        out.append(f"<p>{mm.sentence(cx.description)}</p>")
    return "\n".join(out)


def _reading_note(p, cell: Cell) -> str:
    """What the cell's reading means: the chosen meaning of each axis."""
    if cell.reading == NO_READING or not p.axes:
        return ""
    chosen = [c.strip() for c in cell.reading.split(",")]
    notes = [f"{escape(a.name)} = {escape(c.name)}: {mm.prose(c.meaning)}"
             for a in p.axes for c in a.choices if c.name in chosen]
    return "<p>Reading: " + "; ".join(notes) + ".</p>" if notes else ""


def _section(cell: Cell, r: PropertyResult, anchor: str) -> str:
    p = catalogue.named(cell.property, cell.kind)
    reading = "" if cell.reading == NO_READING else f" (reading: {cell.reading})"
    parts = [f'<section id="{escape(anchor)}">',
             f'<h3>{escape(cell.property + reading)} <a class="v {r.verdict.value}">{BADGES[r.verdict]}</a> '
             f"{escape(r.verdict.value)}</h3>",
             f'<p><i>{mm.prose(p.definition)}</i> ({escape(p.source)}; '
             f'<a href="index.html#{property_anchor(cell.kind, cell.property)}">readings</a>)</p>',
             _reading_note(p, cell)]
    if r.reason:
        parts.append(f"<p>Why: {mm.user_text(r.reason)}</p>")
    if r.proof:
        parts.append(mm.lines(r.proof))
    if r.counterexample is not None:
        parts.append(counterexample_html(r.counterexample))
    parts.append("</section>")
    return "\n".join(part for part in parts if part)


# A measure's title is a person's words, some with a formula in ASCII ("G-mean sqrt(recall
# specificity)", "F2 * F0.5"); the page shows the typeset formula beside it, and the title's
# ASCII operators in the signs a reader expects (display only: the title is never parsed).
_TITLE_SIGNS = ((re.compile(r"\bsqrt\("), "\u221a("), (re.compile(r"\s*\*\*\s*"), "^"),
                (re.compile(r"\s*\*\s*"), " \u00b7 "))


def title_text(title: str) -> str:
    """A measure's title as shown in a page (escaped by the caller)."""
    for pattern, sign in _TITLE_SIGNS:
        title = pattern.sub(sign, title)
    return title


def formula(kind: str, name: str) -> str:
    """The measure's formula as MathML (over the cells, or a quantification measure's term)."""
    m = registry.get(name, kind)
    return mm.mathml(getattr(m, "counts", None) if kind == "classification" else getattr(m, "term", None),
                     block=True)


def _measure_page(kind: str, name: str, cells: list, targets: dict[Cell, str]) -> str:
    m = registry.get(name, kind)
    source = getattr(m, "source", "")
    parts = ['<p><a href="index.html">back to the atlas</a></p>', f"<h1>{escape(name)}</h1>",
             f"<p>{escape(title_text(m.title))} ({escape(kind)}){'. Source: ' + escape(source) if source else ''}.</p>",
             f'<div class="formula">{formula(kind, name)}</div>']
    parts += [_section(cell, r, targets[cell].split("#", 1)[1]) for cell, r in cells]
    return html_page(f"symmetric atlas: {name}", "\n".join(parts))


def page_jobs(results: Results) -> tuple[dict[Cell, str], list[tuple[str, str, str, list]]]:
    """The cells' link targets, and each measure page to write: (file, kind, measure, its
    (cell, result) pairs), in table order."""
    targets = anchors(results)
    by_page: dict[str, tuple[str, str, list]] = {}
    for cell, r in results:
        page = targets[cell].split("#", 1)[0]
        by_page.setdefault(page, (cell.kind, cell.measure, []))[2].append((cell, r))
    return targets, [(page, kind, name, cells) for page, (kind, name, cells) in by_page.items()]


def measure_page(kind: str, name: str, cells: list, targets: dict[Cell, str]) -> str:
    """One measure's page (its cells' sections)."""
    return _measure_page(kind, name, cells, targets)


def pages(results: Results, theory: bool = False, rendered: dict[str, str] | None = None) -> dict[str, str]:
    """``index.html`` and a page per measure: file name -> text; ``rendered``: the measure pages
    already made (:mod:`.atlas_parallel`, on worker processes), else they are made here."""
    targets, jobs = page_jobs(results)
    formulas = {(kind, name): formula(kind, name) for _, kind, name, _ in jobs}
    pages_of = {(kind, name): page for page, kind, name, _ in jobs}
    out = {"index.html": index(results, targets, formulas, pages_of, theory)}
    out.update({page: rendered[page] if rendered is not None else _measure_page(kind, name, cells, targets)
                for page, kind, name, cells in jobs})
    return out


def document(results: Results, theory: dict[str, str] | None = None, rendered: dict[str, str] | None = None,
             cell_data: list[str] | None = None, rows: list[list[str]] | None = None) -> dict[str, str]:
    """Every file of the atlas but the PDF: name -> text; ``theory``: the theory map's files
    (:mod:`.atlas_theory`), linked from the index and input by the LaTeX document; ``rendered``,
    ``cell_data`` and ``rows``: the measure pages, atlas.json's cells (their texts) and
    atlas.csv's rows made on workers (:func:`.atlas_parallel.document`)."""
    return {MAIN: atlas_tex(results, theory=bool(theory)), "atlas.csv": atlas_csv(results, rows),
            "atlas.json": atlas_json(results, cell_data), **pages(results, bool(theory), rendered),
            **(theory or {})}
