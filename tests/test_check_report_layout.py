"""The LaTeX report of `symmetric check` compiles without overfull boxes (issue 24, item 6):
every measure of examples/measures.toml and a smoothed log-odds measure (its NIFQ display was
2231 pt too wide), the summary at the top of page 1 (the per-measure tables break across
pages), ASCII relations typeset as mathematics.  Skipped, saying so, where pdflatex is missing."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from cli_support import invoke

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
LOG_ODDS = '[[measure]]\nname = "SmoothedLogOdds"\ncounts = "log((TP+0.5)*(TN+0.5)/((FP+0.5)*(FN+0.5)))"\n'
OVERFULL = re.compile(r"Overfull \\[hv]box \(([\d.]+)pt too (?:wide|high)\)")


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    folder = tmp_path_factory.mktemp("report")
    extra = folder / "logodds.toml"
    extra.write_text(LOG_ODDS)
    result = invoke("check", str(EXAMPLES / "measures.toml"), str(extra), "--no-pdf", "--latex", str(folder / "tex"))
    assert result.exit_code == 0, result.output
    return folder / "tex"


def test_the_report_compiles_with_no_overfull_box(report):
    if shutil.which("pdflatex") is None:
        pytest.skip("pdflatex is not installed (texlive-latex-recommended): the layout cannot be measured")
    for _ in range(2):      # longtable settles its column widths on the second run
        run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "check.tex"], cwd=report,
                             capture_output=True, text=True, timeout=300)
    log = (report / "check.log").read_text(encoding="utf-8", errors="replace")
    assert run.returncode == 0, log[-2000:]
    over = [float(points) for points in OVERFULL.findall(log)]
    assert not [p for p in over if p > 5], [line for line in log.splitlines() if "Overfull" in line]


def test_the_report_typesets_ascii_mathematics_and_keeps_reasons_whole(report):
    text = "\n".join(p.read_text(encoding="utf-8") for p in sorted(report.glob("check-*.tex")))
    assert r"\textless{}=" not in text and r"\textbar{}D\textbar{}" not in text and "FN -> TP" not in text
    assert r"$\to$" in text and r"$|D|$ $\le$" in text
    # a summary row ends with the reason, never one cut by the renderer
    rows = [line for line in text.splitlines() if re.match(r"^[A-Z][A-Za-z-]*(\\newline|\s&)", line)]
    assert rows and not [row for row in rows if row.rstrip("\\").rstrip().endswith("...")]
    assert r"\begin{longtable}" not in text      # the environment (symcheck) is a longtable in the macros
    macros = (report / "symmetric-macros.tex").read_text(encoding="utf-8")
    assert r"\begin{longtable}" in macros and "RequirePackage{longtable}" in macros


def test_a_long_display_names_its_repeated_denominator():
    """The smoothed log-odds' non-informative score: one denominator, repeated inside a logarithm,
    made a fraction bar breqn cannot break; it is named Q_1 and defined after the display."""
    import sympy as sp

    from symmetric import space
    from symmetric.render.texmath import slot
    g, s, n = space.g, space.s, space.n
    d = 4*n**2*g**2*s**2 - 4*n**2*g**2*s - 4*n**2*g*s**2 + 4*n**2*g*s - 4*n*g*s + 2*n*g + 2*n*s + 1
    shown = slot(sp.log(4*n*g*s/d - 4*n*g/d - 4*n*s/d + 4*n/d + 2/d) + sp.log(n*g*s + sp.Rational(1, 2)))
    assert "where" in shown and r"\begin{dmath*}Q_{1} = 4 |\mathcal{T}|^{2}" in shown
    assert r"\frac{1}{4 |\mathcal{T}|" not in shown and shown.count("Q_{1}") >= 5
    # a short expression is never given names
    assert "Q_{" not in slot(sp.log(n * g / (s + 1)))
