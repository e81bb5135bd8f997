"""Certified signs by interval arithmetic: decided only when the enclosure excludes 0."""

import pytest
import sympy as sp

from symmetric.checks.decide import exact_sign, is_identically_zero, is_positive_everywhere
from symmetric.checks.intervals import interval_sign, interval_sign_at

R = sp.Rational
x = sp.Symbol("x", positive=True)


@pytest.mark.parametrize("value,expected", [
    (sp.log(2) - R(693, 1000), 1),                       # ln 2 = 0.69314...
    (sp.log(2) - R(694, 1000), -1),
    (sp.E - R(2718281828459045, 10**15), 1),             # agrees to 16 digits: needs > 53 bits
    (R(2718281828459046, 10**15) - sp.exp(1), 1),
    (sp.sqrt(2) - R(141421356, 10**8), 1),
    (2 * sp.exp(R(1, 3)) / (1 + sp.exp(R(1, 3))) - 1, 1),  # logistic transform of a positive number
    (sp.Abs(sp.log(R(1, 3))) - 1, 1),                    # |ln 1/3| = 1.0986...
    (sp.Max(R(1, 3), sp.log(2)) - sp.log(2), None),      # exactly 0: never decided by intervals
    (sp.Min(R(1, 3), sp.log(2)) - R(1, 3), None),
    (sp.log(4) - 2 * sp.log(2), None),
    (R(1, 10) * sp.log(R(1, 10) / R(9, 10)) + R(9, 10) * sp.log(R(9, 10) / R(1, 10)), 1),  # a KLD value
    (-sp.pi ** 2 + 10, 1),
    (x - 1, None),                                        # not a number
    (sp.Float("0.5") - R(1, 3), None),                    # floats are not taken as exact
])
def test_interval_sign(value, expected):
    assert interval_sign(value) == expected


@pytest.mark.parametrize("value,expected", [
    (sp.Max(R(1, 3), sp.log(2)) - sp.log(2), 0),
    (sp.log(4) - 2 * sp.log(2), 0),
    (sp.E - R(2718281828459045, 10**15), 1),
    (R(-3, 7), -1),
    (sp.Integer(0), 0),
])
def test_exact_sign_uses_sympy_for_exact_zeros(value, expected):
    assert exact_sign(value) == expected


def test_log_identity_is_still_proved_and_witness_found_early():
    assert is_identically_zero(sp.log(x * 2) - sp.log(x) - sp.log(2)).value is True
    decision = is_identically_zero(sp.log(x) - x)
    assert decision.value is False
    point = dict(decision.witness)
    assert exact_sign((sp.log(x) - x).subs(point)) != 0


y = sp.Symbol("y", positive=True)


@pytest.mark.parametrize("expr,point,expected", [
    (sp.log(x / y) - sp.log((1 - x) / (1 - y)), {x: R(2, 3), y: R(1, 3)}, 1),   # both logs push up
    (sp.log(x / y) - sp.log((1 - x) / (1 - y)), {x: R(1, 3), y: R(2, 3)}, -1),
    (x * sp.log(x / y) - x + y, {x: R(1, 5), y: R(1, 2)}, 1),                  # the shifted KLD term
    (sp.log(x) - sp.log(y), {x: R(1, 3), y: R(1, 3)}, None),                   # exactly 0
    (1 / (x - y), {x: R(1, 3), y: R(1, 3)}, None),                             # a pole: refused
    (sp.log(x - y), {x: R(1, 3), y: R(1, 2)}, None),                           # log of a negative
    (sp.Abs(x - y) - R(1, 7), {x: R(1, 3), y: R(1, 2)}, 1),
    (x - y, {x: R(1, 3)}, None),                                               # y has no value
    (x - y, {x: R(1, 3), y: sp.sqrt(2)}, None),                                # values must be rational
])
def test_interval_sign_at_agrees_with_substitution(expr, point, expected):
    assert interval_sign_at(expr, point) == expected
    if expected is not None:   # a certified sign is the sign of the substituted number
        assert exact_sign(expr.subs(point)) == expected


def test_positivity_search_still_finds_witnesses_after_the_interval_prefilter():
    # log(x) - 1 is negative at the small sample points; the prefilter must not hide them
    decision = is_positive_everywhere(sp.log(x) - 1)
    assert decision.value is False
    assert exact_sign((sp.log(x) - 1).subs(dict(decision.witness))) <= 0
    # positive everywhere but not provable: undecided, never False
    assert is_positive_everywhere(sp.log(1 + x) + 1 / x).value in (True, None)


@pytest.mark.parametrize("expr,point,expected", [
    (sp.sign(sp.log(x / y)) / x, {x: R(2, 3), y: R(1, 3)}, 1),
    (sp.sign(sp.log(x / y)) / x, {x: R(1, 3), y: R(2, 3)}, -1),
    (sp.sign(x - y) + R(1, 2), {x: R(1, 3), y: R(1, 3)}, None),   # sign at 0 is not enclosed
])
def test_sign_is_enclosed_only_away_from_zero(expr, point, expected):
    assert interval_sign_at(expr, point) == expected
