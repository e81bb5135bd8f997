"""PyCM's further class statistics of the positive class, each defined once, in counts.

Every formula is PyCM's (``pycm/class_funcs.py``, the functions named in each title), written
with the table's cells; where PyCM composes rates (TPR, TNR, ACC) the count form composes the
same rates, so that it is undefined exactly where a rate it uses is 0/0 (the ``undefined``
zero convention).  The one stipulation, AGM := 0 where recall is 0, is Batuwita and Palade's
and PyCM's.  ``tests/test_oracles_catalogue.py`` compares every value with PyCM's on every
table with n <= 10.

Measures with a square root carry an order-equivalent rational form (``rank_counts``) that is
undefined exactly where the measure is; the logarithmic ones (DP, IS) carry none: their
rational counterparts (DOR, Lift) are defined where a cell is 0 and the logarithm is not.
"""

from __future__ import annotations

import sympy as sp

from ..space import AN, AP, FN, FP, PP, TN, TP
from .base import Measure
from .registry import register

_N = TP + FP + FN + TN
_TPR, _TNR = TP / AP, TN / AN
_SOURCE = "PyCM (Haghighi et al., JOSS 2018)"


def _stat(name, title, counts, *, orientation=1, aliases=(), source=_SOURCE, notes="", **extra):
    return register(Measure(name, title, counts=counts, orientation=orientation, aliases=aliases,
                            source=source, notes=notes, **extra))


# DP_calc: sqrt(3)/pi (log10 X + log10 Y), X = TPR/(1 - TPR), Y = TNR/(1 - TNR); X Y = DOR
DISCRIMINANT_POWER = _stat(
    "DP", "Discriminant power sqrt(3)/pi log10(TP TN/(FN FP))",
    sp.sqrt(3) / sp.pi * sp.log(TP * TN / (FN * FP)) / sp.log(10),
    aliases=("DiscriminantPower",), source="Sokolova et al. (2006); PyCM",
    notes="PyCM sums log10 of the two odds TPR/(1 - TPR) and TNR/(1 - TNR), whose product is "
          "the diagnostic odds ratio: undefined wherever a cell is 0 (log 0 or x/0).")

# IBA_calc with PyCM's alpha = 1: (1 + alpha (TPR - TNR)) TPR TNR
IBA = _stat(
    "IBA", "Index of balanced accuracy (1 + (recall - specificity)) recall specificity (alpha = 1)",
    (1 + (_TPR - _TNR)) * _TPR * _TNR, aliases=("IndexOfBalancedAccuracy",),
    source="Garcia et al. (2009); PyCM",
    notes="The dominance weight alpha is 1, as in PyCM's class statistics.")

# OP_calc: ACC - |TNR - TPR|/(TPR + TNR)
OPTIMIZED_PRECISION = _stat(
    "OP", "Optimized precision accuracy - |specificity - recall|/(specificity + recall)",
    (TP + TN) / _N - sp.Abs(_TNR - _TPR) / (_TPR + _TNR), aliases=("OptimizedPrecision",),
    source="Ranawana and Palade (2006); PyCM")

# AGM_calc: 0 where TPR = 0, else (GM + TNR Nn)/(1 + Nn), GM = sqrt(TPR TNR), Nn = AN/n
ADJUSTED_G_MEAN = _stat(
    "AGM", "Adjusted G-mean (sqrt(recall specificity) + specificity AN/n)/(1 + AN/n), 0 at recall 0",
    sp.Piecewise((0, sp.And(sp.Eq(TP, 0), sp.Ne(FN, 0))),
                 ((sp.sqrt(_TPR * _TNR) + _TNR * (AN / _N)) / (1 + AN / _N), True)),
    aliases=("AdjustedGmean", "AdjustedGeometricMean"), source="Batuwita and Palade (2012); PyCM",
    notes="AGM := 0 where recall is 0 (TP = 0 < FN), also where specificity is 0/0; elsewhere "
          "undefined where recall or specificity is 0/0.")

# AGF_calc: sqrt(F2 * F0.5 of the negative class)
_F2 = 5 * TP / (5 * TP + FP + 4 * FN)
_F05_NEGATIVE = 5 * TN / (5 * TN + 4 * FN + FP)
ADJUSTED_F = _stat(
    "AGF", "Adjusted F-score sqrt(F2 * F0.5 of the negative class)", sp.sqrt(_F2 * _F05_NEGATIVE),
    aliases=("AdjustedF", "AdjustedFScore"), source="Maratea et al. (2014); PyCM",
    rank_counts=_F2 * _F05_NEGATIVE,
    notes="F0.5 of the negative class swaps TP with TN and FP with FN.  Undefined where "
          "TP = FP = FN = 0 or TN = FP = FN = 0 (an F is 0/0).")

# OC_calc, BB_calc: TP over the smaller / larger of PP and AP
OVERLAP = _stat(
    "OC", "Overlap coefficient TP/min(PP, AP)", TP / sp.Min(PP, AP),
    aliases=("OverlapCoefficient", "SzymkiewiczSimpson"), source="Szymkiewicz (1934), Simpson (1943); PyCM",
    notes="The larger of precision and recall.")
BRAUN_BLANQUET = _stat(
    "BB", "Braun-Blanquet similarity TP/max(PP, AP)", TP / sp.Max(PP, AP),
    aliases=("BraunBlanquet",), source="Braun-Blanquet (1932); PyCM",
    notes="The smaller of precision and recall.")

# IS_calc: -log2(AP/n) + log2(TP/PP) = log2 of the lift
INFORMATION_SCORE = _stat(
    "IS", "Information score log2(TP n/(PP AP))", sp.log(TP * _N / (PP * AP)) / sp.log(2),
    aliases=("InformationScore",), source="Kononenko and Bratko (1991); PyCM",
    notes="log2 of Lift: undefined where TP = 0 (log 0; this covers PP = 0 and AP = 0).")

# BCD_calc: |AM|/(2 POP), AM = TOP - P = PP - AP = FP - FN
BRAY_CURTIS = _stat(
    "BCD", "Bray-Curtis dissimilarity |PP - AP|/(2n)", sp.Abs(PP - AP) / (2 * _N), orientation=-1,
    aliases=("BrayCurtis",), source="Bray and Curtis (1957); PyCM",
    notes="|FP - FN|/(2n): 0 whenever the prediction has the true number of positives.")

# dInd_calc, sInd_calc: distance of (FPR, FNR) from the perfect point (0, 0) of ROC space
_DIST2 = (1 - _TNR) ** 2 + (1 - _TPR) ** 2
DISTANCE_INDEX = _stat(
    "dInd", "Distance index sqrt((1 - specificity)^2 + (1 - recall)^2)", sp.sqrt(_DIST2), orientation=-1,
    aliases=("DistanceIndex",), rank_counts=_DIST2)
SIMILARITY_INDEX = _stat(
    "sInd", "Similarity index 1 - dInd/sqrt(2)", 1 - sp.sqrt(_DIST2) / sp.sqrt(2),
    aliases=("SimilarityIndex",), rank_counts=-_DIST2)
