"""The atlas as static HTML (no script, no network): ``index.html`` holds a table per kind of
measure, the headline readings first, each cell a coloured badge linking to the cell's section in
its measure's page (``measure-<k>-<slug>.html#<property>--<reading>``), which gives the proof,
the exact counterexample or the reason.  Every name and text is escaped (``html.escape``).
"""

from __future__ import annotations

import re
from html import escape

from ..atlas.plan import Cell
from ..evidence import NO_READING, PropertyResult
from ..logic import Verdict
from ..measures import registry
from ..properties import catalogue
from .atlas import MAIN, MEANINGS, VERDICTS, Results, atlas_csv, atlas_json, atlas_tex, counts, matrices
from .text import counterexample_rows, plain, reason, sentence

BADGES = {Verdict.HOLDS: "\u2713", Verdict.FAILS: "\u2717", Verdict.UNDETERMINED: "?"}
STYLE = """body{font-family:sans-serif;margin:1.5em;color:#222}
table{border-collapse:collapse;margin:0.5em 0 1.5em}
td,th{border:1px solid #ccc;padding:2px 4px;text-align:center}
th.col{writing-mode:vertical-rl;transform:rotate(180deg);font-weight:normal;font-size:80%;white-space:nowrap}
th.head{background:#eef}
td.name,th.name{text-align:left}
a.v{display:inline-block;min-width:1.4em;border-radius:3px;color:#fff;text-decoration:none;font-weight:bold}
.holds{background:#2a7a2a}.fails{background:#b22}.undetermined{background:#888}
section{border-top:1px solid #ccc;padding:0.3em 0}
pre{white-space:pre-wrap}"""


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "x"


def _page(title: str, body: str) -> str:
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>{escape(title)}</title>\n'
            f"<style>\n{STYLE}\n</style>\n</head>\n<body>\n{body}\n</body>\n</html>\n")


def _legend() -> str:
    items = "".join(f'<li><a class="v {v.value}">{BADGES[v]}</a> {escape(MEANINGS[v])}</li>' for v in VERDICTS)
    return (f"<ul>{items}</ul>\n<p>Each column is a property in one reading; <b>*</b> marks the headline reading "
            "(the one the paper's own verdicts imply), whose columns come first. Each badge links to the proof, "
            "the exact counterexample or the reason.</p>")


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


def _badge(pair, targets: dict[Cell, str]) -> str:
    if pair is None:
        return "<td></td>"
    cell, r = pair
    title = f"{cell.measure} {cell.property} ({cell.reading}): {r.verdict.value}"
    return (f'<td><a class="v {r.verdict.value}" href="{escape(targets[cell])}" title="{escape(title)}">'
            f"{BADGES[r.verdict]}</a></td>")


def index(results: Results, targets: dict[Cell, str]) -> str:
    parts = ["<h1>symmetric atlas</h1>", _legend()]
    tally = "".join(f"<li>{escape(scope)}: " + ", ".join(f"{k} {escape(v)}" for v, k in c.items()) + "</li>"
                    for scope, c in counts(results).items())
    parts.append(f"<p>Cells:</p><ul>{tally}</ul>")
    for m in matrices(results):
        head = "".join(f'<th class="col{" head" if c.headline else ""}">{escape(c.label)}</th>' for c in m.columns)
        rows = "".join(f'<tr><td class="name">{escape(name)}</td>{"".join(_badge(p, targets) for p in cells)}</tr>\n'
                       for name, cells in m.rows)
        parts.append(f"<h2>{escape(m.kind.capitalize())} measures</h2>\n"
                     f'<table>\n<tr><th class="name">measure</th>{head}</tr>\n{rows}</table>')
    return _page("symmetric atlas", "\n".join(parts))


def _counterexample(r: PropertyResult) -> str:
    header, rows, rest = counterexample_rows(r.counterexample)
    body = "".join("<tr>" + "".join(f"<td>{escape(x)}</td>" for x in row) + "</tr>" for row in rows)
    table = ("<table><tr>" + "".join(f"<th>{escape(h)}</th>" for h in header) + f"</tr>{body}</table>") if rows else ""
    description = r.counterexample.description
    return (f"<h4>Counterexample</h4>{table}<p>{escape(rest)}</p>"
            + (f"<p>{escape(sentence(description))}</p>" if description else ""))


def _section(cell: Cell, r: PropertyResult, anchor: str) -> str:
    p = catalogue.named(cell.property, cell.kind)
    reading = "" if cell.reading == NO_READING else f" (reading: {cell.reading})"
    parts = [f'<section id="{escape(anchor)}">',
             f'<h3>{escape(cell.property + reading)} <a class="v {r.verdict.value}">{BADGES[r.verdict]}</a> '
             f"{escape(r.verdict.value)}</h3>",
             f"<p><i>{escape(p.definition)}</i> ({escape(p.source)})</p>"]
    if r.reason:
        parts.append(f"<p>Why: {escape(reason(r.reason))}</p>")
    if r.proof:
        parts.append("<ol>" + "".join(f"<li>{escape(sentence(line))}</li>" for line in r.proof) + "</ol>")
    if r.counterexample is not None:
        parts.append(_counterexample(r))
    parts.append("</section>")
    return "\n".join(parts)


def _measure_page(kind: str, name: str, cells: list, targets: dict[Cell, str]) -> str:
    m = registry.get(name, kind)
    formula = plain(getattr(m, "counts", None) if kind == "classification" else getattr(m, "term", None))
    parts = ['<p><a href="index.html">back to the atlas</a></p>', f"<h1>{escape(name)}</h1>",
             f"<p>{escape(m.title)} ({escape(kind)}). {escape(formula)}</p>"]
    parts += [_section(cell, r, targets[cell].split("#", 1)[1]) for cell, r in cells]
    return _page(f"symmetric atlas: {name}", "\n".join(parts))


def pages(results: Results) -> dict[str, str]:
    """``index.html`` and a page per measure: file name -> text."""
    targets = anchors(results)
    by_page: dict[str, tuple[str, str, list]] = {}
    for cell, r in results:
        page = targets[cell].split("#", 1)[0]
        by_page.setdefault(page, (cell.kind, cell.measure, []))[2].append((cell, r))
    out = {"index.html": index(results, targets)}
    out.update({page: _measure_page(kind, name, cells, targets) for page, (kind, name, cells) in by_page.items()})
    return out


def document(results: Results) -> dict[str, str]:
    """Every file of the atlas but the PDF: name -> text."""
    return {MAIN: atlas_tex(results), "atlas.csv": atlas_csv(results), "atlas.json": atlas_json(results),
            **pages(results)}
