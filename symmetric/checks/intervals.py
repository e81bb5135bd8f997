"""Certified signs of closed-form real numbers by interval arithmetic (mpmath ``iv``).

A closed-form number (rationals combined by +, *, powers, log, exp, Abs, Min, Max, E, pi) is
evaluated on outward-rounded intervals: the true value lies in the computed interval, so an
interval strictly above (below) 0 *proves* the number positive (negative).  An interval that
contains 0 proves nothing; the precision is then raised, and after the last one the answer is
None (undecided; the caller falls back to symbolic methods).  Exact zeros are never decided
here: an interval around an exact 0 always contains 0.

This is much cheaper than sympy's simplification for the numbers that come out of measure
evaluations (sums of rationals and logarithms), and just as sound.
"""

from __future__ import annotations

import mpmath
import sympy as sp

PRECISIONS = (64, 160, 400, 1000)
"""Working precisions in bits, tried in turn."""


class _Unsupported(Exception):
    """The expression has a node this evaluator does not enclose rigorously."""


def _interval_abs(x):
    low, high = x.a, x.b
    if low >= 0:
        return x
    if high <= 0:
        return -x
    return mpmath.iv.mpf([0, max(-low, high).b])


def _positive_base(x) -> None:
    if not x.a > 0:
        raise _Unsupported("logarithm or real power of an interval not certainly positive")


def _enclose(e: sp.Expr, point=None):
    """Enclosure of ``e``; free symbols take their (exact rational) values from ``point``."""
    iv = mpmath.iv
    if e.is_Symbol:
        if point is None or e not in point:
            raise _Unsupported(f"free symbol {e}")
        return _enclose(sp.Rational(point[e]))
    if e.is_Integer:
        return iv.mpf(int(e))
    if e.is_Rational:
        return iv.mpf(int(e.p)) / iv.mpf(int(e.q))
    if e is sp.E:
        return iv.e
    if e is sp.pi:
        return iv.pi
    if e.is_Add:
        total = iv.mpf(0)
        for arg in e.args:
            total = total + _enclose(arg, point)
        return total
    if e.is_Mul:
        product = iv.mpf(1)
        for arg in e.args:
            product = product * _enclose(arg, point)
        return product
    if e.is_Pow:
        base, exponent = e.args
        if exponent.is_Integer:
            b = _enclose(base, point)
            k = int(exponent)
            if k < 0 and b.a <= 0 <= b.b:
                raise _Unsupported("division by an interval containing 0")
            return b ** k
        if exponent.is_Rational or exponent.is_number:
            b = _enclose(base, point)
            _positive_base(b)
            return iv.exp(_enclose(exponent, point) * iv.log(b))
        raise _Unsupported(f"power {e}")
    if isinstance(e, sp.log) and len(e.args) == 1:
        x = _enclose(e.args[0], point)
        _positive_base(x)
        return iv.log(x)
    if isinstance(e, sp.exp):
        return iv.exp(_enclose(e.args[0], point))
    if isinstance(e, sp.sign):   # constant +-1 on an enclosure that excludes 0 (the derivative of Abs)
        x = _enclose(e.args[0], point)
        if x.a > 0:
            return iv.mpf(1)
        if x.b < 0:
            return iv.mpf(-1)
        raise _Unsupported("sign of an interval containing 0")
    if isinstance(e, sp.Abs):
        return _interval_abs(_enclose(e.args[0], point))
    if isinstance(e, (sp.Min, sp.Max)):
        parts = [_enclose(arg, point) for arg in e.args]
        pick = min if isinstance(e, sp.Min) else max
        return iv.mpf([pick(x.a for x in parts).a, pick(x.b for x in parts).b])
    raise _Unsupported(type(e).__name__)


def interval_sign(value: sp.Expr) -> int | None:
    """+1 or -1 when an outward-rounded enclosure of ``value`` excludes 0; None otherwise
    (including every exact zero, any non-real or unsupported node, and free symbols)."""
    value = sp.sympify(value)
    if value.free_symbols or value.has(sp.zoo, sp.nan, sp.oo, sp.Float, sp.I):
        return None
    return _signed_enclosure(lambda: _enclose(value))


def _signed_enclosure(enclose) -> int | None:
    """+1 / -1 when ``enclose()`` (re-run at each working precision) excludes 0, else None."""
    saved = mpmath.iv.prec
    for bits in PRECISIONS:
        try:
            mpmath.iv.prec = bits
            x = enclose()
            low, high = x.a, x.b
        except (_Unsupported, ZeroDivisionError, ValueError, TypeError):
            return None
        finally:
            mpmath.iv.prec = saved
        if low > 0:
            return 1
        if high < 0:
            return -1
    return None


def interval_sign_at(expr: sp.Expr, point) -> int | None:
    """Sign of ``expr`` at an exact rational ``point`` (symbol -> rational), certified by
    evaluating the expression tree itself on intervals, without substituting first.

    Substituting with sympy and then certifying the resulting number gives the same sign
    when both succeed, but the substitution is slow for logarithms (sympy's automatic
    evaluation of each log of a rational); this is the cheap path.  Every operation is
    enclosed rigorously and an enclosure touching a pole or a non-positive log argument is
    refused, so a returned sign is certified; None otherwise (including exact zeros)."""
    expr = sp.sympify(expr)
    if expr.free_symbols - set(point) or expr.has(sp.zoo, sp.nan, sp.oo, sp.Float, sp.I):
        return None
    if any(not sp.sympify(v).is_Rational for v in point.values()):
        return None
    return _signed_enclosure(lambda: _enclose(expr, point))
