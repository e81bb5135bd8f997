"""Regressions for unsound verdicts found by audit: each row once got a wrong holds/fails.

Every row states the verdict that must *not* come back (the wrong one the audit saw) and,
where the toolkit can now decide, the verdict that must.  The true answers are argued in
the comments; none of them rests on this toolkit.
"""

import pytest
import sympy as sp

from symmetric.checks.cases import definedness, zero_patterns
from symmetric.checks.decide import is_identically_zero, is_positive_everywhere
from symmetric.domain import EVERYWHERE
from symmetric.measures.base import Measure
from symmetric.properties import sebastiani as S
from symmetric.logic import Verdict as V
from symmetric.properties.tables import exact_value
from symmetric.space import FN, FP, TN, TP

x = sp.Symbol("x", positive=True)
SQRT2 = sp.sqrt(2)

# (expression, question, wrong answer, right answer or None when undecided is acceptable)
DECISIONS = [
    # min at x = sqrt 2 is 2 - 4 + 19/10 < 0; int() truncation of 2 sqrt 2 made z3 see x^2 - 2x + 19/10 > 0
    (x**2 - 2 * SQRT2 * x + sp.Rational(19, 10), "positive", True, False),
    # log 6 - log 2 - log 3 = 0, structurally nonzero
    (x * (sp.log(6) - sp.log(2) - sp.log(3)), "zero", False, True),
    # sqrt(x - 2) is not real for x < 2: not positive everywhere on x > 0
    (sp.sqrt(x - 2) + 1, "positive", True, None),
    # the square-root path still proves what it should
    (sp.sqrt(x + 2) - 1, "positive", False, True),
]


@pytest.mark.parametrize("expr, question, wrong, right", DECISIONS)
def test_decisions(expr, question, wrong, right):
    decide = is_positive_everywhere if question == "positive" else is_identically_zero
    got = decide(expr, EVERYWHERE).value
    assert got is not wrong
    if right is not None:
        assert got is right


def _user(expr) -> Measure:
    return Measure("user", "user", counts=expr, source="test")


CHECKS = [
    # 0 * FP/(TP - 10) hides a 0/0 at TP = 10, FN = 0 once FN = 0 is put in
    (TP / (TP + FN) + FN * FP / (TP - 10), "IMB", V.HOLDS),
    (TP / (TP + FN) + FN * FP / (TP - 10), "SDE", V.HOLDS),
    # (TP - FN)^pi is not real where TP < FN
    ((TP - FN) ** sp.pi, "SDE", V.HOLDS),
    # TP^3/3 - a TP^2 + b TP + TN with irrational a, b: a local maximum in TP (MON fails)
    (TP**3 / 3 - (21 * SQRT2 + 1) / 2 * TP**2 + (215 - sp.Rational(1, 3) + (21 * SQRT2 + 1) / 2) * TP + TN,
     "MON", V.HOLDS),
    # 10 as a rational function, undefined at TP = 10; its swap is undefined at TN = 10 instead
    ((TP**2 - 100) / (TP - 10) - TP, "SYM", V.HOLDS),
]


@pytest.mark.parametrize("expr, prop, wrong", CHECKS)
def test_checker_does_not_give_the_wrong_verdict(expr, prop, wrong):
    check = dict(S.CHECKERS)[prop]
    assert check(_user(expr)).verdict is not wrong


@pytest.mark.parametrize("expr, table, expected", [
    (sp.pi * TP, (1, 0, 0, 0), sp.pi),              # pi stays exact (lambdify printed 3.14159...)
    (sp.E * TP, (2, 0, 0, 0), 2 * sp.E),
    ((TP - FN) ** sp.pi, (0, 0, 1, 0), None),       # (-1)^pi is not real: undefined
    ((TP - FN) ** sp.pi, (2, 0, 1, 0), sp.Integer(1)),
])
def test_exact_value_is_exact_and_real(expr, table, expected):
    got = exact_value(_user(expr), table, {})
    assert got == expected


@pytest.mark.parametrize("expr, zeros, expected", [
    (TP / (TP + FN) + FN * FP / (TP - 10), {FN}, None),      # hidden TP - 10
    (TP / (TP + FN) + FN * FP / (TP + 10), {FN}, True),
    (TP / (TP + FP), {TP, FP}, False),
    (sp.Piecewise((1, sp.Eq(TP + FP, 0)), (TP / (TP + FP), True)), {TP, FP}, True),   # stipulated value
])
def test_definedness_reads_the_unrestricted_tree(expr, zeros, expected):
    case = next(c for c in zero_patterns() if set(c.zero) == zeros)
    assert definedness(expr, EVERYWHERE, case.substitution)[0] is expected


def test_an_undecided_comparison_is_not_a_difference(monkeypatch):
    monkeypatch.setattr(S.common, "exact_sign", lambda value: None)
    assert S.differ(sp.Integer(1), sp.Integer(2)) is False
