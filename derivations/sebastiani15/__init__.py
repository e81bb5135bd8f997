"""Sebastiani, "An Axiomatically Derived Measure for the Evaluation of Classification
Algorithms", ICTIR 2015 (seed 001_7f31e57b900db6cf.txt).  Claim ids ``sebastiani15.*``.

Every printed derivative, limit, expected value and number is recomputed here and compared
with the printed one; the axioms are decided by :mod:`symmetric.properties.sebastiani`.
A test set is (AP, AN); a classifier (TP, TN) with FN = AP - TP, FP = AN - TN.
The claims are listed F1, other measures (and Table 2), K, as the modules below are given.
"""

from symmetric.claims import Paper, claims_in

from . import f1, k, others
from .common import PAPER as NAME

PAPER = Paper(NAME, claims_in(f1, others, k))
