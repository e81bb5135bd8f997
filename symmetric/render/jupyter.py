"""Jupyter: measures, property results and claim results (``_repr_latex_``, ``_repr_html_``).

A measure is one display formula.  A result is prose that must wrap: ``_repr_html_`` (what the
notebook front ends show first) is paragraphs of text with the mathematics drawn in Unicode
(no MathJax needed, so it reads the same in JupyterLab, VS Code and a static page), the cases
and the counterexample as tables; ``_repr_latex_`` (what nbconvert puts in a LaTeX document)
is paragraphs of text with inline ``$...$`` mathematics, no text commands, so that MathJax
shows it too.  Registered by type with the ground floor's :func:`symmetric.evidence.latex_of` /
:func:`~symmetric.evidence.html_of` (functools.singledispatch) when this module is loaded.
"""

from __future__ import annotations

import html

from ..claims.model import ClaimResult
from ..evidence import PropertyResult, Slot, as_sentence, html_of, latex_of
from ..measures.base import Measure
from ..quantification.measures import QuantMeasure
from . import formulas, pretty
from . import text as text_render
from .escape import ascii_math_pieces
from .latex import math, tex_math
from .matrix import NO_AXES, reading_label
from .notation import to_latex
from .written_form import measure_written_latex

# MathJax reads no text-mode TeX: a special character of the prose is given a harmless spelling
_TEXT_SPECIAL = {"\\": "/", "{": "(", "}": ")", "#": "no.", "%": " percent", "&": "and", "_": " ",
                 "^": " to the power ", "~": "about "}


def _text(prose: str) -> str:
    """Plain prose for text/latex: relations and |D| as inline mathematics, an author's $...$
    kept as mathematics, the other TeX specials spelled out."""
    pieces = prose.split("$")
    out = []
    for k, piece in enumerate(pieces):
        if k % 2 and k < len(pieces) - 1:
            out.append(f"${piece}$")                 # an author's inline mathematics
            continue
        for is_math, part in ascii_math_pieces(piece):
            out.append(part if is_math else "".join(_TEXT_SPECIAL.get(c, c) for c in part))
    return "".join(out)


def _latex_sentence(value) -> str:
    if not value:
        return ""
    if isinstance(value, (tuple, list)):
        return " ".join(_latex_sentence(v) for v in value if v)
    return "".join(f"${math(part.value)}$" if isinstance(part, Slot) else _text(part)
                   for part in as_sentence(value).parts())


def _paragraphs(lines) -> str:
    return "\n\n".join(line for line in lines if line)


def measure(m) -> str:
    """A measure's formula as typed (its structure kept), else its count form."""
    return rf"$$\mathrm{{{m.name}}} = {measure_written_latex(m) or to_latex(m.count_form)}$$"


def quant_measure(m) -> str:
    return _paragraphs([_text(f"{m.name}: ") + _text(formulas.formula("quantification", m))])


def _heading(r) -> str:
    reading = reading_label(r)
    shown = "" if reading == NO_AXES else f" (reading: {reading})"
    return f"{r.property} of {r.measure}{shown}: {r.verdict.value}."


def property_result(r) -> str:
    lines = [_text(_heading(r))]
    lines += [_latex_sentence(line) for line in r.proof]
    if r.reason:
        lines.append("Why: " + _latex_sentence(r.reason))
    if r.counterexample is not None:
        lines.append(_latex_sentence(text_render.counterexample_sentence(r.counterexample, "Counterexample: ")))
    return _paragraphs(lines)


def claim_result(r) -> str:
    lines = [_text(f"{r.id} ({r.where}): {r.verdict.value}."), _text(r.statement)]
    for k, s in enumerate(r.steps, 1):
        shown = s.derived if s.derived is not None else s.printed
        lines.append(_text(f"{k}. [{s.status.value}] ") + _latex_sentence(s.label)
                     + (f": ${tex_math(shown)}$" if shown is not None else ""))
    lines.append("Conclusion: " + _latex_sentence(r.conclusion))
    return _paragraphs(lines)


# ------------------------------------------------------------------ HTML

_UNICODE_RELATIONS = (("<->", "↔"), ("->", "→"), ("<=", "≤"), (">=", "≥"), ("!=", "≠"))


def _esc(text: str) -> str:
    """Text as HTML, the ASCII relations of the terminal's prose drawn as the symbols they are."""
    for ascii_, symbol in _UNICODE_RELATIONS:
        text = text.replace(ascii_, symbol)
    return html.escape(text, quote=False)


def _html_lines(value) -> str:
    """Proof sentences as HTML: prose in paragraphs, a proof by cases as preformatted rows
    (:func:`symmetric.render.text.prose_lines`, the terminal's table, which wraps per row)."""
    out = []
    for line in text_render.prose_lines(value, pretty.inline):
        tag = "pre" if line.startswith("  ") or line.endswith(":") and not line.startswith(("Proof", "Clause")) \
            else "p"
        out.append(f"<{tag} style='margin:0.2em 0;white-space:pre-wrap'>{_esc(line)}</{tag}>")
    return "\n".join(out)


def counterexample_html(cx) -> str:
    header, rows, rest = text_render.counterexample_rows(cx, pretty.inline, pretty.name)
    table = ""
    if rows:
        head = "".join(f"<th>{_esc(h)}</th>" for h in header)
        body = "".join("<tr>" + "".join(f"<td>{_esc(c)}</td>" for c in row) + "</tr>" for row in rows)
        table = f"<table><tr>{head}</tr>{body}</table>"
    elif cx.tables == () and not rows:
        rest = text_render.counterexample_line(cx, pretty.inline, pretty.name)
    return table + (f"<p>{_esc(rest)}</p>" if rest else "")


def property_result_html(r) -> str:
    parts = [f"<p><b>{_esc(r.property)}</b> of {_esc(r.measure)} "
             f"<small>(reading: {_esc(reading_label(r))})</small>: <b>{_esc(r.verdict.value)}</b></p>"]
    if r.proof:
        parts.append(_html_lines(r.proof))
    if r.reason:
        parts.append("<p><i>Why:</i> " + _esc(text_render.prose(r.reason, pretty.inline)) + "</p>")
    if r.counterexample is not None:
        parts.append("<p><i>Counterexample</i></p>" + counterexample_html(r.counterexample))
    return "<div class='symmetric-result'>" + "\n".join(parts) + "</div>"


def _form_text(value) -> str:
    """A step's printed or derived form on one line in Unicode (as ``symmetric show`` draws it)."""
    from ..claims.model import PrintedLatex
    if value is None:
        return ""
    if isinstance(value, PrintedLatex):
        return pretty.latex_form(value.latex, value.args)
    if hasattr(value, "value") and not hasattr(value, "free_symbols"):     # a property cell's verdict
        return str(value.value)
    return pretty.inline(value)


def claim_result_html(r) -> str:
    rows = []
    for k, s in enumerate(r.steps, 1):
        shown = s.derived if s.derived is not None else s.printed
        label = pretty.author_text(text_render.prose(s.label, pretty.inline))
        rows.append(f"<tr><td>{k}</td><td>{_esc(text_render.step_status(s.status))}</td>"
                    f"<td style='text-align:left'>{_esc(label)}</td>"
                    f"<td style='text-align:left'>{_esc(_form_text(shown))}</td></tr>")
    statement = pretty.statement_text(r.statement_latex) or r.statement
    conclusion = pretty.author_text(text_render.prose(r.conclusion, pretty.inline))
    return (f"<div class='symmetric-claim'><p><b>{_esc(r.id)}</b> ({_esc(r.where)}): <b>{_esc(r.verdict.value)}</b>"
            f"</p><p>{_esc(statement)}</p><table><tr><th></th><th>step</th><th></th><th>form</th></tr>"
            + "".join(rows) + f"</table><p><i>Conclusion:</i> {_esc(conclusion)}</p></div>")


def results_html(results, caption: str = "") -> str:
    """Several property results as ONE table: measure, property, reading, verdict and the
    reason in full (a result's own display has the whole argument)."""
    from ..logic import Verdict
    colour = {Verdict.HOLDS: "green", Verdict.FAILS: "firebrick", Verdict.UNDETERMINED: "darkmagenta"}
    by_measure: dict[str, list] = {}
    for r in results:
        by_measure.setdefault(r.measure, []).append(r)
    rows = []
    for rs in by_measure.values():
        seen = set()
        for r, why in zip(rs, text_render.short_reasons(rs, pretty.inline, cut=False)):
            star = "" if r.property in seen else " *"
            seen.add(r.property)
            rows.append(f"<tr><td>{_esc(r.measure)}</td><td>{_esc(r.property)}</td>"
                        f"<td>{_esc(reading_label(r) + star)}</td>"
                        f"<td style='color:{colour[r.verdict]}'><b>{_esc(r.verdict.value)}</b></td>"
                        f"<td style='text-align:left'>{_esc(why)}</td></tr>")
    head = "".join(f"<th>{h}</th>" for h in ("measure", "property", "reading", "verdict", "why"))
    cap = f"<caption style='caption-side:bottom;text-align:left'>{_esc(caption)}</caption>" if caption else ""
    return f"<table class='symmetric-check'>{cap}<tr>{head}</tr>" + "".join(rows) + "</table>"


for _cls, _render in ((Measure, measure), (QuantMeasure, quant_measure),
                      (PropertyResult, property_result), (ClaimResult, claim_result)):
    latex_of.register(_cls, _render)
for _cls, _render in ((PropertyResult, property_result_html), (ClaimResult, claim_result_html)):
    html_of.register(_cls, _render)
