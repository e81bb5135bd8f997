"""E[M(s, Z)] and var[M(s, Z)] for any count-form measure, in O(n^2) evaluations.

Given s, TP = sum s_i Z_i and FN = sum (1 - s_i) Z_i are sums over disjoint sets of independent
Bernoulli variables, hence independent Poisson-binomial variables; FP = k - TP, TN = n - k - FN
with k = sum s_i.  So

    E[M] = sum_{a, c} P(TP = a) P(FN = c) M(a, k - a, c, n - k - c),

where both distributions come from the O(n^2) dynamic programme :func:`poisson_binomial`.

Exact mode uses Fractions throughout.  Float mode uses numpy and returns an a-priori bound on
the rounding error (see :func:`.floaterror.float_error_bound`).  :func:`expectation_by_enumeration` is the
2^n definition, eq. (1), used to cross-check both.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import sympy as sp

from ..measures.base import Measure
from .countfn import CountFunction, UndefinedValue, compile_measure
from .floaterror import check_constants, float_error_bound, float_overflow, rounded_pair
from . import progress
from .judgments import JudgmentModel


@dataclass(frozen=True)
class Expectation:
    """Expected value and variance of a measure; ``error_bound`` bounds |computed - exact| of the
    mean in float mode (None in exact mode); ``bound_rigorous`` says whether it is a proved bound
    (no subtraction in the measure) or an estimate."""

    mean: object
    variance: object
    exact: bool
    error_bound: float | None = None
    bound_rigorous: bool = True


# ---------------------------------------------------------------- Poisson-binomial

def poisson_binomial(ps: Sequence, one=Fraction(1)) -> list:
    """P(sum Z_i = m), m = 0..len(ps), by adding one Bernoulli at a time (exact for Fractions)."""
    dist = [one]
    for done, p in enumerate(ps, 1):
        progress.tick(done * done, len(ps) ** 2)       # step i costs O(i)
        q = one - p
        new = [x * q for x in dist]
        new.append(dist[-1] * p)
        for m in range(len(dist) - 1):
            new[m + 1] += dist[m] * p
        dist = new
    return dist


def add_item_np(dist: np.ndarray, p: float, q: float) -> np.ndarray:
    """One Bernoulli(p) more; q = 1 - p is passed in, rounded from the exact rational by the
    caller (see :func:`.floaterror.rounded_pair`), never computed here as 1.0 - p."""
    new = np.empty(len(dist) + 1)
    new[:-1] = dist * q
    new[-1] = 0.0
    new[1:] += dist * p
    return new


def poisson_binomial_np(ps: Sequence) -> np.ndarray:
    """Float Poisson-binomial distribution of exact (or float) probabilities ``ps``."""
    dist = np.ones(1)
    for p in ps:
        dist = add_item_np(dist, *rounded_pair(p))
    return dist


# ---------------------------------------------------------------- exact

def as_count_function(measure, params) -> CountFunction:
    if isinstance(measure, CountFunction):
        if params:
            raise ValueError("parameters are fixed when a CountFunction is compiled")
        return measure
    if isinstance(measure, Measure):
        return compile_measure(measure, params)
    raise TypeError(f"expected a Measure or CountFunction, got {type(measure).__name__}")


def exact_from_distributions(fn: CountFunction, pa: Sequence[Fraction], pc: Sequence[Fraction],
                             n: int, *, report: bool = True) -> tuple[Fraction, Fraction]:
    """(E, var) of M from the distributions of TP (pa) and FN (pc), exactly."""
    k = len(pa) - 1
    # One pass, row by row, in O(n) memory: the weights are huge rationals (their denominators
    # multiply every p_i's), the values small, so each row is summed against the column
    # weights first and multiplied by its row weight once.  In exact arithmetic
    # sum w (v - mean)^2 = sum w v^2 - 2 mean sum w v + mean^2 sum w, so no second pass is needed.
    total, first, second = Fraction(0), Fraction(0), Fraction(0)
    columns = [(c, w_c) for c, w_c in enumerate(pc) if w_c]
    column_weight = sum((w for _, w in columns), Fraction(0))
    rows = sum(1 for w in pa if w)
    for done, (a, w_a) in enumerate(((a, w) for a, w in enumerate(pa) if w), 1):
        row1, row2 = Fraction(0), Fraction(0)
        for c, w_c in columns:
            v = fn.exact(a, k - a, c, n - k - c)
            row1 += w_c * v
            row2 += w_c * v * v
        total += w_a * column_weight
        first += w_a * row1
        second += w_a * row2
        if report:
            progress.tick(done, rows)
    mean = first
    return mean, second - 2 * mean * first + mean * mean * total


def _exact(fn: CountFunction, model: JudgmentModel, s: tuple[int, ...]) -> Expectation:
    assigned, unassigned = model.split(s)
    with progress.stage("distributions of TP and FN"):
        pa = poisson_binomial([Fraction(p) for p in assigned])
        pc = poisson_binomial([Fraction(p) for p in unassigned])
    with progress.stage("expected value"):
        mean, variance = exact_from_distributions(fn, pa, pc, model.n)
    return Expectation(mean, variance, exact=True)


# ---------------------------------------------------------------- floating point

def operation_count(expr: sp.Expr) -> int:
    """Arithmetic operations in a count form (an upper bound on its roundings)."""
    return int(sp.count_ops(expr)) + 1


def has_subtraction(expr: sp.Basic) -> bool:
    """Does a negative constant occur anywhere except as an exponent (1/x is not a subtraction)?"""
    if isinstance(expr, sp.Number):
        return bool(expr < 0)
    if isinstance(expr, sp.Pow):
        return has_subtraction(expr.base) or bool(expr.exp.is_number and not expr.exp.is_integer)
    return any(has_subtraction(arg) for arg in expr.args)


def exact_support(ps: Sequence) -> slice:
    """The values m with P(sum Z_i = m) > 0 *exactly*: from the number of p_i equal to 1 to the
    number of p_i not 0.  Decided on the exact probabilities, never on the float distribution,
    whose far tails underflow to 0 although their true probability is positive."""
    ps = [Fraction(p) for p in ps]
    return slice(sum(1 for p in ps if p == 1), sum(1 for p in ps if p != 0) + 1)


def float_grid(fn: CountFunction, k: int, n: int, pa: np.ndarray, pc: np.ndarray, rows: slice, cols: slice):
    """(M on the (TP, FN) grid of tables with positive exact probability, rows of TP and columns of
    FN given by :func:`exact_support`; the weights restricted to it).

    Every table in that range has positive probability, so an undefined value (nan/inf) anywhere
    in it is refused -- even where the float weight underflowed to 0 -- exactly as exact mode
    refuses it.  Outside the range the float weights are exactly 0 too (a p_i of exactly 0 or 1
    makes an exact 0 factor), so nothing is lost by restricting."""
    pa, pc = pa[rows], pc[cols]
    a = np.arange(rows.start, rows.stop, dtype=float)[:, None]
    c = np.arange(cols.start, cols.stop, dtype=float)[None, :]
    try:
        grid = fn.grid(a, k - a, c, (n - k) - c)
    except OverflowError:          # numpy code converting a huge exact constant to float
        raise float_overflow(fn.name, "a value is too large for floating point") from None
    if not np.isfinite(grid).all():
        ia, ic = map(int, np.argwhere(~np.isfinite(grid))[0])
        ia, ic = ia + rows.start, ic + cols.start
        if _exactly_defined(fn, ia, k - ia, ic, n - k - ic):
            raise float_overflow(fn.name, f"its value at TP={ia}, FP={k - ia}, FN={ic}, TN={n - k - ic} "
                                 "overflows floating point")
        raise UndefinedValue(f"measure {fn.name} is undefined at TP={ia}, FP={k - ia}, FN={ic}, "
                         f"TN={n - k - ic}, a table with positive probability; it stipulates no value there")
    return grid, pa, pc


def _exactly_defined(fn: CountFunction, *table: int) -> bool:
    """Is the measure defined at this table (so a float nan/inf there is an overflow)?"""
    if not fn.exact_ok:
        return False
    try:
        fn.exact(*table)
    except UndefinedValue:
        return False
    return True


def float_moments(fn: CountFunction, k: int, n: int, pa: np.ndarray, pc: np.ndarray,
                  rows: slice, cols: slice) -> tuple[float, float, float]:
    """(mean, variance, error bound of the mean) from float distributions of TP and FN.

    The mean and its bound must be finite (else InputError pointing to --exact); the variance,
    which the command line does not print, may overflow to inf."""
    check_constants(fn.name, fn.expr)
    grid, pa, pc = float_grid(fn, k, n, pa, pc, rows, cols)
    with np.errstate(over="ignore", invalid="ignore"):     # overflow is checked just below
        mean = float(pa @ (grid @ pc))
        variance = float(pa @ (((grid - mean) ** 2) @ pc))
        abs_sum = mean if grid.min() >= 0 else float(pa @ (np.abs(grid) @ pc))
        m_max = float(np.abs(grid).max())
    if not (math.isfinite(mean) and math.isfinite(abs_sum) and math.isfinite(m_max)):
        raise float_overflow(fn.name, "the expectation overflows floating point")
    bound = float_error_bound(n, operation_count(fn.expr), abs_sum, m_max=m_max, rows=grid.shape[0],
                              cells=grid.size)
    if not math.isfinite(bound):
        raise float_overflow(fn.name, "the error bound overflows floating point")
    return mean, variance, bound


def _float(fn: CountFunction, model: JudgmentModel, s: tuple[int, ...]) -> Expectation:
    assigned, unassigned = model.split(s)
    mean, variance, bound = float_moments(fn, len(assigned), model.n, poisson_binomial_np(assigned),
                                          poisson_binomial_np(unassigned), exact_support(assigned),
                                          exact_support(unassigned))
    return Expectation(mean, variance, exact=False, error_bound=bound,
                       bound_rigorous=not has_subtraction(fn.expr))


def expectation(measure: Measure | CountFunction, p: Sequence, s: Sequence[int], *,
                params=None, exact: bool = True) -> Expectation:
    """E and var of ``measure`` for decisions ``s`` under judgments Bernoulli(``p``).

    Exact mode needs rational p (Fractions or ints; floats are taken at their binary value)."""
    fn = as_count_function(measure, params)
    model = JudgmentModel(tuple(p))
    s = model.check_assignment(s)
    return _exact(fn, model, s) if exact else _float(fn, model, s)


# ---------------------------------------------------------------- the definition, eq. (1)

def expectation_by_enumeration(measure: Measure | CountFunction, p: Sequence, s: Sequence[int], *,
                               params=None, exact: bool = True) -> tuple:
    """(E, var) by summing over all 2^n judgment vectors (eq. (1)); probabilities of the vectors
    are built by a depth-first walk that shares prefix products."""
    fn = as_count_function(measure, params)
    model = JudgmentModel(tuple(p))
    s = model.check_assignment(s)
    one = Fraction(1) if exact else 1.0
    ps = [Fraction(x) if exact else float(x) for x in model.p]
    if exact:
        value = fn.exact
    elif fn.exact_fn is not None:      # the generated scalar code also runs on floats
        value = lambda a, b, c, d: float(fn.exact_fn(float(a), float(b), float(c), float(d)))
    else:
        value = lambda a, b, c, d: float(fn.grid(a, b, c, d))
    n = model.n
    k = sum(s)
    moments = [one * 0, one * 0]

    def walk(i: int, weight, tp: int, fn_count: int) -> None:
        if not weight:
            return
        if i == n:
            v = value(tp, k - tp, fn_count, n - k - fn_count)
            moments[0] += weight * v
            moments[1] += weight * v * v
            return
        walk(i + 1, weight * (one - ps[i]), tp, fn_count)
        if s[i]:
            walk(i + 1, weight * ps[i], tp + 1, fn_count)
        else:
            walk(i + 1, weight * ps[i], tp, fn_count + 1)

    walk(0, one, 0, 0)
    mean = moments[0]
    return mean, moments[1] - mean * mean
