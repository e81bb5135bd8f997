"""Exact enumeration of contingency tables (the ground truth the symbolic checkers are
cross-checked against, and the source of concrete counterexamples, built here as
:class:`~symmetric.evidence.Counterexample` values).

Values are exact sympy numbers.  A fast floating-point evaluation (lambdify) is used only to
*select* candidate tables; every candidate is re-evaluated exactly before it is reported.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import NamedTuple

import sympy as sp
from sympy.printing.pycode import SymPyPrinter

from ..checks.decide import exact_sign
from ..errors import Undecided
from ..evidence import Counterexample, Score
from ..measures.base import Measure
from ..space import CELLS, FN, FP, TN, TP

Table = tuple[int, int, int, int]   # (TP, FP, FN, TN)


def tables(max_n: int, min_n: int = 1, *, degenerate: bool = False) -> Iterator[Table]:
    """All tables with min_n <= TP+FP+FN+TN <= max_n and at least one item in each gold class
    (degenerate: also those with one gold class empty)."""
    for total in range(min_n, max_n + 1):
        for tp, fp, fn in itertools.product(range(total + 1), repeat=3):
            tn = total - tp - fp - fn
            if tn >= 0 and (degenerate or tp + fn >= 1 and tn + fp >= 1):
                yield (tp, fp, fn, tn)


def noninformative_tables(max_n: int, *, degenerate: bool = False) -> Iterator[Table]:
    """Tables whose output is exactly independent of the gold standard: TP TN = FP FN (the empty
    and the full output included; degenerate: also on test sets with one gold class empty, where
    every output is non-informative)."""
    for t in tables(max_n, degenerate=degenerate):
        tp, fp, fn, tn = t
        if tp * tn == fp * fn:
            yield t


class _ExactPrinter(SymPyPrinter):
    """lambdify's sympy printer writes a rational constant as Python division, ``(1/2)``, which
    evaluates to the float 0.5 and would turn every value of e.g. (recall + specificity)/2 into
    a Float; print it as an exact sympy Rational instead."""

    def _print_Rational(self, expr):
        return f"{self._module_format('sympy.Rational')}({expr.p}, {expr.q})"

    # pi, e, ...: the default printer writes their floating-point value
    def _print_NumberSymbol(self, expr):
        return f"{self._module_format('sympy.S')}.{type(expr).__name__}"

    _print_Pi = _print_Exp1 = _print_EulerGamma = _print_Catalan = _print_GoldenRatio = _print_NumberSymbol


@lru_cache(maxsize=256)
def exact_function(expr: sp.Expr, symbols: tuple):
    """``expr`` as a function of ``symbols`` taking and giving sympy numbers (exact), compiled
    once per (expr, symbols): the same value as ``expr.xreplace`` at the point, far faster."""
    # exact rationals and exact algebraic roots; x/0 gives zoo, 0/0 nan (never an exception).
    # The printer settings are lambdify's own defaults for modules="sympy".
    printer = _ExactPrinter({"fully_qualified_modules": False, "inline": True,
                             "allow_unknown_functions": True, "user_functions": {}})
    return sp.lambdify(symbols, expr, modules="sympy", printer=printer)


@lru_cache(maxsize=256)
def _absorbing_divisors(expr: sp.Expr, symbols: tuple):
    """A function giving the divisors of ``expr`` that sit inside another divisor, or None.
    sympy's arithmetic absorbs their x/0 = zoo: 1/(2*alpha + 1/0) evaluates to 0, so a value
    computed there would be defined where the written formula is not (F_smN at (0, 0, 1, 1))."""
    if expr.has(sp.Piecewise):      # a branch not taken may divide by 0 harmlessly: not judged here
        return None

    def divisors(e):
        return [p.base for p in sp.preorder_traversal(e)
                if isinstance(p, sp.Pow) and p.exp.is_negative and p.base.free_symbols]

    inner = tuple(dict.fromkeys(d for outer in divisors(expr) for d in divisors(outer)))
    return exact_function(sp.Tuple(*inner), symbols) if inner else None


def exact_value(measure: Measure, table: Table, params: dict, form: sp.Expr | None = None) -> sp.Expr | None:
    """The measure (or ``form``) at a table, exactly; None where it is undefined (0/0, x/0)."""
    symbols = tuple(CELLS) + tuple(params)
    expr = measure.count_form if form is None else form
    table = tuple(map(sp.Integer, table))
    typed = tuple((type(v), v) for v in params.values())    # 1/2 and 0.5 hash alike, evaluate apart
    try:
        hash(typed)
    except TypeError:           # an unhashable parameter value: computed as it is
        return _exact_at.__wrapped__(expr, symbols, table, typed)
    return _exact_at(expr, symbols, table, typed)


# The searches ask for the same tables again and again (DIST's triangles: 13 000 look-ups of at
# most 495 tables for MI, half of its atlas CPU; the relational clauses' t and T(t)); a value
# is a pure function of the formula, the table and the parameters, and sympy's are immutable.
# An Undecided (realness not certified) is raised again on every ask: lru_cache keeps no error.
@lru_cache(maxsize=1 << 16)
def _exact_at(expr: sp.Expr, symbols: tuple, table: tuple, typed: tuple) -> sp.Expr | None:
    fn = exact_function(expr, symbols)
    args = (*table, *(v for _, v in typed))
    try:
        value = sp.sympify(fn(*args))
    except (ZeroDivisionError, ValueError, TypeError):
        return None
    if value.has(sp.nan, sp.zoo, sp.oo, -sp.oo) or not value.is_number:
        return None
    inner = _absorbing_divisors(sp.sympify(expr), symbols)
    if inner is not None:
        try:
            if any(d == 0 or sp.sympify(d).has(sp.nan, sp.zoo) for d in inner(*args)):
                return None
        except (ZeroDivisionError, ValueError, TypeError):
            return None
    return _real_or_none(value)


def _real_or_none(value: sp.Expr) -> sp.Expr | None:
    """A real value as it is; None for a non-real one (e.g. (-2)^pi: the measure is undefined
    there); ``Undecided`` when realness cannot be certified (never guessed)."""
    if value.is_extended_real:
        return value
    if value.is_extended_real is False:
        return None
    imaginary = exact_sign(sp.im(value))
    if imaginary == 0:
        return value
    if imaginary in (1, -1):
        return None
    raise Undecided(f"cannot certify that the value {value} is real")


@lru_cache(maxsize=256)
def _fast(expr: sp.Expr, symbols: tuple):
    return sp.lambdify(symbols, expr, modules=["math"])


@lru_cache(maxsize=1024)
def _floats(values: tuple) -> tuple[float, ...]:
    """The parameters as floats, once per setting: the searches call :func:`fast_value` on every
    table (Utility4's SMON: 1.7 million sympy-to-float conversions, 20 of its 35 CPU-s)."""
    return tuple(float(v) for v in values)


@lru_cache(maxsize=64)
def _float_memo(expr: sp.Expr, symbols: tuple, floats: tuple) -> dict:
    """integer table -> :func:`fast_value` there, for one form and parameter setting: the
    searches ask for the same tables again and again (each relational statement of a measure
    evaluates every table and its image; ~7% of the atlas's CPU before this memo)."""
    return {}


# the last (form, parameter setting) asked, its floats, memo and function: a search asks table
# after table in one setting, and hashing the form and the setting's values for the two memos on
# every call cost more than the memoised look-up (Utility4's SMON: 640 000 calls)
_LAST: list = [None, None, None, None, None]


def fast_value(measure: Measure, table: Table, params: dict) -> float | None:
    """Floating-point value for candidate selection only (never a verdict)."""
    form, items = measure.count_form, tuple(params.items())
    if _LAST[0] is form and _LAST[1] == items:
        floats, memo, fn = _LAST[2], _LAST[3], _LAST[4]
    else:
        symbols = tuple(CELLS) + tuple(params)
        floats = _floats(tuple(params.values())) if params else ()
        memo, fn = _float_memo(form, symbols, floats), _fast(form, symbols)
        _LAST[:] = [form, items, floats, memo, fn]
    # integer tables only (a float table hashes as the integer one but may evaluate apart)
    if not (type(table) is tuple and len(table) == 4 and type(table[0]) is int and type(table[1]) is int
            and type(table[2]) is int and type(table[3]) is int):
        memo = None
    elif table in memo:
        return memo[table]
    try:
        value = fn(*table, *floats)
    except (ZeroDivisionError, ValueError, OverflowError, TypeError):
        value = None
    if value is None or isinstance(value, complex) or not math.isfinite(value):
        value = None
    else:
        value = float(value)
    if memo is not None:
        memo[table] = value
    return value


def compare_exact(a: sp.Expr, b: sp.Expr) -> int | None:
    """Sign of a - b, certified exactly (None if it cannot be certified)."""
    return exact_sign(sp.nsimplify(a - b) if (a - b).is_Float else a - b)


def param_grid(measure: Measure) -> list[dict]:
    """Exact parameter settings used by the enumerations (every combination of samples)."""
    if not measure.params:
        return [{}]
    choices = [p.sample_values() for p in measure.params]
    return [dict(zip((p.symbol for p in measure.params), combo)) for combo in itertools.product(*choices)]


class Move(NamedTuple):
    """One way of moving an item into its correct class (Strict Monotonicity)."""

    apply: Callable[[Table], Table]       # the table after the move
    applies: Callable[[Table], bool]      # the table has an item to move
    moved_from: sp.Symbol                 # the cell that loses the item
    substitution: dict                    # the move on a symbolic form (simultaneous)


MOVES = {
    "a relevant item moved from not-S to S (FN -> TP)": Move(
        lambda t: (t[0] + 1, t[1], t[2] - 1, t[3]), lambda t: t[2] >= 1, FN, {TP: TP + 1, FN: FN - 1}),
    "an irrelevant item moved from S to not-S (FP -> TN)": Move(
        lambda t: (t[0], t[1] - 1, t[2], t[3] + 1), lambda t: t[1] >= 1, FP, {TN: TN + 1, FP: FP - 1}),
}


# ------------------------------------------------------------------ evidence from tables

def param_equations(params: dict) -> tuple:
    """The parameter setting as equations (``alpha = 1/2``), for the slots of a sentence."""
    return tuple(sp.Eq(k, v, evaluate=False) for k, v in params.items())


def with_params(params: dict, first_slot: int) -> str:
    """The template fragment `` with {k}, {k+1}`` naming a parameter setting (empty when there
    is none); its arguments are :func:`param_equations`, numbered from ``first_slot``."""
    if not params:
        return ""
    return " with " + ", ".join(f"{{{first_slot + k}}}" for k in range(len(params)))


def table_counterexample(tables_: dict, params: dict, values: dict, relation: str) -> Counterexample:
    """Named tables, the parameter setting (point) and the exact scores (a :class:`Score` per
    table named in ``values``, which the cross-check computes again)."""
    return Counterexample(relation, tables=tables_, point={str(k): v for k, v in params.items()},
                          values=tuple(Score(f"score {k}", tables_[k], v, params, k) for k, v in values.items()))


def literal(text: str) -> str:
    """Plain text (a decider's method, a move's name) for a sentence template: braces doubled."""
    return str(text).replace("{", "{{").replace("}", "}}")
