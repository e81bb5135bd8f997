"""LaTeX output: one ``.tex`` file per claim (to ``\\input`` in a paper) and a main document.

Templates live in ``templates/`` and use LaTeX-safe jinja2 delimiters (``((* *))`` blocks,
``((( )))`` variables) so that braces in the templates stay plain LaTeX.  Prose is plain text
or a :class:`~symmetric.evidence.Sentence` (an author's ``$...$`` is kept as mathematics);
:func:`tex_text` escapes the text and typesets each slot.  A step's printed and derived forms
(sympy objects, an author's :class:`~symmetric.claims.model.PrintedLatex`, a property cell's
verdict) become LaTeX in :func:`tex_math`: this is the only place a claim's mathematics is
turned into LaTeX.
Output is deterministic (no timings, no dates) so the committed files can be golden-checked.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

import jinja2
import sympy as sp
from fractions import Fraction

from ..claims.model import ClaimResult, PrintedLatex
from ..evidence import ContingencyTable, Sentence, _Slot
from ..logic import Verdict
from ..errors import InputError
from .escape import safe_file_name, safe_math, tex_escape, tex_user_text
from .notation import to_latex
from .text import join_sentences, plain, step_status

TEMPLATES = Path(__file__).with_name("templates")
MAIN_NAME = "proofs"

def _prose(text: str) -> str:
    """Escape plain text, passing ``$...$`` segments through as mathematics."""
    parts = re.split(r"(\$[^$]+\$)", text)
    # mathematics that could run TeX commands beyond plain formulae is shown as text (escape.py)
    return "".join(p if p.startswith("$") and p.endswith("$") and len(p) > 1 and safe_math(p[1:-1])
                   else tex_escape(p) for p in parts)


def math(value) -> str:
    """One mathematical object (a slot of a sentence) in LaTeX, through the notation table."""
    if value is None:
        return r"\text{undefined}"
    if isinstance(value, ContingencyTable):
        return (r"(\mathrm{TP}, \mathrm{FP}, \mathrm{FN}, \mathrm{TN}) = "
                f"({value.TP}, {value.FP}, {value.FN}, {value.TN})")
    if isinstance(value, tuple):
        return "(" + ", ".join(math(v) for v in value) + ")"
    if isinstance(value, str):
        return rf"\text{{{tex_escape(value)}}}"
    if isinstance(value, Fraction):
        value = sp.Rational(value.numerator, value.denominator)
    return to_latex(value)


def tex_text(text: "Sentence | str | None") -> str:
    """A sentence (or plain text) in LaTeX: the prose escaped, each slot as mathematics."""
    if not text:
        return ""
    if isinstance(text, (tuple, list)):     # several sentences, read one after another
        return join_sentences(tex_text(t) for t in text if t)
    if isinstance(text, str):
        return _prose(text)
    return "".join(f"${math(part.value)}$" if isinstance(part, _Slot) else _prose(part)
                   for part in text.parts())


def result_text(text: "Sentence | str | None") -> str:
    """A proof line or reason of a check result: a sentence is the project's prose with slots;
    a plain string (an error message, which may quote the user's input) is user text."""
    if isinstance(text, str):
        return tex_user_text(text)
    return tex_text(text)


def tex_math(value) -> str:
    """A step's printed or derived form (a sympy object, a :class:`PrintedLatex` literal, or the
    verdict of a property cell) as LaTeX for display maths."""
    if value is None:
        return ""
    if isinstance(value, PrintedLatex):
        if not safe_math(value.latex):      # written by hand (a claims file): shown, never run
            return r"\text{" + tex_user_text(value.latex) + "}"
        if not value.args:
            return value.latex
        return value.latex.format(*(tex_math(a) for a in value.args))
    if isinstance(value, Verdict):
        return value.value
    if isinstance(value, Fraction):
        value = sp.Rational(value.numerator, value.denominator)
    return to_latex(value)


def label_of(claim_id: str) -> str:
    return "claim:" + claim_id


def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        block_start_string="((*", block_end_string="*))",
        variable_start_string="(((", variable_end_string=")))",
        comment_start_string="((#", comment_end_string="#))",
        trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined, autoescape=False)
    env.filters["text"] = tex_text
    env.filters["user"] = tex_user_text      # a user's string (a measure name): literal text only
    env.filters["result_text"] = result_text
    env.filters["math"] = tex_math
    env.filters["label"] = label_of
    env.filters["status"] = step_status
    env.filters["plain"] = plain
    env.globals["Verdict"] = Verdict
    return env


def render_claim(result: ClaimResult) -> str:
    return _environment().get_template("claim.tex.j2").render(r=result)


def render_template(name: str, **context) -> str:
    """Render any template of ``templates/`` with the LaTeX-safe delimiters and filters."""
    return _environment().get_template(name).render(**context)


def render_main(claim_ids: Iterable[str], title: str = "symmetric: checked derivations") -> str:
    return _environment().get_template("main.tex.j2").render(ids=list(claim_ids), title=title)


MACROS = "symmetric-macros.tex"


def claim_file_name(claim_id: str) -> str:
    return f"{claim_id}.tex"


def document_files(results: Iterable[ClaimResult], all_ids: Iterable[str], name: str = MAIN_NAME,
                   title: str = "symmetric: checked derivations") -> dict[str, str]:
    """Every file of the LaTeX output (file name -> text): one fragment per claim result, the
    main document that inputs every claim of ``all_ids``, and the macro file they use.  The
    caller writes them as a unit (render.files.write_files)."""
    all_ids = list(all_ids)
    for claim_id in [r.id for r in results] + all_ids:    # ids become file names and \input arguments
        if not safe_file_name(claim_id):
            raise InputError(f"claim id {claim_id!r} cannot name a file: use letters, digits and _ . + - only")
    files = {claim_file_name(r.id): render_claim(r) for r in results}
    files[MACROS] = (TEMPLATES / MACROS).read_text(encoding="utf-8")
    files[f"{name}.tex"] = render_main(all_ids, title)
    return files


def property_result(result) -> str:
    """One property result as a LaTeX paragraph (verdict, argument, counterexample, reason)."""
    lines = [rf"\textbf{{{tex_escape(result.property)}}}: {tex_escape(result.verdict.value)}."]
    lines += [result_text(line) for line in result.proof]
    if result.counterexample is not None:
        from .text import counterexample_line
        lines.append("Counterexample: " + tex_escape(counterexample_line(result.counterexample)))
    if result.reason:
        lines.append(r"\emph{" + result_text(result.reason) + "}")
    return "\n".join(lines) + "\n"


def of(obj) -> str:
    """LaTeX of a result or of a mathematical object."""
    from ..evidence import PropertyResult
    if isinstance(obj, PropertyResult):
        return property_result(obj)
    if isinstance(obj, ClaimResult):
        return render_claim(obj)
    if isinstance(obj, Sentence):
        return tex_text(obj)
    return math(obj)
