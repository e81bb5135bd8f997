"""Certified signs by interval arithmetic: decided only when the enclosure excludes 0."""

import pytest
import sympy as sp

from symmetric.checks.decide import exact_sign, is_identically_zero
from symmetric.checks.intervals import interval_sign

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
