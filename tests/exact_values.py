"""A catalogue measure's value at many integer tables, fast, for the oracle tests.

``zeros.value_at`` substitutes into the sympy expression (``xreplace``) and takes ``sp.N`` of the
result: a few milliseconds a table, and the oracle tests ask for it on every table with n <= 10
for every measure (issue 26), so most of their time was sympy's.  Here the count form is compiled
once per measure into Python code over ``Fraction``: + - * / and integer powers stay exact, and
Python is stricter than sympy where the formula has no value -- x/0 raises ZeroDivisionError,
log(0) and sqrt(-1) raise ValueError, a negative base to a fractional power gives a complex --
where sympy gives nan, zoo or a non-real number.  Every such table, and every nan the compiled
form returns (a ``Piecewise`` branch the count form marks undefined), goes to ``value_at`` itself,
which applies the measure's zero convention.  So a table gets the compiled value only where the
formula's own value is a finite real number, and that value is the formula's (exact where it is
rational, to float rounding where a log or root is in it: the oracles compare to 1e-9).
tests/test_exact_values.py holds the two paths equal on every zero pattern of every measure.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache

import sympy as sp
from sympy.printing.pycode import PythonCodePrinter

from symmetric.measures.zeros import value_at
from symmetric.space import CELLS


class _ExactPrinter(PythonCodePrinter):
    """Rational constants as Fractions (the default prints 1/2, a float, which could make an
    exact 0 denominator a rounding residue)."""

    def _print_Rational(self, expr):
        return f"Fraction({expr.p}, {expr.q})"

    def _print_Half(self, expr):
        return "Fraction(1, 2)"


_MODULES = [{"Fraction": Fraction, "math": math}, "math"]


@cache
def compiled(measure):
    """The measure's count form as a Python function of (tp, fp, fn, tn, *parameters)."""
    symbols = [*CELLS, *(p.symbol for p in measure.params)]
    return sp.lambdify(symbols, measure.count_form, modules=_MODULES, printer=_ExactPrinter)


def _number(value):
    """A finite real Python number, or None (the compiled form has no value there)."""
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction)):
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def compiled_value(measure, table, **params):
    """The compiled form's own value (a Fraction or float), or None where it has none (or a
    parameter is not given a value: ``value_at`` then keeps the symbol)."""
    if any(p.symbol.name not in params for p in measure.params):
        return None
    args = [Fraction(int(v)) for v in table]
    args += [Fraction(str(params[p.symbol.name])) for p in measure.params]
    try:
        return _number(compiled(measure)(*args))
    except (ArithmeticError, ValueError, TypeError):
        return None


def fast_value(measure, table, **params) -> float | None:
    """``float(sp.N(value_at(measure, table, **params), 30))`` (None where that is None),
    computed by the compiled form where the formula is defined and by ``value_at`` elsewhere."""
    value = compiled_value(measure, table, **params)
    if value is not None:
        return float(value)
    exact = value_at(measure, table, **params)
    return None if exact is None else float(sp.N(exact, 30))
