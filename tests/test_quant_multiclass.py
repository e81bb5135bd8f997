"""MON, IMP and ABS decided on the per-class term for every codeframe where the lift from the
binary forms (which needs IND) does not apply (symmetric/quantification/multiclass.py), and the
cross-check's two-class moves on 3-class codeframes that confirm them (issue 16, item 6)."""

from __future__ import annotations

import pytest

from symmetric.crosscheck import quantification as Q
from symmetric.crosscheck.formula import quantification_formula
from symmetric.logic import Verdict
from symmetric.properties import driver
from symmetric.userinput.kinds import KINDS
from symmetric.userinput.measures import build_measure

HOLDS, FAILS, UNDET = Verdict.HOLDS, Verdict.FAILS, Verdict.UNDETERMINED


def term(text):
    return build_measure(KINDS["quantification"], "E", {"term": text})


def verdicts(text):
    return {r.property: r for r in driver.check(term(text), time_limit=60)}


# terms of the fuzz corpus whose IND fails (or whose binary MON was not decided): each verdict
# was undetermined through the lift and is now decided for every codeframe
MOVED = [
    ("exp(abs(q - p)) - 1", {"MON": HOLDS, "IMP": HOLDS, "ABS": HOLDS, "IND": FAILS}),
    ("(q - p)^2/p + n*abs(q - p)", {"MON": HOLDS, "IMP": HOLDS, "REL": UNDET, "IND": FAILS}),
    ("log(1 + abs(q - p))", {"MON": HOLDS, "IMP": HOLDS, "ABS": HOLDS, "IND": FAILS}),
    ("min(abs(q - p), 1/4)", {"MON": FAILS, "IMP": HOLDS, "ABS": HOLDS}),
    ("(q - p)^2/(p*(1 - p) + 1)", {"MON": HOLDS, "IMP": HOLDS, "REL": UNDET, "IND": FAILS}),
    # a term decreasing in q everywhere: monotone towards p only after Gibbs' shift t + (q - p)
    ("(p + 1/10)*log((p + 1/10)/(q + 1/10))", {"MON": HOLDS, "B-MON": HOLDS, "IND": FAILS}),
    # a jump up off the diagonal: each side strictly monotone, its limit at q = p above t(p, p)
    ("cases(q = p, 0, abs(q - p) + 1/10)", {"MON": HOLDS, "B-MON": HOLDS, "IMP": HOLDS, "ABS": HOLDS, "IND": FAILS}),
    ("cases(q = p, 1/5, abs(q - p))", {"MON": FAILS, "B-MON": FAILS}),       # a jump down: no proof
    # the binary sum's derivative is not decided; the per-class one is, and gives B-MON too
    ("abs(log(q/p))", {"MON": HOLDS, "B-MON": HOLDS}),
    # positive only for |C| >= 2: decided for |C| = 2 and |C| = 2 + nu, not for a positive n
    ("abs(q - p)/(n - 1)", {"IoI": HOLDS, "NN": HOLDS, "MON": HOLDS}),
    ("abs(q - p)*(n - 2)", {"NN": HOLDS, "IoI": FAILS}),
]


@pytest.mark.parametrize("text, expected", MOVED, ids=[t for t, _ in MOVED])
def test_multiclass_verdicts_without_ind(text, expected):
    found = verdicts(text)
    assert {k: found[k].verdict for k in expected} == expected
    for name, verdict in expected.items():
        assert not str(found[name].reason).startswith("cross-check contradiction"), name
        if verdict is HOLDS and name in ("MON", "IMP", "ABS"):
            proof = " ".join(str(s) for s in found[name].proof)
            # the cross-check covered 3 classes; without IND the per-class argument names every codeframe
            assert "two-class moves" in proof, name
            assert found["IND"].verdict is HOLDS or "every codeframe" in proof, name


# the cross-check's moves: a term whose binary forms hold but whose 3-class statement fails
# (the weight 3 - n is 0 on three classes), and terms that satisfy the statements
@pytest.mark.parametrize("text, prop, violated", [
    ("abs(q - p)*(3 - n)", "MON", True), ("abs(q - p)*(3 - n)", "IMP", False),
    ("(q - p)^2/p", "ABS", True), ("abs(q - p)", "ABS", False), ("abs(q - p)", "MON", False),
    ("p*max(q - p, 0)", "IMP", True), ("(q - p)^2", "IMP", False),
    ("cases(q > p, 2*(q - p), p - q)", "IMP", False),     # the swap costs 2a + a both ways
])
def test_moves_on_three_classes_report_certain_violations(text, prop, violated):
    found = Q.PREDICATES[(prop, "interior-strict")](quantification_formula(term(text)))
    assert (found.witness is not None) == violated and found.checked > 0 and found.complete


def test_no_per_class_proof_when_a_larger_codeframe_breaks_it():
    # binary MON holds (weight 1 at |C| = 2) but E is 0 for every 3-class prediction
    found = verdicts("abs(q - p)*(3 - n)")
    assert found["B-MON"].verdict is HOLDS and found["MON"].verdict is not HOLDS
