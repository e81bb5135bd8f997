"""The exact value of an expression at a rational point, in Python's Fractions, where that value
is a rational number sympy's substitution would also give: for the deciders' sample points.

The deciders try points for a witness (``is_identically_zero``: a non-zero value;
``is_positive_everywhere``: a value <= 0).  At an identity's points the certified intervals
never exclude 0, so each point went on to sympy's ``subs`` and ``exact_sign``: slow for large
quotients and for Min / Max (sympy compares their arguments symbolically when it builds them);
the atlas spent ~4% of its CPU there.  A tree of +, *, integer powers, Min, Max, Abs, sign
and Heaviside (away from 0: the derivatives of Min and Max) over rationals has a rational value, and Fractions compute it exactly: the same number sympy's
substitution evaluates to, so the same witness (or none) is found.  Anything else (a root, a
logarithm, a piecewise definition, a symbol without a value) and any division by zero gives
None: the caller then takes its own exact path, as before.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import sympy as sp


class _NotRational(Exception):
    """The node has no rational value this evaluator computes (the caller's own path decides)."""


def rational_value(expr: sp.Expr, point: Mapping) -> Fraction | None:
    """``expr`` at ``point`` (symbol -> rational) as a Fraction, or None (see the module)."""
    values = {}
    for k, v in point.items():
        v = sp.sympify(v)
        if not v.is_Rational:
            return None
        values[k] = Fraction(int(v.p), int(v.q))
    try:
        return _value(expr, values, {})
    except (_NotRational, ZeroDivisionError):
        return None


def _value(e: sp.Basic, at: dict, seen: dict) -> Fraction:
    found = seen.get(e)
    if found is not None:
        return found
    if e.is_Symbol:
        if e not in at:
            raise _NotRational(str(e))
        value = at[e]
    elif e.is_Rational:
        value = Fraction(int(e.p), int(e.q))
    elif e.is_Add:
        value = sum((_value(a, at, seen) for a in e.args), Fraction(0))
    elif e.is_Mul:
        value = Fraction(1)
        for a in e.args:
            value *= _value(a, at, seen)
    elif e.is_Pow:
        base, exponent = e.args
        if not exponent.is_Integer:
            raise _NotRational("a non-integer power")
        value = _value(base, at, seen) ** int(exponent)    # 0 ** -k: ZeroDivisionError
    elif isinstance(e, (sp.Min, sp.Max)):
        args = [_value(a, at, seen) for a in e.args]
        value = min(args) if isinstance(e, sp.Min) else max(args)
    elif isinstance(e, sp.Abs):
        value = abs(_value(e.args[0], at, seen))
    elif isinstance(e, sp.sign):
        x = _value(e.args[0], at, seen)
        value = Fraction((x > 0) - (x < 0))
    elif isinstance(e, sp.Heaviside):      # (a derivative of Min / Max; its second argument: the value at 0)
        x = _value(e.args[0], at, seen)
        if x == 0:                      # its value at 0 is a convention: sympy's own path says
            raise _NotRational("Heaviside at 0")
        value = Fraction(int(x > 0))
    else:
        raise _NotRational(type(e).__name__)
    seen[e] = value
    return value
