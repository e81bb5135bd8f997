"""A classification measure's value on each of the 15 zero patterns of the table, computed.

On a pattern (these cells 0, the others positive) the value is, in this order:

1. the count form restricted to the pattern, when it is shown defined on the whole pattern
   (``checks.cases.definedness``: every denominator non-zero, every root and log argument in
   range) -- ``formula``, or ``stipulated`` when a ``Piecewise`` branch other than the general
   formula is the one that applies (F1 := 1 at TP = FP = FN = 0);
2. under the ``limit`` convention, the limit of the formula as the zero cells tend to 0 along
   ``eps * c`` (each zero cell its own positive speed c), the other cells fixed, when sympy finds
   it, finite and the same for every choice of speeds -- ``limit``;
3. otherwise ``undefined`` (with the reason), or ``unknown`` when definedness was not decided.

Nothing here is typed in: the value is the formula's, and the convention only says which of
these rules applies (:mod:`symmetric.measures.conventions`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import sympy as sp

from ..checks.cases import POSITIVE, definedness, restrict, zero_patterns
from ..domain import EVERYWHERE, InternalSymbol
from ..space import CELLS
from .base import Measure
from .conventions import LIMIT, convention

_EPS = InternalSymbol("epsilon", positive=True)
_SPEED = {cell: sp.Symbol(f"c_{cell.name}", positive=True) for cell in CELLS}


@dataclass(frozen=True)
class PatternValue:
    zero: tuple[str, ...]        # the cells that are 0 (names)
    how: str                     # formula | stipulated | limit | undefined | unknown
    value: sp.Expr | None        # in the positive cell symbols tp, fp, fn, tn (and parameters); None if no value
    why: str = ""

    def describe(self) -> str:
        return ", ".join(f"{c} = 0" for c in self.zero)


def _general_branch(expr: sp.Expr) -> sp.Expr:
    """The formula without its stipulations: the last (``True``) branch of an outer Piecewise."""
    return expr.args[-1][0] if isinstance(expr, sp.Piecewise) else expr


def _finite_limit(expr: sp.Expr) -> sp.Expr | None:
    """lim eps -> 0+ of ``expr`` when sympy finds it finite, else None."""
    try:
        found = sp.limit(expr, _EPS, 0, "+")
    except (NotImplementedError, ValueError, TypeError):
        return None
    return None if found.has(sp.nan, sp.zoo, sp.oo, -sp.oo, sp.Limit) else found


def _termwise_limit(expr: sp.Expr) -> sp.Expr | None:
    """The limit of N/D as the sum of the limits of N's terms over the limit of D, when D's is
    finite and non-zero and every term's is finite (the limit of a sum of convergent terms is
    the sum of their limits); else None.  MI's 15 patterns: ~8 CPU-s, against ~25 for sympy's
    limit of the whole quotient (gruntz grows fast with the expression)."""
    num, den = sp.fraction(expr)
    d = _finite_limit(den)
    if d is None or d.is_zero is not False:
        return None
    total = []
    for term in sp.Add.make_args(sp.expand(num)):
        value = _finite_limit(term) if term.has(_EPS) else term
        if value is None:
            return None
        total.append(value)
    return sp.Add(*total) / d


def _speed_free(found: sp.Expr | None) -> sp.Expr | None:
    # the cells are positive symbols, so expanding the logarithms is exact; it reads as entropies
    if found is None:
        return None
    found = sp.expand_log(sp.simplify(found), force=True)
    num, den = sp.fraction(found)            # each log once: -fn log(fn + tn) + ... + n log n
    found = sp.collect(sp.expand(num), sorted(num.atoms(sp.log), key=sp.default_sort_key)) / den
    return None if found.free_symbols & set(_SPEED.values()) else found


def _limit(expr: sp.Expr, case) -> sp.Expr | None:
    """The limit as the zero cells of ``case`` tend to 0 along eps * c, when it exists, is finite
    and does not depend on the speeds c; else None.  Term by term first, then (when a term
    diverges or the speeds remain) the whole formula at once."""
    moving = {cell: _EPS * _SPEED[cell] for cell in case.zero}
    fixed = {cell: POSITIVE[cell] for cell in CELLS if cell not in case.zero}
    along = sp.sympify(expr).xreplace({**moving, **fixed})
    found = _speed_free(_termwise_limit(along))
    return found if found is not None else _speed_free(_finite_limit(along))     # (0 is falsy)


def _domain(measure: Measure):
    return EVERYWHERE.with_intervals([p.interval() for p in measure.params]) if measure.params else EVERYWHERE


def value_on(measure: Measure, case) -> PatternValue:
    """The measure's value on one zero pattern (a ``checks.cases.Case``)."""
    zero = tuple(c.name for c in case.zero)
    form = measure.count_form
    ok, why = definedness(form, _domain(measure), case.substitution)
    if ok is True:
        value = sp.simplify(restrict(form, case))
        general = restrict(_general_branch(form), case)
        stipulated = isinstance(form, sp.Piecewise) and sp.simplify(general - value) != 0
        return PatternValue(zero, "stipulated" if stipulated else "formula", value)
    if ok is None:
        return PatternValue(zero, "unknown", None, why)
    if convention(measure.name).rule == LIMIT:
        found = _limit(form, case)
        if found is not None:
            return PatternValue(zero, "limit", found, "the limit as the zero cells tend to 0")
    return PatternValue(zero, "undefined", None, why)


@lru_cache(maxsize=None)
def zero_pattern_values(measure: Measure) -> tuple[PatternValue, ...]:
    """The value on each of the 15 zero patterns, in ``zero_patterns`` order (one zero first,
    the empty table last)."""
    return tuple(value_on(measure, case) for case in zero_patterns(allow_all_zero=True) if case.zero)


def value_at(measure: Measure, table, **params) -> sp.Expr | None:
    """The measure at an integer table under its zero convention, exactly: the formula where it
    is defined, else the value of the table's zero pattern (stipulated or limit); None where
    the measure is undefined."""
    table = tuple(int(v) for v in table)
    value = measure.evaluate(*table, **params)
    if value.is_number and not value.has(sp.nan, sp.zoo, sp.oo, -sp.oo):
        return value if value.is_extended_real is not False else None
    zero = tuple(c.name for c, v in zip(CELLS, table) if v == 0)
    for pv in zero_pattern_values(measure):
        if pv.zero == zero and pv.value is not None:
            at = {POSITIVE[c]: sp.Integer(v) for c, v in zip(CELLS, table)}
            at.update({p.symbol: sp.sympify(params[p.symbol.name]) for p in measure.params if p.symbol.name in params})
            return pv.value.xreplace(at)
    return None
