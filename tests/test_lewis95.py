"""The lewis95 claims run without internal errors and reach the expected verdicts."""

import pytest

from symmetric.claims import registry
from symmetric.expectation.approximation import approximate_f, error_bound
from fractions import Fraction as F

EXPECTED = {
    "lewis95.loss.expectation": "proved",
    "lewis95.loss.threshold": "corrected",
    "lewis95.f.expected_values": "proved",
    "lewis95.f.no_ptp": "proved",
    "lewis95.f.approximation_bound": "proved",
    "lewis95.sec.expected_values": "proved",
    "lewis95.sec.optimum": "proved",
}


@pytest.mark.parametrize("claim_id,verdict", sorted(EXPECTED.items()))
def test_verdicts(claim_id, verdict):
    result = registry.run_claim(registry.claim_by_id(claim_id))
    assert not registry.is_internal_error(result), result.reason
    assert result.verdict.value == verdict


@pytest.mark.slow
def test_prp_theorem():
    result = registry.run_claim(registry.claim_by_id("lewis95.f.prp"))
    assert result.verdict.value == "proved"


def test_threshold_wrong_step_is_the_negative_d_case():
    result = registry.run_claim(registry.claim_by_id("lewis95.loss.threshold"))
    assert [s.label for s in result.discrepancies] == ["eq. (7) when $D < 0$"]
    assert result.counterexample is not None


@pytest.mark.parametrize("p,s,approx,bound", [
    (("0.4", "0.4", "0.2"), (1, 0, 0), "0.4000", "0.3560"),
    (("0.9", "0.9", "0.4"), (1, 1, 1), "0.8462", "0.0466"),
])
def test_eq17_eq18_values(p, s, approx, bound):
    p = tuple(F(x) for x in p)
    assert abs(float(approximate_f(p, s)) - float(approx)) <= 5e-5
    assert abs(float(error_bound(p, s)) - float(bound)) <= 5e-5
