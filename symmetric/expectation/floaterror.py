"""Rounding-error bookkeeping for the float path: inputs rounded from exact rationals, and the
a-priori error bound computed in exact arithmetic and rounded *up*, so it is never understated.

A bound computed in floating point is itself subject to rounding and could come out a few ulps
below the true bound; a bound printed with "%.3g" is rounded to nearest and can understate by up
to 0.5 in its last digit.  Both would break the promise "|computed - exact| <= bound", so every
step here is exact (Fractions) until a final directed rounding.
"""

from __future__ import annotations

import math
from decimal import ROUND_CEILING, Context, Decimal
from fractions import Fraction

UNIT_ROUNDOFF = Fraction(1, 2 ** 53)


def round_up(x: Fraction) -> float:
    """The smallest float >= x (x >= 0 and finite)."""
    f = float(x)                    # correctly rounded to nearest
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


def float_error_bound(n: int, ops: int, abs_sum: float) -> float:
    """A-priori bound gamma_N * sum |terms| on the rounding error of the float mean, rounded up.

    Every term is P(TP=a) P(FN=c) M(a, ...), a product of nonnegative quantities each computed
    with a relative error of at most gamma_j = j u / (1 - j u), u = 2^-53 (Higham, Accuracy and
    Stability, Lemma 3.1), where j counts the roundings on its path:
    * Poisson-binomial DP: per item at most 4 (rounding p_i and 1 - p_i, each once from the exact
      rational (:func:`rounded_pair`), the product, the sum): 4n over both distributions;
    * M(a, ...): at most ``ops`` (one per operation; valid without cancellation, i.e. when the
      count form has no subtraction -- counts are exact small integers);
    * the two dot products: at most n + 4.
    So |computed - exact| <= gamma_N sum |terms| with N = 5n + ops + 4; the computed sum of |terms|
    is itself inflated by (1 + gamma_N) / (1 - gamma_N) to cover its own rounding.
    """
    g = gamma(5 * n + ops + 4)
    return round_up(g * Fraction(abs_sum) * (1 + g) / (1 - g))


def format_up(x: float, digits: int = 3) -> str:
    """``x`` (>= 0) with ``digits`` significant digits, rounded towards +infinity, so a printed
    error bound is never smaller than the computed one."""
    if x == 0:
        return "0"
    return format(Context(prec=digits, rounding=ROUND_CEILING).plus(Decimal(x)), "g")
