"""scikit-learn's macro- and weighted-averaged scores of a binary table, each defined once.

``average="macro"`` is the plain mean of the score of the positive class and of the negative
class (the positive class's score with TP <-> TN and FP <-> FN); ``average="weighted"`` weighs
each class by its support (AP and AN) over n.  Two of them are already in the catalogue under
their own names and are not redefined: macro recall is balanced accuracy (``BalAcc``) and
weighted recall, (AP TP/AP + AN TN/AN)/n, is accuracy (``Acc``); ``tests/test_oracles_catalogue.py``
checks both equivalences against scikit-learn, and that QuaPy's ``f1e`` is 1 - ``MacroF1``.

The count forms are the plain means: undefined where a class's score is 0/0, even with weight
0 (the ``undefined`` zero convention); what scikit-learn returns there instead is convention
data (:mod:`symmetric.measures.conventions`).
"""

from __future__ import annotations

from ..space import AN, AP, FN, FP, PN, PP, TN, TP
from .base import Measure
from .registry import register

_N = TP + FP + FN + TN
_SOURCE = "scikit-learn (average='macro' / 'weighted' on labels [0, 1])"

# each score of the positive class, and of the negative one (TP <-> TN, FP <-> FN)
_PRECISION = (TP / PP, TN / PN)
_F1 = (2 * TP / (2 * TP + FP + FN), 2 * TN / (2 * TN + FP + FN))
_JACCARD = (TP / (TP + FP + FN), TN / (TN + FP + FN))


def _macro(scores):
    return (scores[0] + scores[1]) / 2


def _weighted(scores):
    return (AP * scores[0] + AN * scores[1]) / _N


def _averaged(name, title, counts, aliases=(), notes=""):
    return register(Measure(name, title, counts=counts, aliases=aliases, source=_SOURCE, notes=notes))


MACRO_PRECISION = _averaged(
    "MacroPrecision", "Macro-averaged precision (precision + NPV)/2", _macro(_PRECISION),
    aliases=("PrecisionMacro", "PPVMacro"), notes="The mean of precision and the negative predictive value.")
MACRO_F1 = _averaged(
    "MacroF1", "Macro-averaged F1 (F1 of the positive class + F1 of the negative class)/2", _macro(_F1),
    aliases=("F1Macro",), notes="QuaPy's f1e is 1 - MacroF1 (on the classes present in the labels).")
MACRO_JACCARD = _averaged(
    "MacroJaccard", "Macro-averaged Jaccard (TP/(TP+FP+FN) + TN/(TN+FP+FN))/2", _macro(_JACCARD),
    aliases=("JaccardMacro",))
WEIGHTED_PRECISION = _averaged(
    "WeightedPrecision", "Support-weighted precision (AP precision + AN NPV)/n", _weighted(_PRECISION),
    aliases=("PrecisionWeighted",))
WEIGHTED_F1 = _averaged(
    "WeightedF1", "Support-weighted F1 (AP F1 + AN F1 of the negative class)/n", _weighted(_F1),
    aliases=("F1Weighted",))
WEIGHTED_JACCARD = _averaged(
    "WeightedJaccard", "Support-weighted Jaccard (AP Jaccard + AN Jaccard of the negative class)/n",
    _weighted(_JACCARD), aliases=("JaccardWeighted",))
