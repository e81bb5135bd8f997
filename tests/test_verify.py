"""`symmetric verify FILE`: every kind of bad file exits 2 with its place; the verdicts, the JSON
report and the LaTeX output of good files."""

from __future__ import annotations

import json
import textwrap

import pytest
from cli_support import assert_user_error, invoke

GOOD = '''
[paper]
title = "A small paper"

[[measure]]
name = "Informedness"
counts = "TP/(TP+FN) + TN/(TN+FP) - 1"

[[measure]]
name = "Markedness"
counts = "TP/(TP+FP) + TN/(TN+FN) - 1"

[[claim]]
id = "mcc-geometric-mean"
where = "Section 3, eq. (5)"
statement = "MCC^2 = Informedness * Markedness"

  [[claim.step]]
  lhs = "MCC^2"
  rel = "="
  rhs = "Informedness*Markedness"

[[claim]]
id = "f1-facts"
statement = "F1 facts"

  [[claim.step]]
  derivative = "F1"
  wrt = "FP"
  printed = "-2*TP/(2*TP+FP+FN)^2"

  [[claim.step]]
  limit = "F1"
  var = "FP"
  to = "0"
  direction = "+"
  printed = "2*TP/(2*TP+FN)"

  [[claim.step]]
  value = "F1"
  at = { TP = 3, FP = 1, FN = 2, TN = 94 }
  printed = "0.667"

  [[claim.step]]
  noninformative = "F1"
  printed = "2*P(G)*P(S)/(P(G)+P(S))"

  [[claim.step]]
  latex = "\\\\frac{2\\\\,\\\\mathrm{TP}}{2 TP + FP + FN} \\\\leq 1"
  conclusion = true
'''


def write(tmp_path, text: str, name: str = "claims.toml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def verify(path, *args):
    return invoke("verify", str(path), *args)


def test_good_file_all_proved_json_and_latex(tmp_path):
    path = write(tmp_path, GOOD)
    out = tmp_path / "tex"
    r = verify(path, "--json", "-", "--latex", str(out), "--no-pdf")
    assert r.exit_code == 0, r.output
    report = json.loads(r.stdout[r.stdout.index("{"):])
    assert report["title"] == "A small paper"
    assert [(c["id"], c["verdict"]) for c in report["claims"]] == [("mcc-geometric-mean", "proved"),
                                                                   ("f1-facts", "proved")]
    assert set(report["claims"][0]) >= {"id", "statement", "verdict", "discrepancies", "counterexample",
                                        "conclusion", "corrected_statement", "reason"}
    tex = (out / "mcc-geometric-mean.tex").read_text()
    # \input-able: one symclaim and one symproof environment, nothing of a document around them
    assert tex.count(r"\begin{symclaim}") == 1 and tex.count(r"\end{symproof}") == 1
    assert r"\documentclass" not in tex and r"\symverdict{proved}" in tex
    main = (out / "proofs.tex").read_text()
    assert r"\InputIfFileExists{f1-facts.tex}" in main and "A small paper" in main


WRONG = '''
[[claim]]
id = "acc-above-f1"
statement = "Accuracy is at least F1"
  [[claim.step]]
  lhs = "Acc"
  rel = ">="
  rhs = "F1"

[[claim]]
id = "value-truncated"
statement = "F1 of the acceptor at prevalence 1/2 is 0.666"
  [[claim.step]]
  value = "F1"
  at = { TP = 1, FP = 1, FN = 0, TN = 0 }
  printed = "0.666"

[[claim]]
id = "derivative-wrong"
statement = "a wrong derivative"
  [[claim.step]]
  derivative = "TP/(TP+FP)"
  wrt = "TP"
  printed = "1/(TP+FP)"
  [[claim.step]]
  lhs = "TP/(TP+FP)"
  rel = "<"
  rhs = "1"
'''


def test_wrong_claims_refuted_corrected(tmp_path):
    r = verify(write(tmp_path, WRONG), "--json", "-")
    assert r.exit_code == 1, r.output
    claims = {c["id"]: c for c in json.loads(r.stdout[r.stdout.index("{"):])["claims"]}
    refuted = claims["acc-above-f1"]
    assert refuted["verdict"] == "refuted"
    cx = refuted["counterexample"]
    # the counterexample is a table of positive integer counts where Acc < F1, recomputed here
    tp, fp, fn, tn = (int(cx[k]["text"]) for k in ("TP", "FP", "FN", "TN"))
    assert min(tp, fp, fn, tn) > 0
    from fractions import Fraction
    assert Fraction(tp + tn, tp + fp + fn + tn) < Fraction(2 * tp, 2 * tp + fp + fn)
    truncated = claims["value-truncated"]
    assert truncated["verdict"] == "corrected"
    assert truncated["discrepancies"][0]["derived"] == {"text": "2/3", "latex": r"\frac{2}{3}"}
    wrong = claims["derivative-wrong"]
    assert wrong["verdict"] == "corrected" and wrong["discrepancies"][0]["derived"]["text"] == "FP/(FP + TP)**2"


def test_truncation_is_said(tmp_path):
    from symmetric.verify import prepare, run
    from symmetric.render import text
    _, claims = prepare(write(tmp_path, WRONG))
    result = run(claims[1])
    assert "truncated, not rounded" in text.prose(result.steps[0].justification)
    assert "0.667" in text.prose(result.steps[0].justification)


def test_assumptions_reshape_the_domain(tmp_path):
    path = write(tmp_path, '''
        [[claim]]
        id = "precision-above-half"
        statement = "with TP > FP, precision exceeds 1/2"
        assume = ["TP > FP"]
          [[claim.step]]
          lhs = "TP/(TP+FP)"
          rel = ">"
          rhs = "1/2"

        [[claim]]
        id = "without-the-assumption"
        statement = "precision exceeds 1/2"
          [[claim.step]]
          lhs = "TP/(TP+FP)"
          rel = ">"
          rhs = "1/2"

        [[claim]]
        id = "recall-below-half"
        statement = "recall is below 1/2 (false: a counterexample in P(G), P(S), P(S and G))"
          [[claim.step]]
          lhs = "P(S|G)"
          rel = "<"
          rhs = "1/2"
        ''')
    r = verify(path, "--json", "-")
    report = {c["id"]: c for c in json.loads(r.stdout[r.stdout.index("{"):])["claims"]}
    assert {k: c["verdict"] for k, c in report.items()} == {
        "precision-above-half": "proved", "without-the-assumption": "refuted", "recall-below-half": "refuted"}
    from fractions import Fraction
    cx = report["recall-below-half"]["counterexample"]
    g, s, j = (Fraction(cx[k]["text"]) for k in "gsj")
    assert 0 < g < 1 and 0 < s < 1 and max(0, g + s - 1) < j < min(g, s) and j / g >= Fraction(1, 2)


def test_fixed_test_set(tmp_path):
    """Sebastiani's eq. (3): on a fixed test set dF1/dTN = 2TP/(AP+AN+TP-TN)^2 (the issue's own
    example), and a false inequality gets a table whose FN, FP follow from AP, AN."""
    path = write(tmp_path, '''
        [[claim]]
        id = "eq3"
        statement = "Sebastiani (2015), eq. (3), corrected"
        test_set = "fixed"
          [[claim.step]]
          latex = "\\\\frac{\\\\partial F_1}{\\\\partial TN} = \\\\frac{2 TP}{(AP + AN + TP - TN)^2}"
          [[claim.step]]
          derivative = "F1"
          wrt = "TP"
          printed = "2*(AP + AN - TN)/(AP + AN + TP - TN)^2"
          [[claim.step]]
          value = "F1"
          at = { TP = 3, TN = 94, AP = 5, AN = 95 }
          printed = "0.667"

        [[claim]]
        id = "precision-above-recall"
        statement = "precision is at least recall (false)"
        test_set = "fixed"
          [[claim.step]]
          lhs = "TP/(TP+FP)"
          rel = ">="
          rhs = "TP/AP"
        ''')
    r = verify(path, "--json", "-")
    claims = {c["id"]: c for c in json.loads(r.stdout[r.stdout.index("{"):])["claims"]}
    assert claims["eq3"]["verdict"] == "proved", claims["eq3"]
    cx = claims["precision-above-recall"]["counterexample"]
    assert claims["precision-above-recall"]["verdict"] == "refuted"
    from fractions import Fraction
    tp, fp, fn, tn, ap, an = (int(cx[k]["text"]) for k in ("TP", "FP", "FN", "TN", "AP", "AN"))
    assert fn == ap - tp > 0 and fp == an - tn > 0 and min(tp, tn) > 0
    assert Fraction(tp, tp + fp) < Fraction(tp, ap)


def test_quantification_file(tmp_path):
    path = write(tmp_path, '''
        kind = "quantification"

        [[measure]]
        name = "Sq"
        term = "(q - p)^2/n"

        [[claim]]
        id = "squared-error"
        statement = "the squared-error term, its derivative in q and one value"
          [[claim.step]]
          lhs = "AE"
          rel = "="
          rhs = "abs(q - p)/n"
          [[claim.step]]
          derivative = "Sq"
          wrt = "q"
          printed = "2*(q - p)/n"
          [[claim.step]]
          value = "Sq"
          at = { p = 0.5, q = 0.25, n = 2 }
          printed = "0.031"
          [[claim.step]]
          property = "IoI"
          measure = "Sq"
          printed = "holds"
        ''')
    r = verify(path, "--json", "-")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout[r.stdout.index("{"):])["claims"][0]["verdict"] == "proved"


READING_STEPS = [
    # (measure, property, reading, printed, the claim's verdict): MCC is judged on the tables where
    # it is defined (MON holds) or with an undefined table counting as a failure (MON fails)
    ("MCC", "MON", "defined", "holds", "proved"),
    ("MCC", "MON", "strict", "fails", "proved"),
    ("MCC", "MON", "definedness=strict", "holds", "corrected"),
    ("MCC", "MON", None, "holds", "proved"),                 # the headline reading: defined
]


@pytest.mark.parametrize("measure, prop, reading, printed, verdict", READING_STEPS)
def test_a_property_step_is_decided_in_the_reading_it_names(tmp_path, measure, prop, reading, printed, verdict):
    line = "" if reading is None else f'reading = "{reading}"'
    path = write(tmp_path, f'''
        [[claim]]
        id = "mon"
        statement = "{measure} {printed} {prop}"
          [[claim.step]]
          property = "{prop}"
          measure = "{measure}"
          {line}
          printed = "{printed}"
        ''')
    from symmetric.verify import prepare, run
    from symmetric.render import text
    result = run(prepare(path)[1][0])
    assert result.verdict.value == verdict
    expected = "strict" if reading and "strict" in reading else "defined"
    assert f"MON in the reading {expected}" in text.prose(result.steps[0].justification)


def test_a_reading_the_property_lacks_is_refused_with_its_place(tmp_path):
    path = write(tmp_path, '''
        [[claim]]
        id = "mon"
        statement = "s"
          [[claim.step]]
          property = "MON"
          measure = "F1"
          reading = "bernoulli"
          printed = "fails"
        ''')
    r = verify(path)
    assert_user_error(r, str(path), "line 8", "MON has no reading 'bernoulli'")


HEADER = '''
[[claim]]
id = "c"
statement = "s"
'''

# (file text, fragments of the message: the position first)
BAD_FILES = [
    (HEADER + '  [[claim.step]]\n  lhs = "F2 + TP"\n  rel = "="\n  rhs = "1"\n',
     ["line 6, column 10", "unknown name 'F2'"]),
    (HEADER + '  [[claim.step]]\n  lhs = "TP + x"\n  rel = "="\n  rhs = "1"\n', ["line 6, column 15", "'x'"]),
    (HEADER + '  [[claim.step]]\n  lhs = "TP"\n  rel = "=<"\n  rhs = "1"\n', ["line 7, column 10", "unknown relation '=<'"]),
    (HEADER + '  [[claim.step]]\n  latex = "\\\\foo{TP} = 1"\n', ["line 6, column 12", "unknown LaTeX macro \\foo"]),
    (HEADER + '  [[claim.step]]\n  latex = "TP + y = 1"\n', ["line 6, column 17", "unknown symbol 'y'"]),
    (HEADER + '  [[claim.step]]\n  latex = "MCC(1 - FN) = 1"\n', ["line 6, column 12", "measure name followed by parentheses"]),
    (HEADER + '  [[claim.step]]\n  latex = "TP + 1"\n', ["line 6, column 12", "must be a relation"]),
    (HEADER + '  [[claim.step]]\n  lhs = "TP"\n  rel = "="\n  rhs = "1"\n' + HEADER + '  [[claim.step]]\n  lhs = "TP"\n  rel = "="\n  rhs = "1"\n',
     ["line 11, column 7", "duplicate claim id 'c' (first at line 3)"]),
    (HEADER + '  [[claim.step]]\n  lhs = 3\n  rel = "="\n  rhs = "1"\n', ["line 6, column 9", "must be a string"]),
    (HEADER + '  [[claim.step]]\n  value = "F1"\n  at = { TP = "x" }\n  printed = "1"\n', ["line 7", "must be a number"]),
    (HEADER + '  [[claim.step]]\n  property = "MONO"\n  measure = "F1"\n  printed = "fails"\n', ["line 6, column 15", "MON"]),
    (HEADER + '  [[claim.step]]\n  property = "MON"\n  measure = "F1"\n  printed = "yes"\n', ["line 8, column 14", "holds"]),
    (HEADER + '  [[claim.step]]\n  lhs = "TP"\n  rel = "="\n', ["line 5", "missing field 'rhs'"]),
    (HEADER + '  [[claim.step]]\n  lhs = "TP"\n  rel = "="\n  rhs = "1"\n  colour = "red"\n', ["line 9", "unknown field 'colour'"]),
    (HEADER + 'assume = ["TP FP"]\n  [[claim.step]]\n  lhs = "TP"\n  rel = ">"\n  rhs = "0"\n', ["line 5, column 12", "a relation"]),
    (HEADER + '  [[claim.step]]\n  noninformative = "MCCC"\n  printed = "0"\n', ["line 6, column 21", "unknown name 'MCCC'", "did you mean 'MCC'"]),
    ('[[measure]]\nname = "M"\ncounts = "TP/(TP+"\n' + HEADER + '  [[claim.step]]\n  lhs = "M"\n  rel = "="\n  rhs = "1"\n',
     ["line 3"]),
    ('[[claim]]\nid = "c"\nstatement = \n', ["line 3", "invalid TOML"]),
    ('title = "x"\n' + HEADER, ["line 1", "unknown top-level key 'title'"]),
    (HEADER + 'assume = "TP > 0"\n  [[claim.step]]\n  lhs = "TP"\n  rel = ">"\n  rhs = "0"\n',
     ["line 5, column 11", "must be a list of strings"]),
    (HEADER + '  [[claim.step]]\n  lhs = "TP"\n  rel = ">"\n  rhs = "0"\n  conclusion = "yes"\n',
     ["line 9", "true or false"]),
    (HEADER + 'assume = ["TP > FP", "FP > TP"]\n  [[claim.step]]\n  lhs = "TP"\n  rel = ">"\n  rhs = "0"\n',
     ["line 5, column 23", "assumption 'FP > TP' leaves the claim's domain empty"]),
    (HEADER + 'test_set = "fix"\n  [[claim.step]]\n  lhs = "TP"\n  rel = ">"\n  rhs = "0"\n',
     ["line 5, column 13", "test_set must be"]),
    (HEADER + 'test_set = "fixed"\n  [[claim.step]]\n  latex = "\\\\frac{\\\\partial F_1}{\\\\partial FP} = 0"\n',
     ["line 7, column 12", "FP = AN - TN is not a variable"]),
    (HEADER + 'test_set = "fixed"\n  [[claim.step]]\n  value = "F1"\n  at = { TP = 1, FN = 1 }\n  printed = "1"\n',
     ["line 8", "give TP, TN, AP and AN"]),
    (HEADER + '  [[claim.step]]\n  limit = "F1"\n  var = "TP + 1"\n  to = "0"\n  printed = "0"\n', ["line 7, column 10", "one variable"]),
]


@pytest.mark.parametrize("text, fragments", BAD_FILES, ids=[f[1][-1][:30] for f in BAD_FILES])
def test_bad_files_exit_2_with_position(text, fragments, tmp_path):
    path = write(tmp_path, text)
    r = verify(path)
    assert_user_error(r, str(path), *fragments)
    assert len(r.output.strip().splitlines()) == 1


def test_bad_options(tmp_path):
    path = write(tmp_path, GOOD)
    assert_user_error(verify(path, "--time-limit", "soon"), "--time-limit")
    r = verify(path, "--no-pdf")               # --no-pdf alone: no PDF, no refusal
    assert r.exit_code == 0 and "proofs.pdf" not in r.output, r.output
    assert_user_error(verify(tmp_path / "missing.toml"), "missing.toml", "cannot read")


@pytest.mark.slow
def test_pdf_is_built_when_tex_is_present(tmp_path):
    from symmetric.render import texbuild
    if not texbuild.tex_engine():
        pytest.skip("no TeX engine on PATH")
    out = tmp_path / "tex"
    r = verify(write(tmp_path, GOOD), "--latex", str(out))
    assert r.exit_code == 0, r.output
    assert (out / "proofs.pdf").stat().st_size > 0


def test_a_claim_out_of_time_is_undetermined(tmp_path):
    from symmetric.verify import prepare, run
    from symmetric.render import text
    _, claims = prepare(write(tmp_path, GOOD))
    result = run(claims[1], time_limit=1e-4)
    assert result.verdict.value == "undetermined"
    assert "time limit" in text.prose(result.reason)
