"""Output-size calculus for non-informative outputs, and limits at the trivial outputs.

A non-informative output is fixed by P(S) once the test set (P(G)) is fixed, so "how does
the score of random outputs change with their size" is the sign of d/dP(S) of the
non-informative score.  Limits P(S) -> 0+ and P(S) -> 1- give the zero and placebo outputs.
"""

from __future__ import annotations

import sympy as sp

from ..domain import Domain
from ..space import s


def size_derivative(noninformative_score: sp.Expr) -> sp.Expr:
    """d/dP(S) of a non-informative score, as one fraction."""
    return sp.together(sp.diff(noninformative_score, s))


def thresholds(derivative: sp.Expr, parameter: sp.Symbol) -> list[sp.Expr]:
    """Values of ``parameter`` at which the size derivative vanishes, free of P(S)."""
    numerator = sp.factor(sp.fraction(sp.together(derivative))[0])
    return [sp.simplify(r) for r in sp.solve(numerator, parameter) if not r.has(s)]


def limit_in_domain(expr: sp.Expr, variable: sp.Symbol, point, direction: str, domain: Domain) -> sp.Expr:
    """lim_{variable -> point} expr, the other variables ranging over ``domain``.

    The other variables are first replaced by their positive reparametrisation so that sympy
    knows, for instance, that 1 - alpha > 0 when 0 < alpha < 1; the result is mapped back."""
    others = {k: v for k, v in domain.reparam.items() if k != variable}
    value = sp.limit(expr.subs(others, simultaneous=True), variable, point, direction)
    inverse = dict(domain.inverse)
    return sp.simplify(value.subs(inverse)) if inverse else value
