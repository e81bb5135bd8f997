"""Amigo et al., Section 3.1: the contingency table in probabilities and the three equivalent
forms of non-informativeness.
"""

from __future__ import annotations

import sympy as sp

from symmetric.claims import Derivation, claim
from symmetric.evidence import say
from symmetric.space import FN, FP, JOINT_DOMAIN, NG, NONINFORMATIVE_FORMS, NS, TN, TP, G, Pr, S, counts_to_joint, g, j, n, s, to_joint


# ------------------------------------------------------------------ notation

@claim("amigo.notation.contingency",
       where="Section 3.1, Table 1",
       statement="TP, FP, FN, TN divided by |T| equal P(G|S)P(S), P(not G|S)P(S), P(G|not S)P(not S), "
                 "P(not G|not S)P(not S).",
       statement_latex=(
           '$TP$, $FP$, $FN$, $TN$ divided by $|T|$ equal $P(G|S)P(S)$, $P(\\neg G|S)P(S)$, $P(G|\\neg S)P(\\neg S)$ and $P(\\neg G|\\neg S)P(\\neg S)$.'))
def contingency(d: Derivation) -> None:
    printed = {TP: Pr(G, S) * Pr(S), FP: Pr(NG, S) * Pr(S), FN: Pr(G, NS) * Pr(NS), TN: Pr(NG, NS) * Pr(NS)}
    for cell, form in printed.items():
        d.equal(f"{cell}/|T| (Table 1)", to_joint(form), counts_to_joint(cell) / n, domain=JOINT_DOMAIN,
                show_printed=sp.Eq(cell / n, form, evaluate=False),
                justification="both sides in $g = P(G)$, $s = P(S)$, $j = P(S \\wedge G)$ on the open joint domain")
    d.conclude(True, "Each contingency cell over |T| equals the printed product of a conditional and a marginal.")


@claim("amigo.notation.noninformative",
       where="Section 3.1",
       statement="P(S_ni and G) = P(S_ni)P(G) is equivalent to P(S_ni|G) = P(S_ni), and to P(G|S_ni) = "
                 "P(G).",
       statement_latex=(
           '$P(S_{\\neg i}\\wedge G) = P(S_{\\neg i})P(G)$ is equivalent to $P(S_{\\neg i}|G) = P(S_{\\neg i})$, and to $P(G|S_{\\neg i}) = P(G)$.'))
def noninformative(d: Derivation) -> None:
    d.note("In the model with free parameters $g=P(G)$, $s=P(S)$, $j=P(S\\wedge G)$, each printed "
           "form is an equation in $j$; the three forms are equivalent iff they have the same solutions.")
    solutions = []
    for lhs, rhs in NONINFORMATIVE_FORMS:
        sol = sp.solve(sp.numer(sp.together(to_joint(lhs - rhs))), j)
        solutions.append(sol)
        d.fact(say("{0} solved for $j$", sp.Eq(lhs, rhs, evaluate=False)), sol == [g * s],
               printed=sp.Eq(lhs, rhs, evaluate=False), derived=sp.Eq(j, sol[0]) if sol else "j = ?",
               justification="sympy solve of the numerator (the denominators $g$, $s$ are positive on the domain)")
    same = all(sol == [g * s] for sol in solutions)
    d.conclude(same, "All three forms hold exactly when $P(S \\wedge G) = P(S)P(G)$, so they are equivalent.")
