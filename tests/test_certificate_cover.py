"""Certificates beyond the face cases (issue 24, item 2): definedness (AllOf: one certificate per
denominator, root or log obligation), proofs without faces (SYM's identity, NIGQ's derivative,
CON's denominator, CHA per output size, IMB's trivial outputs); each re-verified by the kernel,
tampering caught, and a rejected one leaves the question undecided."""

from __future__ import annotations

import copy

import pytest
import sympy as sp

import symmetric
from symmetric import kernel
from symmetric.certificate import AllOf, all_of, from_data
from symmetric.checks import certify, definedcert
from symmetric.checks.cases import zero_patterns
from symmetric.checks.decide import is_identically_zero, is_positive_everywhere
from symmetric.domain import EVERYWHERE
from symmetric.evidence import CaseStep
from symmetric.logic import Verdict
from symmetric.properties.sebastiani.definedness import UNDEFINED_HOW
from symmetric.render import text
from symmetric.space import CELLS, FN, FP, TN, TP

MCC = (TP * TN - FP * FN) / sp.sqrt((TP + FP) * (TP + FN) * (TN + FP) * (TN + FN))
F1 = 2 * TP / (2 * TP + FP + FN)


def _all_positive():
    return next(iter(zero_patterns(CELLS))).substitution       # every cell a positive symbol


def test_definedness_carries_one_certificate_per_obligation():
    ok, _, cert = definedcert.certified_definedness(MCC, substitution=_all_positive())
    assert ok is True and isinstance(cert, AllOf)
    assert len(cert.parts) == 4                      # the four radicands, each > 0
    assert all(p.relation == ">" for p in cert.parts) and cert.relation == ">"
    assert kernel.check(cert.data()) is None
    assert from_data(cert.data()) == cert            # the cache's round trip


def test_a_polynomial_is_defined_by_its_constant_denominator():
    ok, _, cert = definedcert.certified_definedness(TP + TN, substitution=_all_positive())
    assert ok is True and cert.kind == "sign by factors" and kernel.check(cert.data()) is None


@pytest.mark.parametrize("case", list(zero_patterns(CELLS)), ids=lambda c: c.describe())
def test_definedness_certificates_agree_with_definedness(case):
    from symmetric.checks.cases import definedness
    ok, _ = definedness(F1, EVERYWHERE, case.substitution)
    ok2, _, cert = definedcert.certified_definedness(F1, substitution=case.substitution)
    assert ok2 == ok                                  # the verdict is definedness's own
    assert (cert is not None) == (ok is True)
    if cert is not None:
        assert kernel.check(cert.data()) is None


def _conjunction():
    return definedcert.certified_definedness(MCC, substitution=_all_positive())[2].data()


def _set(data, path, value):
    data = copy.deepcopy(data)
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


TAMPERED = [
    ("a part's coefficient", ("parts", 0, "numerator", 0, 1), "-1"),
    ("a part's factor", ("parts", 1, "numerator_factors", 0, "poly", 0, 1), "-3"),
    ("a part's relation weaker than the whole", ("parts", 2, "relation"), ">="),
    ("no parts", ("parts",), []),
    ("a part's kind", ("parts", 3, "kind"), "solver only"),
    ("the conjunction's relation", ("relation",), "="),
]


@pytest.mark.parametrize("what,path,value", TAMPERED, ids=[t[0] for t in TAMPERED])
def test_a_tampered_conjunction_is_rejected(what, path, value):
    genuine = _conjunction()
    assert kernel.check(genuine) is None
    assert kernel.check(_set(genuine, path, value)) is not None


def test_equalities_join_inequalities_only_under_nonnegative():
    x, y = sp.symbols("x y", positive=True)
    identity = is_identically_zero(x / (x + y) + y / (x + y) - 1).certificate
    positive = is_positive_everywhere(x * y / (x + y)).certificate
    both = all_of([identity, positive])
    assert both.relation == ">=" and kernel.check(both.data()) is None
    assert kernel.check(_set(both.data(), ("relation",), ">")) is not None
    assert all_of([positive, positive]) == positive          # a relation proved twice is said once


def test_a_rejected_conjunction_leaves_definedness_undecided(monkeypatch):
    genuine = kernel.check
    monkeypatch.setattr(certify.kernel, "check",
                        lambda data: "tampered" if data["kind"] == "all of" else genuine(data))
    ok, why, cert = definedcert.certified_definedness(MCC, substitution=_all_positive())
    assert ok is None and cert is None and "rejected" in why and "tampered" in why


# ------------------------------------------------------------------ proofs without faces

def _proved_steps(result):
    return [s for s in result.proof if isinstance(s, CaseStep) and s.how not in ("excluded", UNDEFINED_HOW)]


COVERED = [("Acc", "SYM", "identity"), ("Acc", "CON", None), ("Acc", "CHA", "identity"),
           ("F1", "SDE", None), ("F1", "WDE", None), ("F1", "NIGQ", "sign by factors"), ("Youden", "IMB", "identity"), ("Youden", "NIFQ", "identity")]


@pytest.mark.parametrize("measure,prop,kind", COVERED, ids=[f"{m}-{p}" for m, p, _ in COVERED])
def test_every_proved_step_carries_a_checked_certificate(measure, prop, kind):
    (r,) = symmetric.check(measure, [prop])
    if r.verdict is not Verdict.HOLDS:
        pytest.skip(f"{measure} {prop} is {r.verdict.value} here")
    steps = _proved_steps(r)
    assert steps
    for step in steps:
        assert step.certificate is not None and step.certificate.checkable, step.template
        assert kernel.check(step.certificate.data()) is None
    if kind is not None:
        assert any(s.certificate.kind == kind for s in steps)


def test_a_proved_step_without_a_face_shows_its_delta_in_the_terminal():
    (r,) = symmetric.check("Acc", ["SYM"])
    lines = "\n".join(text.prose_lines(r.proof))
    assert "Δ = (-TN - TP)/(FN + FP + TN + TP) + (TN + TP)/(FN + FP + TN + TP): its 2 terms, over a common " \
        "denominator, sum to 0." in lines and "Delta" not in lines


def test_a_two_sided_identity_is_multiplied_out_by_the_kernel_and_states_its_domain():
    from fractions import Fraction
    from symmetric.domain import Domain
    x = sp.Symbol("x", positive=True)
    b = sp.Symbol("b", positive=True)
    shifted = Domain("b > 1", ()).with_intervals([(b, 1, sp.oo)])
    left, right = (b - 1) * x / (x + 1), (b * x - x) / (1 + x)
    cert = certify.sides_identity(left, right, [b, x], shifted, "exact arithmetic")
    assert cert.kind == "identity" and len(cert.terms) == 2       # both sides, not their difference
    assert dict(cert.shift) == {"b": Fraction(1)}
    assert certify.rejected(cert, shifted) is None
    wrong = certify.sides_identity(left, right + 1, [b, x], shifted, "exact arithmetic")
    assert kernel.check(wrong.data()) is not None                 # sides that differ: rejected
