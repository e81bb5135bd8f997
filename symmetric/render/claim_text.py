"""``symmetric show``'s text: one claim's derivation step by step, its mathematics drawn in
Unicode (sympy objects through the pretty printer, an author's $...$ LaTeX in a sentence through
its text rules) or, with ``as_latex``, as the LaTeX source the proofs use."""

from __future__ import annotations

import sympy as sp

from ..claims.model import ClaimResult, PrintedLatex
from . import latex as latex_render
from . import text as text_render
from .texmath import derived_form


def lines(r: ClaimResult, as_latex: bool = False) -> list[str]:
    """The lines of ``r`` as `show` prints them (each may hold a line break of its own)."""
    from . import pretty   # sympy's pretty printer: loaded only for show
    out: list[str] = []
    # the terminal draws mathematics in Unicode: sympy objects through the pretty printer, an
    # author's $...$ LaTeX in a sentence (a check, a note) through its text rules
    prose = latex_render.tex_text if as_latex else \
        (lambda value: pretty.author_text(text_render.prose(value, pretty.inline)))

    def form(value, printed: bool) -> str:
        if as_latex:
            return latex_render.tex_math(value, printed=printed)
        if isinstance(value, sp.Basic):
            # a derived form as the LaTeX shows it (its shortest exact equivalent when long)
            return pretty.to_unicode(value if printed else derived_form(value), complements=not printed)
        if isinstance(value, PrintedLatex):
            return pretty.latex_form(value.latex, value.args, complements=not printed)
        return text_render.form(value)

    def block(label: str, value) -> None:
        rows = form(value, label == "printed:").splitlines() or [""]
        if len(rows) == 1:
            out.append(f"     {label} {rows[0]}")
            return
        out.append(f"     {label}")
        for line in rows:
            out.append(f"         {line}")

    out.append(f"{r.id}  ({r.paper}, {r.where})")
    statement = (r.statement_latex or latex_render.tex_text(r.statement)) if as_latex else \
        (pretty.statement_text(r.statement_latex) or r.statement)
    out.append(f"statement: {statement}\n")
    for note in r.source_notes:
        out.append(f"about the source: {prose(note)}")
    for note in r.notes:
        out.append(f"note: {prose(note)}")
    for k, s in enumerate(r.steps, 1):
        label = latex_render.tex_text(s.label) if as_latex else prose(s.label)
        out.append(f"{k}. [{text_render.step_status(s.status)}] {label}")
        if s.printed is not None:
            block("printed:", s.printed)
        if s.derived is not None:
            block("derived:", s.derived)
        if s.justification:
            # a proof by cases is a table, a line per row, under the rest of the check
            checks = [latex_render.tex_text(s.justification)] if as_latex else \
                [pretty.author_text(line) for line in text_render.prose_lines(s.justification, pretty.inline)]
            out.append(f"     check:   {checks[0]}")
            for line in checks[1:]:
                out.append(f"              {line}")
    out.append(f"\nconclusion: {prose(r.conclusion)}")
    if r.corrected_statement:
        out.append(f"corrected statement: {prose(r.corrected_statement)}")
    if r.counterexample:
        if as_latex:
            out.append(f"counterexample: {latex_render.counterexample_table(r.counterexample)}")
        else:
            line = text_render.counterexample_line(r.counterexample, pretty.inline, pretty.name)
            out.append(f"counterexample: {pretty.author_text(line)}")
    if r.reason:
        out.append(f"why: {prose(r.reason)}")
    out.append(f"verdict: {r.verdict.value}")
    return out
