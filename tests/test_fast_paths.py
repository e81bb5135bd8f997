"""The speed paths give exactly what the long ways give: the cross-check's comparison and
half-integer powers (exact interval end points), and the relational searches' test of a
table's conditions (integers for a linear condition, sympy's substitution otherwise)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from symmetric.crosscheck import values as V
from symmetric.properties.statements import _integer_form, satisfied
from symmetric.space import CELLS

TP, FP, FN, TN = CELLS
TINY = Fraction(1, 2 ** V.BITS)

rationals = st.builds(Fraction, st.integers(min_value=-2000, max_value=2000), st.integers(min_value=1, max_value=40))


def _values():
    """A rational, or a certified interval: a square root, or an interval [x, x + w] whose width w
    is at the rounding grain (the comparisons decided or left open by one grain)."""
    widths = st.sampled_from([TINY / 2, TINY, 3 * TINY / 2, Fraction(1, 7)])
    return st.one_of(rationals, rationals.map(lambda x: V.sqrt(abs(x) + 2)),
                     st.builds(lambda x, w: V.Interval(x, x + w), rationals, widths))


@settings(max_examples=150, deadline=None)
@given(_values(), _values(), st.integers(min_value=0, max_value=3))
def test_compare_is_the_sign_of_the_rounded_difference(a, b, shift):
    if shift == 1:
        b = a
    elif shift == 2 and isinstance(a, Fraction):
        b = V.Interval(a + TINY, a + 2 * TINY)        # just above a point: one grain apart
    assert V.compare(a, b) == V.sign(V.add(a, V.neg(b)))


@pytest.mark.parametrize("a,b", [
    (Fraction(2), V.Interval(Fraction(2) + TINY, Fraction(2) + 2 * TINY)),
    (V.Interval(Fraction(1), Fraction(1) + TINY), Fraction(1)),
    (V.Interval(Fraction(1), Fraction(2)), V.Interval(Fraction(2), Fraction(3))),
])
def test_compare_at_the_grain(a, b):
    assert V.compare(a, b) == V.sign(V.add(a, V.neg(b)))
    assert V.compare(b, a) == V.sign(V.add(b, V.neg(a)))


def _long_power(a, b):
    """a ** (k/2) the long way: sqrt, then the integer power."""
    return V._int_power(V.sqrt(a), b.numerator)


@settings(max_examples=100, deadline=None)
@given(st.builds(Fraction, st.integers(min_value=1, max_value=50_000), st.integers(min_value=1, max_value=300)),
       st.sampled_from([Fraction(k, 2) for k in (-5, -3, -1, 1, 3, 5)]))
def test_half_integer_powers_as_the_long_way(a, b):
    assert V.power(a, b) == (V.exact_root(a, 2) ** b.numerator if V.exact_root(a, 2) is not None
                             else _long_power(a, b))
    root = V.sqrt(a)
    if isinstance(root, V.Surd):        # an irrational root is exact: its reciprocal too
        assert V.mul(root, V.div(Fraction(1), root)) == 1
    elif isinstance(root, V.Interval):
        assert V.div(Fraction(1), root) == V.mul(Fraction(1), V.interval(1 / root.hi, 1 / root.lo))
    # an interval that is not a surd (the root of a root) still takes the interval path
    inner = V.sqrt(root) if isinstance(root, V.Surd) else None
    if inner is not None:
        assert type(inner) is V.Interval
        assert V.div(Fraction(1), inner) == V.mul(Fraction(1), V.interval(1 / inner.hi, 1 / inner.lo))


CONDITIONS = [sp.Ge(FP + FN, 1), sp.Eq(TP, 0), sp.Gt(TN, 3), sp.Le(TP + FP + FN + TN, 7), sp.Ne(2 * TP - FN, 3),
              sp.Lt(TP - TN, -1), sp.Ge(TP * TN, FP * FN), sp.Gt(TP / 2 + FN, 1), sp.Ge(TP, sp.Rational(3, 2)),
              sp.Eq(TP + FN, FP + TN)]


def _substituted(where, t):
    at = dict(zip(CELLS, map(sp.Integer, t)))
    return all(bool(w.xreplace(at)) for w in where)


@pytest.mark.parametrize("where", [(), *((c,) for c in CONDITIONS), tuple(CONDITIONS[:3]), tuple(CONDITIONS[5:])])
def test_conditions_as_substitution_says(where):
    for t in itertools.product(range(5), repeat=4):
        assert satisfied(where, t) == _substituted(where, t), (where, t)


@pytest.mark.parametrize("condition,linear", [
    (sp.Ge(FP + FN, 1), True), (sp.Ne(2 * TP - FN, 3), True), (sp.Ge(TP * TN, FP * FN), False),
    (sp.Gt(TP / 2 + FN, 1), False), (sp.Ge(TP, sp.Rational(3, 2)), False), (sp.Gt(TP, sp.Symbol("a")), False),
])
def test_only_linear_integer_conditions_take_the_integer_path(condition, linear):
    assert (_integer_form(condition) is not None) == linear


def test_a_condition_in_a_parameter_is_still_substituted():
    # not a truth value at an integer table: the substitution's error, as before
    with pytest.raises(TypeError):
        satisfied((sp.Gt(TP, sp.Symbol("a")),), (1, 0, 0, 0))
