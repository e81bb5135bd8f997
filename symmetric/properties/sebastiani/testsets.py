"""Test sets and classifiers in Sebastiani's sense, the objects every axiom quantifies over.

A test set is fixed by AP, AN (AP + AN = |D| >= 1); a classifier by TP in 0..AP and TN in
0..AN (FN = AP - TP, FP = AN - TN).  Besides the enumerations the searches run, this module
names the classifiers the axioms single out (perfect, pervert, trivial acceptor and rejector),
the two symmetries (swapping the classes, complementing the predictions) and the three kinds
of test set (both classes present, no positives, no negatives) the symbolic proofs split on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import sympy as sp

from ...space import CELLS, FN, FP, TN, TP
from ...checks.substitute import substitute

Table = tuple[int, int, int, int]   # (TP, FP, FN, TN)
AP_S, AN_S = sp.symbols("AP AN", positive=True)     # symbolic test-set sizes (positive case)
TP_R, TN_R = sp.symbols("TP TN", real=True)         # real variables for CON


def test_sets(max_n: int, min_n: int = 1) -> Iterator[tuple[int, int]]:
    """Every (AP, AN) with min_n <= AP + AN <= max_n, including AP = 0 and AN = 0."""
    for total in range(min_n, max_n + 1):
        for ap in range(total + 1):
            yield ap, total - ap


def classifiers(ap: int, an: int) -> Iterator[Table]:
    """Every classifier on the test set (AP, AN), as its table."""
    for tp in range(ap + 1):
        for tn in range(an + 1):
            yield (tp, an - tn, ap - tp, tn)


def perfect(ap, an) -> Table:
    return (ap, 0, 0, an)


def pervert(ap, an) -> Table:
    return (0, an, ap, 0)


def acceptor(ap, an) -> Table:
    return (ap, an, 0, 0)


def rejector(ap, an) -> Table:
    return (0, 0, ap, an)


def swap_classes(t: Table) -> Table:
    """The same classification with c and its complement exchanged: TP <-> TN, FP <-> FN."""
    return (t[3], t[2], t[1], t[0])


def complement_predictions(t: Table) -> Table:
    """Every predicted label flipped: TP -> FN, FP -> TN (the gold labels stay)."""
    return (t[2], t[3], t[0], t[1])


# ------------------------------------------------------------------ kinds of test set

@dataclass(frozen=True)
class KindOfTestSet:
    """Test sets with AP > 0 or AP = 0, and AN > 0 or AN = 0 (never both 0, |D| >= 1).

    A zero pattern of the cells is a table of such a test set when the gold class it makes
    empty (TP = FN = 0 or FP = TN = 0) is exactly the one the kind makes empty."""

    label: str
    positives: bool     # AP > 0
    negatives: bool     # AN > 0

    def allows(self, case) -> bool:
        zero = set(case.zero)
        return ({TP, FN} <= zero) != self.positives and ({FP, TN} <= zero) != self.negatives

    def sizes(self) -> tuple:
        """(AP, AN) for the kind: the positive symbols, or 0 for an empty class."""
        return (AP_S if self.positives else sp.Integer(0), AN_S if self.negatives else sp.Integer(0))

    @property
    def conditions(self) -> tuple:
        """The kind as relations on AP and AN (the slots of a sentence that names it)."""
        return tuple((sp.Gt if present else sp.Eq)(size, 0, evaluate=False)
                     for size, present in ((AP_S, self.positives), (AN_S, self.negatives)))


def score_on_kind(form: sp.Expr, table: Callable[[object, object], Table], kind: KindOfTestSet) -> sp.Expr:
    """A classifier's score (``table(AP, AN)``, e.g. :func:`perfect`) on every test set of a kind.

    The empty class is put in as 0 cell by cell (xreplace, bottom-up): substituting AP = 0
    afterwards into a form already simplified for AP > 0 would cancel AP/AP to 1 and give a
    score where the measure is 0/0."""
    at = dict(zip(CELLS, map(sp.sympify, table(*kind.sizes()))))
    return sp.piecewise_fold(substitute(form, at))


TEST_SET_KINDS = (KindOfTestSet("AP > 0, AN > 0", True, True), KindOfTestSet("AP = 0, AN > 0", False, True),
                  KindOfTestSet("AP > 0, AN = 0", True, False))


def pattern_table(case) -> Table:
    """A concrete table of a zero pattern, all on one test set per kind (AP, AN in {0, 2}):
    a class with both cells positive splits 1 + 1, with one cell 0 puts 2 in the other."""
    def split(a, b):
        za, zb = a in case.zero, b in case.zero
        return (0 if za else (1 if not zb else 2)), (0 if zb else (1 if not za else 2))
    tp, fn = split(TP, FN)
    tn, fp = split(TN, FP)
    return (tp, fp, fn, tn)


def zeros_text(case) -> str:
    """A zero pattern named briefly by the cells that are 0 (plain text)."""
    return " = ".join(c.name for c in case.zero) + " = 0" if case.zero else "no cell is 0"
