"""A quantification term undefined off the k/10 grid gets no verdict (symmetric/quantification/
definedness.py): sympy's simplification used to cancel the vanishing factor before any proof read
it, and MON, IMP, ABS and IND were reported as holding."""

from __future__ import annotations

import pytest
import sympy as sp

from symmetric.logic import Verdict
from symmetric.properties import driver
from symmetric.quantification import measures as qm
from symmetric.quantification.definedness import undefined_somewhere
from symmetric.quantification.distributions import n, p, q
from symmetric.userinput.kinds import KINDS
from symmetric.userinput.measures import build_measure

ROOT2 = sp.sqrt(2) / 2

CASES = [
    # (term, the exact point found, or "unproved", or None when the term is proved defined)
    (sp.Abs(q - p) * (4 * p**4 - 1) / ((2 * p**2 - 1) * (2 * p**2 + 1)), (ROOT2, sp.Rational(1, 2), 2)),
    (sp.log(q - p), (sp.Rational(1, 2), sp.Rational(1, 2), 2)),     # log 0 on the diagonal
    (1 / sp.Abs(q - p), "unproved"),
    (sp.Abs(q - p) / (n - 1), None),                                  # |C| >= 2: n - 1 > 0
    (sp.log(1 + sp.Abs(q - p)), None),
    (sp.Abs(q - p) / (3 - n), "unproved"),                            # 0 at |C| = 3
]


@pytest.mark.parametrize("term, expected", CASES, ids=[str(t) for t, _ in CASES])
def test_every_denominator_and_logarithm_is_proved_safe_or_reported(term, expected):
    found = undefined_somewhere(term)
    if expected is None:
        assert found is None
    elif expected == "unproved":
        assert found is not None and found.point is None and "could not prove" in found.reason()
    else:
        assert found is not None and found.point == expected
        at_p, at_q, size = expected
        assert term.subs({p: at_p, q: at_q, n: size}).has(sp.nan, sp.zoo) or \
            sp.simplify(term.subs({p: at_p, q: at_q, n: size})).is_real is not True


@pytest.mark.parametrize("name", qm.names())
def test_the_catalogue_terms_are_proved_defined(name):
    assert undefined_somewhere(qm.get(name).term) is None


def test_a_term_undefined_at_an_irrational_prevalence_gets_no_verdict():
    m = build_measure(KINDS["quantification"], "E", {"term": "abs(q - p)*(4*p^4 - 1)/((2*p^2 - 1)*(2*p^2 + 1))"})
    results = driver.check(m, time_limit=60)
    assert results and {r.verdict for r in results} == {Verdict.UNDETERMINED}
    assert all("sqrt(2)/2" in str(r.reason) for r in results)
