"""Prose is not the protocol: a counterexample's values are typed and re-checked by their type,
so rewriting every display label and sentence template changes no verdict and no re-check.

The slow test runs the checkers twice in fresh processes (the checkers memoise their results),
once as written and once with every Counterexample label (tables, point, values, relation) and
every Sentence template scrambled (tests/scramble_support.py), and compares verdicts, review
flags, the typed values and the cross-check's re-check of each counterexample."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from fractions import Fraction as F
from pathlib import Path

import pytest

from scramble_support import MARK, scramble, scramble_template
from symmetric.crosscheck import review_one
from symmetric.crosscheck.formula import classification_formula
from symmetric.crosscheck.recheck import AGREES, UNTYPED, Missing, recheck_counterexample, recheck_value
from symmetric.evidence import ContingencyTable, Counterexample, PropertyResult, Score, Sentence
from symmetric.logic import Verdict
from symmetric.measures import registry
from symmetric.properties import driver

HERE = Path(__file__).resolve().parent


def _run(scrambled: bool) -> dict:
    code = f"import scramble_support as s; s.main({scrambled})"
    env_path = f"{HERE.parent}:{HERE}"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=1200,
                          env={**__import__("os").environ, "PYTHONPATH": env_path})
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


@pytest.mark.slow
def test_scrambled_labels_and_templates_change_no_verdict_and_no_recheck():
    plain, scrambled = _run(False), _run(True)
    assert scrambled["seen"]["counterexamples"] > 50 and scrambled["seen"]["sentences"] > 300   # it did scramble
    assert len(plain["results"]) == len(scrambled["results"]) > 100
    for a, b in zip(plain["results"], scrambled["results"]):
        assert a == b, (a, b)
    results = plain["results"]
    # every kind of typed value was exercised, and every shown counterexample value re-checked or named
    kinds = {t[0] for r in results for t in r["typed"]}
    assert kinds == {"Score", "Expectation", "QuantValue", "Order"}
    assert all(r["reviewed"] for r in results)
    rechecked = [r["recheck"] for r in results if r["recheck"] is not None]
    assert rechecked and all(ok and present for ok, present, *_ in rechecked)
    assert sum(checked for *_, checked, _, _ in rechecked) > 100


def test_the_scrambler_keeps_slots_and_hides_words():
    s = scramble_template("M({0}) = {1} at {{h}}")
    assert s.startswith(MARK) and "{0}" in s and "{1}" in s and "M(" not in s
    Sentence(s, (1, 2))                     # still a valid template with its two slots
    assert scramble("score h") != "score h" and scramble("a") != scramble("b")


def _f1_cx(label: str, value, params=(("alpha", F(1, 2)),)) -> Counterexample:
    t = ContingencyTable(1, 1, 1, 1)
    return Counterexample("r", tables={label: t}, values=(Score(label, t, value, params, label),))


@pytest.mark.parametrize("label", ["score h", "M(h)", MARK + "zzz", ""])
def test_a_score_is_rechecked_whatever_its_label(label):
    f = classification_formula(registry.get("F"))           # F_alpha at (1, 1, 1, 1), alpha = 1/2: 1/2
    assert recheck_value(_f1_cx(label, F(1, 2)).values[0], f) == AGREES
    found = recheck_counterexample(f, _f1_cx(label, F(2, 3)))
    assert found.witness is not None and "1/2" in found.witness.relation


def test_a_value_that_cannot_be_recomputed_makes_the_result_undetermined():
    m = registry.get("F")
    f = classification_formula(m)
    assert isinstance(recheck_value(_f1_cx("h", F(1, 2), params=()).values[0], f), Missing)    # alpha not given
    forged = PropertyResult("SM", m.name, Verdict.FAILS, ("forged",), _f1_cx("h", F(1, 2), params=()),
                            reading="defined, nondegenerate")
    r = review_one(m, forged)
    assert r.verdict is Verdict.UNDETERMINED and r.reviewed and "cannot be re-evaluated" in str(r.reason)


def test_an_untyped_value_is_named_never_passed_as_rechecked():
    m = registry.get("F")
    cx = Counterexample("r", tables={"h": (1, 1, 1, 1)}, point={"alpha": F(1, 2)}, values={"M(h)": F(2, 3)})
    assert recheck_value(cx.values[0], classification_formula(m)) == UNTYPED
    found = recheck_counterexample(classification_formula(m), cx)
    assert (found.checked, found.untyped, found.witness) == (0, 1, None)
    acc = registry.get("Acc")        # satisfies SYM: the enumeration finds nothing, the counterexample is all
    shown = Counterexample("r", tables={"h": (1, 1, 1, 1)}, values={"M(h)": F(1, 2)})
    r = review_one(acc, PropertyResult("SYM", acc.name, Verdict.FAILS, ("forged",), shown, reading="as defined"))
    said = " ".join(line.template for line in r.proof)
    assert "not re-evaluated" in said and "re-checked counterexample" not in said


def test_decide_returns_the_reviewed_memoised_result_in_the_named_reading():
    m = registry.get("F1")
    r = driver.decide(m, "CHA", {"model": "uniform-size"})
    assert r.reviewed and r.reading == "defined, uniform-size" and r.verdict is Verdict.FAILS
    assert driver.decide(m, "CHA", "defined, uniform-size") is r        # memoised, named either way
    assert r.argument() == tuple(line for line in r.proof if line != r.review)
    assert replace(r, review=None).reviewed is False


def test_renderers_pair_a_table_with_its_score_by_type():
    from symmetric.render import latex as latex_render
    from symmetric.render import text as text_render
    t = ContingencyTable(1, 0, 0, 1)
    # an untyped value whose label names the table is not taken for its score
    cx = Counterexample("r", tables={MARK + "x": t}, values=(("M(" + MARK + "x)", 5), Score(MARK + "w", t, F(1, 2), (), MARK + "x")))
    _, rows, rest = text_render.counterexample_rows(cx)
    assert rows == [[MARK + "x", "1", "0", "0", "1", "1/2"]] and "5" in rest
    assert r"\frac{1}{2}" in latex_render.counterexample_table(cx)
