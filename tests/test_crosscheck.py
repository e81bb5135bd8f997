"""The independent cross-check: exact values with its own undefinedness rules, the written
formula (not sympy's rewrite of it), the predicates per (property, reading), and the hook that
turns a contradicted verdict into ``undetermined`` naming the witness."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from symmetric.crosscheck import classification as C
from symmetric.crosscheck import quantification as Q
from symmetric.crosscheck import values as V
from symmetric.crosscheck.formula import classification_formula, quantification_formula, tables
from symmetric.crosscheck.written import written_of
from symmetric.evidence import Expectation, QuantValue
from symmetric.logic import Verdict
from symmetric.measures import registry
from symmetric.properties import driver
from symmetric.userinput.kinds import KINDS
from symmetric.userinput.measures import build_measure


def counts(text, *params, orientation="higher"):
    return build_measure(KINDS["classification"], "M", {"counts": text}, params, orientation)


def probs(text):
    return build_measure(KINDS["classification"], "M", {"probs": text})


def term(text):
    return build_measure(KINDS["quantification"], "E", {"term": text})


# ---------------------------------------------------------------- values

@pytest.mark.parametrize("op, args, expected", [
    (V.div, (F(1), F(0)), V.UNDEFINED),
    (V.div, (F(0), F(0)), V.UNDEFINED),
    (V.log, (F(0),), V.UNDEFINED),
    (V.log, (F(-1, 2),), V.UNDEFINED),
    (V.log, (F(1),), F(0)),
    (V.sqrt, (F(-1),), V.UNDEFINED),
    (V.sqrt, (F(9, 4),), F(3, 2)),
    (V.power, (F(0), F(-1)), V.UNDEFINED),
    (V.power, (F(-8), F(1, 3)), V.UNDEFINED),       # principal root of a negative number: not real
    (V.power, (F(4), F(3, 2)), F(8)),
    (V.power, (F(-2), F(3)), F(-8)),
    (V.power, (F(0), F(0)), F(1)),
    (V.exp, (F(0),), F(1)),
])
def test_exact_values_and_undefinedness(op, args, expected):
    assert op(*args) == expected if isinstance(expected, F) else op(*args) is expected


def test_square_roots_are_exact_and_other_irrationals_certified_intervals():
    r2 = V.sqrt(F(2))
    assert isinstance(r2, V.Surd) and r2.lo < F(14142136, 10**7) and r2.lo > F(14142135, 10**7)
    assert V.compare(r2, F(141, 100)) == 1 and V.compare(r2, F(142, 100)) == -1
    # sqrt(2)^2 - 2 and sqrt(2) - sqrt(2) are exactly 0 (a surd's products and like sums are exact)
    assert V.sign(V.add(V.mul(r2, r2), F(-2))) == 0
    assert V.div(F(1), V.add(r2, V.neg(r2))) is V.UNDEFINED
    # the fourth root of 2 has no exact rule: an interval, never certified 0 -- undecided, not "different"
    r4 = V.sqrt(r2)
    assert type(r4) is V.Interval
    assert V.sign(V.add(V.mul(V.mul(r4, r4), V.mul(r4, r4)), F(-2))) is None
    assert V.div(F(1), V.add(r4, V.neg(r4))) is V.UNKNOWN
    assert V.compare(V.log(F(3)), V.exp(F(1))) == -1      # log 3 ~ 1.0986 < e
    assert V.compare(V.log(F(3)), F(1)) == 1
    assert float(V.log(F(3)).lo) < 1.0987 < float(V.exp(F(1)).lo)


# ---------------------------------------------------------------- the written formula

@pytest.mark.parametrize("text, table, expected", [
    ("log(TP) - log(TP) + (TP + TN)/n", (0, 1, 1, 1), V.UNDEFINED),     # sympy: (TP+TN)/n = 1/3
    ("log(TP) - log(TP) + (TP + TN)/n", (1, 1, 1, 1), F(1, 2)),
    ("(exp(log(TP)) + TN)/n", (0, 1, 0, 2), V.UNDEFINED),
    ("(sqrt(TP - FP)^2 + FP + TN)/n", (0, 1, 0, 2), V.UNDEFINED),
    ("(sqrt(TP - FP)^2 + FP + TN)/n", (2, 1, 0, 1), F(3, 4)),
    ("0*log(FP) + (TP + TN)/n", (1, 0, 0, 1), V.UNDEFINED),
    ("cases(PP = 0, 0, TP/PP)", (0, 0, 3, 1), F(0)),
    ("cases(PP = 0, 0, TP/PP)", (1, 1, 0, 1), F(1, 2)),
    ("min(TP/AP, TN/AN)", (1, 0, 0, 0), V.UNDEFINED),
    ("2^-1 * -TP^2", (3, 0, 0, 0), F(-9, 2)),
])
def test_the_written_count_form_is_evaluated_as_written(text, table, expected):
    m = counts(text)
    assert written_of(m).text == text
    value = classification_formula(m).value(table)
    assert value == expected if isinstance(expected, F) else value is expected


def test_probability_forms_keep_their_undefined_points():
    m = probs("P(S|G) * P(not S|not G)")
    f = classification_formula(m)
    assert f.value((0, 1, 0, 3)) is V.UNDEFINED       # P(S|G) with |G| = 0
    assert f.value((1, 1, 1, 1)) == F(1, 4)
    # a catalogue measure defined by its probability form alone: F(R,S) at the empty output
    frs = classification_formula(registry.get("F(R,S)", "classification"))
    assert frs.source == "the probability form as defined"


def test_the_table_enumeration_has_1820_tables():
    assert sum(1 for _ in tables(C.MAX_N)) == 1820 and "1819" in C.SCOPE_TABLES     # less the empty table


# ---------------------------------------------------------------- predicates per (property, reading)

def predicate(name, reading, m):
    return C.PREDICATES[(name, reading)](classification_formula(m), m.orientation, None)


@pytest.mark.parametrize("text, name, reading, violated", [
    ("(TP + TN)/n", "SM", "defined, nondegenerate", False),
    ("(TP + TN)/n", "NIFQ", "per-test-set, defined, nondegenerate", True),
    ("TP/PP", "NIFQ", "per-test-set, defined, nondegenerate", False),           # precision: P(G) on every output of a test set
    ("TP/PP", "NIFQ", "fixed, defined, nondegenerate", True),                   # ... which differs between test sets
    ("cases(PP = 0, 0, TP/PP)", "NIFQ", "per-test-set, defined, nondegenerate", True),   # the empty output is non-informative
    ("(TP*TN - FP*FN)/sqrt(PP*AP*AN*PN)", "MON", "strict", True),
    ("(TP*TN - FP*FN)/sqrt(PP*AP*AN*PN)", "MON", "defined", False),
    ("TP/AP + TN/AN - 1", "CHA", "strict, bernoulli", True),
    ("TP/AP + TN/AN - 1", "CHA", "defined, bernoulli", False),
    ("TP/AP + TN/AN - 1", "CHA", "strict, fixed-size", True),
    ("(TP + TN)/n", "SYM", "as defined", False),
    ("TP/PP", "SYM", "as defined", True),
    ("TP/(TP + FN + 1)", "SDE", "as defined", False),
    ("TP/AP", "WDE", "as defined", False),
    ("TP/PP", "WDE", "as defined", True),
    ("TP/AP + TN/AN", "SM", "defined, all", False),
    ("TP/AP", "SM", "defined, nondegenerate", True),             # FP -> TN leaves recall unchanged
    ("(TP + TN)/n", "FIX", "defined", False),
    ("TP - FP", "FIX", "defined", True),
    ("TP/AP + TN/AN", "IMB", "strict", False),
    ("TP/PP", "IMB", "strict", True),
    ("TP/PP", "IMB", "defined", True),                  # P(G) for the acceptor: it depends on the test set
    ("TP*TN/(FP*FN)", "IMB", "strict", True),           # DOR: the trivial classifiers are never defined
    ("TP*TN/(FP*FN)", "IMB", "defined", False),
    ("TP/AP + TN/AN - 1", "NIGQ", "defined, nondegenerate", True),
])
def test_predicates(text, name, reading, violated):
    finding = predicate(name, reading, counts(text))
    assert (finding.witness is not None) == violated, finding.witness
    assert finding.checked > 0


def test_a_witness_is_a_real_violation_recomputed_exactly():
    m = counts("(TP*TN - FP*FN)/sqrt(PP*AP*AN*PN)")
    w = predicate("MON", "strict", m).witness
    (_, h), (_, h2) = w.tables
    f = classification_formula(m)
    assert f.value(h) is V.UNDEFINED or f.value(h2) is V.UNDEFINED


@pytest.mark.parametrize("text, name, violated", [
    ("abs(q - p) + 0*log(q - p)", "IoI", True),
    ("abs(q - p) + 0*log(q - p)", "NN", True),
    ("abs(q - p) + 0*log(q - p)", "B-MON", True),
    ("abs(q - p)/n", "IoI", False),
    ("abs(q - p)/n", "B-MON", False),
    ("abs(q - p)/n", "B-IMP", False),
    ("abs(q - p)/n", "B-ABS", False),
    ("abs(q - p)/n", "B-REL", True),
    ("(q - p)^2/(2*q)", "NN", False),
    ("(q - p)*p", "NN", True),                          # binary E = (q - p)(2p - 1)
    ("cases(q > p, 2*(q - p), p - q)", "B-IMP", False),   # binary E = 3a on both sides
    ("cases(q > p, (q - p)*p, p - q)", "B-IMP", True),
])
def test_quantification_predicates(text, name, violated):
    m = term(text)
    finding = Q.PREDICATES[(name, "interior-strict")](quantification_formula(m))
    assert (finding.witness is not None) == violated, finding.witness


# ---------------------------------------------------------------- the hook in the driver

def by_name(results):
    return {r.property: r for r in results}


def test_a_verdict_the_written_formula_contradicts_becomes_undetermined_with_the_witness():
    # a checker that read the rewritten formula (sympy: log(TP) - log(TP) -> 0) would say SDE and
    # SYM hold; the checkers now decide on what was written, so such a verdict is forged here
    from dataclasses import replace
    from symmetric.crosscheck import review_one
    m = counts("log(TP) - log(TP) + (TP + TN)/n")
    results = by_name(driver.check(m, ["SDE", "SYM", "SM"]))
    for name in ("SDE", "SYM"):
        assert results[name].verdict is Verdict.FAILS                 # the checker's own verdict
        forged = replace(results[name], verdict=Verdict.HOLDS, proof=(), counterexample=None)
        r = review_one(m, forged)
        assert r.verdict is Verdict.UNDETERMINED
        assert str(r.reason).startswith("cross-check contradiction") and "undefined" in str(r.reason)
        assert "(0, " in str(r.reason)          # the witness table names TP = 0
    # SM compares only where defined: log(TP) - log(TP) is 0 wherever it is defined
    assert results["SM"].verdict is Verdict.HOLDS
    assert "1819" not in results["SM"].proof[0].template and "Cross-check" in results["SM"].proof[0].template


def test_a_confirmed_holds_says_what_the_cross_check_covered():
    r = by_name(driver.check(counts("(TP + TN)/n"), ["SYM"]))["SYM"]
    assert r.verdict is Verdict.HOLDS
    first = r.proof[0].template
    assert "checked exhaustively on all 1819 tables with 1 <= |D| <= 12" in first and "the formula as written" in first


def test_a_counterexample_is_re_evaluated_on_the_written_formula():
    # LAM% written with logs: sympy turns it into a root form defined where the logs are not
    lam = counts("exp((log(FP/TN) + log(FN/TP))/2) / (1 + exp((log(FP/TN) + log(FN/TP))/2))",
                 orientation="lower")
    r = by_name(driver.check(lam, ["SM"]))["SM"]
    assert r.verdict is not Verdict.FAILS or r.counterexample is None or all(
        classification_formula(lam).value(tuple(t)) is not V.UNDEFINED for _, t in r.counterexample.tables)


def test_quantification_verdicts_are_cross_checked():
    results = by_name(driver.check(term("abs(q - p) + 0*log(q - p)")))
    for name in ("IoI", "NN", "B-MON", "MON"):
        assert results[name].verdict is not Verdict.HOLDS, name
    ae = by_name(driver.check(term("abs(q - p)/n"), ["IoI"]))["IoI"]
    assert ae.verdict is Verdict.HOLDS and "Cross-check" in ae.proof[0].template


def test_the_cross_check_runs_inside_the_time_limit(monkeypatch):
    from symmetric.crosscheck import hook
    from symmetric.errors import TimeLimitReached

    def out_of_time(measure, result, statement=None):
        raise TimeLimitReached(1.0)
    monkeypatch.setattr(hook, "review_one", out_of_time)
    r = by_name(driver.check(counts("(TP + TN)/n"), ["SYM"], time_limit=1))["SYM"]
    assert r.verdict is Verdict.UNDETERMINED and "time limit" in str(r.reason)


def test_readings_are_the_catalogues_with_the_headline_first():
    from symmetric.crosscheck import enumerate_reading, readings
    table = readings()
    assert table["MON"][0] == "defined" and "strict" in table["MON"]
    assert set(table["NIFQ"]) == {"fixed, defined, nondegenerate", "per-test-set, defined, nondegenerate"}
    assert {f"{d}, {m}" for d in ("defined", "strict") for m in ("bernoulli", "uniform-size", "fixed-size")} \
        == set(table["CHA"])
    youden = registry.get("Youden", "classification")
    assert enumerate_reading(youden, "CHA").witness is None                     # defined, bernoulli
    assert enumerate_reading(youden, "CHA", "strict, bernoulli").witness is not None
    mcc = registry.get("MCC", "classification")
    assert enumerate_reading(mcc, "MON").witness is None                        # defined
    assert enumerate_reading(mcc, "MON", "strict").witness is not None


def test_the_evaluator_is_independent_of_the_checkers():
    """No module of the cross-check imports a decider, a checker or sympy's simplification of the
    measure (the count form derived from a probability form)."""
    import ast
    from pathlib import Path
    import symmetric.crosscheck as package
    forbidden = ("symmetric.checks", "symmetric.properties", "symmetric.transforms", "symmetric.quantification",
                 "symmetric.measures")
    for path in Path(package.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                target = ("symmetric." if node.level else "") + (node.module or "")
                if node.level == 2:
                    target = "symmetric." + (node.module or "")
                assert not target.startswith(forbidden), (path.name, target)
        assert "count_form" not in path.read_text(encoding="utf-8"), path.name


def test_a_binary_quantification_counterexample_is_re_evaluated():
    from symmetric.crosscheck.recheck import recheck_counterexample
    from symmetric.evidence import Counterexample, QuantValue
    f = quantification_formula(term("(q - p)*p"))
    point = {"p(c1)": F(1, 4), "p^(c1)": F(3, 4)}
    right = Counterexample("E < 0", point=point, values=(QuantValue("E", (F(1, 4), F(3, 4)), (F(3, 4), F(1, 4)), F(-1, 4)),))
    wrong = Counterexample("E < 0", point=point, values=(QuantValue("E", (F(1, 4), F(3, 4)), (F(3, 4), F(1, 4)), F(-1, 3)),))
    found = recheck_counterexample(f, right)            # (1/2)(1/4) + (-1/2)(3/4) = -1/4
    assert found.witness is None and found.missing is None and found.checked == 1
    assert recheck_counterexample(f, wrong).witness is not None


def test_the_command_line_shows_the_contradiction_as_undetermined(tmp_path):
    import json
    from cli_support import run_check
    result = run_check(["--counts", "log(TP) - log(TP) + (TP + TN)/n", "--name", "LogAcc", "--json", "-"], tmp_path)
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout[result.stdout.index("["):])
    entries = {}
    for e in report[0]["properties"]:          # the headline reading of each property comes first
        entries.setdefault(e["property"], e)
    # the checker decides on the formula as written (SDE fails at TP = 0); the cross-check agrees
    assert entries["SDE"]["verdict"] == "fails"
    assert any("Cross-check" in line["text"] and "violation" in line["text"] for line in entries["SDE"]["proof"])
    assert entries["SM"]["verdict"] == "holds"
    assert any(line["text"].startswith("Cross-check") for line in entries["SM"]["proof"])


def test_expected_values_of_a_cha_counterexample_are_recomputed():
    from dataclasses import replace
    from symmetric.crosscheck import review_one
    m = counts("(TP + 1)/(PP + 2)")
    r = by_name(driver.check(m, ["CHA"]))["CHA"]
    assert r.verdict is Verdict.FAILS and dict(r.counterexample.point)["model"] == "bernoulli"
    first, second = r.counterexample.values           # typed: the expectations on test sets 1 and 2
    assert isinstance(second, Expectation) and second.model == "bernoulli"
    tampered = replace(r, proof=(), counterexample=replace(r.counterexample, values=(first, replace(second, value=second.value + 1))))
    assert review_one(m, tampered).verdict is Verdict.UNDETERMINED
    assert review_one(m, replace(r, proof=())).verdict is Verdict.FAILS


# issue 16's cases that reach the user through the driver: none may keep its wrong verdict
# (each becomes undetermined naming the witness until the checkers decide it right).  The
# accuracy look-alikes are undefined at TP = 0 as written: where MON compares defined tables only
# (its headline) it does hold; the wrong "holds" was MON strict, SDE, WDE, CHA strict and SYM.
DEFINEDNESS_WRONG = (("MON", "strict"), ("SDE", "as defined"), ("WDE", "as defined"), ("CHA", "strict, bernoulli"),
                     ("SYM", "as defined"))
ISSUE_16 = [
    ("counts", "log(TP) - log(TP) + (TP + TN)/n", (), DEFINEDNESS_WRONG, "holds"),
    ("counts", "(exp(log(TP)) + TN)/n", (), DEFINEDNESS_WRONG, "holds"),
    ("counts", "(sqrt(TP - FP)^2 + FP + TN)/n", (), (("MON", "strict"), ("SDE", "as defined"), ("SYM", "as defined")),
     "holds"),
    ("counts", "cases(PP > PN, TP/AP + TN/AN - 1, TP/AP + TN/AN)", (),
     (("NIFQ", "fixed, defined, nondegenerate"),), "holds"),
    ("counts", "cases(PP > PN, lambda*TP - FP, lambda*TP - FP - 1000*n)", ("lambda>0",), (("AW", "defined, nondegenerate"),),
     "holds"),
    ("counts", "cases(PP = 0, 0, TP/PP)", (), (("NIFQ", "fixed, defined, nondegenerate"),), "holds"),
]


@pytest.mark.parametrize("form, text, params, readings, wrong", ISSUE_16)
def test_issue_16_wrong_verdicts_do_not_reach_the_user(form, text, params, readings, wrong):
    m = build_measure(KINDS["classification"], "M", {form: text}, params)
    results = driver.check(m, sorted({p for p, _ in readings}), alternates=True)
    decided = {(r.property, r.reading): r for r in results}
    for key in readings:
        assert key in decided, (key, sorted(decided))
        assert decided[key].verdict.value != wrong, (key, decided[key].reason)


@pytest.mark.parametrize("name", ["F", "F(R,S)", "Kappa"])
def test_no_counterexample_lies_where_the_defining_probability_form_is_undefined(name):
    m = registry.get(name, "classification")
    f = classification_formula(m)
    for r in driver.check(m):
        if r.verdict is Verdict.FAILS and r.counterexample is not None:
            params = tuple((k, F(str(v))) for k, v in r.counterexample.point if k in f.param_names)
            for label, t in r.counterexample.tables:
                shown = dict(r.counterexample.values)
                if any(k in shown for k in (label, f"score {label}")):
                    assert f.value(tuple(t), params) is not V.UNDEFINED or \
                        shown.get(label, shown.get(f"score {label}")) is None, (r.property, label, t)


def test_a_witness_is_written_with_its_mathematics_in_slots():
    from symmetric.crosscheck.hook import witness_sentence
    from symmetric.crosscheck.outcome import Witness
    from symmetric.evidence import ContingencyTable
    import sympy as sp
    w = Witness("M undefined", (("h", (0, 1, 0, 0)), ("test set", (2, 3))), (("h", V.UNDEFINED), ("h'", F(1, 2))),
                (("lambda", F(1, 4)),))
    s = witness_sentence("Cross-check: ", w)
    assert s.args[0] == ContingencyTable(0, 1, 0, 0) and s.args[1] == (2, 3)
    assert s.args[2] == sp.Eq(sp.Symbol("lambda"), sp.Rational(1, 4), evaluate=False)
    assert s.args[3] == sp.Rational(1, 2) and "h: undefined" in s.template


def test_binary_comparisons_of_quantification_counterexamples_are_re_evaluated():
    from dataclasses import replace
    from symmetric.crosscheck import review_one
    m = term("abs(q - p)/n")
    ok = by_name(driver.check(m, ["B-REL"]))["B-REL"]
    assert ok.verdict is Verdict.FAILS and {"left", "right"} <= set(dict(ok.counterexample.values))
    left, right = ok.counterexample.values             # typed: E at the two compared points
    assert isinstance(left, QuantValue)
    tampered = replace(ok, proof=(), counterexample=replace(ok.counterexample, values=(replace(left, value=left.value + 1), right)))
    r = review_one(m, tampered)
    assert r.verdict is Verdict.UNDETERMINED and "cross-check contradiction" in str(r.reason)
    assert review_one(m, replace(ok, proof=())).verdict is Verdict.FAILS
    # 0*log(q - p): sympy drops the log; the checker now reads what was written (undetermined)
    r = by_name(driver.check(term("abs(q - p) + 0*log(q - p)"), ["B-REL"]))["B-REL"]
    assert r.verdict is Verdict.UNDETERMINED and "undefined" in str(r.reason)

