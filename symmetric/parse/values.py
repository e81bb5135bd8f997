"""What a freshly built sympy node may be.

The parser checks every node as it is built (:meth:`Parser.node`), so that a constant that is
not a finite real number (``sqrt(-1)``, ``log(-1)``, ``1/0``) is refused where it was written,
before an enclosing ``0*...`` or ``abs(...)`` can hide it from the checkers.
"""

from __future__ import annotations

import sympy as sp
from sympy.logic.boolalg import BooleanAtom, BooleanFunction

# What sympy may raise while building a node from user-controlled operands: bad arguments
# (ValueError, TypeError: comparing non-real numbers, Min of incomparable values), arithmetic
# (ZeroDivisionError, OverflowError) and exhaustion on pathological input.
SYMPY_FAILURES = (ValueError, TypeError, ZeroDivisionError, OverflowError, ArithmeticError,
                  MemoryError, RecursionError)

_NOT_REAL = ("the value here is not a real number (square root, logarithm or fractional power "
             "of a negative number?)")


def not_finite_real(value) -> str | None:
    """Why ``value`` (a freshly built node) is not acceptable as a real number, or None.

    Only decided facts count: a constant whose realness sympy cannot decide (``is_real`` None)
    is left to the checkers, whose exact evaluation reports it as undetermined."""
    if not isinstance(value, sp.Expr) or isinstance(value, sp.Rational):
        return None                          # conditions: their operands were checked
    # one traversal for the common case (nothing bad); the messages sort out what was found
    if value.has(sp.zoo, sp.nan, sp.oo, sp.I, -sp.oo):
        if value.has(sp.zoo, sp.nan, sp.oo, -sp.oo):
            return "the expression is undefined here (division by zero or an infinite value)"
        return _NOT_REAL
    if value.is_number and value.is_real is False:
        return _NOT_REAL
    return None


def is_condition(value) -> bool:
    """A relation or a combination of relations (sympy Symbols are Boolean too, so be precise)."""
    return isinstance(value, (sp.core.relational.Relational, BooleanFunction, BooleanAtom))
