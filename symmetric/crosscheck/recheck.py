"""A counterexample re-evaluated on the written formula, value by value, by the value's type.

Every value a checker shows is typed (:mod:`symmetric.evidence`: :class:`Score`,
:class:`Expectation`, :class:`QuantValue`, :class:`Order`) and carries what it is the value
*of*; :func:`recheck_value` computes each again with this package's own arithmetic.  Labels are
display text and are never read here, so rewording one cannot turn a re-check off.  A typed value
that cannot be computed again (a parameter without a value, a Score on a quantification
counterexample) is *missing*: the review makes the result ``undetermined``, never a silent pass.
A value shown without a type is counted and named as not re-evaluated.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import singledispatch

import sympy as sp

from ..errors import InputError
from ..evidence import Expectation, Order, QuantValue, Score
from . import classification
from . import values as V
from .formula import Formula, QuantFormula
from .outcome import Witness
from .sympyform import compile_sympy


@dataclass(frozen=True)
class Missing:
    """A typed value the cross-check cannot compute again, and why."""

    why: str


AGREES, UNCERTAIN, UNTYPED = "agrees", "uncertain", "untyped"


@dataclass(frozen=True)
class Recheck:
    """A whole counterexample re-evaluated: the first contradiction or missing value, and counts."""

    witness: Witness | None = None
    missing: Missing | None = None
    checked: int = 0
    uncertain: int = 0
    untyped: int = 0


def recheck_counterexample(formula, cx, strict: bool = True) -> Recheck:
    checked = uncertain = untyped = 0
    for value in cx.values:
        found = recheck_value(value, formula, strict)
        if isinstance(found, Witness):
            return Recheck(witness=found)
        if isinstance(found, Missing):
            return Recheck(missing=found)
        checked += found == AGREES
        uncertain += found == UNCERTAIN
        untyped += found == UNTYPED
    return Recheck(None, None, checked, uncertain, untyped)


@singledispatch
def recheck_value(value, formula, strict: bool = True):
    """AGREES, UNCERTAIN (not certifiable), UNTYPED (a plain (label, value) pair), a
    :class:`Witness` (the formula contradicts the value) or :class:`Missing`."""
    return UNTYPED


def value_text(v) -> str:
    if isinstance(v, Fraction):
        return str(v)
    if isinstance(v, V.Interval):
        return f"~{float(v.lo):.6g}"
    return str(v)


def mine(value):
    """A checker's exact value (sympy number or None) as a value of :mod:`.values`."""
    if value is None:
        return V.UNDEFINED
    value = sp.sympify(value)
    if value.has(sp.nan, sp.zoo, sp.oo, -sp.oo):
        return V.UNDEFINED
    if value.atoms(sp.Float):           # an approximation is never compared with an exact value
        return V.UNKNOWN
    try:
        return compile_sympy(value, {})({})
    except InputError:
        return V.UNKNOWN


def fraction(value) -> Fraction:
    return Fraction(str(sp.nsimplify(value)))


def disagree(theirs, ours) -> bool:
    """A shown value against the written formula's: one defined and the other not, or two
    values that certainly differ (an uncertain comparison is no disagreement)."""
    return V.is_value(theirs) != V.is_value(ours) or (V.is_value(ours) and V.compare(theirs, ours) not in (0, None))


def _judged(theirs, ours, what: str, where, values, params=()):
    if V.UNKNOWN in (theirs, ours):
        return UNCERTAIN
    if disagree(theirs, ours):
        return Witness(f"the checker's {what} {value_text(theirs)} is {value_text(ours)} on the written formula",
                       where, values, params)
    return AGREES


def _params(value, formula: Formula):
    """The value's parameter setting in the formula's parameter order, or Missing."""
    given = dict(value.params)
    absent = [k for k in formula.param_names if k not in given]
    if absent:
        return Missing(f"{type(value).__name__} {value.label!r} gives no value of {', '.join(absent)}")
    try:
        return tuple((k, fraction(given[k])) for k in formula.param_names)
    except (ValueError, TypeError, sp.SympifyError):
        return Missing(f"{type(value).__name__} {value.label!r}: a parameter is not an exact number")


@recheck_value.register
def _(value: Score, formula, strict: bool = True):
    if not isinstance(formula, Formula):
        return Missing(f"a table score {value.label!r} on a measure that is not a classification measure")
    params = _params(value, formula)
    if isinstance(params, Missing):
        return params
    ours, theirs = formula.value(tuple(value.table), params), mine(value.value)
    if value.convention and V.is_value(theirs) and not V.is_value(ours):
        # the written formula is undefined there and this evaluator knows no limit conventions:
        # the checker's value is not re-evaluated, and the note says so
        return UNCERTAIN
    return _judged(theirs, ours, "value", ((value.label, tuple(value.table)),), ((value.label, ours),),
                   params)


@recheck_value.register
def _(value: Expectation, formula, strict: bool = True):
    if not isinstance(formula, Formula):
        return Missing(f"an expectation {value.label!r} on a measure that is not a classification measure")
    model = classification.random_model(value.model, value.size)
    if model is None:
        return Missing(f"no independent evaluation of the random model {value.model!r}")
    params = _params(value, formula)
    if isinstance(params, Missing):
        return params
    ours, _ = classification.expectation(formula, model, value.positives, value.negatives, params, strict)
    sizes = (value.positives, value.negatives) + (() if value.size is None else (value.size,))
    return _judged(mine(value.value), ours, "expectation", ((value.label, sizes),), ((value.label, ours),), params)


def _distribution(point) -> tuple:
    return tuple(fraction(x) for x in point)


@recheck_value.register
def _(value: QuantValue, formula, strict: bool = True):
    if not isinstance(formula, QuantFormula):
        return Missing(f"a value of E {value.label!r} on a measure that is not a quantification measure")
    true, predicted = _distribution(value.true), _distribution(value.predicted)
    ours = formula.raw(true, predicted) if value.raw else formula.value(true, predicted)
    return _judged(mine(value.value), ours, "value", ((f"{value.label}: p", true), (f"{value.label}: p^", predicted)),
                   ((value.label, ours),))


@recheck_value.register
def _(value: Order, formula, strict: bool = True):
    if not isinstance(formula, QuantFormula):
        return Missing(f"an order {value.label!r} on a measure that is not a quantification measure")
    t, a, b = (_distribution(x) for x in (value.true, value.first, value.second))
    left, right = formula.value(t, a), formula.value(t, b)
    where, values = (("p", t), ("p'", a), ("p''", b)), (("E(p, p')", left), ("E(p, p'')", right))
    if not (V.is_value(left) and V.is_value(right)):
        return Witness(f"{value.label}: E is undefined on the written term", where, values)
    ours = V.compare(left, right)
    if ours is None:
        return UNCERTAIN
    if ours != int(value.value):
        return Witness(f"{value.label}: the checker's {value.value} is {ours} on the written term", where, values)
    return AGREES
