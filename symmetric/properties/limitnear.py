"""The limit confirmation of :mod:`.limitvalue` decided by interval arithmetic where it can be.

``limitvalue._approaches`` evaluates the count form exactly at three points near a table (each
zero cell 10^-6, 10^-12, 10^-18), rounds each value to 60 digits and asks whether the last error
is below 1e-12 and no larger than the first.  Building those exact sympy numbers and rounding
them was most of MI's ISC cell in the atlas (11 CPU-s).  Here the same form is evaluated once per
point in mpmath's interval arithmetic (rigorous enclosures, 256 bits), and the two comparisons are
answered only when the enclosures settle them with a margin far above the 60-digit rounding
(1e-40, scaled by the values' size): the exact errors then lie on the same side, and so do their
60-digit roundings, so the answer is the one the exact path gives.  Anything else -- a node this
evaluator does not know, a division by an enclosure of 0, a logarithm or root of a non-positive
enclosure, a near tie (such as two errors that are both exactly 0) -- gives None, and the caller
takes the exact path.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import sympy as sp
from mpmath import iv
from mpmath.libmp import fzero, mpf_sign

_PREC = 256
_MARGIN = Fraction(1, 10 ** 40)
_THRESHOLD = Fraction(1e-12)        # sp.Float("1e-12") is the double nearest 1e-12: this number


class _Unknown(Exception):
    """The enclosure cannot stand for the exact value (undefined there, or not a real number)."""


# A value is an exact rational while it is one -- a pair (numerator, denominator > 0) of
# integers, never reduced (the count form's sums and quotients at a rational point: Fraction's
# gcd at every step cost more than the logarithms) -- and an mpmath interval once a logarithm
# or a root enters.

def _exact(x) -> bool:
    return type(x) is tuple


def _enclose(x):
    if _exact(x):
        n, d = x
        return iv.mpf(n) / d if d != 1 else iv.mpf(n)
    return x


def _positive(x) -> bool:
    if _exact(x):
        return x[0] > 0
    return mpf_sign(x._mpi_[0]) > 0         # the raw end point: no rounding to mpmath's mp.prec


def _nonzero(x) -> bool:
    if _exact(x):
        return x[0] != 0
    return mpf_sign(x._mpi_[0]) > 0 or mpf_sign(x._mpi_[1]) < 0


def _compile(expr: sp.Expr, names: dict):
    """A function of {symbol name: (numerator, denominator)} giving ``expr`` exactly (a pair) or
    an enclosure of it; _Unknown raised where the value is not certainly a real number; None
    for a node not handled here."""
    if expr.is_Symbol:
        name = expr.name
        return (lambda at: at[name]) if name in names else None
    if expr.is_Rational:
        value = (int(expr.p), int(expr.q))
        return lambda at: value
    if isinstance(expr, (sp.Add, sp.Mul)):
        parts = [_compile(a, names) for a in expr.args]
        if any(p is None for p in parts):
            return None
        if isinstance(expr, sp.Add):
            return lambda at: _sum(parts, at)
        return lambda at: _product(parts, at)
    if isinstance(expr, sp.Pow) and expr.exp.is_Integer:
        base, k = _compile(expr.base, names), int(expr.exp)
        if base is None:
            return None
        return lambda at: _int_power(base(at), k)
    if isinstance(expr, sp.Pow) and expr.exp == sp.Rational(1, 2):
        base = _compile(expr.base, names)
        if base is None:
            return None
        return lambda at: _root(base(at))
    if isinstance(expr, sp.log) and len(expr.args) == 1:
        arg = _compile(expr.args[0], names)
        if arg is None:
            return None
        return lambda at: _log(arg(at))
    return None


def _sum(parts, at):
    n, d, inexact = 0, 1, None
    for p in parts:
        x = p(at)
        if _exact(x):
            n, d = n * x[1] + x[0] * d, d * x[1]
        else:
            inexact = x if inexact is None else inexact + x
    return (n, d) if inexact is None else inexact + _enclose((n, d))


def _product(parts, at):
    n, d, inexact = 1, 1, None
    for p in parts:
        x = p(at)
        if _exact(x):
            n, d = n * x[0], d * x[1]
        else:
            inexact = x if inexact is None else inexact * x
    if inexact is None or n == 0:
        return (n, d)           # 0 times a real number is 0 exactly, as in sympy
    return inexact * _enclose((n, d))


def _int_power(x, k: int):
    if k < 0 and not _nonzero(x):
        raise _Unknown
    if _exact(x):
        n, d = x
        if k < 0:
            n, d, k = (d, n, -k) if n > 0 else (-d, -n, -k)
        return n ** k, d ** k
    return x ** k if k >= 0 else 1 / (x ** -k)


def _root(x):
    if not _positive(x):
        raise _Unknown
    return iv.sqrt(_enclose(x))


def _log(x):
    if not _positive(x):
        raise _Unknown
    if _exact(x) and x[0] == x[1]:
        return (0, 1)           # log(1) = 0 exactly, as sympy evaluates it
    return iv.log(_enclose(x))


@lru_cache(maxsize=256)
def compiled(form: sp.Expr, cells: tuple):
    """The interval evaluator of ``form`` over ``cells`` (symbols), or None (a node not handled,
    or another free symbol)."""
    if not form.free_symbols <= set(cells):
        return None
    return _compile(form, {c.name for c in cells})


def _ends(x) -> tuple[Fraction, Fraction] | None:
    """The end points of an enclosure as exact Fractions (None if one is infinite or nan)."""
    out = []
    for raw in x._mpi_:
        if raw in (fzero,):
            out.append(Fraction(0))
            continue
        sign, man, exp, _ = raw
        if not man:                 # inf, -inf, nan
            return None
        value = Fraction(man) * (Fraction(2) ** exp)
        out.append(-value if sign else value)
    return out[0], out[1]


def approaches(form: sp.Expr, cells: tuple, table: tuple, value: sp.Expr, steps) -> bool | None:
    """What ``limitvalue._approaches(form, table, value)`` answers, or None when the enclosures
    do not settle it (the caller then computes it exactly)."""
    function = compiled(form, cells)
    target = _compile(value, {}) if function is not None else None
    if target is None:
        return None
    saved, iv.prec = iv.prec, _PREC
    try:
        v = _enclose(target({}))
        errors = []
        size = abs(v)
        for step in steps:
            at = {c.name: ((int(step.p), int(step.q)) if n == 0 else (int(n), 1))
                  for c, n in zip(cells, table)}
            near = _enclose(function(at))
            size = size + abs(near)
            errors.append(abs(near - v))
    except (_Unknown, ZeroDivisionError):
        return None
    finally:
        iv.prec = saved
    ends = [_ends(x) for x in (size, errors[-1], errors[0])]
    if None in ends:
        return None
    margin = _MARGIN * (1 + ends[0][1])
    (last_lo, last_hi), (first_lo, first_hi) = ends[1], ends[2]
    if last_lo > _THRESHOLD + margin:
        return False
    if last_hi + margin >= _THRESHOLD:
        return None                         # near the threshold: the exact path decides
    if last_hi + margin < first_lo:
        return True
    if last_lo > first_hi + margin:
        return False
    return None
