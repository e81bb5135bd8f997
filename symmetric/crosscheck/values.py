"""Exact real values for the cross-check, independent of sympy: the arithmetic on the numbers of
:mod:`.numbers` (rationals, surds c*sqrt(r), linear forms a + sum c sqrt(r) + sum d log(p), and
certified intervals), plus the outcomes :data:`UNDEFINED` (x/0, log of x <= 0, sqrt of x < 0,
0 to a negative power, a negative number to a non-integer power) and :data:`UNKNOWN`.

Every operation with an exact rule gives the exact number: sums and differences of exact numbers
(like radicals combine; a rational's logarithm is a sum of logarithms of primes), products and
quotients by rationals, products and quotients of surds, half-integer powers of rationals.  The
others read their arguments as intervals (every exact number is one too) and round outwards.

Comparisons are three-valued (True, False, None) like :mod:`symmetric.logic`: two exact numbers
are compared exactly (their difference is exact: 0 only when every part is); otherwise the
comparison is decided only when the intervals are disjoint -- two intervals are never certified
equal.
"""

from __future__ import annotations

from fractions import Fraction

from mpmath import iv

from .numbers import (BITS, UNDEFINED, UNKNOWN, Interval, Linear, Surd, bounds, exact_root, interval,
                      is_value, isqrt_bounds, linear, log_parts, monotone, parts, surd)

__all__ = ["BITS", "UNDEFINED", "UNKNOWN", "Interval", "Linear", "Surd", "bounds", "exact_root", "interval",
           "is_value", "surd", "add", "total", "neg", "mul", "div", "absolute", "minimum", "maximum", "sqrt",
           "log", "exp", "power", "sign", "compare", "to_fraction"]


# ---------------------------------------------------------------- arithmetic

def _like(roots: dict, r: Fraction) -> tuple[Fraction, Fraction] | None:
    """(key, k) with r = key * k^2 for a radicand ``key`` of ``roots``, or None (r is unlike all)."""
    if r in roots:
        return r, Fraction(1)
    for key in roots:
        k = exact_root(r / key, 2)
        if k is not None:
            return key, k
    return None


def _exact_sum(pa, pb):
    """The sum of two exact numbers' parts, exactly; None when their logarithms are to different
    bases (log2 x + log y: no exact rule)."""
    if pa[2] and pb[2] and pa[3] != pb[3]:
        return None
    rational, roots, logs = pa[0] + pb[0], dict(pa[1]), dict(pa[2])
    for r, c in pb[1].items():
        like = _like(roots, r)          # c sqrt(key k^2) = c k sqrt(key)
        if like is None:
            roots[r] = c
        else:
            roots[like[0]] += c * like[1]
    for p, d in pb[2].items():
        logs[p] = logs.get(p, 0) + d
    return linear(rational, roots, logs, pa[3] if pa[2] else pb[3])


def add(a, b):
    if isinstance(a, Fraction) and isinstance(b, Fraction):
        return a + b
    if isinstance(a, Fraction) and a == 0 or isinstance(b, Fraction) and b == 0:
        return b if isinstance(a, Fraction) and a == 0 else a      # an exact 0 keeps the other exact
    pa, pb = parts(a), parts(b)
    exact = _exact_sum(pa, pb) if pa is not None and pb is not None else None
    if exact is not None:
        return exact
    (al, ah), (bl, bh) = bounds(a), bounds(b)
    return interval(al + bl, ah + bh)


def total(values):
    """The sum of ``values``: the exact ones added exactly (in any order the same number), then
    the intervals.  Surds with the same radicand are added first (one coefficient each), so the
    unlike ones meet once: an expected value sums hundreds of surds over a few radicands."""
    rational, like, forms, rest = Fraction(0), {}, Fraction(0), Fraction(0)
    for v in values:
        if isinstance(v, Fraction):
            rational += v
        elif isinstance(v, Surd):
            like[v.radicand] = like.get(v.radicand, 0) + v.coeff
        elif isinstance(v, Linear):
            forms = add(forms, v)
        else:
            rest = add(rest, v)
    exact = add(rational, forms)
    for r, c in like.items():
        exact = add(exact, surd(c, r))
    return add(exact, rest)


def neg(a):
    if isinstance(a, Fraction):
        return -a
    if isinstance(a, Surd):
        return Surd(-a.coeff, a.radicand)       # its enclosure, when read: [-hi, -lo] exactly
    if isinstance(a, Linear):
        return Linear(-a.rational, tuple((r, -c) for r, c in a.roots), tuple((p, -d) for p, d in a.logs), a.base)
    return Interval(-a.hi, -a.lo)


def _scaled(a, q: Fraction):
    """An exact number times a rational q != 0."""
    rational, roots, logs, base = parts(a)
    return linear(rational * q, {r: c * q for r, c in roots.items()}, {p: d * q for p, d in logs.items()}, base)


def _surd_parts(x) -> tuple[Fraction, Fraction] | None:
    """(c, r) with x = c * sqrt(r) for a rational or a surd; None for any other value."""
    if isinstance(x, Fraction):
        return x, Fraction(1)
    if isinstance(x, Surd):
        return x.coeff, x.radicand
    return None


def mul(a, b):
    if isinstance(a, Fraction) and isinstance(b, Fraction):
        return a * b
    if a == 0 or b == 0:            # an exact 0 times anything real is exactly 0
        return Fraction(0)
    sa, sb = _surd_parts(a), _surd_parts(b)
    if sa is not None and sb is not None:       # c1 sqrt(r1) * c2 sqrt(r2) = c1 c2 sqrt(r1 r2)
        return surd(sa[0] * sb[0], sa[1] * sb[1])
    if isinstance(a, Fraction) and isinstance(b, Linear) or isinstance(b, Fraction) and isinstance(a, Linear):
        return _scaled(b, a) if isinstance(a, Fraction) else _scaled(a, b)
    product = _radical_product(a, b)
    if product is not None:
        return product
    (al, ah), (bl, bh) = bounds(a), bounds(b)
    if al >= 0 and bl >= 0:         # both nonnegative (the usual case): the same min and max as
        return interval(al * bl, ah * bh)       # the four products give, in two multiplications
    products = (al * bl, al * bh, ah * bl, ah * bh)
    return interval(min(products), max(products))


def _terms(x) -> list | None:
    """An exact number without logarithms as its terms (c, r), each c sqrt(r) (r = 1: rational)."""
    p = parts(x)
    if p is None or p[2]:
        return None
    return ([(p[0], Fraction(1))] if p[0] else []) + [(c, r) for r, c in p[1].items()]


def _radical_product(a, b):
    """(sum c_i sqrt(r_i)) (sum d_j sqrt(s_j)) term by term, exactly; None when either has a
    logarithm or is an interval."""
    ta, tb = _terms(a), _terms(b)
    if ta is None or tb is None:
        return None
    out = Fraction(0)
    for c, r in ta:
        for d, q in tb:
            out = add(out, surd(c * d, r * q))
    return out


def _reciprocal(b):
    """1/b exactly for b = u + v, two unlike terms without logarithms: (u - v)/(u^2 - v^2), whose
    denominator is rational (and not 0: u + v = b is not 0, and u - v is not either, the terms
    being unlike); None for any other b."""
    terms = _terms(b)
    if terms is None or len(terms) != 2:
        return None
    (c, r), (d, q) = terms
    u, v = surd(c, r), surd(d, q)
    return div(add(u, neg(v)), c * c * r - d * d * q)


def _rebased(a, b):
    """a / (c log q) for a natural-log form a (no rational part, no roots) and a prime q: the same
    logarithms to base q, exactly (log(x)/log(2) is log2 x); None for any other a, b."""
    pa, pb = parts(a), parts(b)
    if pa is None or pb is None or pa[0] or pa[1] or pa[3] or not pa[2] or pb[0] or pb[1] or pb[3] \
            or len(pb[2]) != 1:
        return None
    (q, c), = pb[2].items()
    return linear(Fraction(0), {}, {p: d / c for p, d in pa[2].items()}, q)


def div(a, b):
    if isinstance(b, Fraction):
        if b == 0:
            return UNDEFINED
        return a / b if isinstance(a, Fraction) else mul(a, Fraction(1) / b)
    sa, sb = _surd_parts(a), _surd_parts(b)
    if sa is not None and sb is not None:       # c1 sqrt(r1) / (c2 sqrt(r2)) = (c1 / (c2 r2)) sqrt(r1 r2)
        return surd(sa[0] / (sb[0] * sb[1]), sa[1] * sb[1])
    rebased = _rebased(a, b)
    if rebased is not None:
        return rebased
    exact = _reciprocal(b) if isinstance(b, Linear) and parts(a) is not None else None
    if exact is not None:
        return mul(a, exact)
    if b.contains_zero():
        return UNKNOWN
    reciprocal = interval(Fraction(1) / b.hi, Fraction(1) / b.lo)
    return reciprocal if a == 1 else mul(a, reciprocal)     # (1 times it: the same end points)


def sign(a) -> int | None:
    """-1, 0, 1, or None when an interval straddles 0 (an interval is never certified 0; an exact
    irrational is never 0, and its enclosure gives its sign)."""
    if isinstance(a, Fraction):
        return (a > 0) - (a < 0)
    if isinstance(a, Surd):
        return 1 if a.coeff > 0 else -1
    if a.lo > 0:
        return 1
    if a.hi < 0:
        return -1
    return None


def absolute(a):
    if isinstance(a, Fraction):
        return abs(a)
    if isinstance(a, (Surd, Linear)) and sign(a) is not None:
        return a if sign(a) > 0 else neg(a)
    if a.lo >= 0:
        return a
    if a.hi <= 0:
        return neg(a)
    return interval(Fraction(0), max(-a.lo, a.hi))


def _exact_extreme(values, want: int):
    """The least (want = -1) or greatest (want = 1) of exact numbers, or None when a comparison
    is not decided."""
    best = values[0]
    for v in values[1:]:
        s = compare(v, best)
        if s is None:
            return None
        if s == want:
            best = v
    return best


def minimum(values):
    if all(isinstance(v, Fraction) for v in values):
        return min(values)
    found = _exact_extreme(values, -1) if all(parts(v) is not None for v in values) else None
    if found is not None:
        return found
    return interval(min(bounds(v)[0] for v in values), min(bounds(v)[1] for v in values))


def maximum(values):
    if all(isinstance(v, Fraction) for v in values):
        return max(values)
    found = _exact_extreme(values, 1) if all(parts(v) is not None for v in values) else None
    if found is not None:
        return found
    return interval(max(bounds(v)[0] for v in values), max(bounds(v)[1] for v in values))


def _int_power(a, k: int):
    if isinstance(a, Fraction):
        if a == 0 and k < 0:
            return UNDEFINED
        return a ** k
    if k < 0:
        return div(Fraction(1), _int_power(a, -k))
    if k in (0, 1):
        return Fraction(1) if k == 0 else a
    if isinstance(a, Surd):         # (c sqrt(r))^k = c^k r^(k // 2), times sqrt(r) when k is odd
        even = a.coeff ** k * a.radicand ** (k // 2)
        return surd(even, a.radicand) if k % 2 else even
    lo, hi = a.lo ** k, a.hi ** k
    if k % 2 == 0 and a.contains_zero():
        return interval(Fraction(0), max(lo, hi))
    return interval(min(lo, hi), max(lo, hi))


def sqrt(a):
    lo, hi = bounds(a)
    if hi < 0:
        return UNDEFINED
    if lo < 0:
        return UNKNOWN
    if isinstance(a, Fraction):
        return surd(Fraction(1), a)                 # exact: a rational, or sqrt(a) as a surd
    return interval(isqrt_bounds(lo)[0], isqrt_bounds(hi)[1])


def log(a):
    lo, hi = bounds(a)
    if hi <= 0:
        return UNDEFINED
    if lo <= 0:
        return UNKNOWN
    if a == 1:
        return Fraction(0)
    if isinstance(a, Fraction):     # log of a rational: a sum of logarithms of primes, exactly
        logs = log_parts(a)
        if logs is not None:
            return linear(Fraction(0), {}, logs)
    return monotone(iv.log, a)


def exp(a):
    if a == 0:
        return Fraction(1)
    lo, hi = bounds(a)
    if hi > 10_000:                 # far beyond any score; refuse rather than build a huge number
        return UNKNOWN
    return monotone(iv.exp, a)


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
        root = exact_root(a, b.denominator)
        if root is not None:
            return root ** b.numerator
    if isinstance(b, Fraction) and b.denominator == 2 and isinstance(a, Fraction):
        return _int_power(surd(Fraction(1), a), b.numerator)       # a ** (k/2) = sqrt(a) ** k, exactly
    if isinstance(b, Fraction) and b.denominator == 2:     # a ** (k/2) = sqrt(a) ** k, a > 0 here
        root = sqrt(a)
        if is_value(root) and bounds(root)[0] > 0:         # (a root rounded down to 0: the long way)
            if isinstance(root, Interval) and b.numerator in (1, -1):
                # what _int_power gives for k = +-1 (its end points are already rounded), without
                # rebuilding the interval twice
                return root if b.numerator == 1 else div(Fraction(1), root)
            return _int_power(root, b.numerator)
    return exp(mul(b, log(a)))


# ---------------------------------------------------------------- comparison

def compare(a, b) -> int | None:
    """Sign of a - b, certified, or None: exact when both are exact numbers (their difference is
    exact, and an exact irrational is never 0); otherwise the sign of ``add(a, neg(b))`` computed
    without building that interval (the cross-check compares about 20,000 pairs for MCC).  The
    rounded interval's low end is > 0 exactly when its exact low end is >= 2**-BITS (rounding
    down to a multiple of 2**-BITS), its high end < 0 exactly when the exact high end is
    <= -2**-BITS."""
    if isinstance(a, Fraction) and isinstance(b, Fraction):
        return (a > b) - (a < b)
    sa, sb = _surd_parts(a), _surd_parts(b)
    if sa is not None and sb is not None:
        return _compare_surds(sa, sb)
    pa, pb = parts(a), parts(b)
    difference = _exact_sum(pa, parts(neg(b))) if pa is not None and pb is not None else None
    if difference is not None:
        return sign(difference)
    (al, ah), (bl, bh) = bounds(a), bounds(b)
    lo, hi = al - bh, ah - bl
    if lo == hi:                    # (add() would return the exact point)
        return (lo > 0) - (lo < 0)
    if lo.numerator > 0 and (lo.numerator << BITS) >= lo.denominator:
        return 1
    if hi.numerator < 0 and (-hi.numerator << BITS) >= hi.denominator:
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
