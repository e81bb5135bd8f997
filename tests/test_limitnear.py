"""The limit confirmation near a zero table by interval arithmetic (symmetric.properties.limitnear)
answers exactly what the exact 60-digit path answers, or stands aside (None).

Forms: MI's count form (the atlas's slowest cell), and small forms with the nodes the evaluator
handles -- roots, reciprocals that vanish at a point, logarithms of 0 and of negative numbers, a
form that does not depend on the zero cell (errors tied at exactly 0) -- and one it does not
(exp).  Candidates: the limit itself, values within 10^-6 .. 10^-20 of it (both sides of the
1e-12 threshold), and plainly wrong ones.
"""

from __future__ import annotations

import pytest
import sympy as sp
from hypothesis import HealthCheck, given, settings, strategies as st

from symmetric.measures import registry
from symmetric.properties import limitnear, limitvalue
from symmetric.space import CELLS

TP, FP, FN, TN = CELLS
MI = registry.get("MI", ("classification",)).count_form
FORMS = [
    MI,
    TP * sp.log(TP / (TP + FN)) + FP,
    sp.sqrt(TP + FP) * sp.log(TN + 1) + TP * sp.log(TP),
    (TP - FN) / (TP + FN) + TN * sp.log(TN),
    TP * sp.log(TP - FP) + FN,              # log of a negative number at some tables
    FP / (TP - FN) + TP * sp.log(TP),       # a reciprocal of 0 at TP = FN
    FP + TN + FN * 0 + 3,                   # no zero cell matters: tied errors
    sp.exp(TP) * sp.log(TP + 1),            # exp: not handled, the exact path
]

tables = st.tuples(*(st.integers(0, 4) for _ in range(4))).filter(lambda t: 0 in t and sum(t) > 0)
offsets = st.sampled_from([0, 1, -1]).flatmap(
    lambda s: st.integers(6, 20).map(lambda k: sp.Integer(s) / sp.Integer(10) ** k))


def _candidate(form, table):
    at = {c: sp.Integer(v) for c, v in zip(CELLS, table)}
    value = limitvalue._term(form, at)
    return value if value is not None and value.is_real else sp.Integer(0)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(form=st.sampled_from(FORMS), table=tables, offset=offsets)
def test_interval_answer_is_the_exact_answer(form, table, offset):
    value = _candidate(form, table) + offset
    quick = limitnear.approaches(form, tuple(CELLS), table, value, limitvalue._STEPS)
    assert quick is None or quick is bool(limitvalue._exactly_approaches(form, table, value))


@pytest.mark.parametrize("table", [(0, 1, 2, 3), (2, 0, 0, 5), (0, 0, 3, 1), (3, 0, 1, 2)])
def test_mi_is_settled_without_the_exact_path(table):
    value = _candidate(MI, table)
    quick = limitnear.approaches(MI, tuple(CELLS), table, value, limitvalue._STEPS)
    assert quick is True and bool(limitvalue._exactly_approaches(MI, table, value)) is True
    wrong = limitnear.approaches(MI, tuple(CELLS), table, value + sp.Rational(1, 1000), limitvalue._STEPS)
    assert wrong is False


@pytest.mark.parametrize("form, table", [
    (FP + TN + 3, (0, 1, 1, 1)),                    # errors exactly 0 at every step: a tie
    (MI, (1, 1, 0, 0)),                             # MI is exactly 0 near this table: a tie too
    (FP / (TP - FN) + TP * sp.log(TP), (0, 1, 0, 1)),  # 1/0 near the table
    (TP * sp.log(TP - FP), (0, 1, 1, 1)),           # log of a negative number
    (sp.exp(TP) * sp.log(TP + 1), (0, 1, 1, 1)),    # a node not handled
    (TP * sp.Symbol("x"), (0, 1, 1, 1)),            # another free symbol
])
def test_stands_aside_where_it_cannot_settle(form, table):
    assert limitnear.approaches(form, tuple(CELLS), table, _candidate(form, table), limitvalue._STEPS) is None
