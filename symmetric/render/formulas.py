"""A measure's formula for display: ``M = ...`` (classification) or ``E(p, p^) = sum ...``
(quantification), as plain text with ``$...$`` mathematics for :func:`.latex.tex_text`.

One function per kind of measure, looked up by the kind's name in :data:`FORMULAS`; a
formula too long to typeset usefully (400 characters of LaTeX or more) is left out ("").
"""

from __future__ import annotations

from collections.abc import Callable

import sympy as sp

from .notation import to_latex
from .written_form import measure_written_latex

_LONGEST = 400


def classification_formula(measure) -> str:
    """The formula as the user typed it (its structure kept: written_form.py), then, when it
    reads differently, the count form the checkers work on; a catalogue measure's count form."""
    latex = to_latex(measure.count_form)     # the notation table: upright TP, FP, FN, TN
    derived = f"$M = {latex}$" if len(latex) < _LONGEST else ""
    written = measure_written_latex(measure)
    if written is None or len(written) >= _LONGEST:
        return derived
    if not derived or written.replace(" ", "") == latex.replace(" ", ""):
        return f"$M = {written}$"
    return f"$M = {written}$, as written; in the cells, as checked: {derived}"


def quantification_formula(measure) -> str:
    """E as a sum of per-class terms (and its outer transformation), plain text with $...$."""
    # imported here: a classification check needs none of the quantification modules
    from ..quantification.distributions import n, p, q
    from ..quantification.measures import R
    names = {p: "p(c)", q: r"\hat{p}(c)", n: "|C|"}
    term = sp.latex(measure.term, symbol_names=names)
    if len(term) >= _LONGEST:
        return ""
    total = r"\sum_{c \in C} " + (rf"\left({term}\right)" if isinstance(measure.term, sp.Add) else term)
    if measure.outer == R:
        text = rf"$E(p, \hat{{p}}) = {total}$."
    else:
        text = rf"$E(p, \hat{{p}}) = {sp.latex(measure.outer)}$ with $R = {total}$"
        text += (" and M the value of R at the perverse estimator." if measure.uses_maximum else ".")
    if measure.smoothed:
        text += " The measure is defined on additively smoothed prevalences."
    if measure.reconstruction:
        text += " " + measure.reconstruction
    return text


FORMULAS: dict[str, Callable[[object], str]] = {
    "classification": classification_formula,
    "quantification": quantification_formula,
}


def formula(kind: str, measure) -> str:
    """The formula of ``measure``, a measure of ``kind`` (a kind's name); "" if none."""
    display = FORMULAS.get(kind)
    return display(measure) if display else ""
