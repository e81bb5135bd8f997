"""What ``symmetric check --kind quantification`` needs (the command itself lives on the CLI side).

Writing a measure
-----------------
A user measure is a *decomposable* error measure: one expression ``t`` in the per-class symbols

* ``p`` -- the true prevalence of a class,
* ``q`` -- the predicted prevalence of the same class,
* ``n`` -- the number of classes |C|,

and the measure is E(p, p^) = sum over the classes c of t(p(c), p^(c), n).  Examples:
``abs(q - p)/n`` is AE, ``(q - p)**2/n`` is SE, ``p*log(p/q)`` is KLD, ``(p - q)**2/(2*q)`` is
PD.  The same expression serves the binary codeframe (n = 2) and any |C|-class codeframe.
Normalised or transformed measures (NAE, NRAE, NKLD) are available by catalogue name only;
smoothing is not applied to user measures (the proofs are made on 0 < p, q < 1; prevalences
0 and 1 are searched for witnesses, see :mod:`.endpoints`).  A ``cases(...)`` condition that
only a prevalence of 0 could tell apart is refused rather than silently settled.
"""

from __future__ import annotations

import sympy as sp

from ..errors import InputError
from ..logic import Verdict
from ..evidence import PropertyResult
from . import measures as qm
from .distributions import n, p, q
from .definedness import undefined_somewhere
from .endpoints import with_endpoints
from .properties import PROPERTY_ORDER, check_all

# User text is parsed with prevalences that may be 0, so that sympy does not settle a cases()
# condition such as q = 0 or q > 0 by the positivity of the checkers' symbols while parsing
# (that silently dropped or kept branches); build_measure then moves to the checkers' symbols.
_P0 = sp.Symbol("p", nonnegative=True)
_Q0 = sp.Symbol("q", nonnegative=True)
_TO_CHECKED = {_P0: p, _Q0: q}

SYMBOLS: dict[str, sp.Symbol] = {"p": _P0, "q": _Q0, "n": n}
"""The names a user expression may use (for the whitelist parser)."""


def _on_checked_domain(expr: sp.Expr, source: str | None) -> sp.Expr:
    """The term on positive prevalences; refuses a branch that positivity alone would settle,
    since that silently changes the measure at a prevalence of 0 (a vertex MAX looks at)."""
    for piecewise in expr.atoms(sp.Piecewise):
        for _, condition in piecewise.args:
            if condition in (sp.true, sp.false):
                continue
            if condition.xreplace(_TO_CHECKED) in (sp.true, sp.false):
                raise InputError(f"cases(): the condition {condition} only distinguishes a prevalence of 0; "
                                 "user measures are checked for prevalences 0 < p, q < 1 (and the "
                                 "vertices q = 0, 1 as limits of them), so the branch would be silently "
                                 "dropped or kept; write the measure without it", source=source)
    return expr.xreplace(_TO_CHECKED)


def build_measure(expr: sp.Expr, name: str = "user", *, source: str | None = None) -> qm.QuantMeasure:
    """A measure object from a parsed per-class term (see the module doc)."""
    expr = _on_checked_domain(sp.sympify(expr), source)
    unknown = sorted(str(s) for s in expr.free_symbols if s not in {p, q, n})
    if unknown:
        raise InputError(f"unknown symbol(s) {', '.join(unknown)}; a quantification measure is a per-class "
                         "term in p (true prevalence), q (predicted prevalence) and n (|C|)", source=source)
    if q not in expr.free_symbols:
        raise InputError("the measure does not depend on the prediction q", source=source)
    return qm.QuantMeasure(name, name, expr)


def catalogue_measure(name: str) -> qm.QuantMeasure:
    """A catalogue measure by (case-insensitive) name; unknown names raise UnknownNameError."""
    return qm.get(name)


def non_real_point(measure: qm.QuantMeasure) -> tuple[sp.Rational, sp.Rational, sp.Expr] | None:
    """A binary point (p(c1), p^(c1)) on the grid k/10 where E is certainly not a real number
    (sqrt(q - 2*p) at q < 2p) or undefined (nan: the term as written is undefined there, e.g.
    ``0*log(q - p)`` at q <= p, see :mod:`symmetric.parse.obligations`), or None.  sympy's
    is_extended_real is False only when decided."""
    from .distributions import Distribution
    grid = [sp.Rational(k, 10) for k in range(1, 10)]
    for true_first in grid:
        for predicted_first in grid:
            value = measure.value(Distribution.binary(true_first), Distribution.binary(predicted_first))
            if value.is_extended_real is False or value.has(sp.nan, sp.zoo):
                return true_first, predicted_first, value
    return None


def run_all(measure: qm.QuantMeasure, smoothing=None) -> dict[str, PropertyResult]:
    """Every property checker (IoI, NN, MAX, MON, IMP, REL, ABS, IND, B-MON, B-IMP, B-REL, B-ABS).

    The properties are about real-valued measures: a user term that is not real somewhere on
    the domain (a square root of a negative number) gets no verdict, with the point as reason,
    rather than proofs of identities that hold only as complex algebra."""
    bad = non_real_point(measure)
    if bad is not None:
        true_first, predicted_first, value = bad
        why = (f"E is undefined or not a real number at p(c1) = {true_first}, p^(c1) = {predicted_first} "
               f"(E = {value}); the properties are stated for measures real-valued on the whole domain")
        return {name: PropertyResult(name, measure.name, Verdict.UNDETERMINED, (), None, why)
                for name in PROPERTY_ORDER}
    # off the grid: every denominator and logarithm proved safe on the whole domain, or no verdict
    undefined = undefined_somewhere(measure.term)
    if undefined is not None:
        why = f"{undefined.reason()}; the properties are stated for measures defined on the whole domain"
        return {name: PropertyResult(name, measure.name, Verdict.UNDETERMINED, (), None, why)
                for name in PROPERTY_ORDER}
    return with_endpoints(measure, check_all(measure, smoothing))
