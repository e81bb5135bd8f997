"""checks/ratvalue.py, the deciders' exact value at a sample point: where it gives a Fraction it
is the number sympy's substitution evaluates to (so a witness's sign is exact_sign's), and it
gives None (the caller's own path) at a division by zero, at a Heaviside step's 0 and for any
node outside +, *, integer powers, Min, Max, Abs, sign and Heaviside."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy as sp
from hypothesis import HealthCheck, given, settings, strategies as st

from symmetric.checks import decide
from symmetric.checks.ratvalue import rational_value

x, y, z = sp.symbols("x y z", positive=True)

EXPRESSIONS = [
    (x * y - z) / (x + y),
    (x - y) ** 3 / (z + 1) ** 2 - sp.Rational(5, 7),
    sp.Max(x, y) / (x + y) - sp.Min(y, z) * x,
    sp.Abs(x - 2 * y) * z + sp.sign(y - z),
    (x + 1) * (sp.Heaviside(x - y) - sp.Heaviside(y - x)) + sp.Max(x - z, y - z),
    1 / (x - y) + 1 / (y - z),
]

rationals = st.fractions(min_value=Fraction(1, 9), max_value=9, max_denominator=9)


@pytest.mark.parametrize("k", range(len(EXPRESSIONS)))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(values=st.tuples(rationals, rationals, rationals))
def test_the_value_is_sympys(k, values):
    e = EXPRESSIONS[k]
    point = {s: sp.Rational(v.numerator, v.denominator) for s, v in zip((x, y, z), values)}
    ours = rational_value(e, point)
    theirs = e.subs(point)
    if ours is None:
        # only where sympy's own value is no rational to compare (x/0) or a step at 0
        assert not theirs.is_Rational or any(h.args[0].subs(point) == 0 for h in e.atoms(sp.Heaviside))
        return
    assert theirs.is_Rational and ours == Fraction(int(theirs.p), int(theirs.q))


@pytest.mark.parametrize("e, point", [
    (1 / (x - y), {x: 2, y: 2}),                               # x/0
    (sp.Mul(0, 1 / (x - y), evaluate=False), {x: 1, y: 1}),    # 0 * (x/0) stays undefined
    (sp.Heaviside(x - y), {x: 3, y: 3}),                       # the step's value at 0 is a convention
    (sp.sqrt(x), {x: 4}), (sp.log(x), {x: 1}), (x ** y, {x: 2, y: 3}), (sp.pi * x, {x: 1}),
    (x + y, {x: 1}),                                           # y has no value
    (x + y, {x: sp.sqrt(2), y: 1}),                            # not a rational point
])
def test_none_where_the_callers_own_path_decides(e, point):
    assert rational_value(e, point) is None


def test_the_deciders_find_the_same_witnesses():
    """is_identically_zero and is_positive_everywhere on Min / Max and quotient expressions: the
    decisions and witnesses the sympy path gives (rational_value switched off)."""
    cases = [sp.Max(x, y) - x, sp.Max(x, y) + sp.Min(x, y) - x - y, (x - y) / (x + y), x * y - 2,
             sp.Abs(x - y) - (x - y), 3 * sp.Heaviside(x - y) * (x - y) - sp.Max(x - y, 0)]
    found = []
    for e in cases:
        found.append((decide.is_identically_zero.__wrapped__(e), decide.is_positive_everywhere.__wrapped__(e)))
    original = decide.rational_value
    try:
        decide.rational_value = lambda e, point: None
        for e, (zero, positive) in zip(cases, found):
            assert decide.is_identically_zero.__wrapped__(e) == zero
            assert decide.is_positive_everywhere.__wrapped__(e) == positive
    finally:
        decide.rational_value = original
