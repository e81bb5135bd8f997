"""The filtering measures discussed by Amigo et al. (seed 000), each defined once.

Probability forms use the atoms of :mod:`symmetric.space`; count forms use TP, FP, FN, TN.
Where the paper gives only one form, the other is derived (see ``Measure.count_form`` /
``Measure.prob_form``).  Where a definition needed a choice it is said in ``notes``.
"""

from __future__ import annotations

import sympy as sp

from ..space import AN, AP, FN, FP, NG, NS, PN, PP, TN, TP, G, Joint, Pr, S, n
from .base import Measure, Param
from .registry import register

alpha = sp.Symbol("alpha", positive=True)
lam = sp.Symbol("lambda", positive=True)
beta = sp.Symbol("beta", positive=True)
a1, a2, a3, a4 = sp.symbols("alpha1:5", positive=True)

ALPHA_F = Param(alpha, 0, 1, sp.Rational(1, 2), "relative weight of precision in F")
LAMBDA = Param(lam, 0, sp.oo, 1, "relative weight of true positives")
ALPHA_U = Param(alpha, 0, sp.oo, 1, "profit of a true positive relative to the cost of a false positive")


def harmonic(weight, x, y):
    """Weighted harmonic mean 1/(weight/x + (1-weight)/y) (van Rijsbergen's F)."""
    return 1 / (weight / x + (1 - weight) / y)


ACCURACY = register(Measure(
    "Acc", "Accuracy", counts=(TP + TN) / (TP + FP + FN + TN),
    probs=Pr(S, G) * Pr(G) + Pr(NS, NG) * Pr(NG), source="Amigo et al., Section 4.1",
    aliases=("Accuracy", "WeightedRecall")))

WACC = register(Measure(
    "WAcc", "Weighted Accuracy", counts=(lam * TP + TN) / (lam * (TP + FN) + TN + FP),
    probs=(lam * Pr(S, G) * Pr(G) + Pr(NS, NG) * Pr(NG)) / (lam * Pr(G) + Pr(NG)),
    params=(LAMBDA,), source="Amigo et al., Section 4.1", aliases=("WeightedAccuracy",)))

UTILITY = register(Measure(
    "Utility", "Utility U_alpha", counts=alpha * TP - FP,
    probs=alpha * Pr(S, G) * Pr(G) - Pr(S, NG) * Pr(NG), params=(ALPHA_U,), count_scale=n,
    source="Amigo et al., Section 4.1",
    notes="The count form is |T| times the probability form (the paper's scaling)."))

UTILITY4 = register(Measure(
    "Utility4", "Four-weight utility", counts=a1 * TP + a2 * TN - a3 * FP - a4 * FN,
    probs=(a1 * Pr(S, G) * Pr(G) + a2 * Pr(NS, NG) * Pr(NG) - a3 * Pr(S, NG) * Pr(NG)
           - a4 * Pr(NS, G) * Pr(G)),
    params=tuple(Param(a, 0, sp.oo, 1) for a in (a1, a2, a3, a4)), count_scale=n,
    source="Amigo et al., Section 4.1"))

# Lam% = logit^-1((logit(P(not S|G)) + logit(P(S|not G)))/2).  With logit(x) = log(x/(1-x)) the
# mean of two logits is the log of the geometric mean of the two odds, so
# Lam% = o/(1+o), o = sqrt(odds(P(not S|G)) odds(P(S|not G))): the same function, written
# algebraically so that exact arithmetic (and z3) can handle it; the identity with the
# logit form is checked in the tests and in claim amigo.appendix.lam_fixed_quality.
_odds_product = (Pr(NS, G) / (1 - Pr(NS, G))) * (Pr(S, NG) / (1 - Pr(S, NG)))
LAM = register(Measure(
    "Lam%", "Logistic average misclassification rate",
    probs=sp.sqrt(_odds_product) / (1 + sp.sqrt(_odds_product)),
    counts=sp.sqrt(FN * FP) / (sp.sqrt(FN * FP) + sp.sqrt(TP * TN)),
    orientation=-1, source="Amigo et al., Section 4.2", aliases=("LAM%", "lam"),
    rank_probs=_odds_product,
    notes="Lower is better.  Count form: sqrt(FN FP)/(sqrt(FN FP)+sqrt(TP TN)).  Lam% = "
          "sqrt(h)/(1+sqrt(h)) is strictly increasing in the odds product h."))

ODDS = register(Measure(
    "Odds", "Odds ratio", counts=(TP * TN) / (FN * FP),
    probs=(Pr(S, G) / Pr(NS, G)) * (Pr(NS, NG) / Pr(S, NG)),
    source="Amigo et al., Section 4.2", aliases=("OddsRatio",)))

PHI = register(Measure(
    "Phi", "Phi correlation coefficient",
    counts=(TP * TN - FP * FN) / sp.sqrt(AP * AN * PP * PN), source="Amigo et al., Section 4.2"))

MAAC = register(Measure(
    "MAAc", "Macro average accuracy", counts=(TP / AP + TN / AN) / 2,
    probs=(Pr(S, G) + Pr(NS, NG)) / 2, source="Amigo et al., Section 4.2"))

_random_accuracy = Pr(S) * Pr(G) + Pr(NS) * Pr(NG)
KAPPA = register(Measure(
    "Kappa", "Kappa statistic",
    probs=((Pr(S, G) * Pr(G) + Pr(NS, NG) * Pr(NG)) - _random_accuracy) / (1 - _random_accuracy),
    source="Amigo et al., Section 4.2 and Appendix", aliases=("KapS",)))

CHI = register(Measure(
    "Chi", "Chi (as Amigo et al. define it)",
    counts=((TP * TN - FP * FN) + (TP + FP + FN + TN)) / (PP + AP + PN + AN),
    source="Amigo et al., Section 4.2 (first printed form)",
    notes="The paper's own definition, not Pearson's chi-square statistic; its printed "
          "probability form is a different function (see claim amigo.appendix.chi_fixed_quality)."))

_CELLS = ((S, G), (NS, G), (S, NG), (NS, NG))
MI = register(Measure(
    "MI", "Mutual information",
    probs=sum(Joint(x, y) * sp.log(Joint(x, y) / (Pr(x) * Pr(y))) for x, y in _CELLS),
    source="Amigo et al., Section 4.2", aliases=("MutualInformation",)))

F_ALPHA = register(Measure(
    "F", "F measure F_alpha (van Rijsbergen)", probs=harmonic(alpha, Pr(G, S), Pr(S, G)),
    params=(ALPHA_F,), source="Amigo et al., Section 4.3", aliases=("F_alpha", "Falpha")))

RELIABILITY = register(Measure(
    "Reliability", "Reliability (filtering projection)",
    probs=Joint(S, G) * Pr(NG, NS) + Joint(NS, NG) * Pr(G, S), source="Amigo et al., Section 4.4"))

# Amigo et al. call this product "Sensitivity"; everywhere else sensitivity is recall (the
# catalogue's Recall answers to that name), so the paper's measure is registered apart.
SENSITIVITY = register(Measure(
    "SensitivityRS", "Sensitivity of Amigo et al.'s Reliability/Sensitivity: recall times specificity",
    probs=Pr(S, G) * Pr(NS, NG), source="Amigo et al., Section 4.4",
    aliases=("FilteringSensitivity", "AmigoSensitivity"),
    notes="Named Sensitivity in the paper; not sensitivity in the usual sense (recall, the "
          "catalogue's Recall, alias Sensitivity).  Gmean is its square root."))

FRS = register(Measure(
    "F(R,S)", "F measure of Reliability and Sensitivity",
    probs=harmonic(alpha, Pr(G, S) * Pr(NG, NS), Pr(S, G) * Pr(NS, NG)), params=(ALPHA_F,),
    source="Amigo et al., Section 4.4", aliases=("FRS",),
    notes="Reliability written as its product form P(G|S)P(not G|not S) (claim "
          "amigo.body.reliability_sensitivity_products proves the two forms equal)."))

# Sebastiani's F1 and F_beta with the value stipulated at TP = FP = FN = 0 (eq. (3) of seed 001).
F1 = register(Measure(
    "F1", "F1 (with F1 := 1 when TP = FP = FN = 0)",
    counts=sp.Piecewise((1, sp.Eq(TP + FP + FN, 0)), (2 * TP / (2 * TP + FP + FN), True)),
    source="Sebastiani (ICTIR 2015), eq. (3)"))

FBETA = register(Measure(
    "Fbeta", "F_beta (with F_beta := 1 when TP = FP = FN = 0)",
    counts=sp.Piecewise((1, sp.Eq(TP + FP + FN, 0)),
                        ((1 + beta**2) * TP / ((1 + beta**2) * TP + beta**2 * FN + FP), True)),
    params=(Param(beta, 0, sp.oo, 1, "recall is beta times as important as precision"),),
    source="van Rijsbergen; Lewis (SIGIR 1995) eq. (13)", aliases=("F_beta",)))
