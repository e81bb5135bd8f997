"""A counterexample to IND: two predictions whose order changes under projection onto C_n.

Exhaustive over a grid: codeframes of 3 and 4 classes, C_n the first 2 or 3 of them, true
prevalences k/10 (all positive), and predictions that equal the true distribution outside
C_n (IND's premise, see :mod:`.independence`) with positive prevalences k/10 on C_n; then
4 classes and C_n of 3 on the grid k/20, comparing neighbours in the order before projection.  A
floating-point evaluation of the raw sum R only selects candidates (the outer transform is
strictly increasing, checked by the caller); every candidate is re-evaluated exactly, on the
measure as written (outer transform, normaliser and all), and reported only when both signs
are certified and differ (the order, a tie included, changes).
"""

from __future__ import annotations

import itertools
import math

import sympy as sp

from ..checks.decide import exact_sign
from ..evidence import Counterexample, Order
from .distributions import Distribution, n, p, q
from .measures import QuantMeasure

_GRID = 10
_SHAPES = ((3, 2), (4, 2), (4, 3))           # (|C|, |C_n|)
_FLOAT_FAILURES = (ValueError, ZeroDivisionError, TypeError, OverflowError)


def _compositions(total: int, parts: int):
    """Tuples of ``parts`` positive integers summing to ``total``."""
    for cuts in itertools.combinations(range(1, total), parts - 1):
        bounds = (0,) + cuts + (total,)
        yield tuple(bounds[i + 1] - bounds[i] for i in range(parts))


def _float_sum(term, values, predicted, classes):
    try:
        total = math.fsum(term(a, b, classes) for a, b in zip(values, predicted))
    except _FLOAT_FAILURES:
        return None
    return total if isinstance(total, float) and math.isfinite(total) else None


def _sign(x: float) -> int:
    return 0 if abs(x) < 1e-12 else (1 if x > 0 else -1)


def _exact_order(measure: QuantMeasure, true, one, two) -> int | None:
    try:
        a = measure.value(Distribution.of(true), Distribution.of(one))
        b = measure.value(Distribution.of(true), Distribution.of(two))
    except (ValueError, TypeError, ZeroDivisionError):
        return None
    if a.has(sp.nan, sp.zoo, sp.oo, -sp.oo) or b.has(sp.nan, sp.zoo, sp.oo, -sp.oo):
        return None
    return exact_sign(a - b)


def _all_pairs(rows):
    return itertools.combinations(rows, 2)


def _neighbours(rows):
    """Pairs adjacent in the order of E before projection: if the order after projection is not
    the same, some adjacent pair shows it (a linear number of candidates on a fine grid)."""
    ordered = sorted(rows, key=lambda row: row[1])
    return zip(ordered, ordered[1:])


# (grid, shapes, candidate pairs): every pair on the coarse grid; on a finer grid, where a term
# that is not homogeneous (exp(|q - p|) - 1) changes order only between near ties, the neighbours
_PASSES = ((_GRID, _SHAPES, _all_pairs), (2 * _GRID, ((4, 3),), _neighbours))


def find(measure: QuantMeasure) -> Counterexample | None:
    """Predictions agreeing with the truth outside C_n whose order differs from the order of
    their projections onto C_n (both orders certified exactly), or None."""
    try:
        term = sp.lambdify((p, q, n), measure.term, modules="math")
    except (SyntaxError, TypeError, NameError):
        return None
    for grid, shapes, pairs in _PASSES:
        for classes, size in shapes:
            found = _search(measure, term, grid, classes, size, pairs)
            if found is not None:
                return found
    return None


def _search(measure, term, grid: int, classes: int, size: int, pairs) -> Counterexample | None:
    for true_counts in _compositions(grid, classes):
        inside = sum(true_counts[:size])
        if inside < size:
            continue
        true = [sp.Rational(c, grid) for c in true_counts]
        rest = true[size:]
        k = sp.Rational(inside, grid)
        true_f = [c / grid for c in true_counts[:size]]
        proj_true_f = [c / inside for c in true_counts[:size]]
        rows = []
        for counts in _compositions(inside, size):
            orig = _float_sum(term, true_f, [c / grid for c in counts], classes)
            proj = _float_sum(term, proj_true_f, [c / inside for c in counts], size)
            if orig is not None and proj is not None:
                rows.append((counts, orig, proj))
        for (c1, o1, p1), (c2, o2, p2) in pairs(rows):
            if _sign(o1 - o2) == _sign(p1 - p2):
                continue
            one = [sp.Rational(c, grid) for c in c1] + rest
            two = [sp.Rational(c, grid) for c in c2] + rest
            projected = [[x / k for x in v[:size]] for v in (true, one, two)]
            before = _exact_order(measure, true, one, two)
            after = _exact_order(measure, *projected)
            if before is None or after is None or before == after:
                continue
            return Counterexample(
                "the order changes under projection onto C_n",
                point={"|C|": classes, "C_n": f"the first {size} classes", "p": tuple(true),
                       "p'": tuple(one), "p''": tuple(two), "projected p": tuple(projected[0]),
                       "projected p'": tuple(projected[1]), "projected p''": tuple(projected[2])},
                values=(Order("sign of E(p, p') - E(p, p'')", tuple(true), tuple(one), tuple(two), before),
                        Order("sign after projection", *map(tuple, projected), after)))
    return None
