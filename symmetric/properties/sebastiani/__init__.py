"""Sebastiani's eight axioms (ICTIR 2015, Section 3.1) as checkers for any count-form measure.

A test set is fixed by AP, AN (AP + AN = |D| >= 1); a classifier by TP in 0..AP and TN in
0..AN (FN = AP - TP, FP = AN - TN).  Piecewise definitions and values stipulated at 0/0 are
taken as written in the measure's count form.  ``orientation`` -1 (lower is better) flips
the direction of MON.

* MON  correcting one wrong label strictly improves the score (:mod:`.mon`).
* CON  M is a C^1 function of real TP, TN on every test set's closed rectangle (:mod:`.con`).
* SDE  M is defined for every test set and every classifier (:mod:`.definedness`).
* WDE  for every test set, M is defined for all classifiers or for none (:mod:`.definedness`).
* FIX  the range over the classifiers for which M is defined is the same on every test set
       where it is defined somewhere (:mod:`.fix`).
* CHA  E[M(random classifier)] is the same for every test set, per random model (:mod:`.cha`).
* IMB  M(trivial acceptor) and M(trivial rejector) are constants over test sets with AP, AN > 0.
* SYM  M(TP, FP, FN, TN) = M(TN, FN, FP, TP) (:mod:`.imb_sym`).

Each checker first searches all test sets up to a bound (:mod:`symmetric.config`) for an exact
counterexample (a fast float evaluation selects candidates, every reported value is
re-evaluated exactly), then tries a symbolic proof (zero-pattern case split, :mod:`.cases`,
decided by :mod:`symmetric.checks.decide`).  No counterexample and no proof gives
``undetermined`` with the evidence.  Time is bounded only by :mod:`symmetric.timelimit`.
"""

from __future__ import annotations

from collections.abc import Callable

from ...checks.cases import is_undefined_constant
from ...domain import EVERYWHERE
from ...measures.base import Measure
from ...space import CELLS
from ...evidence import PropertyResult
from .cha import RANDOM_MODELS, RandomModel, check_cha, expected_value
from .common import differ
from .con import check_con
from .definedness import KindDefinedness, check_sde, check_wde, kinds_by_definedness, mixed_kind_counterexample
from .fix import check_fix, exact_range
from .imb_sym import check_imb, check_sym
from .mon import MOVES, check_mon
from .testsets import (AN_S, AP_S, TEST_SET_KINDS, TN_R, TP_R, KindOfTestSet, Table, acceptor, classifiers,
                       complement_predictions, pattern_table, perfect, pervert, rejector, score_on_kind,
                       swap_classes, test_sets, zeros_text)

# each checker takes the measure and its reading's choices as keyword arguments (catalogue axes;
# the defaults are the headline reading)
CHECKERS: tuple[tuple[str, Callable[..., PropertyResult]], ...] = (
    ("MON", check_mon), ("CON", check_con), ("SDE", check_sde), ("WDE", check_wde),
    ("FIX", check_fix), ("CHA", check_cha), ("IMB", check_imb), ("SYM", check_sym),
)


def check_all(measure: Measure) -> tuple[PropertyResult, ...]:
    """Every axiom in its headline reading."""
    return tuple(check(measure) for _, check in CHECKERS)


__all__ = [
    "AN_S", "AP_S", "CELLS", "CHECKERS", "EVERYWHERE", "MOVES", "RANDOM_MODELS", "TEST_SET_KINDS", "TN_R", "TP_R",
    "KindDefinedness", "KindOfTestSet", "RandomModel", "Table", "acceptor", "check_all", "check_cha", "check_con",
    "check_fix", "check_imb", "check_mon", "check_sde", "check_sym", "check_wde", "classifiers",
    "complement_predictions", "differ", "exact_range", "expected_value", "is_undefined_constant",
    "kinds_by_definedness", "mixed_kind_counterexample", "pattern_table", "perfect", "pervert", "rejector",
    "score_on_kind", "swap_classes", "test_sets", "zeros_text",
]
