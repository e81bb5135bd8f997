"""Soundness audit of the quantification checkers on user measures: each table row is a measure
whose correct verdict is known by hand, and a row fails if a checker claims more than it can
prove (a "holds" without a valid proof, a "fails" without an exact witness)."""

import pytest
import sympy as sp

from symmetric.checks.decide import exact_sign
from symmetric.parse import parse_expression
from symmetric.quantification.check import SYMBOLS, build_measure, run_all
from symmetric.quantification.distributions import Distribution


def measure(text: str):
    return build_measure(parse_expression(text, SYMBOLS), "audit")


def verdicts(text: str) -> dict[str, str]:
    return {k: r.verdict.value for k, r in run_all(measure(text)).items()}


def binary_value(text: str, true_first, predicted_first) -> sp.Expr:
    m = measure(text)
    return m.value(Distribution.binary(sp.Rational(true_first)), Distribution.binary(sp.Rational(predicted_first)))


# 1. The Gibbs shift t + lam (q - p) leaves R unchanged only when lam is the same for every class.
GIBBS = [
    # lam = p depends on p: E(p=(4/5,1/5), q=(9/10,1/10)) < 0, so NN must not be proved
    ("p^2*log(p/q)", {"NN": "fails", "IoI": "fails"}),
    # lam = 1 is free of p: Gibbs' inequality proves KLD non-negative
    ("p*log(p/q)", {"NN": "holds", "IoI": "holds"}),
]


@pytest.mark.parametrize("text,expected", GIBBS)
def test_gibbs_shift_only_with_a_class_independent_weight(text, expected):
    got = verdicts(text)
    assert {k: got[k] for k in expected} == expected


def test_gibbs_counterexample_is_real():
    assert exact_sign(binary_value("p^2*log(p/q)", "4/5", "9/10")) < 0
