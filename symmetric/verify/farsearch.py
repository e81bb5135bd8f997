"""Witnesses where they hide: before a printed inequality is left undetermined, the tables far
out and skewed (a cell large beside small ones) are searched, since a false relation often fails
only there ("MCC <= F1" fails at (TP, FP, FN, TN) = (1, 1, 7, 51), not at small balanced tables).

The search is a filter, never a verdict: floats pick the candidates, and a candidate counts only
after the exact sign of the relation's difference at that point is certified
(:func:`symmetric.checks.decide.exact_sign`), in the domain's positive coordinates, so the
witness is a point of the claim's domain.  The smallest candidates come first (the witness a
reader checks by hand)."""

from __future__ import annotations

import itertools
import math

import sympy as sp

from ..checks.decide import exact_sign

# each positive coordinate takes these values: small ones, and growing ones up to 10^4
GRID = (1, 2, 3, 4, 5, 7, 10, 15, 20, 30, 51, 70, 100, 300, 1000, 3000, 10 ** 4)
MAX_VARIABLES = 4           # 17^4 = 83521 float evaluations at most (about a second)
EXACT_TRIES = 25            # candidates re-checked exactly, smallest first


def far_witness(diff: sp.Expr, domain, strict: bool) -> dict | None:
    """A point of ``domain`` where ``diff > 0`` (``diff >= 0`` unless ``strict``) certainly
    fails, found on the grid; None when none is found (which proves nothing)."""
    e = sp.sympify(domain.to_positive(diff))
    gens = sorted(e.free_symbols, key=str)
    if not 1 <= len(gens) <= MAX_VARIABLES:
        return None
    try:
        f = sp.lambdify(gens, e, modules="math")
    except (TypeError, ValueError, SyntaxError):
        return None
    candidates = []
    for point in itertools.product(GRID, repeat=len(gens)):
        try:
            v = f(*point)
        except (ZeroDivisionError, ValueError, OverflowError, TypeError):
            continue
        if isinstance(v, complex) or not isinstance(v, (int, float)) or math.isnan(v):
            continue
        if v < 1e-12 * (1 + abs(v)):           # a violation, or too close to 0 to tell by floats
            candidates.append((sum(point), point))
    for _, point in sorted(candidates)[:EXACT_TRIES]:
        at = dict(zip(gens, map(sp.Integer, point)))
        sign = exact_sign(e.xreplace(at))
        if sign is not None and (sign < 0 or (strict and sign == 0)):
            return domain.from_positive(at)
    return None
