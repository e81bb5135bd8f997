"""Classification measures of Sebastiani (ICTIR 2015, seed 001), each defined once.

Accuracy (``Acc``), F1, F_beta and LAM% (``Lam%``) are already in
:mod:`symmetric.measures.filtering` and are reused, not redefined.  Here:

* ``K`` (eq. (5)): recall + specificity - 1, with the paper's two edge cases (AP = 0, AN = 0);
* Youden's J / informedness and balanced accuracy: the *plain* formulas, undefined where
  recall or specificity is 0/0 (their proposers did not say what happens there);
* DOR, ASP and MCC (Matthews' standard definition, with PP and PN);
* the single-label multi-class K of eq. (10) (:func:`multiclass_k`, exact, on a confusion
  matrix) and the cost-sensitive recall of eq. (11) (:func:`cost_sensitive_recall`); the
  binary instance of eq. (10), built by :func:`multiclass_k_expr` from the general formula,
  is registered as ``K-SLC``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

import sympy as sp

from ..space import AN, AP, FN, FP, PN, PP, TN, TP
from .base import Measure
from .registry import register

_recall = TP / AP
_specificity = TN / AN

K = register(Measure(
    "K", "K (Sebastiani): recall + specificity - 1, defaulting to one of them",
    counts=sp.Piecewise((2 * _specificity - 1, sp.Eq(AP, 0)),
                        (2 * _recall - 1, sp.Eq(AN, 0)),
                        (_recall + _specificity - 1, True)),
    source="Sebastiani (ICTIR 2015), eq. (5)", aliases=("Sebastiani-K",),
    notes="AP = 0 and AN = 0 cannot hold together (the test set is non-empty)."))

YOUDEN = register(Measure(
    "Youden", "Youden's J / informedness (recall + specificity - 1, no edge cases)",
    counts=_recall + _specificity - 1, source="Youden (1950); Powers (2011)",
    aliases=("J", "Informedness", "YoudenJ")))

BALANCED_ACCURACY = register(Measure(
    "BalAcc", "Balanced accuracy ((recall + specificity)/2, no edge cases)",
    counts=(_recall + _specificity) / 2, source="Brodersen et al. (2010)",
    aliases=("BalancedAccuracy", "BA", "MacroRecall")))

DOR = register(Measure(
    "DOR", "Diagnostic odds ratio", counts=(TP * TN) / (FN * FP),
    source="Glas et al. (2003); Sebastiani Table 2", aliases=("DiagnosticOddsRatio",),
    notes="The same function as Amigo et al.'s Odds ratio, registered under the paper's name."))

ASP = register(Measure(
    "ASP", "Average set precision (precision times recall)", counts=TP**2 / (AP * PP),
    source="Hull (TREC-6); Sebastiani Table 2", aliases=("AverageSetPrecision",)))

MCC = register(Measure(
    "MCC", "Matthews correlation coefficient (standard definition)",
    counts=(TP * TN - FP * FN) / sp.sqrt(AP * AN * PP * PN),
    source="Matthews (1975)", aliases=("Matthews",),
    notes="Standard definition with PP and PN; Sebastiani's Table 2 prints (TP+TN)(FP+FN) "
          "instead of PP PN (see claim sebastiani15.table2)."))


# ------------------------------------------------------------------ multi-class K, eq. (10)

def multiclass_k_expr(n_classes: int) -> tuple[sp.Expr, tuple[sp.Symbol, ...], tuple[sp.Symbol, ...]]:
    """Eq. (10) for ``n_classes`` classes in symbols TP_j, AP_j (xi_j = [AP_j > 0]).

    Returns (K, (TP_1..TP_c), (AP_1..AP_c)).  Recall of an absent class is never evaluated:
    its term is multiplied by xi_j inside a Piecewise."""
    tps = sp.symbols(f"TP_1:{n_classes + 1}", nonnegative=True, integer=True)
    aps = sp.symbols(f"AP_1:{n_classes + 1}", nonnegative=True, integer=True)
    xi = [sp.Piecewise((0, sp.Eq(a, 0)), (1, True)) for a in aps]
    recall_sum = sum(sp.Piecewise((0, sp.Eq(a, 0)), (t / a, True)) for t, a in zip(tps, aps))
    c = sp.Integer(n_classes)
    return c / (c - 1) * recall_sum / sum(xi) - 1 / (c - 1), tps, aps


def _binary_instance() -> sp.Expr:
    """Eq. (10) at |C| = 2 in binary counts: class c has TP, AP; class not-c has TN, AN."""
    k2, (t1, t2), (a1, a2) = multiclass_k_expr(2)
    return k2.subs({t1: TP, t2: TN, a1: AP, a2: AN}, simultaneous=True)


K_SLC = register(Measure(
    "K-SLC", "Single-label multi-class K (eq. (10)) for two classes",
    counts=_binary_instance(), source="Sebastiani (ICTIR 2015), eq. (10) with |C| = 2",
    aliases=("K10", "Kmulticlass"),
    notes="Built by code from the general eq. (10) with classes c and not-c."))


def multiclass_k(confusion: Sequence[Sequence[int]]) -> Fraction:
    """Eq. (10) on a confusion matrix (rows = true class, columns = predicted class), exactly."""
    size = len(confusion)
    if size < 2 or any(len(row) != size for row in confusion):
        raise ValueError("a square confusion matrix with at least two classes is needed")
    recalls = [Fraction(row[j], sum(row)) for j, row in enumerate(confusion) if sum(row) > 0]
    if not recalls:
        raise ValueError("the test set is empty")
    c = Fraction(size)
    return c / (c - 1) * sum(recalls) / len(recalls) - 1 / (c - 1)


# ------------------------------------------------------------------ cost-sensitive recall, eq. (11)

def absolute_error(distance: Callable[[int, int], Fraction]) -> Callable[[int, int], Fraction]:
    """AE(predicted, true) = Delta(predicted, true)."""
    return lambda predicted, true: Fraction(distance(predicted, true))


def squared_error(distance: Callable[[int, int], Fraction]) -> Callable[[int, int], Fraction]:
    """SE(predicted, true) = Delta(predicted, true)^2."""
    return lambda predicted, true: Fraction(distance(predicted, true)) ** 2


def ordinal_distance(steps: Sequence[Fraction]) -> Callable[[int, int], Fraction]:
    """Eq. (7): Delta(c_i, c_j) = sum of the adjacent steps between i and j (0-based classes)."""
    def distance(i: int, j: int) -> Fraction:
        lo, hi = min(i, j), max(i, j)
        return sum((Fraction(s) for s in steps[lo:hi]), Fraction(0))
    return distance


def contributions(items: Sequence[tuple[int, int]], n_classes: int,
                  error: Callable[[int, int], Fraction]) -> list[Fraction]:
    """Each item's contribution 1 - E(d)/max(E_j) to the recall of its true class j.

    ``items`` are (true class, predicted class) pairs, classes 0-based.  max(E_j) is the
    largest error any prediction can make on an item of class j."""
    out = []
    for true, predicted in items:
        worst = max(error(k, true) for k in range(n_classes))
        out.append(1 - error(predicted, true) / worst)
    return out


def cost_sensitive_recall(items: Sequence[tuple[int, int]], true_class: int, n_classes: int,
                          error: Callable[[int, int], Fraction]) -> Fraction | None:
    """Eq. (11): recall of ``true_class``; None (undefined) when it has no items."""
    mine = [it for it in items if it[0] == true_class]
    if not mine:
        return None
    return sum(contributions(mine, n_classes, error), Fraction(0)) / len(mine)


def standard_recall(items: Sequence[tuple[int, int]], true_class: int) -> Fraction | None:
    """Eq. (9): TP_j / AP_j; None when AP_j = 0."""
    mine = [it for it in items if it[0] == true_class]
    if not mine:
        return None
    return Fraction(sum(1 for t, p in mine if t == p), len(mine))
