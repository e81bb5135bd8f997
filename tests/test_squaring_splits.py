"""Squarings with two terms of either sign (certificate.Squarings.splits): where one term's
coefficient A_i is <= 0 the other is positive (A_j = P + Q (-A_i)) and dominates it
(A_j^2 X_j - A_i^2 X_i = R + M (-A_i)).  The kernel re-multiplies both; tampering is caught."""

from __future__ import annotations

import copy
from fractions import Fraction

import pytest
import sympy as sp

from symmetric import kernel
from symmetric.certificate import Squarings, from_data
from symmetric.checks import certify, lpcert
from symmetric.checks.decide import is_positive_everywhere
from symmetric.domain import Domain
from symmetric.evidence import CaseStep
from symmetric.render.certificates import delta

fn, fp, tn = sp.symbols("fn fp tn", positive=True)
ANY = Domain("positive", ())
# Phi's improvement on the face TP = 0, FN > 1 (FN = 1 + fn): (fn + 1) sqrt(fp (fn + tn)(fp + 1))
# + (tn - fn fp) sqrt(fn + tn + 1); the second coefficient is of either sign
ONE_SIDED = (fn + 1) * sp.sqrt(fp) * sp.sqrt(fn + tn) * sp.sqrt(fp + 1) + (tn - fn * fp) * sp.sqrt(fn + tn + 1)


@pytest.mark.parametrize("expr", [ONE_SIDED])
def test_either_sign_terms_get_split_certificates(expr):
    cert = certify.squarings(expr, [fn, fp, tn], ANY, True, "z3")
    assert isinstance(cert, Squarings) and cert.splits
    assert kernel.check(cert.data()) is None
    assert from_data(cert.data()) == cert
    assert "the other is positive" in delta(cert).template


def test_the_decider_gives_it_and_it_is_accepted():
    found = is_positive_everywhere(ONE_SIDED)
    assert found.value is True and isinstance(found.certificate, Squarings) and found.certificate.splits


def _data():
    return copy.deepcopy(certify.squarings(ONE_SIDED, [fn, fp, tn], ANY, True, "z3").data())


def _split(data):
    return next(s for s in data["splits"] if s is not None)


def _p_coefficient(data):
    _split(data)[0][0][1] = str(Fraction(_split(data)[0][0][1]) + 1)


def _r_coefficient(data):
    _split(data)[2][0][1] = str(Fraction(_split(data)[2][0][1]) * 3)


def _m_sign(data):
    split = _split(data)
    if not split[3]:
        split[3] = [[[0, 0, 0], "-1"]]
    else:
        split[3] = [[e, str(-Fraction(c))] for e, c in split[3]]


def _drop_split(data):
    data["splits"] = [None, None]


def _one_split(data):
    data["splits"] = [_split(data)]


def _term_sign(data):
    data["terms"][0][0] = [[e, str(-Fraction(c))] for e, c in data["terms"][0][0]]


@pytest.mark.parametrize("tamper", [_p_coefficient, _r_coefficient, _m_sign, _drop_split, _one_split, _term_sign])
def test_tampered_splits_are_rejected(tamper):
    data = _data()
    tamper(data)
    assert kernel.check(data) is not None


def test_a_false_domination_gets_no_certificate():
    """sqrt(fn + 1) - 2 sqrt(fn + 1) is negative: neither term dominates, no checkable certificate."""
    wrong = (tn - fn) * sp.sqrt(fn + 1) + (fn - 2 * tn) * sp.sqrt(fp + 1)
    assert not certify.squarings(wrong, [fn, fp, tn], ANY, True, "z3").checkable


def test_phi_sm_faces_with_either_sign_are_certified():
    """Every proved face of Phi's SM, the interior one (both coefficients of either sign, M by
    linear arithmetic) included, carries a certificate the kernel accepts: none is z3 only."""
    from derivations import deciding
    from symmetric.measures import registry
    found = deciding.decide(registry.get("Phi"), "SM")
    cases = [s for s in found.proof if isinstance(s, CaseStep) and s.certificate is not None]
    split = [s for s in cases if isinstance(s.certificate, Squarings) and s.certificate.splits]
    assert len(split) >= 6
    assert all(s.certificate.checkable and kernel.check(s.certificate.data()) is None for s in cases)


# MCC's (and Phi's) improvement on the interior face FN -> TP, FN = 1 + fn, FP = fp, TN = tn, TP = tp:
# both coefficients of either sign, their sum tp + fn > 0
tp = sp.Symbol("tp", positive=True)
INTERIOR = ((tn * tp + tp - fn * fp) * sp.sqrt(fn + tn) * sp.sqrt(fp + tp + 1)
            + (fn * fp + fn - tn * tp) * sp.sqrt(fp + tp) * sp.sqrt(fn + tn + 1))


def test_linear_arithmetic_finds_the_multiplier_greedy_cancellation_misses():
    cert = certify.squarings(INTERIOR, [fn, fp, tn, tp], ANY, True, "z3")
    assert isinstance(cert, Squarings) and all(s is not None for s in cert.splits)
    assert kernel.check(cert.data()) is None
    data = copy.deepcopy(cert.data())
    data["splits"][0][3] = data["splits"][0][3][1:]        # one term of M dropped
    assert kernel.check(data) is not None


def test_no_multiplier_where_none_exists():
    x, y = sp.symbols("x y", positive=True)
    assert lpcert.multiplier(sp.Poly(-x * y - 1, x, y), sp.Poly(y, x, y)) is None
    found = lpcert.multiplier(sp.Poly(x ** 2 * y - x * y, x, y), sp.Poly(x * y - y, x, y))
    assert found is not None and sp.expand(x ** 2 * y - x * y - found * (x * y - y)) == 0
