"""The zero-pattern limits of measures/zeros.py: term by term where every term converges (the
limit of a sum of convergent terms is the sum of their limits), the whole formula at once where
a term diverges or the speeds of the zero cells remain -- the same value either way."""

from __future__ import annotations

import pytest
import sympy as sp

from symmetric.checks.cases import Case
from symmetric.measures import zeros
from symmetric.space import CELLS, FN, FP, TN, TP

EPS = zeros._EPS


def _case(*zero):
    return Case(tuple(zero), {c: (sp.Integer(0) if c in zero else zeros.POSITIVE[c]) for c in CELLS})


@pytest.mark.parametrize("expr,zero,expected", [
    # every term converges: the term-by-term route
    (TP * sp.log(TP) / (TP + TN), (TP,), 0),
    ((TP * sp.log(TP) + TN) / (TP + TN + FN), (TP,), zeros.POSITIVE[TN] / (zeros.POSITIVE[TN] + zeros.POSITIVE[FN])),
    # 1/TP - 1/(TP + TP^2) -> 1: each term diverges, the sum does not (the whole-formula route)
    (1 / TP - 1 / (TP + TP ** 2) + TN, (TP,), 1 + zeros.POSITIVE[TN]),
    # TP/FP with both tending to 0: the value depends on the speeds -> no limit
    (TP / FP, (TP, FP), None),
    # 1/TP diverges -> no (finite) limit
    (1 / TP + TN, (TP,), None),
])
def test_limit_by_terms_or_as_a_whole(expr, zero, expected):
    found = zeros._limit(expr, _case(*zero))
    if expected is None:
        assert found is None
    else:
        assert found is not None and sp.simplify(found - expected) == 0, found


def test_a_diverging_term_sends_the_quotient_to_the_whole_formula():
    along = 1 / EPS - 1 / (EPS + EPS ** 2)           # = 1/(1 + eps) -> 1; each term -> oo
    assert zeros._termwise_limit(along) is None
    assert zeros._finite_limit(along) == 1


def test_a_zero_limit_is_kept_not_taken_for_a_failure():
    # sympy's 0 is falsy: the term-by-term 0 must not fall through to the slower route (or be lost)
    assert zeros._limit(TP * sp.log(TP) * FN, _case(TP)) == 0
