"""Amigo et al., Table 3 and Fig. 5: the printed matrix of measures against the four properties,
cell by cell against the property checkers.
"""

from __future__ import annotations

from symmetric.claims import Derivation, claim
from symmetric.logic import Verdict
from ..statements import yes_no_matrix
from .common import verdict_flag, cells, COLUMNS, row, TABLE_ROWS


Y, N_ = True, False
# Fig. 5 (and Table 3 for F(R,S)), columns SM, AW, NIFQ, NIGQ, as printed.  The row
# "Phi, MAAc, KapS, Chi, MI" is garbled in the extracted text ('1 . . x' in Fig. 5, a blank,
# 'x', '~', 'x' in Table 3): it is read as yes, no, yes, no, the reading consistent with
# Section 4.2 and with the family heading "Informativeness Measures".
TABLE_PRINTED = {
    "WAcc": (Y, Y, N_, N_), "Utility": (Y, Y, N_, N_),
    "Lam%": (N_, N_, Y, N_), "Odds": (N_, N_, Y, N_),
    "Lam%_smL": (Y, N_, N_, N_), "Odds_smL": (Y, N_, N_, N_),
    "Lam%_smN": (Y, N_, Y, N_), "Odds_smN": (Y, N_, Y, N_),
    "Phi": (Y, N_, Y, N_), "MAAc": (Y, N_, Y, N_), "Kappa": (Y, N_, Y, N_), "Chi": (Y, N_, Y, N_),
    "MI": (Y, N_, Y, N_),
    "F": (N_, N_, N_, Y), "F_smL": (Y, N_, N_, N_), "F_smN": (Y, N_, N_, Y),
    "F(R,S)": (Y, N_, N_, N_),
}
# the rows as the paper names them (KapS is the catalogue's Kappa)
ROW_LATEX = {"WAcc": r"$\mathrm{Acc}/\mathrm{WAcc}$", "Utility": r"$\mathrm{Utility}$", "Lam%": r"$\mathrm{Lam\%}$",
             "Odds": r"$\mathrm{Odds}$", "Lam%_smL": r"$\mathrm{Lam\%}_{smL}$", "Odds_smL": r"$\mathrm{Odds}_{smL}$",
             "Lam%_smN": r"$\mathrm{Lam\%}_{smN}$", "Odds_smN": r"$\mathrm{Odds}_{smN}$", "Phi": r"$\mathrm{Phi}$",
             "MAAc": r"$\mathrm{MAAc}$", "Kappa": r"$\mathrm{KapS}$", "Chi": r"$\mathrm{Chi}$", "MI": r"$\mathrm{MI}$",
             "F": "$F$", "F_smL": "$F_{smL}$", "F_smN": "$F_{smN}$", "F(R,S)": "$F(R,S)$"}


@claim("amigo.table.properties",
       where="Table 3 and Fig. 5",
       statement="The matrix of measures (Acc/WAcc, Utility, Lam%, Odds, Lam%_smL, Odds_smL, Lam%_smN, "
                 "Odds_smN, Phi, MAAc, KapS, Chi, MI, F, F_smL, F_smN, F(R,S)) against Strict "
                 "Monotonicity, Absolute Weighting, Non-Inf. Fixed Quality and Non-Inf. Growing "
                 "Quality, as printed.",
       statement_latex=(
           "The matrix of measures against Strict Monotonicity (SM), Absolute Weighting (AW), Non-Informativeness "
           "Fixed Quality (NIFQ) and Non-Informativeness Growing Quality (NIGQ), as printed (Y: the property holds):"
           + yes_no_matrix(COLUMNS, {ROW_LATEX[name]: marks for name, marks in TABLE_PRINTED.items()}, halves=2)))
def properties_table(d: Derivation) -> None:
    d.source_note("Rows and printed cells: Fig. 5 (Table 3 for F(R,S), whose SM cell contradicts Section 4.4.1). "
           "The garbled row Phi, MAAc, KapS, Chi, MI is read as yes, no, yes, no. The row Acc/WAcc is "
           "checked on Weighted Accuracy; plain Accuracy has no parameter and so no Absolute Weighting.")
    first_wrong = None
    cells((name, column) for name in TABLE_ROWS for column in COLUMNS)     # all at once, in parallel
    for name in TABLE_ROWS:
        results = row(name)
        for column, printed, result in zip(COLUMNS, TABLE_PRINTED[name], results):
            flag = verdict_flag(result)
            holds = None if flag is None else flag == printed
            d.fact(f"{name} / {column}", holds, printed=Verdict.of(printed), derived=Verdict.of(flag),
                   justification=result.argument() or result.reason)
            if holds is False and first_wrong is None and result.counterexample:
                first_wrong = (name, column, result)
    wrong = d.labels(Verdict.FAILS)
    undecided = d.labels(Verdict.UNDETERMINED)
    if first_wrong:
        name, column, result = first_wrong
        d.note((f"First disagreeing cell with a counterexample: {name} / {column}: ", result.argument()[0]))
    d.conclude(True if not undecided or wrong else None,
               f"{len(TABLE_ROWS) * 4 - len(wrong) - len(undecided)} cells agree with the printed matrix, "
               f"{len(wrong)} disagree, {len(undecided)} undecided.",
               corrected_statement=("Cells that differ from the printed matrix: " + "; ".join(wrong) + ".")
               if wrong else None,
               reason=("undecided cells: " + "; ".join(undecided)) if undecided else None)
