"""The binary measures that scikit-learn and PyCM compute from a 2x2 table, each defined once.

Every entry has both forms: the count form in TP, FP, FN, TN (the plain formula, no value
stipulated anywhere: what happens where it is 0/0 is the measure's *zero convention*, data in
:mod:`symmetric.measures.conventions`) and the probability form in the atoms of
:mod:`symmetric.space` (P(G|S) is precision, P(S|G) recall, P(not S|not G) specificity, P(not
G|not S) the negative predictive value).  ``tests/test_measures.py`` proves the two forms equal.

Measures already in the catalogue are not redefined: accuracy (``Acc``), balanced accuracy
(``BalAcc``), F_beta and F1 (``Fbeta``, ``F1``), informedness (``Youden``), MCC, Cohen's kappa
(``Kappa``), DOR and mutual information (``MI``).  Measures with a square root carry an
order-equivalent rational form (``rank_probs``) so that comparisons stay rational.
"""

from __future__ import annotations

import sympy as sp

from ..space import AN, AP, FN, FP, NG, NS, PN, PP, TN, TP, G, Joint, Pr, S
from .base import Measure
from .registry import register

_N = TP + FP + FN + TN
_SOURCE = "standard (scikit-learn / PyCM); Powers (2011); Fawcett (2006)"


def _rate(name, title, counts, probs, *, orientation=1, aliases=(), source=_SOURCE, notes="", **extra):
    return register(Measure(name, title, counts=counts, probs=probs, orientation=orientation,
                            aliases=aliases, source=source, notes=notes, **extra))


# ------------------------------------------------------------------ the eight rates of the table
PRECISION = _rate("Precision", "Precision TP/(TP+FP)", TP / PP, Pr(G, S),
                  aliases=("PPV", "PositivePredictiveValue"))
RECALL = _rate("Recall", "Recall (sensitivity, true positive rate) TP/(TP+FN)", TP / AP, Pr(S, G),
               aliases=("TPR", "Sensitivity", "HitRate", "TruePositiveRate"),
               notes="'Sensitivity' is the common name of recall.  Amigo et al.'s filtering "
                     "Sensitivity (recall times specificity) is the measure SensitivityRS.")
SPECIFICITY = _rate("Specificity", "Specificity (true negative rate) TN/(TN+FP)", TN / AN, Pr(NS, NG),
                    aliases=("TNR", "Selectivity", "TrueNegativeRate"))
NPV = _rate("NPV", "Negative predictive value TN/(TN+FN)", TN / PN, Pr(NG, NS),
            aliases=("NegativePredictiveValue",))
FPR = _rate("FPR", "False positive rate (fall-out) FP/(FP+TN)", FP / AN, Pr(S, NG), orientation=-1,
            aliases=("Fallout", "FalsePositiveRate"))
FNR = _rate("FNR", "False negative rate (miss rate) FN/(FN+TP)", FN / AP, Pr(NS, G), orientation=-1,
            aliases=("MissRate", "FalseNegativeRate"))
FDR = _rate("FDR", "False discovery rate FP/(FP+TP)", FP / PP, Pr(NG, S), orientation=-1,
            aliases=("FalseDiscoveryRate",))
FOR = _rate("FOR", "False omission rate FN/(FN+TN)", FN / PN, Pr(G, NS), orientation=-1,
            aliases=("FalseOmissionRate",))

# ------------------------------------------------------------------ whole-table measures
ERROR_RATE = _rate("ErrorRate", "Error rate (FP+FN)/N (1 - accuracy)", (FP + FN) / _N,
                   Pr(S, NG) * Pr(NG) + Pr(NS, G) * Pr(G), orientation=-1,
                   aliases=("ERR", "MisclassificationRate", "ZeroOneLoss"))
JACCARD = _rate("Jaccard", "Jaccard index of the positive class (threat score, CSI) TP/(TP+FP+FN)",
                TP / (TP + FP + FN), Joint(S, G) / (Pr(S) + Pr(G) - Joint(S, G)),
                aliases=("ThreatScore", "TS", "CSI", "CriticalSuccessIndex", "JaccardIndex"),
                source="Jaccard (1901); threat score: Gilbert (1884), Palmer and Allen (1949)")
MARKEDNESS = _rate("Markedness", "Markedness precision + NPV - 1", TP / PP + TN / PN - 1,
                   Pr(G, S) + Pr(NG, NS) - 1, aliases=("MK", "deltaP"), source="Powers (2011)")
KULCZYNSKI = _rate("Kulczynski", "Kulczynski similarity (precision + recall)/2", (TP / PP + TP / AP) / 2,
                   (Pr(G, S) + Pr(S, G)) / 2, aliases=("Kulczynski2",),
                   source="Kulczynski (1927); Gosgens et al. (NeurIPS 2021)")

# ------------------------------------------------------------------ geometric means (rank forms rational)
FOWLKES_MALLOWS = _rate(
    "FowlkesMallows", "Fowlkes-Mallows index sqrt(precision recall) (G-measure, Otsuka-Ochiai)",
    TP / sp.sqrt(PP * AP), sp.sqrt(Pr(G, S) * Pr(S, G)),
    aliases=("FM", "G-measure", "Gmeasure", "OtsukaOchiai"), source="Fowlkes and Mallows (1983)",
    rank_probs=Pr(G, S) * Pr(S, G),
    notes="The geometric mean of precision and recall; a strictly increasing function of their product.")
GMEAN = _rate(
    "Gmean", "G-mean sqrt(recall specificity)", sp.sqrt(TP * TN / (AP * AN)), sp.sqrt(Pr(S, G) * Pr(NS, NG)),
    aliases=("G-mean", "GM", "GeometricMean"), source="Kubat and Matwin (1997)",
    rank_probs=Pr(S, G) * Pr(NS, NG),
    notes="The square root of Amigo et al.'s filtering Sensitivity (SensitivityRS, recall times specificity).")

# ------------------------------------------------------------------ likelihood ratios
LR_POSITIVE = _rate("LR+", "Positive likelihood ratio recall/FPR", (TP / AP) / (FP / AN), Pr(S, G) / Pr(S, NG),
                    aliases=("PLR", "PositiveLikelihoodRatio"), source="standard (diagnostic testing)")
LR_NEGATIVE = _rate("LR-", "Negative likelihood ratio FNR/specificity", (FN / AP) / (TN / AN),
                    Pr(NS, G) / Pr(NS, NG), orientation=-1,
                    aliases=("NLR", "NegativeLikelihoodRatio"), source="standard (diagnostic testing)")

# Balayla's printed form (sqrt(TPR FPR) - FPR)/(TPR - FPR) is 0/0 wherever TPR = FPR; cancelling
# sqrt(TPR) - sqrt(FPR) gives the form below, equal to it wherever it is defined and continuous
# across TPR = FPR (the only choice that keeps the measure continuous there).
PREVALENCE_THRESHOLD = _rate(
    "PT", "Prevalence threshold sqrt(FPR)/(sqrt(recall) + sqrt(FPR))",
    sp.sqrt(FP / AN) / (sp.sqrt(TP / AP) + sp.sqrt(FP / AN)),
    sp.sqrt(Pr(S, NG)) / (sp.sqrt(Pr(S, G)) + sp.sqrt(Pr(S, NG))), orientation=-1,
    aliases=("PrevalenceThreshold",), source="Balayla (PLoS ONE 2020)",
    rank_probs=Pr(S, NG) / Pr(S, G),
    notes="Printed as (sqrt(TPR FPR) - FPR)/(TPR - FPR); the form used is its continuous extension "
          "across TPR = FPR (equal wherever the printed form is defined).  A strictly decreasing "
          "function of TPR/FPR, i.e. increasing in FPR/TPR (the order-equivalent form).")

# ------------------------------------------------------------------ further PyCM class statistics
_odds_ratio = (Pr(S, G) * Pr(NS, NG)) / (Pr(NS, G) * Pr(S, NG))
YULE_Q = _rate("YuleQ", "Yule's Q (coefficient of association) (TP TN - FP FN)/(TP TN + FP FN)",
               (TP * TN - FP * FN) / (TP * TN + FP * FN), (_odds_ratio - 1) / (_odds_ratio + 1),
               aliases=("Q", "YulesQ"), source="Yule (1900); PyCM",
               notes="(OR - 1)/(OR + 1) with OR the diagnostic odds ratio, where OR is defined.")
ICSI = _rate("ICSI", "Individual classification success index precision + recall - 1", TP / PP + TP / AP - 1,
             Pr(G, S) + Pr(S, G) - 1, source="Koch et al. (1992); PyCM")
LIFT = _rate("Lift", "Lift score precision / prevalence", TP * _N / (PP * AP), Pr(G, S) / Pr(G),
             aliases=("LiftScore", "LS"), source="Brin et al. (1997); PyCM")
