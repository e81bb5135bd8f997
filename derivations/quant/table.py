"""Sebastiani (quantification), Table 1: every printed cell (measure x property) against the
property checkers.
"""

from __future__ import annotations

from symmetric.claims import Derivation, claim
from symmetric.logic import Verdict
from symmetric.render.text import counterexample_sentence
from symmetric.quantification.distributions import epsilon_for
from ..statements import yes_no_matrix
from symmetric.quantification.endpoints import SCOPE
from .common import note_reconstructions, verdicts, COLUMNS, ORDER, paper_smoothing, TABLE1


# ------------------------------------------------------------------ Table 1
@claim("quant.table1",
       where="Table 1",
       statement="Yes/No for each measure and property, as printed: AE Y Y N Y Y N Y Y; NAE Y Y Y Y Y N "
                 "N Y; RAE Y Y N Y Y Y N Y; NRAE Y Y Y Y Y N N Y; SE Y Y N Y Y N Y Y; DR Y Y N Y N Y N "
                 "Y; KLD Y Y N Y N N N Y; NKLD Y Y Y Y N N N Y; PD Y Y N Y N N N Y (columns IoI NN MAX "
                 "MON IMP REL ABS IND).",
       statement_latex=(
           "Each measure against each property, as printed (Y: the measure enjoys the property):"
           + yes_no_matrix(COLUMNS, {rf"$\mathrm{{{name}}}$": TABLE1[name] for name in ORDER})))
def table1(d: Derivation) -> None:
    size, _ = paper_smoothing()
    eps = epsilon_for(size)
    note_reconstructions(d)
    d.note("Properties reconstructed as stated in symmetric.quantification.properties: B-REL/REL take "
           "$c_1$ strictly less prevalent than $c_2$ in both true distributions ($0<p'<p''<1/2$), the "
           "reading under which RAE enjoys REL as the paper says.")
    results = verdicts(eps)
    wrong, undecided = [], []
    for name in ORDER:
        for col, printed in zip(COLUMNS, TABLE1[name]):
            r = results[name][col]
            derived = {Verdict.HOLDS: "Y", Verdict.FAILS: "N"}.get(r.verdict)
            # the argument's conclusion, and the endpoint search's scope note when run_all added it
            lines = r.argument()
            last = lines[-2:] if lines and lines[-1] == SCOPE else lines[-1:]
            why = last if r.verdict is Verdict.HOLDS else (r.reason or "",)
            if r.counterexample:
                why += (counterexample_sentence(r.counterexample, "; witness: "),)
            holds = None if derived is None else derived == printed
            d.fact(f"{name} / {col}", holds, printed=Verdict.of(printed == "Y"),
                   derived=Verdict.of(None if derived is None else derived == "Y"), justification=why[:600])
            if holds is False:
                wrong.append(f"{name}/{col} (printed {'Yes' if printed == 'Y' else 'No'})")
            if holds is None:
                undecided.append(f"{name}/{col}")
    if undecided:
        d.conclude(None, "Some cells could not be decided.", reason="undecided cells: " + ", ".join(undecided))
    elif wrong:
        d.conclude(True, "All cells were decided; the toolkit disagrees with the printed table at: "
                   + ", ".join(wrong) + ".",
                   corrected_statement="Table 1 with these cells flipped: " + ", ".join(wrong) + ".")
    else:
        d.conclude(True, "Every printed cell agrees with the property checkers.")
