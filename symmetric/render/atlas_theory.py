"""The atlas's theory map (``symmetric atlas --theory``): ``theory.html`` (a page in the atlas's
style, linked from the index), ``theory.tex`` (a section the atlas's LaTeX document inputs),
``theory.csv`` and ``theory.json``, from a :class:`symmetric.theory.atlasmap.TheoryMap`.

Every cell of the implication matrix links to its evidence on the same page: a re-checked core
(implies), or the failed instance with the witness's exact values and the catalogue measure that
does the same on the grid (separated), linked to that measure's atlas page at its two cells in the
map's reading with their verdicts when the atlas has them (both proved: a proved separation).
Constraints are typeset from the encoders' LaTeX (:mod:`symmetric.theory.texform`) as MathML.
"""

from __future__ import annotations

import json
from html import escape

from ..atlas.plan import property_pairs
from ..evidence import NO_READING
from . import mathml as mm
from . import theory_map
from .atlas_html import BADGES, anchors, html_page, slug
from .escape import tex_escape

SIGN = {"implies": "\u21d2", "separated": "\u2013", "undetermined": "?"}
FILES = ("theory.html", "theory.tex", "theory.csv", "theory.json")


def _text(s: str) -> str:
    """An instance's words as page text (a product sign, never sympy's ``*``)."""
    return escape(s).replace("*", "\u00b7")


def _math(latex: str) -> str:
    return mm.latex_mathml(latex)


def cell_id(p: str, q: str) -> str:
    return f"c-{slug(p)}--{slug(q)}"


def atlas_cells(results, reading: dict) -> dict[tuple[str, str], tuple[str, object]]:
    """(measure, property) -> (link target, verdict) of the atlas's classification cells in the
    map's reading: every axis the cell's reading names has the map's choice (a property without
    readings matches)."""
    targets = anchors(results) if results else {}
    out = {}
    for cell, r in results or ():
        if cell.kind != "classification":
            continue
        if cell.reading != NO_READING:
            try:
                _, chosen = property_pairs(cell.kind, cell.property, cell.reading)
            except Exception:        # noqa: BLE001 -- an unknown reading is simply not linked
                continue
            if any(reading.get(axis, choice) != choice for axis, choice in chosen.choices):
                continue
        out.setdefault((cell.measure, cell.property), (targets[cell], r.verdict))
    return out


def measure_pages(results) -> dict[str, str]:
    return {cell.measure: target.split("#", 1)[0] for cell, target in anchors(results).items()
            if cell.kind == "classification"} if results else {}


def _verdict_link(found) -> str:
    if found is None:
        return "not in this atlas's readings"
    target, verdict = found
    return (f'<a class="v {verdict.value}" href="{escape(target)}" title="{escape(verdict.value)}">'
            f"{BADGES[verdict]}</a> {escape(verdict.value)}")


def separation_status(c, cells) -> str:
    """'proved' when the atlas proves P for the measure and refutes Q, else 'grid'."""
    pv, qv = cells.get((c.measure, c.p)), cells.get((c.measure, c.q))
    if pv and qv and pv[1].value == "holds" and qv[1].value == "fails":
        return "proved"
    return "grid"


def _matrix(m) -> str:
    head = "".join(f'<th class="col">{escape(q)}</th>' for q in m.names)
    rows = []
    for p in m.names:
        tds = []
        for q in m.names:
            if p == q:
                tds.append("<td></td>")
                continue
            c = m.cell(p, q)
            tip = f"{p} vs {q}: {c.verdict}" + (f" ({c.measure})" if c.measure else "")
            small = f"<br><small>{escape(c.measure)}</small>" if c.measure else ""
            tds.append(f'<td class="t-{c.verdict}"><a href="#{cell_id(p, q)}" title="{escape(tip)}">'
                       f"{SIGN[c.verdict]}{small}</a></td>")
        rows.append(f'<tr><th class="l">{escape(p)}</th>{"".join(tds)}</tr>')
    return (f'<table class="theory"><thead><tr><th>P \\ Q</th>{head}</tr></thead>'
            f"<tbody>{''.join(rows)}</tbody></table>")


def _lines(lines) -> str:
    return '<ol class="core">' + "".join(f"<li>{_math(tex)} <small>[{_text(words)}]</small></li>"
                                        for words, tex in lines) + "</ol>"


def _witness(values) -> str:
    if not values:
        return ""
    body = "".join(f"<tr><td>{_math(name)}</td><td>{_math(value)}</td></tr>" for name, value in values)
    return f'<table class="values"><tr><th>unknown</th><th>exactly</th></tr>{body}</table>'


def _cell_section(c, cells, pages) -> str:
    parts = [f'<section id="{cell_id(c.p, c.q)}"><h3>{escape(c.p)} {SIGN[c.verdict]} {escape(c.q)}: '
             f"{escape(c.verdict)}</h3>"]
    if c.verdict == "implies":
        if c.certificate:
            parts.append(f"<p>Every instance of {escape(c.q)} on the tables up to the bound follows from "
                         f"{escape(c.p)}: {c.certificates} minimal core(s) of {escape(c.p)} and the instance's "
                         "negation, each infeasible in exact arithmetic. The first:</p>" + _lines(c.certificate))
        else:
            parts.append(f"<p>{_text(c.detail)}.</p>")
    elif c.verdict == "separated":
        if c.detail.startswith("Q fails for every value"):
            fails = (f"{escape(c.q)} fails whatever its own unknowns are: at the witness's values these instances "
                     "of it cannot all hold (a minimal core, re-checked in exact arithmetic)")
        else:
            fails = f"this instance of {escape(c.q)} fails (re-evaluated exactly)"
        parts.append(f"<p>A function of the table has {escape(c.p)} on every table up to the bound while {fails}:"
                     "</p>" + _lines(c.certificate) + _witness(c.witness))
        if c.measure:
            page = pages.get(c.measure)
            name = f'<a href="{escape(page)}">{escape(c.measure)}</a>' if page else escape(c.measure)
            status = separation_status(c, cells)
            parts.append(f"<p>The catalogue measure {name} does the same on the grid. Its atlas verdicts in this "
                         f"reading: {escape(c.p)} {_verdict_link(cells.get((c.measure, c.p)))}; {escape(c.q)} "
                         f"{_verdict_link(cells.get((c.measure, c.q)))}"
                         + (" (a proved separation)." if status == "proved" else ".") + "</p>")
    else:
        parts.append(f"<p>Why: {_text(c.detail)}</p>")
    parts.append("</section>")
    return "\n".join(parts)


def _subset_html(s, closed=None) -> str:
    """One subset map: the minimal inconsistent sets with their cores, the maximal consistent
    ones (``closed``: set -> HTML naming the catalogue measures proved to have them all)."""
    from ..theory.texform import latex
    out = ["<h4>Minimal inconsistent sets</h4><p>Each a minimal core of property instances, re-checked in exact "
           "arithmetic; each instance is one of the property at fixed tables (points), so the impossibility holds "
           "for every measure, not only up to the bound.</p>"]
    for o in s.minimal_inconsistent:
        out.append(f"<p><b>{{{escape(', '.join(o.properties))}}}</b></p>"
                   + _lines([(i.text, latex(i.formula)) for i in o.cores[0]]))
    if not s.minimal_inconsistent:
        out.append("<p>none</p>")
    items = []
    for x in s.maximal_consistent:
        extra = (closed or {}).get(tuple(x), "")
        items.append(f"<li>{{{escape(', '.join(x))}}}{extra}</li>")
    out.append("<h4>Maximal consistent sets (on the grid up to the bound: a bounded verdict)</h4><ul>"
               + "".join(items) + "</ul>")
    if s.undetermined:
        out.append("<p>Undetermined: " + "; ".join(f"{{{escape(', '.join(o.properties))}}}: {_text(o.reason)}"
                                                   for o in s.undetermined) + "</p>")
    return "\n".join(out)


def _subsets(m) -> str:
    return "\n".join(f'<h3 id="subsets-{slug(title)}">{escape(title)}</h3>'
                      f"<p>Properties: {escape(', '.join(s.names))}.</p>" + _subset_html(s) for title, s in m.subsets)


def closed_forms(answer, results) -> dict[tuple[str, ...], list[tuple[str, str]]]:
    """Per maximal consistent set of each reading: the catalogue EMQs whose checked verdicts
    (the atlas's cells: proofs) are 'holds' for every property of the set, as (name, page)."""
    from ..theory.question import CHECKED
    verdicts: dict[str, dict[str, str]] = {}
    for cell, r in results or ():
        if cell.kind == "quantification":
            verdicts.setdefault(cell.measure, {})[cell.property] = r.verdict.value
    pages = {cell.measure: t.split("#", 1)[0] for cell, t in anchors(results).items()
             if cell.kind == "quantification"} if results else {}
    out = {}
    for _, s in answer.maps:
        for x in s.maximal_consistent:
            need = [CHECKED.get(n, n) for n in x]
            out[tuple(x)] = [(name, pages.get(name, "")) for name, v in verdicts.items()
                             if all(v.get(n) == "holds" for n in need)]
    return out


def _answer_html(answer, results) -> str:
    from ..theory.question import READINGS
    found = closed_forms(answer, results)
    closed = {k: (" &mdash; proved for " + ", ".join(f'<a href="{escape(page)}">{escape(n)}</a>' if page
                                                     else escape(n) for n, page in v)
                  + " (the checkers' verdicts, binary forms B-MON, B-IMP, B-REL, B-ABS)") if v else
              " &mdash; no catalogue measure is proved to have them all" for k, v in found.items()}
    parts = ["<p>Sebastiani's quantification paper asks for an evaluation measure with all its properties "
             "(REL and ABS exclude each other, so one of them). Decided on the binary codeframe, grid "
             f"k/{answer.den}, in two readings of the vertex predictions q = 0 and q = 1. "
             f"Answer: <b>{escape(answer.verdict())}</b> in the checkers' reading (vertex values are limits).</p>"]
    for name, s in answer.maps:
        parts.append(f"<h3>Vertices: {escape(name)} ({escape(READINGS[name])})</h3>" + _subset_html(s, closed))
    parts.append(f"<p>({answer.seconds:.1f} s.) The lemmas of the limit reading (MON+REL, MON+ABS, MON+IMP in a "
                 "core) are proved by hand in symmetric/theory/quant.py (vertex_limits): for 0 &lt; p' &lt; p'' "
                 "&lt; 1/2, M(1,p'') &le; M(p'+1-p'',p') from MON, REL (or ABS) and the limit at q = 1; and "
                 "M(0,p) &le; M(2p,p) from MON, IMP and the limit at q = 0.</p>")
    return "\n".join(parts)


def html(m, results=(), answer=None) -> str:
    reading = dict(m.readings)
    cells, pages = atlas_cells(results, reading), measure_pages(results)
    read = ", ".join(f"{a}={c}" for a, c in m.readings)
    counts = ", ".join(f"{k} {v}" for v, k in sorted(m.counts().items()))
    proved = sum(bool(c.verdict == "separated" and c.measure and separation_status(c, cells) == "proved")
                 for c in m.cells)
    parts = ['<p><a href="index.html">back to the atlas</a></p>',
             "<h1>Which properties follow from which, and which cannot hold together</h1>",
             f"<p>Every ordered pair of the encoded classification properties, decided over every function of "
             f"the table (a total measure: definedness=strict, which for a total measure is the headline "
             f"'defined'; each other axis at its headline): {escape(read)}; tables with 1 \u2264 |D| \u2264 {m.bound}. "
             f"{len(m.cells)} pairs: {escape(counts)}; {proved} separations are proved by the atlas's own "
             f"verdicts. Computed in {m.seconds:.0f} s.</p>",
             "<p>\u21d2: the row implies the column on the tables up to the bound (a bounded verdict: one minimal "
             "core per instance, re-checked in exact arithmetic). \u2013: separated, a witness re-evaluated exactly; "
             "the name is a catalogue measure doing the same on the grid. ?: undetermined, with the reason. "
             "Each cell links to its evidence below.</p>",
             _matrix(m),
             '<p>Below: <a href="#subsets">the inconsistent and consistent sets</a>'
             + (', <a href="#quantification-question">the quantification paper\'s question</a>' if answer else "")
             + ".</p>",
             '<h2 id="subsets">Inconsistent and consistent sets</h2>', _subsets(m),
             ('<h2 id="quantification-question">The quantification paper\'s question</h2>\n'
              + _answer_html(answer, results)) if answer else "",
             '<h2 id="cells">The cells</h2>']
    parts += [_cell_section(c, cells, pages) for c in m.cells]
    return html_page("symmetric atlas: theory", "\n".join(p for p in parts if p))


def latex(m, answer=None) -> str:  # noqa: C901 -- one section, in reading order
    from ..theory.texform import latex as formula_tex
    out = [r"\clearpage", r"\section*{Which properties follow from which, and which cannot hold together}",
           r"\noindent Generated by \texttt{symmetric atlas --theory}; \texttt{theory.html} gives every cell's "
           r"certificate or witness.", "", theory_map.to_latex(m)]
    for title, s in m.subsets:
        out.append(rf"\subsection*{{{tex_escape(title)}: the minimal inconsistent sets, with their cores}}")
        for o in s.minimal_inconsistent:
            out.append(r"\paragraph{\{" + tex_escape(", ".join(o.properties)) + r"\}}")
            out.append(r"\begin{itemize}" + "".join(rf"\item ${formula_tex(i.formula)}$ \hfill {{\small "
                                                     rf"{tex_escape(i.text)}}}" for i in o.cores[0])
                       + r"\end{itemize}")
    if answer:
        out += [r"\subsection*{The quantification paper's question}",
                rf"Is there an EMQ with NN, IoI, MON, IMP, MAX and one of REL, ABS (binary forms, grid $k/{answer.den}$)? "
                rf"In the checkers' reading (a vertex value is the limit of the interior ones): "
                rf"\textbf{{{tex_escape(answer.verdict())}}}."]
        for name, s in answer.maps:
            out.append(rf"\paragraph{{Vertices {tex_escape(name)}.}} Minimal inconsistent: "
                       + ("; ".join(r"\{" + tex_escape(", ".join(o.properties)) + r"\}" for o in s.minimal_inconsistent)
                          or "none") + ". Maximal consistent (on the grid): "
                       + "; ".join(r"\{" + tex_escape(", ".join(x)) + r"\}" for x in s.maximal_consistent) + ".")
            for o in s.minimal_inconsistent:
                out.append(r"\begin{itemize}" + "".join(rf"\item ${formula_tex(i.formula)}$ \hfill {{\small "
                                                         rf"{tex_escape(i.text)}}}" for i in o.cores[0])
                           + r"\end{itemize}")
    return "\n".join(out) + "\n"


def subsets_csv(m, answer=None, results=()) -> str:
    """The subset maps as CSV rows: map, reading, kind of set, its properties, and a certificate
    (the core's constraints) or the catalogue measures proved to have them all."""
    import csv
    import io
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["map", "reading", "set", "properties", "certificate or measures"])
    maps = [(title, "", s) for title, s in m.subsets]
    if answer:
        closed = closed_forms(answer, results)
        maps += [("Sebastiani, quantification: the paper's question", f"vertices={name}", s) for name, s in answer.maps]
    for title, reading, s in maps:
        for o in s.minimal_inconsistent:
            w.writerow([title, reading, "minimal inconsistent", " ".join(o.properties),
                        "; ".join(i.formula.text() for i in o.cores[0])])
        for x in s.maximal_consistent:
            proved = [n for n, _ in closed.get(tuple(x), [])] if answer and reading else []
            w.writerow([title, reading, "maximal consistent (on the grid)", " ".join(x),
                        ("proved for " + ", ".join(proved)) if proved else ""])
    return buf.getvalue()


def files(m, results=(), answer=None) -> dict[str, str]:
    data = m.to_json()
    if answer:
        data["quantification_question"] = {**answer.to_json(), "closed_forms": [
            {"properties": list(k), "proved_for": [n for n, _ in v]} for k, v in closed_forms(answer, results).items()]}
    return {"theory.html": html(m, results, answer), "theory.tex": latex(m, answer),
            "theory.csv": theory_map.to_csv(m) + "\n" + subsets_csv(m, answer, results),
            "theory.json": json.dumps(data, indent=1, ensure_ascii=False) + "\n"}
