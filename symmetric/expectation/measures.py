"""The measures ``symmetric expect`` accepts, and the domains of their parameters.

Lewis' own measures (loss, F with C_F, SEC) are defined in :mod:`symmetric.measures.lewis` and
registered in the one catalogue under the kind ``expectation``; :func:`lookup` asks the
catalogue for a measure of that kind or a classification measure.
"""

from __future__ import annotations

import sympy as sp

from fractions import Fraction

from ..errors import InputError
from ..measures import registry
from ..measures.base import Measure
from ..measures.lewis import C_F, LEWIS_F, LOSS, SEC, beta, l11, l12, l21, l22

# the measures themselves are defined in the measures layer (one catalogue); here for callers
__all__ = ["C_F", "CLOSED_ENDPOINTS", "LEWIS_F", "LOSS", "SEC", "beta", "check_parameter", "l11", "l12", "l21",
           "l22", "lookup"]


def lookup(name: str) -> Measure:
    """A measure ``symmetric expect`` can use (Lewis' or a classification measure); unknown names
    get close matches."""
    return registry.get(name, kind=("classification", "expectation"))


# Param declares an open domain (low, high).  Lewis' eq. (14) defines F at these endpoints too
# (beta = 0 is precision, with the a = b = 0 case split off; C_F is any value in [0, 1]).
CLOSED_ENDPOINTS = {("LewisF", "beta"): {0}, ("LewisF", "C_F"): {0, 1}}


def check_parameter(measure: Measure, name: str, value: Fraction, *, source: str | None = None) -> None:
    """InputError unless ``value`` lies in the declared domain of parameter ``name``."""
    param = next(p for p in measure.params if p.symbol.name == name)
    low, high = sp.sympify(param.low), sp.sympify(param.high)
    if value in CLOSED_ENDPOINTS.get((measure.name, name), set()):
        return
    x = sp.Rational(value.numerator, value.denominator)
    if low < x < high:
        return
    allowed = CLOSED_ENDPOINTS.get((measure.name, name), set())
    left = "[" if low in allowed else "("
    right = "]" if high in allowed else ")"
    hint = "; F with beta = 0 (precision) is LewisF --beta 0" if name == "beta" and value == 0 else ""
    raise InputError(f"{name} = {value if len(str(value)) <= 40 else 'the value given'} is outside the "
                     f"domain of {measure.name}'s {name}, {left}{low}, {high}{right}{hint}", source=source)
