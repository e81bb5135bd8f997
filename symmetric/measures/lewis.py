"""The measures of Lewis (SIGIR 1995) that the classification catalogue does not hold, in count form.

They are plain :class:`~symmetric.measures.base.Measure` values registered under the kind
``expectation``: ``symmetric expect`` finds them (with the classification measures), while the
classification catalogue that ``symmetric check`` lists stays as it is.
"""

from __future__ import annotations

import sympy as sp

from ..space import FN, FP, TN, TP
from .base import Measure, Param
from .registry import register

l11, l12, l21, l22 = sp.symbols("lambda11 lambda12 lambda21 lambda22", real=True)
beta = sp.Symbol("beta", nonnegative=True)
C_F = sp.Symbol("C_F", nonnegative=True)

# Eq. (2): mean loss; lambda_ij = loss of decision i when the correct decision is j
# (decision 1 = assign).  Defaults give the error rate (eq. (8)).
LOSS = register(Measure(
    "Loss", "Mean loss L_lambda (Lewis, eq. (2))",
    counts=(l11 * TP + l12 * FP + l21 * FN + l22 * TN) / (TP + FP + FN + TN),
    params=(Param(l11, -sp.oo, sp.oo, 0, "loss of assigning a class member"),
            Param(l12, -sp.oo, sp.oo, 1, "loss of assigning a non-member"),
            Param(l21, -sp.oo, sp.oo, 1, "loss of not assigning a member"),
            Param(l22, -sp.oo, sp.oo, 0, "loss of not assigning a non-member")),
    orientation=-1, source="Lewis (SIGIR 1995), eq. (2)", latex_name=r"L_\lambda"), kind="expectation")

# Eq. (14): F with the value C_F stipulated when nothing is assigned and nothing is relevant,
# and 0 (a separate case) when nothing is assigned but something is relevant.  The separate
# case matters for beta = 0, where the general formula would read 0/0.
LEWIS_F = register(Measure(
    "LewisF", "Van Rijsbergen's F_beta with F := C_F at a = b = c = 0 (Lewis, eq. (14))",
    counts=sp.Piecewise((C_F, sp.And(sp.Eq(TP + FP, 0), sp.Eq(TP + FN, 0))),
                        (0, sp.Eq(TP + FP, 0)),
                        ((beta**2 + 1) * TP / ((beta**2 + 1) * TP + FP + beta**2 * FN), True)),
    params=(Param(beta, 0, sp.oo, 1, "recall is beta times as important as precision"),
            Param(C_F, 0, 1, 1, "value when nothing is assigned and nothing is relevant")),
    source="Lewis (SIGIR 1995), eq. (14)", latex_name="F"), kind="expectation")

# Eq. (19): squared error in counting, (number relevant - number assigned)^2 = (b - c)^2.
SEC = register(Measure("SEC", "Squared error in counting (Lewis, eq. (19))", counts=(FP - FN) ** 2,
                       orientation=-1, source="Lewis (SIGIR 1995), eq. (19)", latex_name=r"\mathrm{SEC}"),
               kind="expectation")
