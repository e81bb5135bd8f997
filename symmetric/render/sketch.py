"""Paste-ready proof sketches (``symmetric check --sketch``): per measure and property, the
argument in the style of a paper's appendix, for ``\\input`` after ``symmetric-macros.tex``.

A sketch states the claim (the measure, the property's definition and source, the reading),
then proves it as an appendix would: the cases that matter as a table of faces with each
case's decisive quantity Δ and its certificate under it (at most :data:`SKETCH_ROWS` rows, the
faces with the most positive cells first, the others said to be alike: the full report has
them all), the conditionless steps (a derivative identically 0, a trivial output's score) with
their Δ, and the tables left out because the measure is undefined there.  A failure gives its
exact counterexample, an undetermined verdict its reason.  The cross-check's record (numeric
evidence, not part of the proof) is left out.
"""

from __future__ import annotations

from dataclasses import replace

from ..evidence import CaseStep, PropertyResult
from ..logic import Verdict
from ..properties import catalogue
from ..properties.sebastiani.definedness import UNDEFINED_HOW
from . import formulas
from .cases import CELL_NAMES, ENTRY_LABELS, FaceRow, segments
from .escape import tex_user_text
from .latex import counterexample_table, tex_escape, tex_text
from .texmath import tex_condition_table, tex_face_table, tex_lines

# the faces shown in a sketch's table; more are said to be alike (half a page holds about this)
SKETCH_ROWS = 4
# the methods of steps that leave tables out rather than prove something there
EXCLUDED = ("excluded", UNDEFINED_HOW)
INTRO = (r"Case by case (a face of the table: each cell $0$, positive, or any), the decisive quantity $\Delta$ "
         r"is written as one fraction and its sign or identity certified; an independent checker re-verified "
         r"every certificate.")
VERDICT_WORDS = {Verdict.HOLDS: "satisfies", Verdict.FAILS: "does not satisfy",
                 Verdict.UNDETERMINED: "is not decided for"}


def _definition(result: PropertyResult, kind: str) -> tuple[str, str]:
    try:
        p = catalogue.named(result.property, kind)
    except (KeyError, LookupError, ValueError):
        return "", ""
    return p.definition, p.source


def _face_text(row: FaceRow) -> str:
    entries = ", ".join(ENTRY_LABELS[e][0].replace("any", r"\text{any}").strip("$") for e in row.entries)
    return "$(" + ", ".join(r"\mathrm{" + c + "}" for c in CELL_NAMES) + f") = ({entries})$"


def _excluded_sentence(steps) -> str:
    """The tables left out (the measure undefined there), as faces."""
    faces = [_face_text(row) for segment in segments(list(steps)) if isinstance(segment, list)
             for row in segment if isinstance(row, FaceRow)]
    loose = [s for s in steps if not isinstance(s, CaseStep) or not s.condition]
    if not faces and not loose:
        return ""
    where = "; ".join(faces) if faces else tex_lines(loose)
    return (r"\par\noindent\emph{Left out} (the measure is undefined on every such table, confirmed in exact "
            rf"arithmetic): {where}.")


def _cases(steps) -> str:
    """The proved steps: face tables cut to SKETCH_ROWS rows (the most positive cells first),
    other lines as they are."""
    pieces, hidden, uncertified = [], 0, 0
    for segment in segments(list(steps)):
        if isinstance(segment, list) and segment and isinstance(segment[0], FaceRow):
            ranked = sorted(segment, key=lambda row: -sum(">0" in e or ">1" in e for e in row.entries))
            # a certified row's reason is its Δ line, said under it: the column is left empty
            shown = [replace(row, how="") if row.certificate is not None else row
                     for row in segment if row in ranked[:SKETCH_ROWS]]
            hidden += len(segment) - len(shown)
            uncertified += sum(1 for row in segment if row not in ranked[:SKETCH_ROWS]
                               and not getattr(row.certificate, "checkable", False))
            pieces.append("\n".join(tex_face_table(shown)))
        elif isinstance(segment, list):
            pieces.append("\n".join(tex_condition_table(segment)))
        else:
            pieces.append(tex_text(segment))
    if hidden:
        # say how the hidden cases were proved: "alike" must not promise certificates z3 alone stands for
        solver = ("" if not uncertified else
                  rf"; {uncertified} of them rest on the SMT solver alone (z3, unsat), with no certificate")
        pieces.append(rf"The other {hidden} case{'s are' if hidden > 1 else ' is'} proved the same way: on each face "
                      r"$\Delta$ is written as one fraction and its sign decided" + solver + r" (every certificate is "
                      r"re-verified by the independent checker; \texttt{symmetric check --details} lists them all).")
    return "\n\n".join(p for p in pieces if p)


def _display(latex: str) -> str:
    """A formula that is one piece of mathematics set as a display (a cases() inline runs into
    the margin); anything else (a written form and its count form) stays inline."""
    if latex.count("$") == 2 and latex.startswith("$") and latex.endswith("$"):
        return r"\[" + latex[1:-1] + r".\]"
    return latex + "."


def sketch(kind: str, measure, result: PropertyResult) -> str:
    """The LaTeX sketch of one result (a claim environment and its proof)."""
    definition, source = _definition(result, kind)
    name = tex_user_text(measure.name)
    reading = "" if result.reading in ("", "as defined") else rf" (reading: {tex_escape(result.reading)})"
    formula = formulas.formula(kind, measure)
    statement = (rf"{name} {VERDICT_WORDS[result.verdict]} {tex_escape(result.property)}{reading}"
                 + (rf", the requirement that {tex_escape(definition)}" if definition else "") + "."
                 + (rf" \emph{{Source:}} {tex_escape(source)}." if source else ""))
    out = [f"% symmetric check --sketch: {measure.name}, {result.property}",
           rf"\begin{{symclaim}}{{{tex_escape(measure.name)}-{tex_escape(result.property)}}}"
           rf"{{{name}, {tex_escape(result.property)}}}",
           statement + (" Here " + _display(tex_text(formula)) if formula else ""), r"\end{symclaim}"]
    argument = [line for line in result.argument()]
    if result.verdict is Verdict.HOLDS:
        steps = [s for s in argument if isinstance(s, CaseStep)]
        proved = [s for s in steps if s.how not in EXCLUDED]
        left_out = [s for s in steps if s.how in EXCLUDED]
        body = (INTRO + "\n\n" + _cases(proved)) if proved else tex_lines(argument)
        body += _excluded_sentence(left_out)
    elif result.verdict is Verdict.FAILS and result.counterexample is not None:
        cx = result.counterexample
        body = ((tex_text(cx.description) if cx.description else "The property fails at these tables:") + "\n\n"
                + counterexample_table(cx)
                + r"\par\noindent Every value is computed exactly (rational arithmetic) from the formula as written.")
    else:
        body = tex_text(result.reason) if not isinstance(result.reason, str) else tex_user_text(result.reason)
    out += [r"\begin{proof}[Proof sketch]" if result.verdict is Verdict.HOLDS else r"\begin{proof}[Why]",
            body, r"\end{proof}", ""]
    return "\n".join(out)


def sketches(kind: str, measure, results) -> str:
    """One sketch per property of one measure (in its headline reading: the first result of
    each property), one after another."""
    first = {}
    for r in results:
        first.setdefault(r.property, r)
    return "\n".join(sketch(kind, measure, r) for r in first.values())


def sketch_files(results, report_names) -> dict[str, str]:
    """``sketch-<measure>.tex`` per measure (name -> text) for ``results`` = [(kind name, measure,
    property results)], named after the measure's report (``check-<measure>.tex``)."""
    return {"sketch-" + name[len("check-"):]: HEADER + sketches(kind, m, rs)
            for name, (kind, m, rs) in zip(report_names, results)}


HEADER = ("% Proof sketches written by `symmetric check --sketch`: \\input this file after "
          "symmetric-macros.tex.\n")
