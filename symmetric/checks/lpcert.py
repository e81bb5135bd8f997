"""A multiplier found by linear arithmetic: value = R + M b with R of positive coefficients and
M of nonnegative ones, where the greedy cancellation (:func:`.certify._where_negative`) finds none.

M ranges over every monomial up to degree deg(value) - deg(b); the coefficientwise conditions
R = value - M b >= 0 are linear in M's coefficients, a feasibility problem z3 solves exactly over
the rationals (linear real arithmetic: no rounding, and no further dependency).  z3 only *finds*
M: the caller checks R and M exactly, and the kernel (:mod:`symmetric.kernel`) again.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import lru_cache

import sympy as sp

MAX_UNKNOWNS = 400          # monomials of M: beyond this the search costs more than it is worth
TIMEOUT_MS = 2000


def multiplier(value: sp.Poly, b: sp.Poly) -> sp.Expr | None:
    """M >= 0 (coefficientwise) with value - M b >= 0 coefficientwise, or None."""
    found = _solved(tuple(value.terms()), tuple(b.terms()), len(value.gens))
    if found is None:
        return None
    out = sp.Integer(0)
    for mu, c in found:
        out += sp.Rational(c.numerator, c.denominator) * sp.Mul(*(g ** e for g, e in zip(value.gens, mu)))
    return out


# The problem is its exponents and coefficients alone (the unknowns are named by position): the
# same polynomials in other variables (a property's checker in TP, FP, FN, TN, another's in their
# shifted forms) are the same problem with the same answer, found once per process.
@lru_cache(maxsize=256)
def _solved(value_terms: tuple, b_terms: tuple, n: int) -> tuple | None:
    """((exponents, Fraction), ...) of M's nonzero coefficients, or None."""
    import z3           # here, not at the top: a check that never needs z3 does not load it at start-up
    if not (value_terms and b_terms):       # a zero polynomial (Poly.total_degree: -oo)
        return None
    degree = max(sum(m) for m, _ in value_terms) - max(sum(m) for m, _ in b_terms)
    if degree < 0:
        return None
    unknowns = [e for e in itertools.product(range(degree + 1), repeat=n) if sum(e) <= degree]
    if len(unknowns) > MAX_UNKNOWNS:
        return None
    m = [z3.Real(f"m{j}") for j in range(len(unknowns))]
    rows: dict = {}
    for j, mu in enumerate(unknowns):
        for bm, bc in b_terms:
            rows.setdefault(tuple(x + y for x, y in zip(mu, bm)), []).append((j, bc))
    constant = dict(value_terms)
    solver = z3.Solver()
    solver.set("timeout", TIMEOUT_MS)
    solver.add(*(x >= 0 for x in m))
    for monom in set(rows) | set(constant):       # R's coefficient at monom: value's minus (M b)'s
        c = constant.get(monom, 0)
        solver.add(z3.Sum([m[j] * z3.RealVal(str(bc)) for j, bc in rows.get(monom, [])] or [z3.RealVal(0)])
                   <= z3.RealVal(str(c)))
    if solver.check() != z3.sat:
        return None
    model = solver.model()
    out = []
    for x, mu in zip(m, unknowns):
        v = model.eval(x, model_completion=True)
        c = Fraction(v.numerator_as_long(), v.denominator_as_long())
        if c:
            out.append((mu, c))
    return tuple(out)
