"""Readings: every verdict names the reading it was decided in; the headline reading is the one
the paper's own verdicts imply; --reading / readings= add others.  Table-driven over (measure,
property, reading) -> verdict for the cases of issue 16, and the CLI and JSON shapes."""

from __future__ import annotations

import json

import pytest
import session_cache
from cli_support import assert_user_error
from cli_support import run_check as run

import symmetric
from symmetric.errors import InvalidArgument, UnknownNameError
from symmetric.logic import Verdict
from symmetric.properties import catalogue, driver
from symmetric.userinput import KINDS, build_measure


@pytest.fixture(autouse=True)
def _shared_verdicts():
    """The library calls here read and keep verdicts in the session's result cache, as the CLI
    tests beside them do (MCC, K, Kappa are checked by both, and by other files' tests)."""
    with session_cache.shared():
        yield


H, F, U = Verdict.HOLDS, Verdict.FAILS, Verdict.UNDETERMINED
CLASSIFICATION = KINDS["classification"]


def counts(text: str, *params: str, name: str = "M", lower: bool = False):
    return build_measure(CLASSIFICATION, name, {"counts": text, "probs": None, "term": None}, params,
                         "lower" if lower else "higher")


def probs(text: str, name: str = "M"):
    return build_measure(CLASSIFICATION, name, {"counts": None, "probs": text, "term": None}, (), "higher")


PRECISION = ("counts", "TP/PP")
EMPTY_IS_ZERO = ("counts", "cases(PP = 0, 0, TP/PP)")        # issue 16, item 3

# (measure, property, reading) -> verdict: the issue's cases and the papers' own verdicts
CASES = [
    # MON: Sebastiani's failures are ties between defined scores; MCC, J, BalAcc are not among them
    ("MCC", "MON", "defined", H), ("MCC", "MON", "strict", F),
    ("Youden", "MON", "defined", H), ("Youden", "MON", "strict", F),
    ("BalAcc", "MON", "defined", H), ("ASP", "MON", "defined", F), ("DOR", "MON", "defined", F),
    ("Lam%", "MON", "defined", F), ("F1", "MON", "defined", F),
    # CHA: J and balanced accuracy have expectation 0 / 1/2 under a fair coin wherever defined
    ("Youden", "CHA", "defined, bernoulli", H), ("Youden", "CHA", "strict, bernoulli", F),
    ("BalAcc", "CHA", "defined, bernoulli", H), ("BalAcc", "CHA", "defined, uniform-size", H),
    ("F1", "CHA", "defined, bernoulli", F), ("Acc", "CHA", "defined, fixed-size", F),
    ("Kappa", "CHA", "defined, bernoulli", H), ("Kappa", "CHA", "defined, fixed-size", H),
    ("Kappa", "CHA", "strict, bernoulli", F), ("Youden", "CHA", "defined, fixed-size", H),
    ("Acc", "CHA", "defined, bernoulli", H),
    # CON: MCC and LAM% fail because of points inside test sets where they are otherwise defined;
    # J is undefined only on whole test sets (AP = 0 or AN = 0), left to SDE/WDE
    ("MCC", "CON", "defined-test-sets", F), ("Lam%", "CON", "defined-test-sets", F),
    ("Youden", "CON", "defined-test-sets", H), ("Youden", "CON", "strict", F), ("K", "CON", "defined-test-sets", H),
    # NIFQ: precision scores P(G) for every non-informative output: constant per test set only
    (PRECISION, "NIFQ", "fixed, defined, nondegenerate", F),
    (PRECISION, "NIFQ", "per-test-set, defined, nondegenerate", H),
    # the empty output is non-informative: cases(PP=0, 0, TP/PP) scores 0 there, P(G) elsewhere
    (EMPTY_IS_ZERO, "NIFQ", "per-test-set, defined, nondegenerate", F),
    (EMPTY_IS_ZERO, "NIFQ", "fixed, defined, nondegenerate", F),
    ("Phi", "NIFQ", "fixed, defined, nondegenerate", H), ("Phi", "NIFQ", "fixed, strict, nondegenerate", F),
    ("Lam%", "NIFQ", "fixed, defined, nondegenerate", H), ("Kappa", "NIFQ", "fixed, defined, nondegenerate", H),
    ("F", "NIGQ", "defined, nondegenerate", H), ("Acc", "NIFQ", "fixed, defined, nondegenerate", F),
    # SM on every test set: single-class test sets may break it
    ("MCC", "SM", "defined, nondegenerate", H), ("MCC", "SM", "strict, nondegenerate", F),
    ("Youden", "SM", "strict, all", F), ("Acc", "SM", "strict, all", H),
    # Amigo et al.'s cells assume 0 < P(G) < 1; on every test set Lam%_smN, Odds_smN and KapS fail
    (("amigo", "Lam%_smN"), "SM", "defined, nondegenerate", H), (("amigo", "Lam%_smN"), "SM", "defined, all", F),
    (("amigo", "Odds_smN"), "SM", "defined, all", F),
    ("Kappa", "SM", "defined, nondegenerate", H),
    # on a single-class test set KapS fails SM (issue 16): (0,0,2,0) -> (1,0,1,0) both score 0 when
    # P(not S|not G)P(not G) is read as the joint (zero-reciprocal=limit, the headline); the
    # cross-check evaluates the same reading and re-checks the counterexample
    ("Kappa", "SM", "defined, all", F),
    ("Phi", "SM", "defined, all", H),      # undefined on single-class test sets: left out
    # NIGQ with the empty and full outputs: F_smN's empty output is x/0 inside a denominator (left
    # out); its full output scores above every smaller non-informative output
    (("amigo", "F_smN"), "NIGQ", "defined, nondegenerate", H),
    (("counts", "cases(PP = 0, 1, 2*TP/(AP + PP))"), "NIGQ", "defined, nondegenerate", F),
    # IMB: the trivial classifiers' scores where defined
    ("Kappa", "IMB", "defined", H), ("Acc", "IMB", "defined", F), ("MCC", "IMB", "strict", F),
    # no score for the trivial classifiers anywhere: "we cannot even say" (Sebastiani on DOR, LAM%)
    ("MCC", "IMB", "defined", U), ("DOR", "IMB", "defined", U), ("Lam%", "IMB", "defined", U),
    # AW in NIGQ's readings: strict holds only with every non-informative output shown to have a
    # score (Utility, WAcc), fails on one without (F's empty output: P(G|S) is 0/0); with test sets
    # of one class empty a threshold proof gives no verdict (not argued there), a failure stays one
    ("Utility", "AW", "defined, nondegenerate", H), ("Utility", "AW", "strict, nondegenerate", H),
    ("WAcc", "AW", "strict, nondegenerate", H), ("F", "AW", "strict, nondegenerate", F),
    ("Utility", "AW", "defined, all", U),
]


def _measure(spec):
    if isinstance(spec, tuple) and spec[0] == "amigo":
        from derivations.amigo import measure       # the smoothed measures of Amigo et al.
        return measure(spec[1])
    if isinstance(spec, tuple):
        return counts(spec[1]) if spec[0] == "counts" else probs(spec[1])
    return symmetric.measure(spec)


def _reading(prop, name):
    p = catalogue.named(prop, "classification")
    return next(r for r in p.readings() if r.name == name)


@pytest.mark.parametrize("spec,prop,reading,verdict", CASES,
                         ids=[f"{s if isinstance(s, str) else s[1]}-{p}-{r}" for s, p, r, _ in CASES])
def test_verdict_in_reading(spec, prop, reading, verdict):
    m = _measure(spec)
    r = _reading(prop, reading)
    chosen = {a: c for a, c in r.choices}
    # a probability form that divides by 0 inside a reciprocal also names its formula reading (headline first)
    results = [x for x in driver.check(m, [prop], readings=chosen)
               if x.reading in (reading, f"{reading}; zero-reciprocal=limit")]
    assert len(results) == 1
    assert results[0].verdict is verdict, (results[0].reason, results[0].proof[:3])
    if verdict is F:
        assert results[0].counterexample is not None
    if verdict is U:
        assert results[0].reason


def test_counterexample_of_the_empty_output_is_exact():
    m = counts(EMPTY_IS_ZERO[1])
    r = driver.check(m, ["NIFQ"], readings={"constant": "per-test-set"})[1]    # [0]: the headline
    assert r.reading == "per-test-set, defined, nondegenerate" and r.verdict is F
    tables = dict(r.counterexample.tables)
    assert any(t.TP + t.FP == 0 for t in tables.values())        # the empty output is one of the two


def test_every_result_names_its_reading_headline_first():
    results = driver.check(symmetric.measure("Acc"), ["MON", "CHA", "SDE"],
                           readings=["definedness=strict", "model=uniform-size,fixed-size"])
    assert [(r.property, r.reading) for r in results] == [
        ("MON", "defined"), ("MON", "strict"),
        ("CHA", "defined, bernoulli"), ("CHA", "strict, uniform-size"), ("CHA", "strict, fixed-size"),
        ("SDE", "as defined")]


def test_alternates_add_the_strict_definedness_reading_beside_the_headline():
    got = symmetric.check("MCC", ["MON", "CON", "SDE"], alternates=True)
    assert [(r.property, r.reading, r.verdict) for r in got] == [
        ("MON", "defined", H), ("MON", "strict", F),
        ("CON", "defined-test-sets", F), ("CON", "strict", F), ("SDE", "as defined", F)]
    only = symmetric.check("MCC", ["MON"])        # the API's default: one result per property
    assert [(r.reading, r.verdict) for r in only] == [("defined", H)]


def test_defined_everywhere_the_two_definedness_readings_agree():
    for r in catalogue.for_kind("classification"):
        if r.axes and "definedness" in {a.name for a in r.axes}:
            defined, strict = (x.verdict for x in driver.check(symmetric.measure("K"), [r.name], alternates=True))
            assert defined is strict, r.name


@pytest.mark.parametrize("readings,exc,fragment", [
    ({"definedness": "strikt"}, UnknownNameError, "strict"),
    ({"definednes": "strict"}, UnknownNameError, "definedness"),
    (["definedness"], InvalidArgument, "AXIS=CHOICE"),
    ({"model": ""}, InvalidArgument, "empty"),
])
def test_api_bad_readings(readings, exc, fragment):
    with pytest.raises(exc, match=fragment):
        driver.check(symmetric.measure("Acc"), ["MON", "CHA"], readings=readings)


def test_cli_mcc_mon_defined_holds_strict_fails(tmp_path):
    r = run(["--measure", "MCC", "--json", "-"], tmp_path)
    assert r.exit_code == 0, r.output
    report = json.loads(r.stdout[r.stdout.index("["):])
    entries = report[0]["properties"]
    assert all(list(e)[:5] == ["property", "reading", "verdict", "proof", "counterexample"] for e in entries)
    mon = {e["reading"]: e["verdict"] for e in entries if e["property"] == "MON"}
    assert mon == {"defined": "holds", "strict": "fails"}
    strict = next(e for e in entries if e["property"] == "MON" and e["reading"] == "strict")
    assert "undefined" in (strict["counterexample"]["M(h)"]["text"], strict["counterexample"]["M(h')"]["text"])


def test_cli_table_marks_the_headline(tmp_path):
    r = run(["--measure", "Youden", "--details"], tmp_path)     # the default matrix shows headlines only
    assert r.exit_code == 0, r.output
    assert "defined *" in r.stdout and "strict" in r.stdout and "headline reading" in r.stdout


@pytest.mark.parametrize("value,fragment", [
    ("definedness=strikt", "'strict'"), ("definednes=strict", "'definedness'"), ("strict", "AXIS=CHOICE"),
    ("model=", "AXIS=CHOICE"), ("model=bernouli", "'bernoulli'"),
])
def test_cli_bad_reading_is_exit_2_with_close_match(tmp_path, value, fragment):
    assert_user_error(run(["--measure", "Acc", "--reading", value], tmp_path), "--reading", fragment)


def test_cli_reading_that_applies_to_no_measure_checked_is_exit_2(tmp_path):
    # the quantification properties have no reading axes: the option would be silently ignored
    assert_user_error(run(["--kind", "quantification", "--measure", "AE", "--reading", "definedness=strict"],
                          tmp_path), "--reading definedness=strict", "no reading axes")
    # a count form reads alike in both readings of a probability form's x/0 inside a reciprocal
    assert_user_error(run(["--measure", "Acc", "--reading", "zero-reciprocal=undefined"], tmp_path),
                      "--reading zero-reciprocal=undefined", "no effect")


def test_cli_zero_reciprocal_reading_names_both(tmp_path):
    r = run(["--measure", "F", "--reading", "zero-reciprocal=undefined", "--headline-only", "--json",
             str(tmp_path / "o.json"), "--no-pdf"], tmp_path)
    assert r.exit_code == 0, r.output
    sm = [(e["reading"], e["verdict"]) for e in json.loads((tmp_path / "o.json").read_text())[0]["properties"]
          if e["property"] == "SM"]
    assert sm == [("defined, nondegenerate; zero-reciprocal=limit", "fails"),
                  ("defined, nondegenerate; zero-reciprocal=undefined", "holds")]


def test_latex_names_the_reading(tmp_path):
    r = run(["--measure", "MCC", "--headline-only", "--reading", "definedness=strict"], tmp_path)
    assert r.exit_code == 0, r.output
    tex = (tmp_path / "tex" / "check-mcc.tex").read_text()
    assert r"\symproperty{MON (reading: defined)}{holds}" in tex
    assert r"\symproperty{MON (reading: strict)}{fails}" in tex
    assert r"\symproperty{SDE}{fails}" in tex          # no axes: nothing to name


def test_protocol_rejects_a_headline_that_does_not_fit_its_axes():
    from symmetric.properties.catalogue import DEFINEDNESS, MODEL
    from symmetric.properties.protocol import Property, Reading
    with pytest.raises(InvalidArgument):
        Property("X", "classification", "sebastiani", "d", "s", axes=(DEFINEDNESS, MODEL),
                 headline=Reading((("definedness", "defined"),)))
    with pytest.raises(UnknownNameError, match="'defined'"):
        Property("X", "classification", "sebastiani", "d", "s", axes=(DEFINEDNESS,),
                 headline=Reading((("definedness", "definded"),)))


def test_every_reading_of_every_property_is_a_product_of_its_axes():
    for p in catalogue.properties():
        readings = p.readings()
        expected = 1
        for a in p.axes:
            expected *= len(a.choices)
        assert len(readings) == len(set(readings)) == expected and readings[0] == p.headline
        assert all(r in readings for r in p.default_readings())
