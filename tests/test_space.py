"""The probability space: Table 1, non-informativeness, and domain-aware simplification."""

import pytest
import sympy as sp

from symmetric.checks.decide import is_identically_zero
from symmetric.measures import registry
from symmetric.space import (FN, FP, JOINT_DOMAIN, NG, NONINFORMATIVE_DOMAIN, NS, TN, TP, G, Joint, Pr, S,
                             counts_to_joint, g, j, n, s, to_counts, to_joint, to_noninformative)


@pytest.mark.parametrize("atom,expected", [
    (Pr(S, G), j / g), (Pr(NS, G), (g - j) / g), (Pr(G, S), j / s), (Pr(NG, NS), (1 - g - s + j) / (1 - s)),
    (Joint(NS, NG), 1 - g - s + j), (Pr(NG), 1 - g),
])
def test_atoms_in_the_joint_model(atom, expected):
    assert sp.simplify(to_joint(atom) - expected) == 0


@pytest.mark.parametrize("atom,expected", [
    (Pr(S, G), TP / (TP + FN)), (Pr(G, S), TP / (TP + FP)), (Pr(NS, NG), TN / (TN + FP)),
    (Joint(S, NG), FP / (TP + FP + FN + TN)),
])
def test_atoms_in_counts(atom, expected):
    assert sp.simplify(to_counts(atom) - expected) == 0


def test_table_one_round_trip():
    for cell, atom in ((TP, Joint(S, G)), (FP, Joint(S, NG)), (FN, Joint(NS, G)), (TN, Joint(NS, NG))):
        assert sp.simplify(counts_to_joint(cell) - n * to_joint(atom)) == 0


def test_lam_is_exactly_one_half_under_independence():
    value = to_noninformative(registry.get("Lam%").probs)
    assert is_identically_zero(value - sp.Rational(1, 2), NONINFORMATIVE_DOMAIN).value is True


def test_mutual_information_is_exactly_zero_under_independence():
    value = to_noninformative(registry.get("MI").probs)
    assert is_identically_zero(value, NONINFORMATIVE_DOMAIN).value is True


def test_plain_positive_symbols_are_not_enough_but_the_domain_is():
    # with g, s only declared positive sympy cannot see that 1 - s > 0; the domain's
    # reparametrisation can, so sqrt((1-s)^2) = 1 - s is decided
    expr = sp.sqrt((1 - s) ** 2) - (1 - s)
    assert sp.simplify(expr) != 0
    assert is_identically_zero(expr, NONINFORMATIVE_DOMAIN).value is True


def test_joint_domain_reparametrisation_covers_feasible_points():
    point = {g: sp.Rational(1, 3), s: sp.Rational(1, 2), j: sp.Rational(1, 4)}
    assert JOINT_DOMAIN.contains(point) is True
    assert JOINT_DOMAIN.contains({g: sp.Rational(1, 3), s: sp.Rational(1, 2), j: sp.Rational(1, 2)}) is False
