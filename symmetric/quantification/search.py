"""Exact counterexample searches on the binary codeframe.

The searches walk rational grids of prevalences (bounds in :mod:`symmetric.config`).  A float
evaluation ranks the candidates (evidence only, never proof); the best ones are re-checked in
exact arithmetic (:func:`certified`, logarithms certified by ``exact_sign``) and only a
certified one becomes a :class:`~symmetric.evidence.Counterexample`, with the exact values.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import sympy as sp

from ..checks.decide import exact_sign
from ..config import settings
from ..evidence import Counterexample, QuantValue
from .distributions import p, q
from .measures import R, QuantMeasure

# how a float gap must look for a candidate to be worth an exact re-check: '<=' admits equality
# (a strict inequality that should hold and does not); for '!=' a float gap at rounding level is
# no evidence of a difference (equal values would only be re-checked exactly to find 0), so it
# must exceed the same 1e-12
ROUNDING = 1e-12
_SCORE = {">": lambda gap: gap, "<": lambda gap: -gap, "!=": lambda gap: abs(gap) - ROUNDING,
          "<=": lambda gap: ROUNDING - gap}
_HOLDS = {">": lambda s: s > 0, "<": lambda s: s < 0, "!=": lambda s: s != 0, "<=": lambda s: s <= 0}


def certified(relation: str, left: sp.Expr, right: sp.Expr) -> bool:
    """Exactly certify ``left > right`` ('>'), ``left != right`` ('!='), ``left < right``
    ('<') or ``left <= right`` ('<='); False when the sign of the difference is not decided."""
    sign = exact_sign(left - right)
    return sign is not None and _HOLDS[relation](sign)


@dataclass(frozen=True)
class Case:
    """A concrete candidate: named exact values and the two points (p, q) to compare."""
    values: dict
    first: tuple
    second: tuple


class Evaluator:
    """E on the binary codeframe, exactly (sympy) and as a float prefilter (evidence only)."""

    def __init__(self, expr: sp.Expr) -> None:
        self.expr = expr
        self.fast = sp.lambdify((p, q), expr, modules=["math"])

    def exact(self, point) -> sp.Expr:
        return self.expr.subs({p: point[0], q: point[1]})

    def approx(self, point) -> float:
        try:
            return float(self.fast(float(point[0]), float(point[1])))
        except (ValueError, ZeroDivisionError, OverflowError, TypeError):
            return math.nan


class SidedEvaluator(Evaluator):
    """E on the binary codeframe for a measure normalised by its maximum M, which sits on the
    rarer class: one formula where c1 is the rarer true class (p <= 1/2), another where it is
    the more frequent one, chosen by the point's p."""

    def __init__(self, rare: sp.Expr, frequent: sp.Expr) -> None:
        self.rare, self.frequent = Evaluator(rare), Evaluator(frequent)

    def _side(self, point) -> Evaluator:
        return self.rare if 2 * point[0] <= 1 else self.frequent

    def exact(self, point) -> sp.Expr:
        return self._side(point).exact(point)

    def approx(self, point) -> float:
        return self._side(point).approx(point)


def grid(denominator: int) -> list[sp.Rational]:
    """The interior grid 1/den, ..., (den-1)/den."""
    return [sp.Rational(k, denominator) for k in range(1, denominator)]


def denominators() -> tuple[int, ...]:
    """The grids walked in turn (the finer one only when the coarser found nothing)."""
    config = settings()
    return (config.quant_coarse_grid, config.quant_fine_grid)


def search(evaluator: Evaluator, cases: Callable[[int], Iterable[Case]], relation: str):
    """First candidate violating the property, certified exactly (relation on E(first), E(second)).

    Candidates are ranked by a float prefilter (evidence only); the winner is re-checked in
    exact arithmetic before it is returned, with the exact values attached."""
    limit = settings().quant_candidates
    score_of = _SCORE[relation]
    for denominator in denominators():
        ranked = []
        for case in cases(denominator):
            gap = evaluator.approx(case.first) - evaluator.approx(case.second)
            if math.isnan(gap):
                continue
            score = score_of(gap)
            if score > 0:
                ranked.append((-score, len(ranked), case))
        ranked.sort(key=lambda t: (t[0], t[1]))
        for _, _, case in ranked[:limit]:
            left, right = evaluator.exact(case.first), evaluator.exact(case.second)
            if certified(relation, left, right):
                return case, left, right
    return None


def counterexample(found, relation: str, what: str = "E") -> Counterexample:
    """The certified candidate of :func:`search` as a counterexample: the prevalences and shift
    as the point, the two compared values as ``left`` and ``right``."""
    case, left, right = found
    raw = what != "E"          # the compared values are of R (E a strictly increasing function of it)
    shown = tuple(QuantValue(label, (sp.nsimplify(a), 1 - sp.nsimplify(a)), (sp.nsimplify(b), 1 - sp.nsimplify(b)),
                             value, raw) for label, (a, b), value in (("left", case.first, left),
                                                                      ("right", case.second, right)))
    return Counterexample(f"left {relation} right, {what} values (certified exactly)",
                          point={k: sp.nsimplify(v) for k, v in case.values.items()}, values=shown)


def comparison_form(measure: QuantMeasure, true_is_smaller: bool = True) -> tuple[sp.Expr, str]:
    """The expression whose values are compared: R itself when the outer transform is strictly
    increasing and does not involve M (then E-comparisons and R-comparisons agree), else E."""
    if not measure.uses_maximum and measure.outer != R:
        return measure.binary_raw(), "R (E is a strictly increasing function of R alone)"
    return measure.binary(true_is_smaller=true_is_smaller), "E"


def comparison_evaluator(measure: QuantMeasure) -> tuple[Evaluator, str]:
    """An evaluator of the compared expression at any binary point.  A measure normalised by
    M needs the formula of the point's side of p = 1/2: the values of a counterexample at
    p > 1/2 must be those of E there, not of the rarer-class formula."""
    form, what = comparison_form(measure)
    if what == "E" and measure.uses_maximum:
        return SidedEvaluator(form, measure.binary(true_is_smaller=False)), what
    return Evaluator(form), what


def binary_e(measure: QuantMeasure) -> Evaluator:
    """E itself on the binary codeframe, exactly and as a float prefilter: the normalised
    measures' maximum M sits on the rarer class, so c1 rare and c1 frequent are two formulas."""
    rare = measure.binary(true_is_smaller=True)
    if measure.uses_maximum:
        return SidedEvaluator(rare, measure.binary(true_is_smaller=False))
    return Evaluator(rare)
