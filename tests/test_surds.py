"""The cross-check's exact square roots (crosscheck/values.py, Surd: c*sqrt(r)): every operation
with an exact rule gives the exact value (checked by squaring, in rationals), its enclosure
contains it, and a comparison of two surds is decided exactly -- so a radical measure's equal
values (MCC at two perfect tables, FP <-> FN swapped) are certified equal, not skipped."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given, settings, strategies as st

from symmetric.crosscheck import values as V
from symmetric.crosscheck.formula import classification_formula
from symmetric.userinput.kinds import KINDS
from symmetric.userinput.measures import build_measure

rationals = st.fractions(min_value=F(-10**6), max_value=F(10**6), max_denominator=10**4)
positive = st.fractions(min_value=F(1, 10**4), max_value=F(10**6), max_denominator=10**4)


def exact(x) -> tuple[F, F]:
    """(c, r) with x = c sqrt(r)."""
    return (x, F(1)) if isinstance(x, F) else (x.coeff, x.radicand)


def square_signed(x) -> tuple[int, F]:
    c, r = exact(x)
    return (c > 0) - (c < 0), c * c * r


def encloses(x) -> bool:
    if isinstance(x, F):
        return True
    s, sq = square_signed(x)
    lo, hi = x.lo, x.hi
    # x in [lo, hi], checked by squaring on the side of x's sign
    return (s > 0 and lo * abs(lo) <= sq <= hi * abs(hi)) or (s < 0 and -lo * abs(lo) >= sq >= -hi * abs(hi))


surds = st.builds(lambda c, r: V.surd(c, r), rationals, positive)


@settings(max_examples=60, deadline=None)
@given(surds)
def test_a_surd_is_exact_or_rational_and_its_enclosure_contains_it(x):
    assert isinstance(x, (F, V.Surd)) and encloses(x)
    if isinstance(x, V.Surd):
        assert x.coeff != 0 and x.radicand > 0 and V.exact_root(x.radicand, 2) is None


@settings(max_examples=60, deadline=None)
@given(surds, surds)
def test_products_and_quotients_are_exact(a, b):
    (ca, ra), (cb, rb) = exact(a), exact(b)
    p = V.mul(a, b)
    sp_, sq = square_signed(p)
    assert sq == (ca * cb) ** 2 * ra * rb and sp_ == ((ca * cb > 0) - (ca * cb < 0)) and encloses(p)
    if cb != 0:
        q = V.div(a, b)
        sq_, qq = square_signed(q)
        assert qq == (ca / cb) ** 2 * ra / rb and sq_ == ((ca * cb > 0) - (ca * cb < 0)) and encloses(q)


@settings(max_examples=60, deadline=None)
@given(surds, surds)
def test_a_comparison_of_surds_is_exact(a, b):
    s = V.compare(a, b)
    assert s in (-1, 0, 1)
    (sa, qa), (sb, qb) = square_signed(a), square_signed(b)
    signed_a, signed_b = sa * qa, sb * qb       # sign * square: ordered as the values are
    assert s == (signed_a > signed_b) - (signed_a < signed_b)
    assert V.compare(b, a) == -s and V.compare(a, a) == 0


@settings(max_examples=60, deadline=None)
@given(positive, st.integers(min_value=-5, max_value=5))
def test_half_integer_powers_of_rationals_are_exact(x, k):
    found = V.power(x, F(k, 2))
    s, sq = square_signed(found)
    assert s == 1 and sq == x ** k and encloses(found)


@settings(max_examples=60, deadline=None)
@given(rationals, rationals, positive, st.sampled_from([F(1), F(4), F(9, 4), F(1, 16)]))
def test_like_surds_add_exactly(c1, c2, r, k2):
    a, b = V.surd(c1, r), V.surd(c2, r * k2)       # sqrt(r k^2) = k sqrt(r): the same radical
    total = V.add(a, b)
    s, sq = square_signed(total)
    value = c1 + c2 * V.exact_root(k2, 2)
    assert sq == value * value * r and s == (value > 0) - (value < 0) and encloses(total)


@pytest.mark.parametrize("text, t, u", [
    # MCC is 1 at both perfect tables: exactly equal (strong monotonicity fails there; was "not certified")
    ("(TP*TN - FP*FN)/(sqrt(TP+FP)*sqrt(TP+FN)*sqrt(TN+FP)*sqrt(TN+FN))", (1, 0, 0, 1), (2, 0, 0, 1)),
    ("(TP*TN - FP*FN)/(sqrt(TP+FP)*sqrt(TP+FN)*sqrt(TN+FP)*sqrt(TN+FN))", (3, 1, 2, 5), (3, 2, 1, 5)),
    ("sqrt(TP/(TP+FN) * TN/(TN+FP))", (2, 1, 3, 7), (4, 2, 6, 14)),                  # G-mean, scaled
    ("TP/sqrt((TP+FP)*(TP+FN))", (2, 1, 3, 7), (2, 3, 1, 7)),                        # Fowlkes-Mallows, swapped
])
def test_radical_measures_are_certified_equal_where_they_are(text, t, u):
    f = classification_formula(build_measure(KINDS["classification"], "M", {"counts": text}, (), "higher"))
    assert f.source == "the formula as written"
    assert V.compare(f.value(t), f.value(u)) == 0


@settings(max_examples=60, deadline=None)
@given(st.lists(surds, min_size=1, max_size=8), st.randoms(use_true_random=False))
def test_a_total_is_the_sum_in_any_order_and_exact_where_like_radicals_cancel(xs, rnd):
    terms = xs + [V.neg(x) for x in xs]         # every term and its negation: exactly 0
    rnd.shuffle(terms)
    assert V.total(terms) == 0
    found = V.total(xs)
    if all(isinstance(x, (F, V.Surd)) and exact(x)[1] == exact(xs[0])[1] for x in xs):
        assert isinstance(found, (F, V.Surd))   # one radical: exact
    lo, hi = V.bounds(found)        # the sum's enclosure overlaps the sum of the terms' enclosures
    assert lo <= sum(V.bounds(x)[1] for x in xs) and sum(V.bounds(x)[0] for x in xs) <= hi


def test_mccs_expected_value_under_a_random_classifier_is_exactly_0():
    from symmetric.crosscheck.classification import _bernoulli, expectation
    from symmetric.measures import registry
    from symmetric.crosscheck.formula import classification_formula as formula
    f = formula(registry.get("MCC"))
    for ap, an in ((2, 3), (4, 4), (5, 7)):
        e, _ = expectation(f, _bernoulli, ap, an, (), strict=False)
        assert e == 0 and isinstance(e, F), (ap, an, e)
