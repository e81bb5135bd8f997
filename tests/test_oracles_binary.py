"""Every catalogue measure that scikit-learn or PyCM computes, against them: on random tables and
on tables of all 15 zero patterns.

Our side is exact (``zeros.value_at``: the formula, or the measure's zero convention where the
formula has no value; computed by the measure's compiled count form where the formula has a
value, tests/exact_values.py, which tests/test_exact_values.py holds equal to ``value_at``).  Where we have a value the library must give it (to 1e-9); where the
measure is undefined the library must say so (nan / 'None'), unless the convention data records
that it does something else (``sklearn_differs`` / ``pycm_differs``), and then it must do exactly
what :data:`SKLEARN_DIFFERS` / :data:`PYCM_DIFFERS` compute.  The libraries are test extras; the
tests skip when one is missing.
"""

from __future__ import annotations

import itertools
import math
import random
import warnings
from fractions import Fraction
from functools import cache

import pytest
from lazy_module import Lazy
import sympy as sp
from exact_values import fast_value

from symmetric.measures import registry
from symmetric.measures.conventions import CONVENTIONS, STIPULATED
from symmetric.measures.zeros import value_at

sk = Lazy("sklearn.metrics")
pycm = Lazy("pycm")
np = Lazy("numpy")


def _tables() -> list[tuple[int, int, int, int]]:
    rng = random.Random(13)
    tables = [tuple(rng.randint(0, 30) for _ in range(4)) for _ in range(150)]
    tables += [tuple(rng.randint(1, 40) for _ in range(4)) for _ in range(50)]
    base = ((3, 2, 4, 5), (1, 7, 2, 1), (6, 1, 1, 9))       # each zero pattern on three tables
    for zero in itertools.product((0, 1), repeat=4):
        if any(zero) and not all(zero):
            tables += [tuple(0 if z else v for z, v in zip(zero, b)) for b in base]
    return tables


TABLES = _tables()


@cache
def _labels(tp, fp, fn, tn):
    y = np.array([1] * tp + [0] * fp + [1] * fn + [0] * tn)
    p = np.array([1] * tp + [1] * fp + [0] * fn + [0] * tn)
    return y, p


PARAMS = {"Fbeta": {"beta": 2}}           # PyCM has F0.5, F1 and F2; F_beta's default beta is 1


def _params(measure) -> dict:
    return {p.symbol.name: p.default for p in measure.params} | PARAMS.get(measure.name, {})


def _beta(measure) -> float:
    params = _params(measure)
    if "beta" in params:
        return float(params["beta"])
    alpha = Fraction(str(params["alpha"]))                # F_alpha = F_beta with beta^2 = (1 - alpha)/alpha
    return math.sqrt((1 - alpha) / alpha)


def _zd(conv):
    return {"nan": np.nan, "1.0": 1.0, "": None}.get(conv.zero_division, np.nan)


# scikit-learn function named in the convention data -> f(y, p, measure, convention)
SKLEARN = {
    "accuracy_score": lambda y, p, m, c: sk.accuracy_score(y, p),
    "zero_one_loss": lambda y, p, m, c: sk.zero_one_loss(y, p),
    "precision_score": lambda y, p, m, c: sk.precision_score(y, p, labels=[0, 1], zero_division=_zd(c)),
    "recall_score": lambda y, p, m, c: sk.recall_score(y, p, labels=[0, 1], zero_division=_zd(c)),
    "precision_score(pos_label=0)": lambda y, p, m, c: sk.precision_score(y, p, labels=[0, 1], pos_label=0,
                                                                          zero_division=_zd(c)),
    "recall_score(pos_label=0)": lambda y, p, m, c: sk.recall_score(y, p, labels=[0, 1], pos_label=0,
                                                                    zero_division=_zd(c)),
    "f1_score": lambda y, p, m, c: sk.f1_score(y, p, labels=[0, 1], zero_division=_zd(c)),
    "fbeta_score": lambda y, p, m, c: sk.fbeta_score(y, p, beta=_beta(m), labels=[0, 1], zero_division=_zd(c)),
    "fbeta_score(beta^2 = (1 - alpha)/alpha)": lambda y, p, m, c: sk.fbeta_score(
        y, p, beta=_beta(m), labels=[0, 1], zero_division=_zd(c)),
    "jaccard_score": lambda y, p, m, c: sk.jaccard_score(y, p, labels=[0, 1], zero_division=0),
    "matthews_corrcoef": lambda y, p, m, c: sk.matthews_corrcoef(y, p),
    "cohen_kappa_score": lambda y, p, m, c: sk.cohen_kappa_score(y, p, labels=[0, 1], replace_undefined_by=np.nan),
    "balanced_accuracy_score": lambda y, p, m, c: sk.balanced_accuracy_score(y, p),
    "mutual_info_score": lambda y, p, m, c: sk.mutual_info_score(y, p),
    "class_likelihood_ratios[0]": lambda y, p, m, c: sk.class_likelihood_ratios(
        y, p, labels=[0, 1], replace_undefined_by=np.nan)[0],
    "class_likelihood_ratios[1]": lambda y, p, m, c: sk.class_likelihood_ratios(
        y, p, labels=[0, 1], replace_undefined_by=np.nan)[1],
    # the averages over the two classes: np.nan where it exists (left out of the mean), else 0
    "precision_score(average='macro')": lambda y, p, m, c: sk.precision_score(
        y, p, labels=[0, 1], average="macro", zero_division=np.nan),
    "precision_score(average='weighted')": lambda y, p, m, c: sk.precision_score(
        y, p, labels=[0, 1], average="weighted", zero_division=np.nan),
    "f1_score(average='macro')": lambda y, p, m, c: sk.f1_score(y, p, labels=[0, 1], average="macro",
                                                                zero_division=np.nan),
    "f1_score(average='weighted')": lambda y, p, m, c: sk.f1_score(y, p, labels=[0, 1], average="weighted",
                                                                   zero_division=np.nan),
    "jaccard_score(average='macro')": lambda y, p, m, c: sk.jaccard_score(y, p, labels=[0, 1], average="macro",
                                                                          zero_division=0),
    "jaccard_score(average='weighted')": lambda y, p, m, c: sk.jaccard_score(
        y, p, labels=[0, 1], average="weighted", zero_division=0),
}


def _present_class_recall(t):
    tp, fp, fn, tn = t
    return tp / (tp + fn) if tp + fn else tn / (tn + fp)


def _div(a, b):
    return a / b if b else math.nan


# each class's score (positive class, negative class) and support, for the averaged measures
_CLASS_SCORES = {
    "Precision": lambda t: (_div(t[0], t[0] + t[1]), _div(t[3], t[3] + t[2])),
    "F1": lambda t: (_div(2 * t[0], 2 * t[0] + t[1] + t[2]), _div(2 * t[3], 2 * t[3] + t[1] + t[2])),
    "Jaccard": lambda t: (_div(t[0], t[0] + t[1] + t[2]), _div(t[3], t[3] + t[1] + t[2])),
}


def _sklearn_average(score: str, weighted: bool):
    """What scikit-learn's average gives where our plain mean is undefined: with zero_division=np.nan
    a class whose score is 0/0 is left out of the (weighted) mean (0 when the weights left sum to 0);
    jaccard_score, called with zero_division=0, counts it as 0."""
    def value(t):
        scores, weights = _CLASS_SCORES[score](t), ((t[0] + t[2], t[1] + t[3]) if weighted else (1, 1))
        zero = 0.0 if score == "Jaccard" else None
        kept = [(zero if math.isnan(v) else v, w) for v, w in zip(scores, weights)]
        kept = [(v, w) for v, w in kept if v is not None]
        total = sum(w for _, w in kept)
        if not kept:
            return math.nan
        return sum(v * w for v, w in kept) / total if total else 0.0
    return value


# what scikit-learn returns where the measure is undefined, for the entries with sklearn_differs
SKLEARN_DIFFERS = {
    **{f"{avg}{score}": _sklearn_average(score, avg == "Weighted")
       for avg in ("Macro", "Weighted") for score in ("Precision", "F1", "Jaccard")},
    "MCC": lambda t: 0.0, "Phi": lambda t: 0.0,
    "BalAcc": _present_class_recall, "MAAc": _present_class_recall,
    "Jaccard": lambda t: 0.0,                 # zero_division=0 as called above
    # F_alpha's probability form is undefined where AP = 0 or PP = 0; scikit-learn gives 0 there
    # unless nothing is relevant or predicted at all (then zero_division: nan)
    "F": lambda t: math.nan if t[0] + t[1] + t[2] == 0 else 0.0,
}

# where PyCM differs from the convention: name -> (the tables where it does, what it returns;
# None: undefined)
_NOTHING_PREDICTED_OR_RELEVANT = (lambda t: t[0] + t[1] + t[2] == 0, lambda t: None)
_DOR_AS_LR_RATIO = (lambda t: t[3] == 0 and t[1] * t[2] > 0, lambda t: None)   # LR- = FNR/TNR is x/0
# PyCM's Q is (OR - 1)/(OR + 1) with OR = TP TN/(FP FN): undefined wherever FP FN = 0
_Q_FROM_DOR = (lambda t: t[1] * t[2] == 0, lambda t: None)
_ONE_SIDE_ZERO_OVER_ZERO = (lambda t: (t[0] + t[2] == 0 or t[0] + t[1] == 0) and t[0] + t[1] + t[2] > 0,
                            lambda t: 0.0)
PYCM_DIFFERS = {"F": _ONE_SIDE_ZERO_OVER_ZERO, "F1": _NOTHING_PREDICTED_OR_RELEVANT, "Fbeta": _NOTHING_PREDICTED_OR_RELEVANT,
                "DOR": _DOR_AS_LR_RATIO, "Odds": _DOR_AS_LR_RATIO, "YuleQ": _Q_FROM_DOR}
PYCM_SCALE = {"MI": math.log(2)}                 # PyCM reports mutual information in bits
PYCM_OVERALL = {"Kappa", "Mutual Information", "Scott PI", "Gwet AC1", "Bennett S", "Krippendorff Alpha",
                "Cramer V", "Pearson C", "Bangdiwala B", "Lambda A", "Lambda B", "PPV Macro", "F1 Macro"}


@cache
def _ours(measure, table):
    """value_at's value as a float (None: undefined), by the compiled form where the formula is
    defined (tests/exact_values.py; the same number, without sympy's substitution per table)."""
    return fast_value(measure, table, **_params(measure))


@cache
def _cm(t):
    """One PyCM matrix per table, shared by every measure (PyCM computes all its statistics when
    it is built: most of the time of these tests was rebuilding it per measure)."""
    tp, fp, fn, tn = t
    return pycm.ConfusionMatrix(matrix={1: {1: tp, 0: fn}, 0: {1: fp, 0: tn}})


def _close(a, b) -> bool:
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)


def _quiet(fn, *args):
    """A scikit-learn call, quiet, without its argument validation (the arguments are fixed by
    this file, and the values the same; the validation was a third of the time)."""
    import sklearn
    with warnings.catch_warnings(), sklearn.config_context(skip_parameter_validation=True):
        warnings.simplefilter("ignore")
        return fn(*args)


SK_MEASURES = sorted(n for n, c in CONVENTIONS.items() if c.sklearn)
PYCM_MEASURES = sorted(n for n, c in CONVENTIONS.items() if c.pycm)


def test_every_classification_measure_has_a_convention():
    assert set(registry.names("classification")) == set(CONVENTIONS)


def test_the_data_names_only_functions_the_tests_know():
    assert {c.sklearn for c in CONVENTIONS.values() if c.sklearn} <= set(SKLEARN)
    assert {n for n, c in CONVENTIONS.items() if c.sklearn_differs} == set(SKLEARN_DIFFERS)
    assert {n for n, c in CONVENTIONS.items() if c.pycm_differs} == set(PYCM_DIFFERS) | set(PYCM_SCALE)


@pytest.mark.parametrize("name", SK_MEASURES)
def test_against_scikit_learn(name):
    m, conv = registry.get(name), CONVENTIONS[name]
    compared = 0
    for t in TABLES:
        if sum(t) == 0:
            continue
        ours = _ours(m, t)
        theirs = float(_quiet(SKLEARN[conv.sklearn], *_labels(*t), m, conv))
        if ours is None:
            expected = SKLEARN_DIFFERS[name](t) if name in SKLEARN_DIFFERS else math.nan
            assert (math.isnan(theirs) and math.isnan(expected)) or _close(theirs, expected), (t, theirs)
        else:
            assert _close(ours, theirs), (t, ours, theirs)
            compared += 1
    assert compared >= 100


@pytest.mark.parametrize("name", PYCM_MEASURES)
def test_against_pycm(name):
    m, conv = registry.get(name), CONVENTIONS[name]
    for t in TABLES:
        cm = _cm(t)
        raw = cm.overall_stat[conv.pycm] if conv.pycm in PYCM_OVERALL else cm.class_stat[conv.pycm][1]
        theirs = None if raw in (None, "None") else float(raw) * PYCM_SCALE.get(name, 1)
        ours = _ours(m, t)
        if name in PYCM_DIFFERS and PYCM_DIFFERS[name][0](t):
            ours = PYCM_DIFFERS[name][1](t)
        if ours is None or theirs is None:
            assert ours is None and theirs is None, (t, ours, raw)
        else:
            assert _close(ours, theirs), (t, ours, theirs)


def test_stipulated_f1_is_what_sklearn_zero_division_1_gives():
    """F1 := 1 at TP = FP = FN = 0 is scikit-learn's zero_division=1.0, not its default (0)."""
    f1 = registry.get("F1")
    assert CONVENTIONS["F1"].rule == STIPULATED and value_at(f1, (0, 0, 0, 5)) == 1
    y, p = _labels(0, 0, 0, 5)
    assert _quiet(sk.f1_score, y, p) == 0.0
    assert _quiet(lambda: sk.f1_score(y, p, zero_division=1.0)) == 1.0


def test_mutual_information_of_the_perfect_classifier_is_ln_2():
    """The issue's example: (23, 0, 0, 23) was 'undefined'; the 0 log 0 = 0 limit gives ln 2."""
    assert sp.simplify(value_at(registry.get("MI"), (23, 0, 0, 23)) - sp.log(2)) == 0


# ------------------------------------------------------------------ measures neither library computes
# ... are compositions of PyCM's class statistics (TPR, TNR, PPV, NPV, FPR, FNR, BM, ACC of the
# positive class): checked on the tables where every statistic used is defined.
def _lam(s):
    odds = (s["FNR"] / (1 - s["FNR"])) * (s["FPR"] / (1 - s["FPR"]))
    return math.sqrt(odds) / (1 + math.sqrt(odds))


COMPOSED = {
    "Kulczynski": lambda s: (s["PPV"] + s["TPR"]) / 2,
    "ASP": lambda s: s["PPV"] * s["TPR"],
    "SensitivityRS": lambda s: s["TPR"] * s["TNR"],
    "Reliability": lambda s: s["PPV"] * s["NPV"],
    "F(R,S)": lambda s: 2 / (1 / (s["PPV"] * s["NPV"]) + 1 / (s["TPR"] * s["TNR"])),
    "K": lambda s: s["BM"],                           # K is informedness where both classes occur
    "WAcc": lambda s: s["ACC"],                       # at its default lambda = 1
    "Lam%": _lam,
    "PT": lambda s: (math.sqrt(s["TPR"] * s["FPR"]) - s["FPR"]) / (s["TPR"] - s["FPR"]),   # Balayla's printed form
}


@pytest.mark.parametrize("name", sorted(COMPOSED))
def test_composed_from_pycm_statistics(name):
    m = registry.get(name)
    compared = 0
    for t in TABLES:
        tp, fp, fn, tn = t
        cm = _cm(t)
        stats = {k: cm.class_stat[k][1] for k in ("TPR", "TNR", "PPV", "NPV", "FPR", "FNR", "BM", "ACC")}
        if any(v in (None, "None") for v in stats.values()):
            continue
        if name == "PT" and tp * (fp + tn) == fp * (tp + fn):
            continue                                   # TPR = FPR: the printed form is 0/0 (README)
        try:
            theirs = COMPOSED[name]({k: float(v) for k, v in stats.items()})
        except (ZeroDivisionError, ValueError):
            continue                                   # the composition itself is 0/0 or x/0 there
        ours = _ours(m, t)
        assert ours is not None and _close(ours, theirs), (t, ours, theirs)
        compared += 1
    assert compared >= 100
