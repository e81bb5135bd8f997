"""Amigo, Gonzalo, Verdejo, Spina: "A Comparison of Filtering Evaluation Metrics based on
Formal Constraints" (seed 000_445e5daf998d3217.txt).  Claim ids ``amigo.*``.

Each claim records the paper's printed steps and checks every one against what symmetric
derives.  Probability-form expressions use the unevaluated atoms of :mod:`symmetric.space`.
"""

from __future__ import annotations

import sympy as sp

from symmetric.claims import Claim, Derivation
from symmetric.space import (AN, AP, CELL_OF, FN, FP, JOINT_DOMAIN, NG, NONINFORMATIVE_DOMAIN, NS, PN, PP,
                             TN, TP, G, Joint, Pr, S, counts_to_joint, g, j, n, s, to_joint)

PAPER = "amigo"


def contingency(d: Derivation) -> None:
    # TP/|T| etc. in the (g, s, j) model: TP = |T| P(S and G).
    printed = {TP: Pr(G, S) * Pr(S), FP: Pr(NG, S) * Pr(S), FN: Pr(G, NS) * Pr(NS), TN: Pr(NG, NS) * Pr(NS)}
    for cell, form in printed.items():
        d.equal(f"{cell}/|T| (Table 1)", to_joint(form), counts_to_joint(cell) / n, domain=JOINT_DOMAIN,
                printed_latex=sp.latex(cell) + "/|\\mathcal{T}| = " + sp.latex(form),
                justification="both sides in g, s, j with 0<g,s<1 and positive cells")
    d.conclude(True, "Each contingency cell over |T| equals the printed product of a conditional and a marginal.")


CLAIMS = (
    Claim("amigo.notation.contingency", PAPER, "Section 3.1, Table 1",
          "TP, FP, FN, TN divided by |T| equal P(G|S)P(S), P(not G|S)P(S), P(G|not S)P(not S), "
          "P(not G|not S)P(not S).", contingency),
)
