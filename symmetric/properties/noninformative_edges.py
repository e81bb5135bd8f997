"""Non-informative scores that branch on the output size P(S): the guard and the search.

A measure written with ``cases(...)`` can have a non-informative score whose branch depends on
P(S) (``cases(PP > PN, ...)`` switches at P(S) = 1/2).  A zero or signed derivative on each
branch then proves nothing about NIFQ, NIGQ or AW: the score can jump at the edge
(:func:`branching`, the guard).  And a narrow band of output sizes (``1/2 < PP/n < 51/100``)
holds no table of the small grid the searches enumerate, so :func:`boundary_pair` builds
non-informative tables with P(S) just below, on and just above every edge
(:func:`symmetric.checks.piecewise.boundary_points`), exactly: for P(G) = g0 and rate r,
|T| = N, TP = N g0 r, FP = N r - TP, FN = N g0 - TP, with N making every cell an integer, so
TP TN = FP FN holds.  Every value compared is the measure's own exact value at the table.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from functools import lru_cache

import sympy as sp

from ..checks.piecewise import boundary_points, jumps_in
from ..measures.base import Measure
from ..space import g, s
from .tables import compare_exact, exact_value, param_grid

JUMPS = ("the non-informative score branches on P(S) (a cases() condition not settled on the domain), "
         "so a derivative on each branch is no proof: it can jump between branches")

_G_SAMPLES = (sp.Rational(1, 2), sp.Rational(1, 3), sp.Rational(2, 3), sp.Rational(1, 5), sp.Rational(4, 5))
_S_SAMPLES = (sp.Rational(1, 4), sp.Rational(1, 2), sp.Rational(3, 4))


def branching(form: sp.Expr) -> bool:
    """Does the non-informative ``form`` (in P(G), P(S)) jump between branches as P(S) moves?"""
    return jumps_in(form, s)


@lru_cache(maxsize=1024)      # NIFQ's and NIGQ's readings tidy the same scores (a pure function)
def tidy(e: sp.Expr, how=sp.factor) -> sp.Expr:
    """``how(e)`` for a proof line, or ``e`` itself where sympy cannot (cancel and factor
    recurse without end on a Max of a Piecewise)."""
    try:
        return how(e)
    except (RecursionError, sp.PolynomialError, ValueError, TypeError):
        return e


def boundary_pair(measure: Measure, score: sp.Expr, params: dict, wanted: Callable[[int], bool]):
    """(params, smaller, larger, v1, v2): two non-informative outputs of one test set, P(S) on
    or around the edges of ``score``'s branches, whose oriented exact score difference has a
    sign ``wanted`` accepts; or None."""
    form = score.subs(params)
    for g0 in _G_SAMPLES:
        edges = boundary_points(form.subs(g, g0), s)
        if not edges:
            continue
        rates = sorted(set(edges) | set(_S_SAMPLES))
        size = sp.ilcm(*[sp.Rational(x).q for r in rates for x in (g0, r, g0 * r)])
        rows = []
        for r in rates:
            tp, pp, ap = size * g0 * r, size * r, size * g0
            t = tuple(int(v) for v in (tp, pp - tp, ap - tp, size - pp - ap + tp))
            value = exact_value(measure, t, params)
            if value is not None:
                rows.append((t, value))
        for (t1, v1), (t2, v2) in itertools.combinations(rows, 2):
            sign = compare_exact(v2, v1)
            if sign is not None and wanted(measure.orientation * sign):
                return params, t1, t2, v1, v2
    return None


def search(measure: Measure, score: sp.Expr, kind: str, wanted: Callable[[int], bool]):
    """:func:`boundary_pair` over every sampled parameter setting, as ``(kind, params, t1, t2,
    v1, v2)`` (the shape of the table searches' refutations), or None."""
    for params in param_grid(measure):
        found = boundary_pair(measure, score, params, wanted)
        if found:
            return (kind, *found)
    return None
