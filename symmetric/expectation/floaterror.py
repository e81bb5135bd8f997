"""Rounding-error bookkeeping for the float path: inputs rounded from exact rationals, and the
a-priori error bound computed in exact arithmetic and rounded *up*, so it is never understated.

A bound computed in floating point is itself subject to rounding and could come out a few ulps
below the true bound; a bound printed with "%.3g" is rounded to nearest and can understate by up
to 0.5 in its last digit.  Both would break the promise "|computed - exact| <= bound", so every
step here is exact (Fractions) until a final directed rounding.
"""

from __future__ import annotations

import math
from decimal import MAX_EMAX, MIN_EMIN, ROUND_CEILING, ROUND_HALF_EVEN, Context, Decimal
from fractions import Fraction

import sympy as sp

from ..errors import InputError

UNIT_ROUNDOFF = Fraction(1, 2 ** 53)


def round_up(x: Fraction) -> float:
    """The smallest float >= x (x >= 0), inf beyond the float range."""
    try:
        f = float(x)                # correctly rounded to nearest
    except OverflowError:
        return math.inf
    if Fraction(f) < x:
        f = math.nextafter(f, math.inf)
    return f


def rounded_pair(p) -> tuple[float, float]:
    """(p, 1 - p) each rounded once from the exact rational.  Computing 1 - p in floats after
    rounding p would lose everything for p near 1 (p = 1 - 1e-20 rounds to 1.0, so 1 - p = 0)."""
    exact = Fraction(p)
    return float(exact), float(1 - exact)


def gamma(N: int) -> Fraction:
    """gamma_N = N u / (1 - N u) (Higham, Lemma 3.1), exactly; needs N u < 1."""
    if N * UNIT_ROUNDOFF >= Fraction(1, 2):
        raise ValueError(f"too many roundings ({N}) for an a-priori bound")
    return N * UNIT_ROUNDOFF / (1 - N * UNIT_ROUNDOFF)


def float_error_bound(n: int, ops: int, abs_sum: float, *, m_max: float = 1.0, rows: int | None = None,
                      cells: int | None = None) -> float:
    """A-priori bound on |computed - exact| of the float mean, computed exactly and rounded up:
    gamma_N * sum |terms| for rounding in the normal range, plus a term for underflow.

    Rounding.  Every term is P(TP=a) P(FN=c) M(a, ...), a product of nonnegative quantities each
    computed with a relative error of at most gamma_j = j u / (1 - j u), u = 2^-53 (Higham,
    Accuracy and Stability, Lemma 3.1), where j counts the roundings on its path:
    * Poisson-binomial DP: per item at most 4 (rounding p_i and 1 - p_i, each once from the exact
      rational (:func:`rounded_pair`), the product, the sum): 4n over both distributions;
    * M(a, ...): at most ``ops`` (one per operation; valid without cancellation, i.e. when the
      count form has no subtraction -- counts are exact small integers);
    * the two dot products: at most n + 4.
    So N = 5n + ops + 4; the computed sum of |terms| is inflated by (1 + gamma_N) / (1 - gamma_N)
    to cover its own rounding.

    Underflow.  Below 2^-1022 the relative model fails: a product is only within eta = 2^-1075
    (half the least subnormal) of its true value, and a tiny p_i rounds to 0 (sums are exact
    there).  Such absolute errors pass through the rest of the DP, whose steps are nonnegative
    with weights p + q = 1, without growing in l1 norm (up to 1 + gamma); the mean is at most
    ``m_max`` = max |M| times an l1 change of either distribution.  Per distribution of m items
    there are at most sum_j (2j + 4) <= m^2 + 5m such events (2j products and two rounded inputs
    at step j), n^2 + 5n over both; then one per product in grid @ pc (``cells``), one per
    product with pa (``rows``), and one for rounding each value of M (total weight 1):

        U = eta (1 + gamma)^2 (m_max (n^2 + 5n) + cells + rows + 1).

    The bound is gamma_N ((computed sum) + U) (1 + gamma_N) / (1 - gamma_N) + U.  (Underflow
    inside M is not modelled: :func:`check_constants` refuses count forms whose constants lie
    outside 2^-200 .. 2^200, so products of a few constants and counts stay in the normal range.)
    """
    g = gamma(5 * n + ops + 4)
    rows = n + 1 if rows is None else rows
    cells = (n + 1) ** 2 if cells is None else cells
    eta = Fraction(1, 2 ** 1075)
    underflow = eta * (1 + g) ** 2 * (Fraction(m_max) * (n * n + 5 * n) + cells + rows + 1)
    return round_up(g * (Fraction(abs_sum) + underflow) * (1 + g) / (1 - g) + underflow)


def format_up(x: float, digits: int = 3) -> str:
    """``x`` (>= 0) with ``digits`` significant digits, rounded towards +infinity, so a printed
    error bound is never smaller than the computed one."""
    if x == 0:
        return "0"
    return format(Context(prec=digits, rounding=ROUND_CEILING).plus(Decimal(x)), "g")


CONSTANT_RANGE = (Fraction(1, 2 ** 200), Fraction(2 ** 200))


def check_constants(name: str, expr: sp.Expr) -> None:
    """Refuse float evaluation of a count form with a constant far outside the float range.

    A parameter such as beta = 1e200 makes the constant beta^2 + 1 = 1e400, which is inf as a
    float (or, via numpy, an OverflowError); beta = 1e-200 makes beta^2 underflow to 0.  Either
    way the float result would be wrong or undefined, so the user is sent to --exact."""
    low, high = CONSTANT_RANGE
    for node in sp.preorder_traversal(expr):
        if isinstance(node, sp.Rational) and node != 0:
            size = abs(Fraction(int(node.p), int(node.q)))
            if not low <= size <= high:
                raise float_overflow(name, "a constant of its count form (from its parameters) is "
                                     f"{'too large' if size > high else 'too small'} for floating point")


def float_overflow(name: str, why: str) -> InputError:
    return InputError(f"measure {name}: {why}; use --exact (exact rational arithmetic)")


def decimal_approximation(x: Fraction, digits: int = 12) -> str:
    """``x`` to ``digits`` significant digits, rounded to nearest, computed in decimal so that it
    neither overflows nor underflows (float(x) is inf or 0 beyond 10^+-308)."""
    context = Context(prec=digits, rounding=ROUND_HALF_EVEN, Emax=MAX_EMAX, Emin=MIN_EMIN)
    value = context.divide(Decimal(x.numerator), Decimal(x.denominator))
    return format(value, "g") if value else "0"
