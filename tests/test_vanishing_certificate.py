"""The "vanishing" certificate (symmetric/checks/vanishing.py, certificate.Vanishing): an
expression with square roots or logarithms that is identically 0 because a polynomial factor
adds up to 0 once each logarithm of 1 is 0.  The kernel re-adds and re-multiplies; tampering
is caught; a rejected certificate leaves the decision and the verdict undetermined, saying why."""

from __future__ import annotations

import copy
from fractions import Fraction

import pytest
import sympy as sp

from symmetric import kernel
from symmetric.certificate import Vanishing, from_data
from symmetric.checks import decide, vanishing
from symmetric.evidence import CaseStep
from symmetric.logic import Verdict
from symmetric.render.certificates import delta

a, b = sp.symbols("a b", positive=True)

ZERO = [
    # Phi's size derivative: one factor is (a + 1)(b + 1) - a(b + 1) - b(a + 1) + ab - 1 = 0
    sp.sqrt(a) * ((a + 1) * (b + 1) - a * (b + 1) - b * (a + 1) + a * b - 1) / (2 * sp.sqrt(b) * (a + 1) ** sp.Rational(3, 2)),
    # a logarithm of 1 written as a quotient, and a polynomial part that is 0
    (sp.log((a * (b + 1) - a * b) / a) + (a + 1) ** 2 - a ** 2 - 2 * a - 1) / (a + b),
    (a * b - a * (b - 1) - a) * sp.sqrt(a + b) / sp.sqrt(a + 1),
    sp.log((a + b) ** 2 / (a ** 2 + 2 * a * b + b ** 2)) * sp.sqrt(b),      # log 1 times a root
]
NOT_ZERO = [
    sp.sqrt(a) * (a - b),                     # the factor is not 0
    sp.log(a / b) + a - a,                     # a logarithm of something not 1
    (a * b - a * (b - 1) - a) * sp.log(a + b),     # a factor 0 times a logarithm not of 1 (not this kind)
    ((a + 1) * (b + 1) - a * b - a - b - 1) / (a - b),    # a factor of unknown sign
]


@pytest.mark.parametrize("expr", ZERO)
def test_zero_expressions_get_accepted_certificates(expr):
    cert = vanishing.certificate(expr, [a, b])
    assert isinstance(cert, Vanishing)
    assert kernel.check(cert.data()) is None
    assert from_data(cert.data()) == cert


@pytest.mark.parametrize("expr", NOT_ZERO)
def test_no_certificate_where_it_does_not_apply(expr):
    assert vanishing.certificate(expr, [a, b]) is None


def _coefficient(data):
    # the last factor: in Phi's the one that adds up to 0 (a change in another factor keeps Δ = 0)
    data["zero"][-1][0][0][1] = str(Fraction(data["zero"][-1][0][0][1]) + 1)


def _drop_summand(data):
    data["zero"][0] = data["zero"][0][1:]


def _log_argument(data):
    n, _ = data["logs"][0]
    n[0][1] = str(Fraction(n[0][1]) * 2)


def _root_sign(data):
    poly, k = data["root_factors"][0]
    data["root_factors"][0] = [[[e, str(-Fraction(c))] for e, c in poly], k]


def _root_power(data):
    data["root_factors"][0][1] = 0


def _relation(data):
    data["relation"] = ">"


def _log_count(data):
    data["logs"] = data["logs"] + data["logs"] * len(data["variables"])


@pytest.mark.parametrize("tamper, expr", [(_coefficient, ZERO[0]), (_drop_summand, ZERO[0]), (_coefficient, ZERO[1]),
                                          (_log_argument, ZERO[1]), (_root_sign, ZERO[0]), (_root_sign, ZERO[2]),
                                          (_root_power, ZERO[0]), (_relation, ZERO[0]), (_log_count, ZERO[1])])
def test_tampered_vanishing_certificates_are_rejected(tamper, expr):
    data = copy.deepcopy(vanishing.certificate(expr, [a, b]).data())
    tamper(data)
    assert kernel.check(data) is not None


def test_the_sentence_shows_the_factor():
    shown = delta(vanishing.certificate(ZERO[1], [a, b]))
    assert "adds up to the zero polynomial once L1 = log 1 = 0" in shown.template
    assert "is a power of a positive polynomial" in shown.template


def _tampered(expr, gens):
    cert = original(expr, gens)
    data = cert.data()
    _coefficient(data)
    return from_data(data)


original = vanishing.certificate


def test_a_rejected_certificate_leaves_the_decision_undetermined(monkeypatch):
    monkeypatch.setattr(vanishing, "certificate", _tampered)
    decision = decide.is_identically_zero.__wrapped__(ZERO[0])
    assert decision.value is None
    assert "independent checker rejected the vanishing certificate" in decision.detail


def test_phi_and_mi_nifq_are_certified_and_a_rejection_is_the_verdicts(monkeypatch):
    from symmetric.measures import registry
    from symmetric.properties.amigo_noninformative import fixed_quality
    phi = registry.get("Phi")
    found = fixed_quality(phi)
    assert found.verdict is Verdict.HOLDS
    kinds = [s.certificate.kind for s in found.proof if isinstance(s, CaseStep)]
    assert "vanishing" in kinds
    assert all(kernel.check(s.certificate.data()) is None for s in found.proof if isinstance(s, CaseStep))
    monkeypatch.setattr(vanishing, "certificate", _tampered)
    decide.is_identically_zero.cache_clear()        # decided again, through the tampered builder
    try:
        again = fixed_quality(phi)
    finally:
        decide.is_identically_zero.cache_clear()
    assert again.verdict is Verdict.UNDETERMINED
    assert "independent checker rejected the vanishing certificate" in str(again.reason)
