"""The structural proofs carry certificates the independent checker re-verifies: IND's scaling
argument (symmetric/quantification/scaling.py), B-REL's signs, B-ABS's identities, MAX's
convexity and vertex gain, AW's threshold; tampering with one is caught, and a rejected one
leaves the verdict undetermined with the reason."""

from __future__ import annotations

import copy
from fractions import Fraction

import pytest
import sympy as sp

from symmetric import kernel
from symmetric.certificate import AllOf, Identity, SignByFactors, SolverOnly
from symmetric.evidence import CaseStep
from symmetric.logic import Verdict
from symmetric.quantification import independence, scaling
from symmetric.quantification.binary import check_brel_babs
from symmetric.quantification.distributions import n, p, q
from symmetric.quantification.maximum import check_max
from symmetric.quantification.measures import QuantMeasure, get
from symmetric.quantification.properties import check_all

k, m = sp.Symbol("k", positive=True), sp.Symbol("m", positive=True, integer=True)


def _certificates(result):
    return [s.certificate for s in result.proof if isinstance(s, CaseStep)]


def _certified(result) -> bool:
    """As benchmarks/cert_shares.py counts: case steps, each with a checkable certificate the kernel accepts."""
    certs = _certificates(result)
    return bool(certs) and all(c is not None and c.checkable and kernel.check(c.data()) is None for c in certs)


@pytest.mark.parametrize("name", ["AE", "NAE", "RAE", "NRAE", "SE", "DR", "KLD", "NKLD", "PD"])
def test_ind_proofs_are_certified(name):
    found = independence.check_ind(get(name))
    assert found.verdict is Verdict.HOLDS
    assert _certified(found)


@pytest.mark.parametrize("name, prop", [("AE", "B-ABS"), ("AE", "ABS"), ("SE", "ABS"), ("RAE", "B-REL"),
                                        ("RAE", "REL"), ("NAE", "MAX"), ("NRAE", "MAX")])
def test_structural_proofs_are_certified(name, prop):
    found = check_all(get(name))[prop]
    assert found.verdict is Verdict.HOLDS
    assert _certified(found)


def test_a_lifted_proof_carries_inds_certificate():
    """MON, IMP, REL, ABS rest on IND too: its certificate is on the lift's line."""
    lifted = check_all(get("RAE"))["REL"]
    ind = _certificates(independence.check_ind(get("RAE")))
    assert lifted.proof[0].certificate.parts == ind[0].parts


def test_aw_threshold_is_certified():
    import derivations
    from symmetric.claims import registry as claims
    from symmetric.measures import registry
    from symmetric.properties.amigo_weighting import absolute_weighting
    claims.register(derivations.PAPERS)
    for name in ("Utility", "WAcc"):
        found = absolute_weighting(registry.get(name))
        assert found.verdict is Verdict.HOLDS
        assert len(_certificates(found)) == 2 and _certified(found)


def _ind_data(name: str) -> dict:
    (cert,) = _certificates(independence.check_ind(get(name)))
    assert isinstance(cert, AllOf) and kernel.check(cert.data()) is None
    return cert.data()


def _tamper_identity(data):
    part = next(p for p in data["parts"] if p["kind"] == "identity" and p["terms"][0][0])
    exps, coeff = part["terms"][0][0][0]
    part["terms"][0][0][0] = [exps, str(Fraction(coeff) + 1)]


def _tamper_constant(data):
    part = next(p for p in data["parts"] if p["kind"] == "sign by factors")
    part["numerator_constant"] = str(-abs(Fraction(part["numerator_constant"])) or -1)


def _tamper_factor(data):
    part = next(p for p in data["parts"] if p["kind"] == "sign by factors")
    factor = part["numerator_factors"][0]
    factor["poly"] = [[e, "2"] for e, _ in factor["poly"]]


def _tamper_power(data):
    part = next(p for p in data["parts"] if p["kind"] == "sign by factors")
    part["numerator_factors"][0]["power"] += 1


def _tamper_relation(data):
    part = next(p for p in data["parts"] if p["kind"] == "identity")
    part["relation"] = ">"


@pytest.mark.parametrize("name", ["AE", "SE", "KLD", "PD"])
@pytest.mark.parametrize("tamper", [_tamper_identity, _tamper_constant, _tamper_factor, _tamper_power,
                                    _tamper_relation])
def test_tampered_scaling_certificates_are_rejected(name, tamper):
    data = copy.deepcopy(_ind_data(name))
    tamper(data)
    assert kernel.check(data) is not None


def test_logarithms_are_variables_not_rules():
    """An equality that needs a rule of logarithms gets no checkable certificate; a false one neither."""
    logs = scaling.log_variables([sp.log(p * q), sp.log(p) + sp.log(q)])
    assert isinstance(scaling.identity(sp.log(p * q), sp.log(p) + sp.log(q), logs), SolverOnly)
    assert isinstance(scaling.identity(p, 2 * p, {}), SolverOnly)
    term = p * sp.log(p / q)
    logs = scaling.log_variables([term.subs({p: k * p, q: k * q}), k * term])
    cert = scaling.identity(term.subs({p: k * p, q: k * q}), k * term, logs)
    assert isinstance(cert, Identity) and kernel.check(cert.data()) is None
    assert "L1" in cert.variables


def test_positive_factor_is_read_for_more_than_one_class():
    cert, domain = scaling.positive_factor((n - 1) * k / (m - 1), n, m)
    assert isinstance(cert, SignByFactors) and kernel.check(cert.data()) is None
    assert dict(cert.shift) == {"m": 1, "n": 1}
    bad = copy.deepcopy(cert.data())
    bad["shift"] = []        # without n > 1 the factor n - 1 is not positive
    assert kernel.check(bad) is not None


def test_a_rejected_certificate_leaves_ind_undetermined(monkeypatch):
    """The checker's rejection is the verdict's: undetermined, naming the reason (the checker
    itself and a genuinely wrong certificate, no mock of the kernel)."""
    original = scaling.positive_factor

    def wrong(ratio, n_, m_):
        cert, domain = original(ratio, n_, m_)
        return SignByFactors(cert.variables, cert.numerator, cert.denominator, ">", cert.shift,
                             numerator_constant=-1, numerator_factors=cert.numerator_factors,
                             denominator_constant=cert.denominator_constant,
                             denominator_factors=cert.denominator_factors), domain
    monkeypatch.setattr(scaling, "positive_factor", wrong)
    fresh = QuantMeasure("AE3", "", 3 * sp.Abs(q - p) / n)       # not in the checkers' memo
    found = independence.check_ind.__wrapped__(fresh)
    assert found.verdict is Verdict.UNDETERMINED
    assert "rejected by the independent checker" in str(found.reason)
    assert "numerator" in str(found.reason)


def test_max_failure_keeps_its_steps_checkable_where_decided():
    """MAX's argument is certified whatever the verdict: the maxima comparison then refutes (SE)."""
    found = check_max(get("SE"))
    assert found.verdict is Verdict.FAILS
    assert _certified(found)


def test_brel_babs_certificates_match_their_relations():
    rel, _ = check_brel_babs(get("RAE"))
    _, abs_ = check_brel_babs(get("AE"))
    assert {p.relation for p in _certificates(rel)[0].parts} == {">"}
    assert _certificates(abs_)[0].relation == "="
