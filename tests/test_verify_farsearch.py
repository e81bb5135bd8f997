"""Issue 23, item 5: a false printed inequality whose witnesses lie far out or skewed is refuted
with an exact witness (verify/farsearch.py), and the search never refutes a true one."""

from __future__ import annotations

import pytest
import sympy as sp
from cli_support import invoke

from symmetric.domain import Domain
from symmetric.verify.farsearch import far_witness

CLAIM = '''
[paper]
title = "far"

[[claim]]
id = "c"
statement = "{statement}"

  [[claim.step]]
  latex = "{latex}"
'''


@pytest.mark.parametrize("latex, verdict", [
    (r"\\mathrm{MCC} \\le F_1", "refuted"),           # false at (1, 1, 7, 51): MCC = 11 sqrt(754)/1508 > 1/5
    (r"\\mathrm{MCC} \\le 1", "proved"),
    (r"\\frac{TP}{TP + FN} \\le 1", "proved"),
    # z3 finds a point with TP < 1 (not a table of counts); the far search finds (1, 1, 1, 7)
    (r"\\mathrm{ACC} \\le \\frac{TP + 2}{TP + 3}", "refuted"),
    # witnesses with one cell up to 10^4 (the measure of item 5)
    (r"TP < 5000", "refuted"),
    (r"\\frac{TN}{TN + FP} \\le \\frac{999}{1000}", "refuted"),
    (r"\\sqrt{TP} < 99", "refuted"),
    (r"\\frac{TN}{FP} < 9000", "refuted"),
    (r"\\mathrm{Kappa} \\le \\mathrm{ACC} - \\frac{1}{10000}", "refuted"),
])
def test_far_witnesses_refute_and_truths_stay(tmp_path, latex, verdict):
    path = tmp_path / "far.toml"
    path.write_text(CLAIM.format(statement="a relation", latex=latex))
    r = invoke("verify", str(path), "--json", "-")
    assert f'"verdict": "{verdict}"' in r.output, r.output


TP, FP, FN, TN = sp.symbols("TP FP FN TN", positive=True)


@pytest.mark.parametrize("diff, strict, found", [
    # F1 - MCC: negative only at skewed tables
    (2 * TP / (2 * TP + FP + FN) - (TP * TN - FP * FN) / sp.sqrt((TP + FP) * (TP + FN) * (TN + FP) * (TN + FN)),
     False, True),
    (TN - 1000 * TP, True, True),                         # fails once TP is large beside TN
    (TP / (TP + FN), True, False),                       # positive everywhere: never "found"
    (1 - TP / (TP + FN + 1), True, False),
])
def test_the_search_returns_only_exact_violations(diff, strict, found):
    domain = Domain("positive cells", tuple(s > 0 for s in sorted(diff.free_symbols, key=str)))
    w = far_witness(diff, domain, strict)
    assert (w is not None) == found
    if w is not None:
        value = sp.nsimplify(diff.xreplace(w))
        assert all(v > 0 for v in w.values())             # a point of the domain
        assert bool(value < 0) or (strict and value == 0), (w, value)
