"""The measures of Lewis (SIGIR 1995) that the registry does not hold, in count form.

They are plain :class:`~symmetric.measures.base.Measure` values (not registered, so the shared
catalogue stays as it is); :func:`lookup` finds them first and then asks the registry, whose
close-match error it reuses for unknown names.
"""

from __future__ import annotations

import sympy as sp

from fractions import Fraction

from ..errors import InputError, UnknownNameError
from ..measures import registry
from ..measures.base import Measure, Param
from ..space import FN, FP, TN, TP

l11, l12, l21, l22 = sp.symbols("lambda11 lambda12 lambda21 lambda22", real=True)
beta = sp.Symbol("beta", nonnegative=True)
C_F = sp.Symbol("C_F", nonnegative=True)

# Eq. (2): mean loss; lambda_ij = loss of decision i when the correct decision is j
# (decision 1 = assign).  Defaults give the error rate (eq. (8)).
LOSS = Measure(
    "Loss", "Mean loss L_lambda (Lewis, eq. (2))",
    counts=(l11 * TP + l12 * FP + l21 * FN + l22 * TN) / (TP + FP + FN + TN),
    params=(Param(l11, -sp.oo, sp.oo, 0, "loss of assigning a class member"),
            Param(l12, -sp.oo, sp.oo, 1, "loss of assigning a non-member"),
            Param(l21, -sp.oo, sp.oo, 1, "loss of not assigning a member"),
            Param(l22, -sp.oo, sp.oo, 0, "loss of not assigning a non-member")),
    orientation=-1, source="Lewis (SIGIR 1995), eq. (2)", latex_name=r"L_\lambda")

# Eq. (14): F with the value C_F stipulated when nothing is assigned and nothing is relevant,
# and 0 (a separate case) when nothing is assigned but something is relevant.  The separate
# case matters for beta = 0, where the general formula would read 0/0.
LEWIS_F = Measure(
    "LewisF", "Van Rijsbergen's F_beta with F := C_F at a = b = c = 0 (Lewis, eq. (14))",
    counts=sp.Piecewise((C_F, sp.And(sp.Eq(TP + FP, 0), sp.Eq(TP + FN, 0))),
                        (0, sp.Eq(TP + FP, 0)),
                        ((beta**2 + 1) * TP / ((beta**2 + 1) * TP + FP + beta**2 * FN), True)),
    params=(Param(beta, 0, sp.oo, 1, "recall is beta times as important as precision"),
            Param(C_F, 0, 1, 1, "value when nothing is assigned and nothing is relevant")),
    source="Lewis (SIGIR 1995), eq. (14)", latex_name="F")

# Eq. (19): squared error in counting, (number relevant - number assigned)^2 = (b - c)^2.
SEC = Measure("SEC", "Squared error in counting (Lewis, eq. (19))", counts=(FP - FN) ** 2,
              orientation=-1, source="Lewis (SIGIR 1995), eq. (19)", latex_name=r"\mathrm{SEC}")

LOCAL = {m.name.lower(): m for m in (LOSS, LEWIS_F, SEC)}


def lookup(name: str) -> Measure:
    """A measure of this module or of the registry; unknown names get close matches."""
    if name.lower() in LOCAL:
        return LOCAL[name.lower()]
    try:
        return registry.get(name)
    except UnknownNameError:
        raise UnknownNameError("measure", name, list(registry.names()) + [m.name for m in LOCAL.values()]) from None


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
