"""A measure's value at a table with zero cells under its ``limit`` zero convention (MI's
0 log 0 = 0), exactly and cheaply, for the exhaustive searches.

:func:`symmetric.measures.zeros.value_at` takes sympy limits on each zero pattern (a minute for
MI); a search needs the value at hundreds of tables.  Here the count form is evaluated term by
term at the table: a product with a log-free factor that is exactly 0 and a logarithm that is
undefined there (0 log 0, 0 log(0/0)) is 0, the convention's rule for a rational argument
(x log(c x^k) -> 0).  The candidate is then re-checked independently: the written formula at
exact points where each zero cell is 10^-6, 10^-12, 10^-18 (the others as in the table) must
approach it.  Anything else gives None (undefined): never a guessed value.
"""

from __future__ import annotations

from functools import lru_cache

import sympy as sp

from ..measures.base import Measure
from ..measures.conventions import LIMIT, convention
from ..space import CELLS
from . import limitnear
from .tables import exact_function

_STEPS = (sp.Rational(1, 10 ** 6), sp.Rational(1, 10 ** 12), sp.Rational(1, 10 ** 18))


def takes_limits(measure: Measure) -> bool:
    try:
        return convention(measure.name).rule == LIMIT
    except KeyError:                         # a user's measure: its formula as written
        return False


def _finite(value):
    return value if value.is_number and not value.has(sp.nan, sp.zoo, sp.oo, -sp.oo) else None


def _term(expr, at):
    """The value of ``expr`` at ``at`` with 0 * log(undefined) = 0, or None."""
    if isinstance(expr, sp.Add):
        parts = [_term(a, at) for a in expr.args]
        return None if any(p is None for p in parts) else sp.Add(*parts)
    if isinstance(expr, sp.Mul):
        plain = [f for f in expr.args if not f.has(sp.log)]
        logs = [f for f in expr.args if f.has(sp.log)]
        values = [_finite(f.xreplace(at)) for f in plain]
        if any(v == 0 for v in values if v is not None) and logs and all(v is not None for v in values):
            return sp.Integer(0)
        parts = values + [_term(f, at) for f in logs]
        return None if any(p is None for p in parts) else sp.Mul(*parts)
    if isinstance(expr, sp.Pow) and expr.base.has(sp.log) and expr.exp.is_number:
        base = _term(expr.base, at)
        return None if base is None else _finite(base ** expr.exp)
    return _finite(expr.xreplace(at))


def _near(form):
    """The form as an exact function of the cells: its value at a point is the one
    ``form.xreplace`` gives (sympy numbers, exactly), at a fraction of the cost (MI's ISC in the
    atlas: 56% of its CPU was rebuilding the form at the three points of each table)."""
    if form.free_symbols <= set(CELLS):
        function = exact_function(form, tuple(CELLS))
        return lambda at: function(*(at[c] for c in CELLS))
    return form.xreplace        # another symbol stays free: the value is not a number, as before


def _approaches(form, table, value) -> bool:
    quick = limitnear.approaches(form, tuple(CELLS), table, value, _STEPS)
    return _exactly_approaches(form, table, value) if quick is None else quick


def _exactly_approaches(form, table, value) -> bool:
    zero = [c for c, v in zip(CELLS, table) if v == 0]
    errors = []
    at_point = _near(form)
    for step in _STEPS:
        at = {c: (step if c in zero else sp.Integer(v)) for c, v in zip(CELLS, table)}
        near = sp.N(at_point(at), 60)
        if not near.is_number or near.has(sp.nan, sp.zoo) or near.is_real is not True:
            return False
        errors.append(abs(near - sp.N(value, 60)))
    return errors[-1] < sp.Float("1e-12") and errors[-1] <= errors[0]


@lru_cache(maxsize=4096)
def _value(form: sp.Expr, table: tuple):
    at = {c: sp.Integer(v) for c, v in zip(CELLS, table)}
    value = _term(form, at)
    if value is None or _finite(value) is None or value.is_real is not True:
        return None
    value = sp.nsimplify(value) if value.is_Float else value
    return value if _approaches(form, table, value) else None


def limit_value(measure: Measure, table, params: dict):
    """M at ``table`` under the limit convention (None: undefined, or not confirmed)."""
    form = measure.count_form
    if params:
        form = form.xreplace({sp.Symbol(str(k)) if isinstance(k, str) else k: v for k, v in params.items()})
    return _value(form, tuple(int(v) for v in table))
