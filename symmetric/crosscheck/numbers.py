"""The cross-check's kinds of real numbers, independent of sympy (the arithmetic on them is
:mod:`.values`).

* a :class:`fractions.Fraction` -- a rational, exact;
* a :class:`Surd` c*sqrt(r) -- a rational multiple of the square root of a rational, exact;
* a :class:`Linear` a + sum c_i sqrt(r_i) + sum d_p log(p) -- a rational plus rational multiples
  of square roots (pairwise unlike: no r_i / r_j is a rational square) and of logarithms of
  primes, exact.  Such a number is 0 only when every part is: the square roots of unlike
  rationals are linearly independent over the rationals, and sum d_p log(p) = log(prod p^d_p)
  is 0 only when every d_p is (unique factorisation), and transcendental otherwise
  (Lindemann-Weierstrass), so it cannot cancel the algebraic part.  Its sign, when it is not 0,
  is read off its enclosure;
* an :class:`Interval` -- any other real, known to lie between two rational end points
  (rounded outwards; mpmath's interval arithmetic for log and exp).

A Surd and a Linear are Intervals too (their enclosures), so an operation with no exact rule for
them reads them as intervals, soundly.  Two more outcomes: :data:`UNDEFINED` (no real value
here) and :data:`UNKNOWN` (an interval too wide to tell; never read as defined or undefined).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from mpmath import iv

BITS = 96                           # outward rounding of interval end points (keeps them short)
_SCALE = 1 << BITS
_PRECISION = 120                    # bits of mpmath's interval arithmetic, set per call (never globally)
_FACTOR_LIMIT = 10 ** 10            # integers factored (trial division) for an exact logarithm


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


# floor and ceiling of x * 2**BITS in integer arithmetic (the same numbers as math.floor of the
# Fraction product, without building it: the cross-check rounds about 30,000 end points for MCC)
def down(x: Fraction) -> Fraction:
    return Fraction((x.numerator << BITS) // x.denominator, _SCALE)


def up(x: Fraction) -> Fraction:
    return Fraction(-((-x.numerator << BITS) // x.denominator), _SCALE)


def interval(lo: Fraction, hi: Fraction):
    """[lo, hi] rounded outwards; a point interval is the exact Fraction."""
    if lo == hi:
        return lo
    return Interval(down(lo), up(hi))


def bounds(x) -> tuple[Fraction, Fraction]:
    return (x, x) if isinstance(x, Fraction) else (x.lo, x.hi)


def is_value(x) -> bool:
    return isinstance(x, (Fraction, Interval))


# ---------------------------------------------------------------- roots

def exact_root(x: Fraction, k: int) -> Fraction | None:
    """The rational k-th root of x >= 0, if there is one."""
    def root(m: int):
        if k == 2:                  # exact for every m (a float root is off by more than 1 past 2**106)
            r = math.isqrt(m)
            return r if r * r == m else None
        r = round(m ** (1.0 / k)) if m < 2 ** 1000 else iroot(m, k)
        for c in (r - 1, r, r + 1):
            if c >= 0 and c ** k == m:
                return c
        return None
    p, q = root(x.numerator), root(x.denominator)
    return None if p is None or q is None else Fraction(p, q)


def iroot(m: int, k: int) -> int:
    lo, hi = 0, 1 << (m.bit_length() // k + 1)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if mid ** k <= m:
            lo = mid
        else:
            hi = mid - 1
    return lo


@lru_cache(maxsize=8192)
def isqrt_bounds(x: Fraction) -> tuple[Fraction, Fraction]:
    """Rational bounds lo <= sqrt(x) <= hi (x >= 0), hi - lo about 2**-BITS relative, in integer
    arithmetic (math.isqrt is exact): sqrt(p/q) = sqrt(p*q)/q.  Several times faster than
    mpmath's interval square root, and the cross-check takes thousands of them (MCC)."""
    p, q = x.numerator, x.denominator
    scale = q << BITS
    root = math.isqrt(p * q << (2 * BITS))         # floor(sqrt(p*q) * 2**BITS)
    return Fraction(root, scale), Fraction(root + 1, scale)


def _mp(x: Fraction):
    return iv.mpf(x.numerator) / iv.mpf(x.denominator)


def _frac(t) -> Fraction | None:
    """An mpmath mpf tuple (sign, mantissa, exponent, bits) as a Fraction; None if infinite/nan."""
    sgn, man, e, _ = t
    if man == 0:
        return Fraction(0) if t == (0, 0, 0, 0) else None
    value = Fraction(man) * (Fraction(2) ** e)
    return -value if sgn else value


def monotone(f, a):
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


# ---------------------------------------------------------------- exact irrationals

class Surd(Interval):
    """coeff * sqrt(radicand) exactly: coeff != 0, radicand > 0 and not the square of a rational;
    ``lo`` and ``hi`` enclose it, computed when first read (as :class:`Linear`'s): MCC's
    cross-check builds thousands of surds and compares most of them exactly, by squares, never
    reading the enclosure (its integer square root and rounding were a quarter of SM's review).
    Made by :func:`surd` only."""

    def __init__(self, coeff: Fraction, radicand: Fraction) -> None:
        object.__setattr__(self, "coeff", coeff)
        object.__setattr__(self, "radicand", radicand)

    def __getattr__(self, name: str):
        if name not in ("lo", "hi"):
            raise AttributeError(name)
        coeff = self.coeff
        low, high = isqrt_bounds(self.radicand)
        lo, hi = (coeff * low, coeff * high) if coeff > 0 else (coeff * high, coeff * low)
        lo, hi = down(lo), up(hi)
        object.__setattr__(self, "lo", lo)
        object.__setattr__(self, "hi", hi)
        return lo if name == "lo" else hi

    def __eq__(self, other) -> bool:
        # the enclosure is a function of (coeff, radicand): the dataclass equality it replaces
        return isinstance(other, Surd) and (self.coeff, self.radicand) == (other.coeff, other.radicand)

    def __hash__(self) -> int:
        return hash((self.coeff, self.radicand))

    def __repr__(self) -> str:
        return f"Surd(lo={self.lo!r}, hi={self.hi!r}, coeff={self.coeff!r}, radicand={self.radicand!r})"


def surd(coeff: Fraction, radicand: Fraction):
    """coeff * sqrt(radicand) (radicand > 0) as a Fraction when it is rational, else a Surd."""
    if coeff == 0:
        return Fraction(0)
    root = exact_root(radicand, 2)
    if root is not None:
        return coeff * root
    return Surd(coeff, radicand)


class Linear(Interval):
    """rational + sum coeff * sqrt(radicand) over ``roots`` + sum coeff * log(prime) over
    ``logs`` exactly (sorted pairs, no zero coefficient, unlike radicands, not 0 as a whole and
    neither a rational nor a surd); ``lo`` and ``hi`` enclose it, computed when first read (a
    sum in progress, or a difference found exactly 0, never needs them: MI's cross-check builds
    thousands).  Made by :func:`linear` only."""

    def __init__(self, rational: Fraction, roots: tuple, logs: tuple, base: int = 0) -> None:
        object.__setattr__(self, "rational", rational)
        object.__setattr__(self, "roots", roots)        # ((radicand, coeff), ...)
        object.__setattr__(self, "logs", logs)          # ((prime, coeff), ...): coeff * log(prime), to ``base``
        object.__setattr__(self, "base", base)          # 0: natural logarithms; a prime q: to base q

    def __getattr__(self, name: str):
        if name not in ("lo", "hi"):
            raise AttributeError(name)
        lo, hi = _enclosure(self.rational, self.roots, self.logs, self.base)
        object.__setattr__(self, "lo", lo)
        object.__setattr__(self, "hi", hi)
        return lo if name == "lo" else hi

    def _key(self) -> tuple:
        return self.rational, self.roots, self.logs, self.base

    def __eq__(self, other) -> bool:
        return isinstance(other, Linear) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Linear(rational={self.rational!r}, roots={self.roots!r}, logs={self.logs!r}, base={self.base!r})"


@lru_cache(maxsize=1024)
def _log_bounds(prime: int, base: int = 0) -> tuple[Fraction, Fraction]:
    lo, hi = bounds(monotone(iv.log, Fraction(prime)))
    if base == 0:
        return lo, hi
    blo, bhi = bounds(monotone(iv.log, Fraction(base)))     # log_q p = log p / log q, all positive
    return down(lo / bhi), up(hi / blo)


def linear(rational: Fraction, roots: dict, logs: dict, base: int = 0):
    """The number rational + sum c sqrt(r) + sum d log(p) (``roots`` with unlike radicands that are
    not rational squares; the logarithms to the prime ``base``, or natural when 0): a Fraction, a
    Surd or a Linear.  To a prime base q, log_q(q) = 1 joins the rational part, and 1 and the
    log_q(p) of the other primes are independent over Q (sum d_p log p = a log q only when every
    d_p and a are 0)."""
    roots = {r: c for r, c in roots.items() if c != 0}
    logs = {p: d for p, d in logs.items() if d != 0}
    if base and base in logs:
        rational += logs.pop(base)
    if not logs:
        if not roots:
            return rational
        if rational == 0 and len(roots) == 1:
            (r, c), = roots.items()
            return surd(c, r)
    return Linear(rational, tuple(sorted(roots.items())), tuple(sorted(logs.items())), base if logs else 0)


def _enclosure(rational: Fraction, roots: tuple, logs: tuple, base: int) -> tuple[Fraction, Fraction]:
    lo = hi = rational
    for r, c in roots:
        low, high = isqrt_bounds(r)
        lo, hi = (lo + c * low, hi + c * high) if c > 0 else (lo + c * high, hi + c * low)
    for p, d in logs:
        low, high = _log_bounds(p, base)
        lo, hi = (lo + d * low, hi + d * high) if d > 0 else (lo + d * high, hi + d * low)
    return down(lo), up(hi)


def parts(x) -> tuple[Fraction, dict, dict, int] | None:
    """(rational, {radicand: coeff}, {prime: coeff}, base of the logs) of an exact number; None
    for an interval."""
    if isinstance(x, Fraction):
        return x, {}, {}, 0
    if isinstance(x, Surd):
        return Fraction(0), {x.radicand: x.coeff}, {}, 0
    if isinstance(x, Linear):
        return x.rational, dict(x.roots), dict(x.logs), x.base
    return None


@lru_cache(maxsize=8192)
def _factor(n: int) -> tuple[tuple[int, int], ...] | None:
    """(prime, exponent) pairs of n >= 1 by trial division; None above the limit."""
    if n > _FACTOR_LIMIT:
        return None
    out, p = [], 2
    while p * p <= n:
        if n % p == 0:
            e = 0
            while n % p == 0:
                n //= p
                e += 1
            out.append((p, e))
        p += 1 if p == 2 else 2
    if n > 1:
        out.append((n, 1))
    return tuple(out)


def log_parts(x: Fraction) -> dict | None:
    """{prime: exponent} with log(x) = sum exponent * log(prime), for a rational x > 0; None when
    a numerator or denominator is too large to factor."""
    top, bottom = _factor(x.numerator), _factor(x.denominator)
    if top is None or bottom is None:
        return None
    logs: dict = {}
    for p, e in top:
        logs[p] = logs.get(p, 0) + e
    for p, e in bottom:
        logs[p] = logs.get(p, 0) - e
    return {p: Fraction(e) for p, e in logs.items()}
