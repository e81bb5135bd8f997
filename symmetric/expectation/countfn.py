"""A measure's count form M(TP, FP, FN, TN) compiled into a fast function.

Two back ends, both generated from the measure's one sympy definition (values stipulated at
0/0 through ``Piecewise`` are kept, because the generated code tests the conditions):

* ``exact``: Python code in which every non-integer rational constant is a ``Fraction`` and the
  counts are passed as ``Fraction``; so every value is an exact rational.  Only rational
  functions (with piecewise cases) are accepted: a ``sqrt`` or ``log`` would silently turn the
  value into a float, which exact mode must never do.
* ``float``: numpy code evaluated on whole grids of counts at once (vectorised).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np
import sympy as sp
from sympy.printing.pycode import PythonCodePrinter

from ..errors import InputError
from ..measures.base import Measure
from ..space import FN, FP, TN, TP

COUNTS = (TP, FP, FN, TN)


class UndefinedValue(InputError):
    """The measure has no value at a table of positive probability (so E[M] does not exist).
    A subclass so that --best can skip such a candidate assignment and compare the others."""

# Node types an exactly evaluable count form may contain.
_RATIONAL_NODES = (sp.Add, sp.Mul, sp.Symbol, sp.Rational, sp.Piecewise, sp.logic.boolalg.BooleanAtom,
                   sp.core.relational.Relational, sp.And, sp.Or, sp.Not, sp.functions.elementary.piecewise.ExprCondPair,
                   sp.Abs, sp.Max, sp.Min)


class _FractionPrinter(PythonCodePrinter):
    """Prints rational constants as Fraction(p, q) so generated code never divides ints."""

    def _print_Rational(self, expr):
        return f"Fraction({expr.p}, {expr.q})"

    def _print_Half(self, expr):
        return "Fraction(1, 2)"


def is_rational_form(expr: sp.Expr) -> bool:
    """True when ``expr`` is built from +, *, integer powers, rational constants and cases."""
    for node in sp.preorder_traversal(expr):
        if isinstance(node, sp.Pow):
            if not (node.exp.is_Integer):
                return False
        elif isinstance(node, sp.Float):
            return False
        elif isinstance(node, sp.Number):
            if not node.is_Rational:
                return False
        elif not isinstance(node, _RATIONAL_NODES):
            return False
    return True


def _params_values(measure: Measure, params: Mapping[str, object] | None) -> dict:
    """Parameter symbol -> exact value: the user's value, else the parameter's default."""
    params = dict(params or {})
    known = {p.symbol.name: p for p in measure.params}
    for name in params:
        if name not in known:
            raise InputError(f"measure {measure.name} has no parameter {name!r}"
                             + (f" (its parameters: {', '.join(known)})" if known else " (it has none)"))
    values = {}
    for name, param in known.items():
        value = params.get(name, param.default)
        if value is None:
            raise InputError(f"measure {measure.name} needs a value for parameter {name!r}")
        if isinstance(value, float):
            value = Fraction(value)   # a float the caller chose is taken at its exact binary value
        values[param.symbol] = sp.Rational(value.numerator, value.denominator) \
            if isinstance(value, Fraction) else sp.sympify(value)
    return values


@dataclass(frozen=True)
class CountFunction:
    """M(TP, FP, FN, TN) with its parameters fixed, ready to evaluate exactly or vectorised."""

    name: str
    expr: sp.Expr
    exact_fn: object = field(repr=False, compare=False, default=None)
    numpy_fn: object = field(repr=False, compare=False, default=None)
    orientation: int = 1

    @property
    def exact_ok(self) -> bool:
        return self.exact_fn is not None

    def exact(self, tp: int, fp: int, fn: int, tn: int) -> Fraction:
        """Exact value at a contingency table; InputError where the measure is undefined."""
        if self.exact_fn is None:
            raise InputError(f"measure {self.name} is not a rational function of the counts, so its "
                             "expectation cannot be computed exactly; drop --exact")
        try:
            value = self.exact_fn(Fraction(tp), Fraction(fp), Fraction(fn), Fraction(tn))
        except ZeroDivisionError:
            raise UndefinedValue(f"measure {self.name} is undefined (division by zero) at TP={tp}, FP={fp}, "
                             f"FN={fn}, TN={tn}, a table with positive probability; it stipulates no "
                             "value there") from None
        if not isinstance(value, (int, Fraction)):
            raise InputError(f"measure {self.name} gave a non-rational value at TP={tp}, FP={fp}, FN={fn}, TN={tn}")
        return Fraction(value)

    def grid(self, tp, fp, fn, tn) -> np.ndarray:
        """Float values on broadcast numpy arrays of counts (nan where undefined)."""
        shape = np.broadcast_shapes(np.shape(tp), np.shape(fp), np.shape(fn), np.shape(tn))
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            try:
                # Row/column vectors as given: sub-expressions in one count stay vectors (cheap).
                out = self.numpy_fn(tp, fp, fn, tn)
            except ValueError:
                # Generated code for compound conditions (And/Or) stacks its operands, which
                # needs equal shapes.
                out = self.numpy_fn(*np.broadcast_arrays(*(np.asarray(x, dtype=float) for x in (tp, fp, fn, tn))))
        return np.broadcast_to(np.asarray(out, dtype=float), shape)


def compile_expr(name: str, expr: sp.Expr, orientation: int = 1) -> CountFunction:
    """Compile a count-form expression whose only free symbols are TP, FP, FN, TN."""
    extra = expr.free_symbols - set(COUNTS)
    if extra:
        raise InputError(f"measure {name} still has free symbols {sorted(map(str, extra))} after "
                         "fixing its parameters")
    exact_fn = None
    if is_rational_form(expr):
        exact_fn = sp.lambdify(COUNTS, expr, modules=[{"Fraction": Fraction}],
                               printer=_FractionPrinter)
    numpy_fn = sp.lambdify(COUNTS, expr, modules="numpy")
    return CountFunction(name, expr, exact_fn, numpy_fn, orientation)


def compile_measure(measure: Measure, params: Mapping[str, object] | None = None) -> CountFunction:
    """The measure's count form with its parameters fixed (defaults where not given)."""
    values = _params_values(measure, params)
    expr = measure.count_form.subs(values)
    return compile_expr(measure.name, expr, measure.orientation)
