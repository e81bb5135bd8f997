"""Bounds of an expression on a domain, and where they are attained."""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from .decide import Decision, is_positive_everywhere
from ..domain import Domain


@dataclass(frozen=True)
class BoundResult:
    holds: Decision            # bound - expr >= 0 (or > 0 when strict) everywhere
    attained: tuple            # solutions of expr == bound inside the domain (exact), if found


def upper_bound(expr: sp.Expr, bound, domain: Domain, strict: bool = False,
                solve_for: tuple[sp.Symbol, ...] = ()) -> BoundResult:
    """Decide expr <= bound (expr < bound if strict) on ``domain``; find where it is attained."""
    decision = is_positive_everywhere(sp.sympify(bound) - expr, domain, strict=strict)
    attained = ()
    if solve_for:
        solutions = sp.solve([sp.numer(sp.together(expr - bound))], list(solve_for), dict=True)
        attained = tuple(sol for sol in solutions if domain.contains(sol) is not False)
    return BoundResult(decision, attained)


def lower_bound(expr: sp.Expr, bound, domain: Domain, strict: bool = False) -> BoundResult:
    return BoundResult(is_positive_everywhere(expr - sp.sympify(bound), domain, strict=strict), ())
