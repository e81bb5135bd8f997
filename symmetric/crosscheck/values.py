"""Exact real values for the cross-check, independent of sympy.

A value is a :class:`fractions.Fraction` when it is rational (every rational operation stays
exact), a :class:`Surd` c*sqrt(r) when it is a rational multiple of the square root of a rational
(MCC, G-mean, Fowlkes-Mallows: products and quotients of square roots stay exact, and their
comparisons are decided exactly, by squaring), or an :class:`Interval` with rational end points
that certainly contains it (other roots, logarithms and exponentials that are not rational;
their end points come from mpmath's interval arithmetic, which rounds outwards).  A Surd is an
Interval too (its enclosure), so every operation without an exact rule for it is still sound.
Two more outcomes are values too:

* :data:`UNDEFINED` -- the written formula has no real value here (x/0, log of x <= 0,
  sqrt of x < 0, 0 to a negative power, a negative number to a non-integer power);
* :data:`UNKNOWN` -- an interval was too wide to tell (a denominator whose interval contains 0
  without being exactly 0).  Never read as defined or undefined.

Comparisons are three-valued (True, False, None) like :mod:`symmetric.logic`: an interval
comparison is decided only when the intervals are disjoint, and two intervals are never
certified equal (two surds, or a surd and a rational, are compared exactly).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from mpmath import iv

_BITS = 96                          # outward rounding of interval end points (keeps them short)
_SCALE = 1 << _BITS
_PRECISION = 120                    # bits of mpmath's interval arithmetic, set per call (never globally)


class _Outcome:
    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


UNDEFINED = _Outcome("undefined")
UNKNOWN = _Outcome("unknown")


@dataclass(frozen=True)
class Interval:
    """A real number known to lie in [lo, hi] (lo < hi, rational end points)."""

    lo: Fraction
    hi: Fraction

    def contains_zero(self) -> bool:
        return self.lo <= 0 <= self.hi


# floor and ceiling of x * 2**_BITS in integer arithmetic (the same numbers as math.floor of the
# Fraction product, without building it: the cross-check rounds about 30,000 end points for MCC)
def _down(x: Fraction) -> Fraction:
    return Fraction((x.numerator << _BITS) // x.denominator, _SCALE)


def _up(x: Fraction) -> Fraction:
    return Fraction(-((-x.numerator << _BITS) // x.denominator), _SCALE)


def interval(lo: Fraction, hi: Fraction):
    """[lo, hi] rounded outwards; a point interval is the exact Fraction."""
    if lo == hi:
        return lo
    return Interval(_down(lo), _up(hi))


@dataclass(frozen=True)
class Surd(Interval):
    """coeff * sqrt(radicand) exactly: coeff != 0, radicand > 0 and not the square of a rational;
    ``lo`` and ``hi`` enclose it (an operation with no exact rule reads it as that interval).
    Made by :func:`surd` only."""

    coeff: Fraction = Fraction(1)
    radicand: Fraction = Fraction(2)


def surd(coeff: Fraction, radicand: Fraction):
    """coeff * sqrt(radicand) (radicand > 0) as a Fraction when it is rational, else a Surd."""
    if coeff == 0:
        return Fraction(0)
    root = _exact_root(radicand, 2)
    if root is not None:
        return coeff * root
    low, high = _isqrt_bounds(radicand)
    lo, hi = (coeff * low, coeff * high) if coeff > 0 else (coeff * high, coeff * low)
    return Surd(_down(lo), _up(hi), coeff, radicand)


def _surd_parts(x) -> tuple[Fraction, Fraction] | None:
    """(c, r) with x = c * sqrt(r) for a rational or a surd; None for any other value."""
    if isinstance(x, Fraction):
        return x, Fraction(1)
    if isinstance(x, Surd):
        return x.coeff, x.radicand
    return None


def bounds(x) -> tuple[Fraction, Fraction]:
    return (x, x) if isinstance(x, Fraction) else (x.lo, x.hi)


def is_value(x) -> bool:
    return isinstance(x, (Fraction, Interval))


# ---------------------------------------------------------------- arithmetic

def add(a, b):
    if isinstance(a, Fraction) and isinstance(b, Fraction):
        return a + b
    if isinstance(a, Fraction) and a == 0 or isinstance(b, Fraction) and b == 0:
        return b if isinstance(a, Fraction) and a == 0 else a      # an exact 0 keeps the other exact
    if isinstance(a, Surd) and isinstance(b, Surd):
        # c1 sqrt(r1) + c2 sqrt(r2) is exact when r2 / r1 is a rational square k^2: (c1 + c2 k) sqrt(r1)
        k = Fraction(1) if a.radicand == b.radicand else _exact_root(b.radicand / a.radicand, 2)
        if k is not None:
            return surd(a.coeff + b.coeff * k, a.radicand)
    (al, ah), (bl, bh) = bounds(a), bounds(b)
    return interval(al + bl, ah + bh)


def total(values):
    """The sum of ``values`` with like surds added first: c1 sqrt(r) + c2 sqrt(r) is exact, while
    a surd added to an unlike one becomes an interval; summed in their given order, an expected
    value (MCC's E[M | k] is 0 for every output size k, each size its own radical) mixed the
    radicals early and was an interval about 0, never certified 0."""
    rational, like, rest = Fraction(0), {}, Fraction(0)
    for v in values:
        if isinstance(v, Fraction):
            rational += v
        elif isinstance(v, Surd):
            like[v.radicand] = add(like.get(v.radicand, Fraction(0)), v)
        else:
            rest = add(rest, v)
    out = rational
    for v in like.values():
        out = add(out, v)
    return add(out, rest)


def neg(a):
    if isinstance(a, Fraction):
        return -a
    if isinstance(a, Surd):
        return Surd(-a.hi, -a.lo, -a.coeff, a.radicand)
    return Interval(-a.hi, -a.lo)


def mul(a, b):
    if isinstance(a, Fraction) and isinstance(b, Fraction):
        return a * b
    if a == 0 or b == 0:            # an exact 0 times anything real is exactly 0
        return Fraction(0)
    pa, pb = _surd_parts(a), _surd_parts(b)
    if pa is not None and pb is not None:       # c1 sqrt(r1) * c2 sqrt(r2) = c1 c2 sqrt(r1 r2)
        return surd(pa[0] * pb[0], pa[1] * pb[1])
    (al, ah), (bl, bh) = bounds(a), bounds(b)
    if al >= 0 and bl >= 0:         # both nonnegative (the usual case): the same min and max as
        return interval(al * bl, ah * bh)       # the four products give, in two multiplications
    products = (al * bl, al * bh, ah * bl, ah * bh)
    return interval(min(products), max(products))


def div(a, b):
    if isinstance(b, Fraction):
        if b == 0:
            return UNDEFINED
        return a / b if isinstance(a, Fraction) else mul(a, Fraction(1) / b)
    pa, pb = _surd_parts(a), _surd_parts(b)
    if pa is not None and pb is not None:       # c1 sqrt(r1) / (c2 sqrt(r2)) = (c1 / (c2 r2)) sqrt(r1 r2)
        return surd(pa[0] / (pb[0] * pb[1]), pa[1] * pb[1])
    if b.contains_zero():
        return UNKNOWN
    reciprocal = interval(Fraction(1) / b.hi, Fraction(1) / b.lo)
    return reciprocal if a == 1 else mul(a, reciprocal)     # (1 times it: the same end points)


def absolute(a):
    if isinstance(a, Fraction):
        return abs(a)
    if isinstance(a, Surd):
        return a if a.coeff > 0 else neg(a)
    if a.lo >= 0:
        return a
    if a.hi <= 0:
        return neg(a)
    return interval(Fraction(0), max(-a.lo, a.hi))


def _exact_extreme(values, want: int):
    """The least (want = -1) or greatest (want = 1) of rationals and surds, compared exactly."""
    best = values[0]
    for v in values[1:]:
        if compare(v, best) == want:
            best = v
    return best


def minimum(values):
    if all(isinstance(v, Fraction) for v in values):
        return min(values)
    if all(_surd_parts(v) is not None for v in values):
        return _exact_extreme(values, -1)
    return interval(min(bounds(v)[0] for v in values), min(bounds(v)[1] for v in values))


def maximum(values):
    if all(isinstance(v, Fraction) for v in values):
        return max(values)
    if all(_surd_parts(v) is not None for v in values):
        return _exact_extreme(values, 1)
    return interval(max(bounds(v)[0] for v in values), max(bounds(v)[1] for v in values))


def _int_power(a, k: int):
    if isinstance(a, Fraction):
        if a == 0 and k < 0:
            return UNDEFINED
        return a ** k
    if k < 0:
        return div(Fraction(1), _int_power(a, -k))
    if isinstance(a, Surd):         # (c sqrt(r))^k = c^k r^(k // 2), times sqrt(r) when k is odd
        even = a.coeff ** k * a.radicand ** (k // 2)
        return surd(even, a.radicand) if k % 2 else even
    lo, hi = a.lo ** k, a.hi ** k
    if k % 2 == 0 and a.contains_zero():
        return interval(Fraction(0), max(lo, hi))
    return interval(min(lo, hi), max(lo, hi))


def _exact_root(x: Fraction, k: int) -> Fraction | None:
    """The rational k-th root of x >= 0, if there is one."""
    def root(m: int):
        r = round(m ** (1.0 / k)) if m < 2 ** 1000 else _iroot(m, k)
        for c in (r - 1, r, r + 1):
            if c >= 0 and c ** k == m:
                return c
        return None
    p, q = root(x.numerator), root(x.denominator)
    return None if p is None or q is None else Fraction(p, q)


def _iroot(m: int, k: int) -> int:
    lo, hi = 0, 1 << (m.bit_length() // k + 1)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if mid ** k <= m:
            lo = mid
        else:
            hi = mid - 1
    return lo


def _mp(x: Fraction):
    return iv.mpf(x.numerator) / iv.mpf(x.denominator)


def _frac(t) -> Fraction | None:
    """An mpmath mpf tuple (sign, mantissa, exponent, bits) as a Fraction; None if infinite/nan."""
    sgn, man, e, _ = t
    if man == 0:
        return Fraction(0) if t == (0, 0, 0, 0) else None
    value = Fraction(man) * (Fraction(2) ** e)
    return -value if sgn else value


def _monotone(f, a):
    """f increasing: [f(lo), f(hi)] with outward rounding (mpmath interval arithmetic)."""
    lo, hi = bounds(a)
    saved, iv.prec = iv.prec, _PRECISION     # (mpmath's interval context has no workprec)
    try:
        low = _frac(f(_mp(lo))._mpi_[0])
        high = _frac(f(_mp(hi))._mpi_[1])
    finally:
        iv.prec = saved
    if low is None or high is None:
        return UNKNOWN
    return interval(low, high)


def _isqrt_bounds(x: Fraction) -> tuple[Fraction, Fraction]:
    """Rational bounds lo <= sqrt(x) <= hi (x >= 0), hi - lo about 2**-_BITS relative, in integer
    arithmetic (math.isqrt is exact): sqrt(p/q) = sqrt(p*q)/q.  Several times faster than
    mpmath's interval square root, and the cross-check takes thousands of them (MCC)."""
    p, q = x.numerator, x.denominator
    scale = q << _BITS
    root = math.isqrt(p * q << (2 * _BITS))         # floor(sqrt(p*q) * 2**_BITS)
    return Fraction(root, scale), Fraction(root + 1, scale)


def sqrt(a):
    lo, hi = bounds(a)
    if hi < 0:
        return UNDEFINED
    if lo < 0:
        return UNKNOWN
    if isinstance(a, Fraction):
        return surd(Fraction(1), a)                 # exact: a rational, or sqrt(a) as a surd
    return interval(_isqrt_bounds(lo)[0], _isqrt_bounds(hi)[1])


def log(a):
    lo, hi = bounds(a)
    if hi <= 0:
        return UNDEFINED
    if lo <= 0:
        return UNKNOWN
    if a == 1:
        return Fraction(0)
    return _monotone(iv.log, a)


def exp(a):
    if a == 0:
        return Fraction(1)
    lo, hi = bounds(a)
    if hi > 10_000:                 # far beyond any score; refuse rather than build a huge number
        return UNKNOWN
    return _monotone(iv.exp, a)


def power(a, b):
    """a ** b on the principal real branch: 0 ** negative and negative ** non-integer are
    undefined (sympy's principal root of a negative number is not real either)."""
    if isinstance(b, Fraction) and b.denominator == 1:
        return _int_power(a, int(b))
    lo, hi = bounds(a)
    if hi < 0:
        return UNDEFINED
    if isinstance(a, Fraction) and a == 0:
        blo, _ = bounds(b)
        return Fraction(0) if blo > 0 else (UNDEFINED if bounds(b)[1] < 0 else UNKNOWN)
    if lo <= 0:
        return UNKNOWN
    if isinstance(a, Fraction) and isinstance(b, Fraction):
        root = _exact_root(a, b.denominator)
        if root is not None:
            return root ** b.numerator
    if isinstance(b, Fraction) and b.denominator == 2 and isinstance(a, Fraction):
        return _int_power(surd(Fraction(1), a), b.numerator)       # a ** (k/2) = sqrt(a) ** k, exactly
    if isinstance(b, Fraction) and b.denominator == 2:     # a ** (k/2) = sqrt(a) ** k, a > 0 here
        root = sqrt(a)
        if is_value(root) and bounds(root)[0] > 0:         # (a root rounded down to 0: the long way)
            if isinstance(root, Interval) and b.numerator in (1, -1):
                # what _int_power gives for k = +-1 (its end points are already rounded), without
                # rebuilding the interval twice: MCC's 1/sqrt(...) factors, four per table
                return root if b.numerator == 1 else div(Fraction(1), root)
            return _int_power(root, b.numerator)
    return exp(mul(b, log(a)))


# ---------------------------------------------------------------- comparison

def sign(a) -> int | None:
    """-1, 0, 1, or None when an interval straddles 0 (an interval is never certified 0)."""
    if isinstance(a, Fraction):
        return (a > 0) - (a < 0)
    if isinstance(a, Surd):
        return 1 if a.coeff > 0 else -1
    if a.lo > 0:
        return 1
    if a.hi < 0:
        return -1
    return None


def compare(a, b) -> int | None:
    """Sign of a - b, certified, or None: the sign of ``add(a, neg(b))`` computed without building
    that interval (the cross-check compares about 20,000 pairs for MCC).  The rounded interval's
    low end is > 0 exactly when its exact low end is >= 2**-_BITS (rounding down to a multiple of
    2**-_BITS), its high end < 0 exactly when the exact high end is <= -2**-_BITS."""
    if isinstance(a, Fraction) and isinstance(b, Fraction):
        return (a > b) - (a < b)
    pa, pb = _surd_parts(a), _surd_parts(b)
    if pa is not None and pb is not None:
        return _compare_surds(pa, pb)
    (al, ah), (bl, bh) = bounds(a), bounds(b)
    lo, hi = al - bh, ah - bl
    if lo == hi:                    # (add() would return the exact point)
        return (lo > 0) - (lo < 0)
    if lo.numerator > 0 and (lo.numerator << _BITS) >= lo.denominator:
        return 1
    if hi.numerator < 0 and (-hi.numerator << _BITS) >= hi.denominator:
        return -1
    return None


def _compare_surds(a: tuple[Fraction, Fraction], b: tuple[Fraction, Fraction]) -> int:
    """Sign of c1 sqrt(r1) - c2 sqrt(r2), exactly: by the signs of c1 and c2, then (same sign s)
    s times the sign of c1^2 r1 - c2^2 r2 (squaring is increasing on the magnitudes)."""
    (c1, r1), (c2, r2) = a, b
    s1, s2 = (c1 > 0) - (c1 < 0), (c2 > 0) - (c2 < 0)
    if s1 != s2:
        return (s1 > s2) - (s1 < s2)
    m1, m2 = c1 * c1 * r1, c2 * c2 * r2
    return s1 * ((m1 > m2) - (m1 < m2))


def to_fraction(value) -> Fraction:
    """A Python number (int, Fraction, a decimal string) as a Fraction."""
    return Fraction(value)
