"""Limits inside a printed relation (``\\lim_{TN \\to \\infty} F_1 = ...`` in a chain), taken as a
``limit`` step takes them: by sympy, in the limit's variable, the other variables as the positive
symbols of the claim's domain.  A limit sympy cannot take leaves the relation undecided."""

from __future__ import annotations

import sympy as sp


def take_limits(expr: sp.Expr, reading) -> sp.Expr | None:
    """``expr`` with every Limit replaced by its value; None when one cannot be taken."""
    expr = sp.sympify(expr)
    if not expr.has(sp.Limit):
        return expr
    values = {}
    for lim in sorted(expr.atoms(sp.Limit), key=sp.default_sort_key):
        value = _one(lim, reading)
        if value is None:
            return None
        values[lim] = value
    return expr.xreplace(values)


def _one(lim: sp.Limit, reading):
    body, var, to, direction = lim.args
    if var in reading.substitute or body.has(sp.Limit):
        return None
    rest = {k: v for k, v in reading.domain.reparam.items() if k != var and isinstance(v, sp.Symbol)}
    x = sp.Symbol("x_limit", real=True)
    inner = body.subs(rest, simultaneous=True).xreplace({var: x})
    try:
        value = sp.limit(inner, x, to, str(direction))
    except (NotImplementedError, ValueError, TypeError):
        return None
    if value.has(sp.Limit, sp.nan, sp.AccumBounds) or value.has(x) or value.has(sp.zoo):
        return None
    return value.xreplace({u: k for k, u in rest.items()})
