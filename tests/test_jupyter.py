"""Jupyter: measures, property results and claim results render as LaTeX (``_repr_latex_``)
through the rendering layer, which the objects never import at module import time."""

from __future__ import annotations

import subprocess
import sys

import symmetric
from symmetric.claims import registry


def _balanced(latex: str) -> bool:
    depth = 0
    for ch in latex.replace(r"\{", "").replace(r"\}", ""):
        depth += {"{": 1, "}": -1}.get(ch, 0)
        if depth < 0:
            return False
    # a display ($$) for a measure; prose with inline mathematics for a result
    return depth == 0 and latex.replace("$$", "").count("$") % 2 == 0


def test_a_measure_is_its_formula_in_the_papers_notation():
    latex = symmetric.measure("Acc")._repr_latex_()
    assert latex.startswith(r"$$\mathrm{Acc} = ") and r"\mathrm{TP}" in latex and r"\frac" in latex
    assert _balanced(latex)
    quant = symmetric.measure("AE")._repr_latex_()
    assert r"\sum_{c \in C}" in quant and _balanced(quant)


def test_a_property_result_shows_verdict_argument_and_counterexample():
    (result,) = symmetric.check("F1", ["SYM"])
    latex = result._repr_latex_()
    assert latex.startswith("SYM of F1: fails.") and r"\frac{2}{3}" in latex
    assert "\n\nCounterexample: " in latex and _balanced(latex)


def test_a_claim_result_shows_its_steps():
    result = registry.run_claim(registry.claim_by_id("amigo.notation.contingency"))
    latex = result._repr_latex_()
    # a paragraph per step, after the heading and the statement
    assert latex.count("\n\n") >= len(result.steps) + 2 and _balanced(latex)
    assert result.verdict.value in latex


def test_importing_the_objects_does_not_load_the_renderer():
    code = ("import sys, symmetric.evidence, symmetric.measures.base, symmetric.claims.model; "
            "print(any(m.startswith('symmetric.render') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
