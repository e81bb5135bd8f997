"""The cross-check's quantification predicates for MAX and IND (issue 16, item 3): each reports
only certain violations, and an IND counterexample is re-checked on the written term."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from symmetric.crosscheck import quantification as Q
from symmetric.crosscheck.formula import quantification_formula
from symmetric.logic import Verdict
from symmetric.properties import driver
from symmetric.userinput.kinds import KINDS
from symmetric.userinput.measures import build_measure


def term(text):
    return build_measure(KINDS["quantification"], "E", {"term": text})


def _quant_formula(text):
    return quantification_formula(term(text))


@pytest.mark.parametrize("text, violated", [
    ("abs(q - p)", False), ("(q - p)^2", False), ("p*log(p/q)", False),
    ("(q - p)^2*(2*n - 5)", True),     # n goes from |C| = 3 to |C_n| = 2 under projection: the sign flips
])
def test_ind_predicate_reports_only_certain_order_changes(text, violated):
    found = Q.independence(_quant_formula(text))
    assert (found.witness is not None) == violated and found.checked > 0


def test_max_predicate_tests_the_stated_maximum():
    from symmetric.evidence import PropertyResult
    f = _quant_formula("abs(q - p)/2")          # binary AE: at most 1/2 on the binary codeframe ...
    stated = lambda m: PropertyResult("MAX", "M", Verdict.HOLDS, data=(("maximum", m),))   # noqa: E731
    assert Q.maximum(f, -1, stated(1)).witness is None
    assert Q.maximum(f, -1, stated(F(1, 4))).witness is not None     # ... not at most 1/4
    assert Q.maximum(f, -1, None).checked == 0 and not Q.maximum(f, -1, None).complete


def test_an_ind_counterexample_is_rechecked_on_the_written_term():
    from dataclasses import replace
    from symmetric.crosscheck.recheck import recheck_counterexample
    from symmetric.evidence import Order
    f = _quant_formula("(q - p)^2/p + n*abs(q - p)")
    r = driver.check(term("(q - p)^2/p + n*abs(q - p)"), ["IND"])[0]     # found by the checker's own search
    found = recheck_counterexample(f, r.counterexample)
    assert r.verdict is Verdict.FAILS and found.witness is None and found.missing is None and found.checked == 2
    assert all(isinstance(v, Order) for v in r.counterexample.values)
    forged = replace(r.counterexample, values=tuple(replace(v, value=-v.value) for v in r.counterexample.values))
    assert recheck_counterexample(f, forged).witness is not None
