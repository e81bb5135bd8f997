"""The cross-check's square roots and half-integer powers (integer arithmetic, outward rounding):
every interval contains the true value, checked exactly by squaring."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings, strategies as st

from symmetric.crosscheck import values as V

positive = st.fractions(min_value=Fraction(1, 10**30), max_value=Fraction(10**30), max_denominator=10**30)


@settings(max_examples=300, deadline=None)
@given(positive)
def test_a_square_root_interval_contains_the_root(x):
    lo, hi = V.bounds(V.sqrt(x))
    assert 0 <= lo and lo * lo <= x <= hi * hi


@settings(max_examples=300, deadline=None)
@given(positive, st.sampled_from([-5, -3, -1, 1, 3, 5]))
def test_a_half_integer_power_interval_contains_the_power(x, k):
    found = V.power(x, Fraction(k, 2))
    if found is V.UNKNOWN:          # allowed (too wide to tell), never a wrong interval
        return
    lo, hi = V.bounds(found)
    assert 0 <= lo and lo * lo <= x ** k <= hi * hi


@settings(max_examples=200, deadline=None)
@given(positive, positive)
def test_the_root_of_an_interval_contains_the_roots_of_its_ends(a, width):
    lo, hi = V.bounds(V.sqrt(V.interval(a, a + width)))
    assert lo * lo <= a and a + width <= hi * hi


def test_exact_roots_stay_exact_and_negative_ones_are_undefined():
    assert V.sqrt(Fraction(9, 4)) == Fraction(3, 2)
    assert V.power(Fraction(4, 9), Fraction(-3, 2)) == Fraction(27, 8)
    assert V.sqrt(Fraction(-1)) is V.UNDEFINED
    assert V.power(Fraction(0), Fraction(-1, 2)) is V.UNDEFINED
