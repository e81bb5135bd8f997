"""`check --sketch`: paste-ready proof sketches (render/sketch.py) that compile with
symmetric-macros.tex and state the claim, the cases with their Δ and certificates, the excluded
tables, or the exact counterexample."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from click.testing import CliRunner

import symmetric
from symmetric.cli import main
from symmetric.render import latex as latex_render
from symmetric.render.sketch import SKETCH_ROWS, sketch, sketches


@pytest.fixture(scope="module")
def acc():
    m = symmetric.measure("Acc")
    return m, {r.property: r for r in symmetric.check(m, ["SYM", "SDE", "SM", "IMB"])}


@pytest.fixture(scope="module")
def f1_fails():
    m = symmetric.measure("F1")
    return m, symmetric.check(m, ["MON"])[0]


def test_a_holds_sketch_states_the_claim_and_shows_each_delta(acc):
    m, results = acc
    text = sketch("classification", m, results["SDE"])
    assert r"\begin{symclaim}" in text and r"\begin{proof}[Proof sketch]" in text
    assert "Acc satisfies SDE, the requirement that the score is defined for every classifier" in text
    assert "Sebastiani" in text                       # the source
    # the decisive quantity under its rows: here each face's denominator, signed by its factors
    assert text.count(r"\Delta =") == min(SKETCH_ROWS, text.count("& defined &"))
    assert "sum of cells" in text
    # the cross-check's numeric record is evidence, not the proof: never in the sketch
    assert "Cross-check" not in text and "checked exhaustively" not in text


def test_an_identity_sketch_shows_the_identity(acc):
    m, results = acc
    text = sketch("classification", m, results["SYM"])
    # both sides as written, N1/D1 - N2/D2: the kernel multiplied them out to 0
    assert r"\Delta = " in text and "its 2 terms, over a common denominator, sum to $0$" in text


def test_a_long_case_table_is_cut_and_says_so(acc):
    m, results = acc
    text = sketch("classification", m, results["SM"])
    rows = text.count(r"{\quad ")         # a face's Δ, across the table under its row
    assert 0 < rows <= SKETCH_ROWS
    assert "cases are proved the same way" in text
    # Acc's SM is certified on every face: nothing is said to rest on the solver alone
    assert "SMT solver alone" not in text


def test_hidden_cases_that_rest_on_the_solver_are_counted():
    """A sum of four square roots has SM faces z3 alone decides (four radicands: no squaring
    certificate; MCC's two-term improvements are certified now): the sentence about the cases not
    shown must say so, not promise them certificates."""
    from symmetric.evidence import CaseStep
    from symmetric.properties import driver
    from symmetric.userinput.kinds import kind_named
    from symmetric.userinput.measures import build_measure
    m = build_measure(kind_named("classification"), "Roots", {"counts": "sqrt(TP) + sqrt(TN) - sqrt(FP) - sqrt(FN)"})
    r = driver.decide(m, "SM")
    uncertified = [s for s in r.proof if isinstance(s, CaseStep) and s.how != "excluded"
                   and not getattr(s.certificate, "checkable", False)]
    assert len(uncertified) > SKETCH_ROWS          # more than the table shows: some are hidden
    text = sketch("classification", m, r)
    assert "rest on the SMT solver alone (z3, unsat), with no certificate" in text, text


def test_a_failure_sketch_gives_the_exact_counterexample(f1_fails):
    m, r = f1_fails
    text = sketch("classification", m, r)
    assert "F1 does not satisfy MON" in text and r"\begin{proof}[Why]" in text
    assert r"\begin{symtables}" in text and "exactly" in text


def test_no_raw_sympy_in_a_sketch(acc, f1_fails):
    m, results = acc
    text = sketches("classification", m, list(results.values())) + sketch("classification", *f1_fails)
    for raw in ("**", "sqrt(", "Delta =", "zoo", "TP_"):
        assert raw not in text.replace(r"\Delta =", ""), raw


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="no pdflatex")
def test_a_sketch_compiles_with_the_macros_and_stays_short(acc, f1_fails, tmp_path):
    m, results = acc
    body = sketch("classification", m, results["SDE"])
    (tmp_path / latex_render.MACROS).write_text((latex_render.TEMPLATES / latex_render.MACROS).read_text("utf-8"))
    (tmp_path / "body.tex").write_text(body)
    (tmp_path / "doc.tex").write_text("\\documentclass{article}\\input{symmetric-macros}\\begin{document}"
                                      "\\input{body}\\end{document}\n")
    run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "doc.tex"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-2000:]
    log = (tmp_path / "doc.log").read_text(errors="replace")
    assert "Output written on doc.pdf (1 page" in log
    overfull = [float(x) for x in re.findall(r"Overfull \\hbox \(([\d.]+)pt too wide", log)]
    assert all(x < 5 for x in overfull), overfull
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", "doc.pdf", "-"], cwd=tmp_path, capture_output=True, text=True).stdout
        assert "Acc satisfies SDE" in text and "Proof sketch" in text
        # under half a page: the text ends before the page's middle (pdftotext -layout keeps lines)
        lines = subprocess.run(["pdftotext", "-layout", "doc.pdf", "-"], cwd=tmp_path, capture_output=True,
                               text=True).stdout.splitlines()
        assert len([line for line in lines if line.strip()]) < 30, len(lines)


def test_check_sketch_writes_a_file_per_measure(tmp_path):
    out = tmp_path / "tex"
    run = CliRunner().invoke(main, ["check", "--measure", "Acc", "--sketch", "--headline-only", "--no-pdf",
                                    "--latex", str(out), "--time-limit", "120"])
    assert run.exit_code == 0, run.output
    text = (out / "sketch-acc.tex").read_text()
    assert text.startswith("% Proof sketches")
    # one claim per property (its headline reading)
    assert text.count(r"\begin{symclaim}") == len(set(re.findall(r"\\begin\{symclaim\}\{Acc-([A-Z]+)\}", text)))
    assert "Acc satisfies SYM" in text
