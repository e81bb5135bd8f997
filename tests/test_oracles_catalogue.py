"""The measures added to complete the catalogue (PyCM's further class and overall statistics,
scikit-learn's averages), and the exact equivalences the README states, against the libraries
on EVERY table with 0 < n <= 10 (1000 tables; the libraries cannot take the empty table).

The comparison is the one of ``tests/test_oracles_binary.py`` (its data says which library
function computes each measure and what it returns where the measure is undefined): where
we have a value the library must give it to 1e-9; where we have none the library must say
so, or do exactly what the convention data records.
"""

from __future__ import annotations

import itertools
import math
import warnings
from functools import cache

import pytest
from lazy_module import Lazy
import test_oracles_binary as ob  # a module, not its tests: nothing is collected twice
from click.testing import CliRunner

from symmetric.cli import main
from symmetric.measures import registry
from symmetric.measures.conventions import CONVENTIONS, STIPULATED
from symmetric.measures.zeros import value_at

sk = Lazy("sklearn.metrics")
pycm = Lazy("pycm")
np = Lazy("numpy")

MAX_N = 10
TABLES = tuple(t for t in itertools.product(range(MAX_N + 1), repeat=4) if 0 < sum(t) <= MAX_N)
# The fast tier's tables for the comparisons that call scikit-learn once per table (1000 calls,
# ~5 CPU-s per measure): every table with n <= 4.  Every zero pattern is among them (a pattern
# with k non-zero cells needs n >= k), and what the libraries and the conventions do depends on
# which denominators are 0, that is on the zero pattern; TABLES, in the slow tier (conftest's
# SLOW_TESTS), runs the same comparisons on every table with n <= 10.
SMALL_N = 4
SMALL = tuple(t for t in TABLES if sum(t) <= SMALL_N)
EVERY = pytest.mark.parametrize("tables", [SMALL, TABLES], ids=[f"n<={SMALL_N}", f"n<={MAX_N}"])

CLASS_STATISTICS = ("DP", "IBA", "OP", "AGM", "AGF", "OC", "BB", "IS", "BCD", "dInd", "sInd")
AGREEMENT = ("ScottPi", "GwetAC1", "BennettS", "KrippendorffAlpha", "CramerV", "PearsonC", "BangdiwalaB",
             "LambdaA", "LambdaB")
AVERAGED = ("MacroPrecision", "MacroF1", "MacroJaccard", "WeightedPrecision", "WeightedF1", "WeightedJaccard")
NEW = CLASS_STATISTICS + AGREEMENT + AVERAGED
# with them on every small table: F_alpha (its zeros, README) and Kulczynski (= PyCM's AUPR)
ALSO = ("F", "Kulczynski")


def _sk(fn, *args, **kwargs):
    """A scikit-learn call, quiet, without its argument validation (a third of the time of these
    tests on the shared 2-core machine; the arguments are fixed by this file, and the values the
    same)."""
    import sklearn
    with warnings.catch_warnings(), sklearn.config_context(skip_parameter_validation=True):
        warnings.simplefilter("ignore")
        return fn(*args, **kwargs)


_cm = ob._cm                    # one PyCM matrix per table, shared with test_oracles_binary


def _pycm(stat: str, t):
    cm = _cm(t)
    raw = cm.overall_stat[stat] if stat in ob.PYCM_OVERALL | {"Kappa No Prevalence"} else cm.class_stat[stat][1]
    return None if raw in (None, "None") else float(raw)


@cache
def _labels(t):
    return ob._labels(*t)


def test_the_new_measures_are_in_the_catalogue_with_a_library_statistic():
    names = set(registry.names("classification"))
    assert set(NEW) <= names
    assert all(CONVENTIONS[n].pycm for n in CLASS_STATISTICS + AGREEMENT)
    assert all(CONVENTIONS[n].sklearn for n in AVERAGED)
    assert len(TABLES) == 1000


@pytest.mark.parametrize("name", [n for n in NEW + ALSO if CONVENTIONS[n].pycm])
def test_against_pycm_on_every_small_table(name):
    m, conv = registry.get(name), CONVENTIONS[name]
    undefined = 0
    for t in TABLES:
        theirs, ours = _pycm(conv.pycm, t), ob._ours(m, t)
        if name in ob.PYCM_DIFFERS and ob.PYCM_DIFFERS[name][0](t):
            ours = ob.PYCM_DIFFERS[name][1](t)
        if ours is None or theirs is None:
            assert ours is None and theirs is None, (t, ours, theirs)
            undefined += 1
        else:
            assert ob._close(ours, theirs), (t, ours, theirs)
    assert undefined < len(TABLES) - 200      # DP, defined on the 210 tables with no zero cell, is the least


@pytest.mark.parametrize("name", [n for n in NEW + ALSO if CONVENTIONS[n].sklearn])
@EVERY
def test_against_scikit_learn_on_every_small_table(tables, name):
    m, conv = registry.get(name), CONVENTIONS[name]
    differs = 0
    for t in tables:
        ours = ob._ours(m, t)
        theirs = float(_sk(ob.SKLEARN[conv.sklearn], *_labels(t), m, conv))
        if ours is None:
            expected = ob.SKLEARN_DIFFERS[name](t) if name in ob.SKLEARN_DIFFERS else math.nan
            assert (math.isnan(theirs) and math.isnan(expected)) or ob._close(theirs, expected), (t, theirs)
            differs += not math.isnan(theirs)
        else:
            assert ob._close(ours, theirs), (t, ours, theirs)
    # the convention data says scikit-learn gives a value where ours is undefined: it does
    assert (differs > 0) == bool(conv.sklearn_differs), differs


def test_f_alpha_zeros_are_0_in_both_libraries():
    """README: where one of precision and recall is 0/0 and the other 0 (TP = FN = 0 < FP or
    TP = FP = 0 < FN), F_alpha is undefined here and 0 in scikit-learn and PyCM."""
    f = registry.get("F")
    beta = ob._beta(f)
    seen = 0
    for t in TABLES:
        tp, fp, fn, _ = t
        if tp == 0 and (fn == 0 < fp or fp == 0 < fn):
            assert value_at(f, t, **ob._params(f)) is None, t
            assert _sk(sk.fbeta_score, *_labels(t), beta=beta, zero_division=np.nan) == 0.0, t
            assert _pycm("F1", t) == 0.0, t
            seen += 1
    assert seen == 2 * sum(1 for t in TABLES if t[0] == t[1] == 0 < t[2]) > 0


# ------------------------------------------------------------------ exact equivalences (README)
def _both_classes(t):
    return t[0] + t[2] > 0 and t[1] + t[3] > 0


@EVERY
def test_youden_is_adjusted_balanced_accuracy(tables):
    """Youden's J = balanced_accuracy_score(adjusted=True) wherever both classes are in the truth;
    elsewhere J is undefined and scikit-learn's adjusted score is no informedness (0, -inf, nan)."""
    youden = registry.get("Youden")
    for t in tables:
        ours = ob._ours(youden, t)
        theirs = float(_sk(sk.balanced_accuracy_score, *_labels(t), adjusted=True))
        if _both_classes(t):
            assert ours is not None and ob._close(ours, theirs), (t, ours, theirs)
        else:
            assert ours is None, t


@pytest.mark.parametrize("name, stat", [("Kulczynski", "AUPR"), ("FowlkesMallows", "OOC"), ("FowlkesMallows", "G"),
                                        ("Youden", "GI"), ("BennettS", "Kappa No Prevalence")])
def test_pycm_statistics_equal_to_catalogue_measures(name, stat):
    m = registry.get(name)
    for t in TABLES:
        ours, theirs = ob._ours(m, t), _pycm(stat, t)
        assert (ours is None and theirs is None) or (None not in (ours, theirs) and ob._close(ours, theirs)), \
            (t, ours, theirs)


@pytest.mark.parametrize("name, average", [("BalAcc", "macro"), ("Acc", "weighted")])
@EVERY
def test_averaged_recall_is_a_catalogue_measure(tables, name, average):
    """Macro recall is balanced accuracy and weighted recall is accuracy: not registered twice,
    found under those names."""
    m = registry.get(name)
    assert registry.get(f"{average}recall") is m
    for t in tables:
        ours = ob._ours(m, t)
        theirs = float(_sk(sk.recall_score, *_labels(t), labels=[0, 1], average=average,
                           zero_division=np.nan))
        if ours is None:                    # BalAcc with one class in the truth: sklearn's mean of the defined
            assert not _both_classes(t) and ob._close(theirs, ob._present_class_recall(t)), (t, theirs)
        else:
            assert ob._close(ours, theirs), (t, ours, theirs)


@EVERY
def test_quapy_f1e_is_one_minus_macro_f1(tables):
    """QuaPy's f1e = 1 - f1_score(average='macro') on the labels present: 1 - MacroF1 wherever
    MacroF1 is defined; where it is not (a class absent from truth and prediction) QuaPy's
    mean runs over the one class present."""
    qe = pytest.importorskip("quapy.error")
    macro_f1 = registry.get("MacroF1")
    undefined = 0
    for t in tables:
        ours, theirs = ob._ours(macro_f1, t), 1 - float(_sk(qe.f1e, *_labels(t)))
        if ours is None:
            single = t[0] if t[0] else t[3]           # the one class present scores F1 = 1
            assert t[1] == t[2] == 0 and single > 0 and ob._close(theirs, 1.0), (t, theirs)
            undefined += 1
        else:
            assert ob._close(ours, theirs), (t, ours, theirs)
    assert undefined == 2 * max(map(sum, tables))      # TP = n or TN = n alone, for each n


def test_agm_is_stipulated_where_recall_is_0():
    agm = registry.get("AGM")
    assert CONVENTIONS["AGM"].rule == STIPULATED
    assert value_at(agm, (0, 0, 2, 0)) == 0 and _pycm("AGM", (0, 0, 2, 0)) == 0.0   # specificity 0/0 too
    assert value_at(agm, (0, 0, 0, 4)) is None                                    # recall itself 0/0


def test_list_measures_shows_the_new_measures_with_orientation_and_convention():
    result = CliRunner().invoke(main, ["list", "measures", "classification"])
    assert result.exit_code == 0, result.output
    rows = {row[0]: row for row in (line.split("\t") for line in result.output.splitlines())}
    assert set(NEW) <= set(rows)
    lower = {n for n in NEW if rows[n][2] == "lower"}
    assert lower == {"BCD", "dInd"} and all(rows[n][2] == "higher" for n in set(NEW) - lower)
    assert rows["DP"][3] == "sqrt(3)*log(TN*TP/(FN*FP))/(pi*log(10))" and rows["DP"][5] == "undefined"
    assert rows["AGM"][5].startswith("stipulated: AGM := 0 where recall is 0")
    assert rows["MacroF1"][5].startswith("undefined; scikit-learn f1_score(average='macro') differs: "
                                         "with zero_division=np.nan")
    assert rows["LambdaA"][3] == "(Max(FN, TN) + Max(FP, TP) - Max(FN + TP, FP + TN))/Min(FN + TP, FP + TN)"
