"""The user's formula as typed (issue 24, item 6): its LaTeX keeps the structure the user wrote
(sympy's rewrite is shown only beside it, as the form the checkers read)."""

from __future__ import annotations

import pytest

import symmetric
from symmetric.render import formulas
from symmetric.render.written_form import written_latex
from symmetric.userinput import KINDS, build_measure

CASES = [
    ("sqrt(TP/(TP+FN) * TN/(TN+FP))",
     r"\sqrt{\frac{\mathrm{TP}}{\mathrm{TP} + \mathrm{FN}} \, \frac{\mathrm{TN}}{\mathrm{TN} + \mathrm{FP}}}"),
    ("2*TP/(2*TP+FP+FN)", r"\frac{2 \, \mathrm{TP}}{2 \, \mathrm{TP} + \mathrm{FP} + \mathrm{FN}}"),
    ("(lambda*TP - FP) / n", r"\frac{\lambda \, \mathrm{TP} - \mathrm{FP}}{|\mathcal{T}|}"),
    ("a - (b - c)", r"a - \left(b - c\right)"),
    ("(a*b)^2", r"\left(a \, b\right)^{2}"),
    ("sqrt(P(S|G) * P(not S|not G))", r"\sqrt{P(\mathcal{S} \mid \mathcal{G}) \, P(\neg\mathcal{S} \mid \neg\mathcal{G})}"),
    ("cases(TP+FP = 0, 1, TP/(TP+FP))",
     r"\begin{cases}1 & \text{if } \mathrm{TP} + \mathrm{FP} = 0 \\ \frac{\mathrm{TP}}{\mathrm{TP} + \mathrm{FP}} "
     r"& \text{otherwise}\end{cases}"),
    ("log((TP+0.5)/(FP+0.5))", r"\ln\left(\frac{\mathrm{TP} + 0.5}{\mathrm{FP} + 0.5}\right)"),
    ("abs(q - p)/n", r"\frac{\left|q - p\right|}{|\mathcal{T}|}"),
    # what the display parser does not know is left to the derived form (never a guess)
    ("TP $ FP", None),
    ("foo(TP)", None),
]


@pytest.mark.parametrize("text,latex", CASES)
def test_written_latex_keeps_the_structure_typed(text, latex):
    assert written_latex(text) == latex


def _measure(text: str):
    return build_measure(KINDS["classification"], "GM", {"counts": text, "probs": None, "term": None}, (), "higher")


def test_the_report_formula_is_the_typed_one_then_the_checked_one():
    shown = formulas.formula("classification", _measure("sqrt(TP/(TP+FN) * TN/(TN+FP))"))
    assert shown.startswith(r"$M = \sqrt{\frac{\mathrm{TP}}{\mathrm{TP} + \mathrm{FN}} \, ")
    assert "as written; in the cells, as checked: $M = " in shown
    # typed as sympy would print it: shown once
    assert formulas.formula("classification", _measure("TP/(TP + FP)")).count("$M = ") == 1
    # a catalogue measure has no text: its count form
    assert formulas.formula("classification", symmetric.measure("Acc")).startswith(r"$M = \frac{")


def test_jupyter_shows_the_measure_as_typed():
    latex = _measure("sqrt(TP/(TP+FN) * TN/(TN+FP))")._repr_latex_()
    assert latex.startswith(r"$$\mathrm{GM} = \sqrt{\frac{\mathrm{TP}}")


@pytest.mark.parametrize("text", [r"x^{\input{/etc/passwd}}", r"|\def|", r"sqrt(\x)/2", r"$|D|$ <= {12}"])
def test_ascii_mathematics_never_carries_tex_from_user_text(text):
    """The ASCII-mathematics pass of the LaTeX escaping captures letters and digits only: a
    user's brace, backslash or dollar is escaped, never placed inside the $...$ it writes."""
    from symmetric.render.escape import ASCII_MATH_OUTPUT, tex_user_text
    rest = ASCII_MATH_OUTPUT.sub("", tex_user_text(text))
    for escape in (r"\textbackslash{}", r"\textasciicircum{}", r"\textbar{}", r"\$", r"\{", r"\}"):
        rest = rest.replace(escape, "")
    assert not any(ch in rest for ch in "\\${}"), tex_user_text(text)
