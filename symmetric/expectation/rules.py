"""Decision rules: the Probability Ranking Principle (PRP) candidates, the best of them, and
exhaustive checks of the PRP over all 2^n assignments (exact, for small n).

The PRP for binary classifications (Lewis, Section 4): some optimal assignment gives every
assigned item a probability >= that of every unassigned item, so only the n + 1 "top k"
assignments of the ranking by p need to be compared.  The Probability Thresholding Principle
(a fixed threshold on p_i is optimal for every test set) is derived symbolically for loss
measures in :mod:`.symbolic`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from fractions import Fraction
from itertools import product

import numpy as np

from ..measures.base import Measure
from .countfn import CountFunction, UndefinedValue
from . import progress
from .exact import as_count_function, add_item_np, exact_from_distributions, float_moments, has_subtraction
from .floaterror import rounded_pair
from .judgments import JudgmentModel


def prp_order(p: Sequence) -> list[int]:
    """Item indices by decreasing probability (ties keep input order)."""
    return sorted(range(len(p)), key=lambda i: -p[i])


def top_k(p: Sequence, k: int) -> tuple[int, ...]:
    chosen = set(prp_order(p)[:k])
    return tuple(int(i in chosen) for i in range(len(p)))


def prp_candidates(p: Sequence) -> list[tuple[int, ...]]:
    """The n + 1 PRP assignments: the top k items of the ranking, k = 0..n."""
    return [top_k(p, k) for k in range(len(p) + 1)]


def is_ranked(p: Sequence, s: Sequence[int]) -> bool:
    """Does s satisfy the PRP: every assigned p_j >= every unassigned p_k?"""
    assigned = [x for x, d in zip(p, s) if d]
    unassigned = [x for x, d in zip(p, s) if not d]
    return not assigned or not unassigned or min(assigned) >= max(unassigned)


@dataclass(frozen=True)
class BestAssignment:
    k: int                      # number of items assigned
    assignment: tuple[int, ...]  # in the input order
    value: object               # its expected value
    values: tuple               # expected value of every top-k assignment, k = 0..n (None: undefined)
    exact: bool
    error_bound: float | None = None
    bound_rigorous: bool = True

    @property
    def undefined(self) -> tuple[int, ...]:
        """The k whose top-k assignment has no expectation (skipped in the comparison)."""
        return tuple(k for k, v in enumerate(self.values) if v is None)

    @property
    def rivals(self) -> tuple[int, ...]:
        """Other k that may be as good: exactly equal values (exact mode), or values within twice
        the error bound of the chosen one (float mode, where the comparison cannot order them)."""
        slack = 0 if self.exact else 2 * self.error_bound
        return tuple(j for j, v in enumerate(self.values)
                     if j != self.k and v is not None and abs(v - self.value) <= slack)


def _better(orientation: int, x, y) -> bool:
    return x > y if orientation > 0 else x < y


def _pick(values, orientation: int) -> int:
    """The first best k among the defined values."""
    best = None
    for k, v in enumerate(values):
        if v is not None and (best is None or _better(orientation, v, values[best])):
            best = k
    return best


def _defined(compute, undefined: list[UndefinedValue]):
    """compute(), or None when the measure is undefined on a table of positive probability (the
    other PRP candidates can still be compared; a measure undefined for every k is refused)."""
    try:
        return compute()
    except UndefinedValue as exc:
        undefined.append(exc)
        return None


def _prefix_suffix_exact(ordered: list[Fraction]):
    """Poisson-binomial distributions of the top k and of the rest, for every k, built
    incrementally (one O(n) update per k instead of a fresh O(n^2) programme)."""
    n = len(ordered)
    prefix = [[Fraction(1)]]
    for done, p in enumerate(ordered, 1):
        progress.tick(done * done, 2 * n * n)
        prefix.append(_add_item(prefix[-1], p))
    suffix = [[Fraction(1)]]
    for done, p in enumerate(reversed(ordered), 1):
        progress.tick(n * n + done * done, 2 * n * n)
        suffix.append(_add_item(suffix[-1], p))
    suffix.reverse()          # suffix[k] = distribution of items k..n-1
    assert len(prefix) == len(suffix) == n + 1
    return prefix, suffix


def _cumulative_work(n: int) -> list[int]:
    """Cells of the (TP, FN) grids of the top-k assignments up to each k: the k-th costs
    (k+1)(n-k+1), so progress by k alone would misjudge the time left."""
    total, out = 0, []
    for k in range(n + 1):
        total += (k + 1) * (n - k + 1)
        out.append(total)
    return out


def _ticked(work: list[int], k: int, value):
    progress.tick(work[k], work[-1])
    return value


def _add_item(dist: list, p) -> list:
    q = 1 - p
    new = [x * q for x in dist] + [dist[-1] * p]
    for m in range(len(dist) - 1):
        new[m + 1] += dist[m] * p
    return new


def best_prp_assignment(measure: Measure | CountFunction, p: Sequence, *, params=None,
                        exact: bool = True) -> BestAssignment:
    """The best of the n + 1 PRP assignments for E[measure] (max, or min for loss-like measures)."""
    fn = as_count_function(measure, params)
    model = JudgmentModel(tuple(p))
    order = prp_order(model.p)
    n = model.n
    undefined: list[UndefinedValue] = []
    if exact:
        ordered = [Fraction(model.p[i]) for i in order]
        with progress.stage("distributions of the top k and the rest"):
            prefix, suffix = _prefix_suffix_exact(ordered)
        work = _cumulative_work(n)
        with progress.stage("top-k assignments"):
            values = tuple(_defined(lambda: _ticked(work, k, exact_from_distributions(fn, prefix[k], suffix[k], n,
                                                                                      report=False)[0]), undefined)
                           for k in range(n + 1))
        bound = None
    else:
        ordered = [rounded_pair(model.p[i]) for i in order]
        prefix = [np.ones(1)]
        for x in ordered:
            prefix.append(add_item_np(prefix[-1], *x))
        suffix = [np.ones(1)]
        for x in reversed(ordered):
            suffix.append(add_item_np(suffix[-1], *x))
        suffix.reverse()
        # Exact supports of the top k and of the rest, from running counts of p = 1 and p != 0.
        ones = np.cumsum([0] + [model.p[i] == 1 for i in order])
        nonzero = np.cumsum([0] + [model.p[i] != 0 for i in order])
        values, bound, work = [], 0.0, _cumulative_work(n)
        with progress.stage("top-k assignments"):
            for k in range(n + 1):
                rows = slice(int(ones[k]), int(nonzero[k]) + 1)
                cols = slice(int(ones[n] - ones[k]), int(nonzero[n] - nonzero[k]) + 1)
                moments = _defined(lambda: float_moments(fn, k, n, prefix[k], suffix[k], rows, cols), undefined)
                values.append(None if moments is None else moments[0])
                bound = max(bound, 0.0 if moments is None else moments[2])
                _ticked(work, k, None)
        values = tuple(values)
    k = _pick(values, fn.orientation)
    if k is None:
        raise UndefinedValue(f"{undefined[0]}; so for every k = 0..{n} the top-k assignment has no "
                             "expected value")
    return BestAssignment(k, top_k(model.p, k), values[k], values, exact, bound,
                          bound_rigorous=not has_subtraction(fn.expr))


# ---------------------------------------------------------------- exhaustive checks (small n)

@dataclass(frozen=True)
class ExhaustiveOptimum:
    best_value: Fraction
    maximisers: tuple[tuple[int, ...], ...]   # every assignment attaining the optimum
    best_prp_value: Fraction

    @property
    def prp_attains_optimum(self) -> bool:
        """The PRP as Lewis states it: some ranked assignment is optimal."""
        return self.best_prp_value == self.best_value


def exhaustive_optimum(measure: Measure | CountFunction, p: Sequence, *, params=None) -> ExhaustiveOptimum:
    """Exact E[measure] for all 2^n assignments; the optimum, all optimisers, the best PRP value."""
    fn = as_count_function(measure, params)
    values = {s: _exact_mean(fn.exact_fn, fn, *_sorted_split(p, s)) for s in product((0, 1), repeat=len(p))}
    best = values[max(values, key=lambda s: fn.orientation * values[s])]
    maximisers = tuple(s for s, v in values.items() if v == best)
    best_prp = max((values[s] for s in prp_candidates(p)), key=lambda v: fn.orientation * v)
    return ExhaustiveOptimum(best, maximisers, best_prp)


def _sorted_split(p: Sequence, s: Sequence[int]) -> tuple[tuple, tuple]:
    """The probabilities of the assigned and of the unassigned items, each sorted."""
    return (tuple(sorted(x for x, si in zip(p, s) if si)), tuple(sorted(x for x, si in zip(p, s) if not si)))


@lru_cache(maxsize=1 << 14)
def _exact_mean(exact_fn, fn: CountFunction, assigned: tuple, unassigned: tuple) -> Fraction:
    """Exact E[fn] when the items of ``assigned`` are assigned and those of ``unassigned`` not.

    It depends on the two multisets only (the Poisson-binomial distributions of TP and FN do
    not depend on the items' order, and the arithmetic is exact), so the 2^n assignments of an
    exhaustive check, which repeat multisets whenever p repeats a value, and the same p in
    another order, share their values.  ``exact_fn`` is in the key because CountFunction's
    equality does not compare its compiled functions."""
    from .exact import expectation
    return expectation(fn, assigned + unassigned, (1,) * len(assigned) + (0,) * len(unassigned)).mean


def every_optimum_ranked(measure: Measure | CountFunction, p: Sequence, *, params=None) -> tuple[bool, tuple]:
    """Appendix B's form of the PRP: every optimal assignment is ranked.  Returns (holds, an
    unranked optimiser or ())."""
    result = exhaustive_optimum(measure, p, params=params)
    for s in result.maximisers:
        if not is_ranked(p, s):
            return False, s
    return True, ()


def optimal_thresholds(measure: Measure | CountFunction, p: Sequence, *, params=None) -> tuple:
    """The thresholds t in [0, 1] whose rule "assign exactly the items with p_i > t" is optimal
    over all 2^n assignments, as half-open intervals (low, high) meaning low <= t < high
    (high = None: up to and including 1).  Empty when no threshold rule is optimal."""
    fn = as_count_function(measure, params)
    optimum = exhaustive_optimum(fn, p).best_value
    from .exact import expectation
    cuts = sorted({Fraction(0), Fraction(1)} | {Fraction(x) for x in p})
    pieces = [(lo, hi) for lo, hi in zip(cuts, cuts[1:])] + [(Fraction(1), None)]
    good = []
    for lo, hi in pieces:
        s = tuple(int(x > lo) for x in p)      # the rule is constant on [lo, hi)
        if expectation(fn, p, s).mean == optimum:
            if good and good[-1][1] == lo:
                good[-1] = (good[-1][0], hi)
            else:
                good.append((lo, hi))
    return tuple(good)
