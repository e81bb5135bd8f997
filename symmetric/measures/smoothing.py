"""Smoothing as transformations of measures (Amigo et al., Section 5).

* :func:`laplace` adds one to every contingency cell of the count form (Table 4).
* :func:`noninformative_smoothing` re-estimates every conditional probability with the
  non-informative prior of Section 5.2, weighted like Laplace's correction:
  P(S|G) = (|S and G| + 2 P(S))/(|G| + 2), P(G|S) = (|S and G| + 2 P(G))/(|S| + 2), ...
  with P(G) = |G|/|T| and P(S) = |S|/|T| observed.  It needs the measure's probability form.
"""

from __future__ import annotations

from dataclasses import replace

import sympy as sp

from .. import space
from ..errors import InputError
from .base import Measure
from ..space import AN, AP, FN, FP, NG, NS, PN, PP, TN, TP, G, Joint, Pr, S

_LAPLACE = {cell: cell + 1 for cell in space.CELLS}


def laplace(measure: Measure) -> Measure:
    counts = measure.count_form.subs(_LAPLACE, simultaneous=True)
    order = measure.order_form
    return replace(measure, name=f"{measure.name}_smL", title=f"{measure.title}, Laplace-smoothed",
                   counts=counts, probs=None, aliases=(), count_scale=sp.Integer(1),
                   rank_probs=None,
                   rank_counts=order.subs(_LAPLACE, simultaneous=True) if order is not None else None,
                   source="Amigo et al., Section 5.1 (Laplace's correction)")


def _total():
    return TP + FP + FN + TN


# Smoothed estimate of P(X | Y) for X a positive event; complements are 1 - estimate.
# (numerator count, denominator count, prior): (|X and Y| + 2 prior)/(|Y| + 2).
_SMOOTHED = {
    (S, G): (TP, AP, PP),     # P(S|G)      prior P(S)
    (S, NG): (FP, AN, PP),    # P(S|not G)  prior P(S)
    (G, S): (TP, PP, AP),     # P(G|S)      prior P(G)
    (G, NS): (FN, PN, AP),    # P(G|not S)  prior P(G)
}


def smoothed_conditional(x, y) -> sp.Expr:
    """The non-informatively smoothed estimate of P(x | y), in counts."""
    if (x, y) in _SMOOTHED:
        cell, given, prior = _SMOOTHED[(x, y)]
        return (cell + 2 * prior / _total()) / (given + 2)
    return 1 - smoothed_conditional(space.COMPLEMENT[x], y)


def _smoothed_atom(x, y=None):
    counts = {G: AP, NG: AN, S: PP, NS: PN}
    if y is None:
        return counts[x] / _total()
    return smoothed_conditional(x, y)


def _smoothed_joint(x, y):
    system, gold = (x, y) if x in space.SYSTEM_EVENTS else (y, x)
    return smoothed_conditional(gold, system) * _smoothed_atom(system)


def apply_noninformative_smoothing(expr: sp.Expr) -> sp.Expr:
    return expr.replace(Pr, _smoothed_atom).replace(Joint, _smoothed_joint)


def noninformative_smoothing(measure: Measure) -> Measure:
    if measure.probs is None:
        raise InputError(f"measure {measure.name!r} has no probability form; non-informative "
                         "smoothing re-estimates conditional probabilities and needs one")
    counts = apply_noninformative_smoothing(measure.probs) * measure.count_scale
    rank = apply_noninformative_smoothing(measure.rank_probs) if measure.rank_probs is not None else None
    return replace(measure, name=f"{measure.name}_smN",
                   title=f"{measure.title}, non-informatively smoothed",
                   counts=counts, probs=None, aliases=(), count_scale=sp.Integer(1),
                   rank_probs=None, rank_counts=rank,
                   source="Amigo et al., Section 5.2 (non-informative smoothing)")
