"""A proved case's Δ as the reader sees it (render/certificates.py): in the cells' names, the moved
cell's shift said, typeset through the notation table (no sympy string in the LaTeX)."""

from __future__ import annotations

import sympy as sp
import pytest

from symmetric.checks.decide import is_positive_everywhere
from symmetric.render.certificates import delta
from symmetric.render.texmath import tex_text
from symmetric.render.text import sentence
from symmetric.space import FN, FP, TN, TP

tp, fn_, tn = (sp.Symbol(n, positive=True) for n in ("TP_", "FN_", "TN_"))
# the face TP > 0, FP = 0, FN > 1 (an item moved from FN), TN > 0
FACE = (sp.Gt(TP, 0, evaluate=False), sp.Eq(FP, 0, evaluate=False), sp.Gt(FN, 1, evaluate=False),
        sp.Gt(TN, 0, evaluate=False))

CASES = [
    # (decided expression on the face, what the terminal line says)
    (tp / (tp + fn_ + 1), "Δ = TP/(FN + TP), positive: every factor has a known sign (cell, positive coefficients) "
                          "after FN = u_FN + 1, u_FN > 0."),
    ((sp.sqrt(tn + 1) * sp.sqrt(tp + 1) - sp.sqrt(tn) * sp.sqrt(tp)) / (sp.sqrt(tn + 1) * sp.sqrt(tp + 1)),
     "the difference of their squares TN + TP + 1 has only positive coefficients."),
]


@pytest.mark.parametrize("expr,says", CASES)
def test_delta_reads_in_the_cells(expr, says):
    certificate = is_positive_everywhere(expr).certificate
    shown = delta(certificate, FACE)
    text = sentence(shown)        # the terminal prints Δ itself, never "Delta"
    assert "Delta" not in text
    assert says in text
    latex = tex_text(shown)
    assert r"\Delta" in latex and "**" not in latex and "sqrt(" not in latex and "TP_" not in latex


def test_no_certificate_no_line():
    assert delta(None, FACE) is None
