"""One-sided limits of a measure along a direction, exactly.

Used to decide continuity and continuous differentiability at the boundary of the domain
(for instance where a measure's value is stipulated at 0/0).  The path is
``point + eps * direction`` with ``eps -> 0+``; on it every piecewise condition is resolved
for ``eps > 0`` (sympy's assumptions), which leaves one elementary expression in ``eps``.

Soundness: the limit is taken by direct substitution only when the expression, at eps = 0,
is finite and built from functions continuous where they are evaluated (rational functions
with a non-zero denominator, sqrt, exp, log of a positive number, abs, min, max); otherwise
sympy's ``limit`` (a symbolic computation) is used.  ``None`` means the limit could not be
obtained (never read as "no limit").
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

import sympy as sp

from ..domain import InternalSymbol

EPS = InternalSymbol("epsilon", positive=True)
INFINITE = (sp.oo, -sp.oo, sp.zoo)


def on_path(expr: sp.Expr, point: Mapping[sp.Symbol, sp.Expr], direction: Mapping[sp.Symbol, sp.Expr]) -> sp.Expr:
    """``expr`` along point + eps * direction (eps > 0), piecewise conditions resolved."""
    subs = {sym: sp.sympify(point[sym]) + EPS * sp.sympify(direction.get(sym, 0)) for sym in point}
    return sp.piecewise_fold(sp.sympify(expr).subs(subs, simultaneous=True))


def _finite(value: sp.Expr) -> bool:
    return value.is_number and not value.has(sp.nan, *INFINITE) and value.is_finite is not False


def directional_limit(expr: sp.Expr, point: Mapping, direction: Mapping) -> sp.Expr | None:
    """lim_{eps->0+} expr(point + eps direction): a number, +-oo / zoo when it diverges, or None."""
    key = (sp.sympify(expr), tuple(point.items()), tuple(direction.items()))
    try:
        hash(key)
    except TypeError:           # an unhashable coordinate: computed as it is
        return _limit(*key)
    return _memo_limit(*key)


def _limit(expr: sp.Expr, point: tuple, direction: tuple) -> sp.Expr | None:
    point, direction = dict(point), dict(direction)         # in the caller's order
    path = on_path(expr, point, direction)
    if isinstance(path, sp.Piecewise):
        return None                      # a condition that eps > 0 does not resolve
    at_zero = path.subs(EPS, 0)
    if _finite(at_zero) and not _has_removable_risk(path):
        return sp.nsimplify(at_zero) if at_zero.is_Float else at_zero
    try:
        value = sp.limit(path, EPS, 0, "+")
    except (NotImplementedError, ValueError, TypeError, RecursionError):
        # sympy's series expansion can recurse without end on a kink (the Heaviside of a
        # Min's derivative): the limit is then unknown, never a verdict
        return None
    if isinstance(value, sp.Limit) or value.has(sp.Limit) or value is sp.nan:
        return None
    if isinstance(value, sp.AccumBounds):
        return None
    return value


# CON's search takes the same limits in both its readings (the defined-test-sets and the strict
# one run in one process, one after the other: GwetAC1's CON 5.2 + 3.4 CPU-s, half of it in
# limits); a limit is a pure function of the expression and the path, sympy's objects are
# immutable, and an error (a time limit's too) is raised again: lru_cache keeps no exception.
_memo_limit = lru_cache(maxsize=8192)(_limit)


def _has_removable_risk(path: sp.Expr) -> bool:
    """True when direct substitution at eps = 0 might not give the limit: a denominator or a
    log argument that vanishes at eps = 0 (then the value at 0 is not trusted)."""
    for power in path.atoms(sp.Pow):
        if power.exp.is_negative and power.base.has(EPS) and power.base.subs(EPS, 0) == 0:
            return True
    for log in path.atoms(sp.log):
        if log.args[0].subs(EPS, 0) == 0:
            return True
    return False


def is_infinite(value) -> bool:
    return value in INFINITE or (value is not None and value.has(*INFINITE))


# Functions continuous on the whole real line (given continuous arguments): nothing to check.
_EVERYWHERE_CONTINUOUS = (sp.Add, sp.Mul, sp.exp, sp.Abs, sp.Min, sp.Max)


@lru_cache(maxsize=2048)
def _critical(expr: sp.Expr) -> tuple[tuple[sp.Expr, bool], ...] | None:
    """(subterm, strict) pairs: ``expr`` is continuous on a neighbourhood of any point where every
    subterm is non-zero (a denominator; strict False) or positive (a fractional power's base, a
    logarithm's argument; strict True).  None when ``expr`` holds anything else (a piecewise
    definition, a step function, a symbolic exponent): no such argument is made for it."""
    found: dict[tuple[sp.Expr, bool], None] = {}

    def walk(node: sp.Basic) -> bool:
        if node.is_Atom:
            return node.is_Symbol or node.is_number and node.is_finite is True
        if node.is_Pow:
            base, exponent = node.args
            if not exponent.is_Rational:
                return False
            if not exponent.is_Integer:
                found.setdefault((base, True), None)
            elif exponent.is_negative:
                found.setdefault((base, False), None)
            return walk(base)
        if isinstance(node, sp.log):
            found.setdefault((node.args[0], True), None)
            return walk(node.args[0])
        if not isinstance(node, _EVERYWHERE_CONTINUOUS):
            return False
        return all(walk(a) for a in node.args)

    return tuple(found) if walk(sp.sympify(expr)) else None


def continuous_at(expr: sp.Expr, point: Mapping[sp.Symbol, sp.Expr]) -> bool:
    """True when ``expr`` is proved continuous on a neighbourhood of ``point`` (a point of
    rational coordinates for every free symbol): built from continuous functions, with every
    denominator exactly non-zero and every fractional power's base and logarithm's argument
    exactly positive there.  Then every directional limit at the point is the value there, and
    a search for discontinuities need not take them (CON's search: ~9% of the atlas's CPU was
    limits at points like these).  False means "not shown", never "discontinuous"."""
    critical = _critical(expr)
    if critical is None or not expr.free_symbols <= set(point):
        return False
    at = {k: sp.sympify(v) for k, v in point.items()}
    if not all(v.is_Rational for v in at.values()):
        return False
    for subterm, strict in critical:
        value = subterm.xreplace(at)
        if not value.is_Rational or (value <= 0 if strict else value == 0):
            return False
    return True

