"""PyCM's overall statistics of a 2x2 table: chance-corrected agreement and association.

Each formula is PyCM's (``pycm/overall_funcs.py``) for two classes, written with the table's
cells.  The classes are the positive and the negative one, so PyCM's sums over classes have two
terms: pi = (AP + PP)/(2n) is the mean share of the positive class over the two raters (truth
and prediction), 1 - pi that of the negative one.  ``tests/test_oracles_catalogue.py`` compares
every value with PyCM's on every table with n <= 10.
"""

from __future__ import annotations

import sympy as sp

from ..space import AN, AP, FN, FP, PN, PP, TN, TP
from .base import Measure
from .registry import register

_N = TP + FP + FN + TN
_ACC = (TP + TN) / _N
_PI_POS, _PI_NEG = (AP + PP) / (2 * _N), (AN + PN) / (2 * _N)
_RACCU = _PI_POS ** 2 + _PI_NEG ** 2            # PyCM's "Overall RACCU"
_SOURCE = "PyCM (Haghighi et al., JOSS 2018), overall statistics"


def _overall(name, title, counts, *, orientation=1, aliases=(), source=_SOURCE, notes="", **extra):
    return register(Measure(name, title, counts=counts, orientation=orientation, aliases=aliases,
                            source=source, notes=notes, **extra))


def _chance_corrected(chance):
    """Reliability (ACC - chance)/(1 - chance), PyCM's reliability_calc."""
    return (_ACC - chance) / (1 - chance)


SCOTT_PI = _overall(
    "ScottPi", "Scott's pi (accuracy - RACCU)/(1 - RACCU), RACCU = pi^2 + (1 - pi)^2",
    _chance_corrected(_RACCU), aliases=("Scott", "KappaUnbiased"), source="Scott (1955); PyCM",
    notes="pi = (AP + PP)/(2n).  Undefined where RACCU = 1: FP = FN = 0 and one class only.")

GWET_AC1 = _overall(
    "GwetAC1", "Gwet's AC1 (accuracy - PC)/(1 - PC), PC = pi(1 - pi) + (1 - pi)pi",
    _chance_corrected(_PI_POS * (1 - _PI_POS) + _PI_NEG * (1 - _PI_NEG)), aliases=("AC1",),
    source="Gwet (2008); PyCM",
    notes="PyCM divides the sum by |C| - 1 = 1.  1 - PC >= 1/2: defined on every non-empty table.")

BENNETT_S = _overall(
    "BennettS", "Bennett's S (accuracy - 1/2)/(1 - 1/2)", _chance_corrected(sp.Rational(1, 2)),
    aliases=("Bennett", "BennettSScore", "KappaNoPrevalence"), source="Bennett et al. (1954); PyCM",
    notes="Chance agreement 1/|C| = 1/2: twice the accuracy minus 1, which is also PyCM's "
          "'Kappa No Prevalence' (PABAK) on two classes.")

_EPS = 1 / (2 * _N)
KRIPPENDORFF_ALPHA = _overall(
    "KrippendorffAlpha", "Krippendorff's alpha (p_a - RACCU)/(1 - RACCU), p_a = (1 - 1/(2n)) accuracy + 1/(2n)",
    ((1 - _EPS) * _ACC + _EPS - _RACCU) / (1 - _RACCU), aliases=("Krippendorff",),
    source="Krippendorff (1970); PyCM (unweighted alpha)",
    notes="PyCM's small-sample form with eps = 1/(2n).  Undefined where Scott's pi is (RACCU = 1).")

# chi-squared of the 2x2 table over n is phi^2 = MCC^2 (PyCM computes it cell by cell with the
# expected counts PP AP/n, ...; undefined as soon as one expected count is 0, as is phi^2 here)
_PHI2 = (TP * TN - FP * FN) ** 2 / (AP * AN * PP * PN)
_CHI2 = _N * _PHI2
CRAMER_V = _overall(
    "CramerV", "Cramer's V sqrt(chi^2/(n (|C| - 1))) = |MCC|", sp.sqrt(_CHI2 / _N),
    aliases=("Cramer", "CramersV"), source="Cramer (1946); PyCM", rank_counts=_PHI2,
    notes="The strength of association, whatever its sign: a classifier that always answers "
          "wrongly scores 1 like a perfect one.  Undefined where AP AN PP PN = 0, as MCC.")

PEARSON_C = _overall(
    "PearsonC", "Pearson's contingency coefficient sqrt(chi^2/(n + chi^2))", sp.sqrt(_CHI2 / (_N + _CHI2)),
    aliases=("ContingencyCoefficient", "PearsonsC"), source="Pearson (1904); PyCM", rank_counts=_PHI2,
    notes="sqrt(phi^2/(1 + phi^2)): at most 1/sqrt(2) on a 2x2 table; blind to the sign of the "
          "association, like Cramer's V.")

BANGDIWALA_B = _overall(
    "BangdiwalaB", "Bangdiwala's B (TP^2 + TN^2)/(PP AP + PN AN)", (TP ** 2 + TN ** 2) / (PP * AP + PN * AN),
    aliases=("Bangdiwala",), source="Bangdiwala (1985); PyCM")

# Goodman and Kruskal's lambdas: PyCM divides by n - max(...), which for two classes is the min
LAMBDA_A = _overall(
    "LambdaA", "Goodman-Kruskal lambda A (max(TP, FP) + max(FN, TN) - max(AP, AN))/min(AP, AN)",
    (sp.Max(TP, FP) + sp.Max(FN, TN) - sp.Max(AP, AN)) / sp.Min(AP, AN), aliases=("GoodmanKruskalLambdaA",),
    source="Goodman and Kruskal (1954); PyCM",
    notes="The proportional reduction in the error of guessing the true class once the "
          "predicted one is known.  PyCM's denominator n - max(AP, AN) is min(AP, AN): "
          "undefined where one class is absent from the truth.")
LAMBDA_B = _overall(
    "LambdaB", "Goodman-Kruskal lambda B (max(TP, FN) + max(FP, TN) - max(PP, PN))/min(PP, PN)",
    (sp.Max(TP, FN) + sp.Max(FP, TN) - sp.Max(PP, PN)) / sp.Min(PP, PN), aliases=("GoodmanKruskalLambdaB",),
    source="Goodman and Kruskal (1954); PyCM",
    notes="Lambda A with truth and prediction swapped: undefined where the prediction has one class only.")
