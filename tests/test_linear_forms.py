"""The cross-check's exact linear forms (crosscheck/numbers.py, Linear: a + sum c sqrt(r) +
sum d log(p)): sums of square roots and of logarithms of rationals stay exact, are 0 exactly
when they should be, and compare as a 60-digit evaluation says -- so MI's or sInd's equal values
at two tables are certified equal instead of skipped."""

from __future__ import annotations

from fractions import Fraction as F

import mpmath
import pytest
from hypothesis import assume, given, settings, strategies as st

from symmetric.crosscheck import values as V
from symmetric.crosscheck.formula import classification_formula
from symmetric.userinput.kinds import KINDS
from symmetric.userinput.measures import build_measure

small = st.fractions(min_value=F(-50), max_value=F(50), max_denominator=12)
positive = st.fractions(min_value=F(1, 12), max_value=F(200), max_denominator=12)
# an atom: a rational, a square root or a logarithm of a positive rational, times a rational
atoms = st.tuples(st.sampled_from(["q", "sqrt", "log"]), small, positive)


def value(atom):
    kind, c, x = atom
    if kind == "q":
        return c
    return V.mul(c, V.sqrt(x) if kind == "sqrt" else V.log(x))


def reference(atom):
    kind, c, x = atom
    mp_x = mpmath.mpf(x.numerator) / x.denominator
    return mpmath.mpf(c.numerator) / c.denominator * (1 if kind == "q" else mpmath.sqrt(mp_x) if kind == "sqrt"
                                                       else mpmath.log(mp_x))


@settings(max_examples=60, deadline=None)
@given(st.lists(atoms, min_size=1, max_size=6), st.lists(atoms, min_size=1, max_size=6))
def test_sums_compare_as_a_precise_evaluation_says(xs, ys):
    a, b = V.total([value(x) for x in xs]), V.total([value(y) for y in ys])
    with mpmath.workdps(60):
        d = sum(reference(x) for x in xs) - sum(reference(y) for y in ys)
        assume(d == 0 or abs(d) > mpmath.mpf(10) ** -40)      # (a true 0 is exact below)
        want = (d > 0) - (d < 0)
    assert V.compare(a, b) == want
    assert V.compare(a, a) == 0 and V.add(a, V.neg(a)) == 0     # exactly 0, never an interval about it


@settings(max_examples=60, deadline=None)
@given(positive, positive)
def test_logarithms_of_rationals_are_exact(x, y):
    assert V.compare(V.add(V.log(x), V.log(y)), V.log(x * y)) == 0
    assert V.compare(V.add(V.log(x), V.neg(V.log(y))), V.log(x / y)) == 0
    assert V.compare(V.mul(F(2), V.log(x)), V.log(x ** 2)) == 0


@settings(max_examples=60, deadline=None)
@given(small, small, positive, positive)
def test_the_reciprocal_of_two_unlike_terms_is_exact(c, d, r, s):
    b = V.add(V.mul(c, V.sqrt(r)), V.mul(d, V.sqrt(s)))
    assume(V.sign(b) not in (None, 0))
    assert V.compare(V.mul(b, V.div(F(1), b)), F(1)) == 0


@pytest.mark.parametrize("text, t, u", [
    ("TP/n*log(TP*n/(PP*AP)) + FP/n*log(FP*n/(PP*AN)) + FN/n*log(FN*n/(PN*AP)) + TN/n*log(TN*n/(PN*AN))",
     (1, 2, 3, 4), (1, 3, 2, 4)),                       # MI: FP <-> FN swapped (a margin symmetry)
    ("1 - sqrt(((1 - TP/AP)^2 + (FP/AN)^2)/2)", (2, 1, 3, 7), (4, 2, 6, 14)),     # sInd, scaled
    ("sqrt(FP/AN)/(sqrt(TP/AP) + sqrt(FP/AN))", (2, 1, 3, 7), (4, 2, 6, 14)),     # PT, scaled
])
def test_measures_with_roots_and_logs_are_certified_equal_where_they_are(text, t, u):
    f = classification_formula(build_measure(KINDS["classification"], "M", {"counts": text}, (), "higher"))
    assert V.compare(f.value(t), f.value(u)) == 0


@settings(max_examples=60, deadline=None)
@given(positive, positive, st.sampled_from([2, 3, 4, 8, 9]))
def test_logarithms_to_a_prime_power_base_are_exact(x, y, base):
    def log_base(v):
        return V.div(V.log(v), V.log(F(base)))
    assert V.compare(V.add(log_base(x), log_base(y)), log_base(x * y)) == 0
    assert V.compare(log_base(F(base) ** 3 * x), V.add(log_base(x), F(3))) == 0      # log_b(b^3 x) = 3 + log_b x
    with mpmath.workdps(60):
        d = mpmath.log(mpmath.mpf(x.numerator) / x.denominator, base) - mpmath.log(mpmath.mpf(y.numerator) / y.denominator, base)
    assume(d == 0 or abs(d) > mpmath.mpf(10) ** -40)
    assert V.compare(log_base(x), log_base(y)) == (d > 0) - (d < 0)


def test_logarithms_to_different_bases_are_not_mixed_exactly():
    two, three = V.div(V.log(F(5)), V.log(F(2))), V.div(V.log(F(5)), V.log(F(3)))
    assert isinstance(two, V.Linear) and two.base == 2 and three.base == 3
    mixed = V.add(two, three)               # log2 5 + log3 5: no exact rule, an interval
    assert type(mixed) is V.Interval and abs(float(mixed.lo) - 3.786901615605289) < 1e-12     # 2.32193 + 1.46497


def test_the_information_score_is_certified_equal_where_it_is():
    f = classification_formula(build_measure(KINDS["classification"], "M", {"counts": "log(TP*n/(PP*AP))/log(2)"},
                                             (), "higher"))
    assert V.compare(f.value((2, 1, 3, 7)), f.value((4, 2, 6, 14))) == 0       # scaled: the same lift
    assert V.compare(f.value((1, 1, 1, 1)), F(0)) == 0                         # lift 1: log2 1 = 0


def test_the_catalogues_information_score_is_exact_through_its_sympy_form():
    from symmetric.measures import registry
    f = classification_formula(registry.get("IS"))          # log(lift)/log(2) as sympy holds it
    assert f.source == "the count form as defined"
    assert isinstance(f.value((2, 1, 3, 7)), V.Linear) and f.value((2, 1, 3, 7)).base == 2
    assert V.compare(f.value((2, 1, 3, 7)), f.value((4, 2, 6, 14))) == 0


def test_exact_numbers_survive_pickling_with_their_enclosures():
    import pickle
    for x in (V.add(V.log(F(3)), V.sqrt(F(2))), V.div(V.log(F(5)), V.log(F(2))), V.sqrt(F(7))):
        y = pickle.loads(pickle.dumps(x))       # worker results cross processes pickled
        assert y == x and hash(y) == hash(x) and (y.lo, y.hi) == (x.lo, x.hi) and V.compare(x, y) == 0
