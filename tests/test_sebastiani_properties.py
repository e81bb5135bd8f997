"""Sebastiani's axioms on catalogue measures: verdicts, and counterexamples re-evaluated."""

import pytest
import sympy as sp

from symmetric.checks.cases import zero_patterns
from symmetric.measures.base import Measure

from symmetric.measures import registry
from symmetric.properties import sebastiani as S
from symmetric.properties.base import PropertyVerdict as V
from symmetric.properties.tables import exact_value

H, F, U = V.HOLDS, V.FAILS, V.UNDETERMINED
ORDER = [name for name, _ in S.CHECKERS]
# MON CON SDE WDE FIX CHA[b] CHA[u] IMB SYM  (the paper: K all hold; F1 fails MON CON CHA IMB SYM)
EXPECTED = {
    "K":   (H, H, H, H, H, H, H, H, H),
    "F1":  (F, F, H, H, H, F, F, F, F),
    "Acc": (H, H, H, H, H, H, H, F, H),
    "ASP": (F, F, F, F, F, F, F, F, F),
    "MCC": (F, F, F, F, H, F, F, F, H),       # FIX by z3 with the square roots as constrained variables
    "Lam%": (F, F, F, F, H, F, F, F, H),
    "Youden": (F, F, F, H, H, F, F, H, H),   # WDE: undefined exactly on the test sets with AP = 0 or AN = 0
    "BalAcc": (F, F, F, H, H, F, F, H, H),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_verdicts(name):
    got = tuple(check(registry.get(name)).verdict for _, check in S.CHECKERS)
    assert dict(zip(ORDER, got)) == dict(zip(ORDER, EXPECTED[name]))


def test_mon_counterexample_is_exact():
    r = S.check_mon(registry.get("F1"))
    f1 = registry.get("F1")
    before, after = tuple(r.counterexample["h"]), tuple(r.counterexample["h'"])
    assert exact_value(f1, after, {}) <= exact_value(f1, before, {})


@pytest.mark.parametrize("model,ap,an,expected", [
    ("bernoulli", 1, 0, sp.Rational(1, 2)), ("uniform-size", 1, 0, sp.Rational(1, 2)),
    ("bernoulli", 2, 0, sp.Rational(7, 12)),        # TP ~ Bin(2,1/2): (0 + 2*2/3 + 1)/4
    ("uniform-size", 2, 0, sp.Rational(5, 9)),      # k uniform on 0..2: (0 + 2/3 + 1)/3
])
def test_expected_f1_exact(model, ap, an, expected):
    assert S.expected_value(registry.get("F1"), S.RANDOM_MODELS[model], ap, an) == expected


@pytest.mark.parametrize("model", sorted(S.RANDOM_MODELS))
def test_models_are_distributions(model):
    rm = S.RANDOM_MODELS[model]
    for ap, an in S.test_sets(5):
        assert sum(p for p, _ in rm.outcomes(ap, an)) == 1


def test_con_finds_stipulated_discontinuity():
    r = S.check_con(registry.get("F1"))
    assert r.verdict is F and r.counterexample["M(point)"] != r.counterexample["limit"]


# ------------------------------------------------------------------ WDE by kinds of test set

# statuses on the kinds AP > 0 and AN > 0 / AP = 0 / AN = 0
KIND_STATUS = {
    "K": ("defined", "defined", "defined"),
    "F1": ("defined", "defined", "defined"),
    "Youden": ("defined", "undefined", "undefined"),
    "Sensitivity": ("defined", "undefined", "undefined"),   # TP TN / (AP AN) in disguise
    "MCC": ("mixed", "undefined", "undefined"),
    "DOR": ("mixed", "undefined", "undefined"),
    "ASP": ("mixed", "undefined", "mixed"),
}


@pytest.mark.parametrize("name", sorted(KIND_STATUS))
def test_definedness_by_kind_of_test_set(name):
    kinds = S.kinds_by_definedness(registry.get(name), S._Clock(60))
    assert tuple(k.status for k in kinds) == KIND_STATUS[name]


@pytest.mark.parametrize("name", sorted(KIND_STATUS))
def test_kind_statuses_agree_with_exact_tables(name):
    """Every proved pattern status agrees with exact evaluation on the small tables of the pattern."""
    m = registry.get(name)
    for kd in S.kinds_by_definedness(m, S._Clock(60)):
        for case, status, _ in kd.patterns:
            for ap, an in S.test_sets(5):
                for t in S.classifiers(ap, an):
                    if {c for c, v in zip(S.CELLS, t) if v == 0} == set(case.zero):
                        assert (exact_value(m, t, {}) is not None) == (status == "defined"), (case.zero, t)


@pytest.mark.parametrize("case", list(zero_patterns()), ids=lambda c: S._zeros_text(c))
def test_pattern_table_realises_its_pattern(case):
    t = S.pattern_table(case)
    assert {c for c, v in zip(S.CELLS, t) if v == 0} == set(case.zero)
    assert t[0] + t[2] in (0, 2) and t[1] + t[3] in (0, 2)     # one test set per kind


@pytest.mark.parametrize("name", ["MCC", "DOR", "ASP"])
def test_mixed_kind_counterexample_is_exact(name):
    m = registry.get(name)
    mixed = next(k for k in S.kinds_by_definedness(m, S._Clock(60)) if k.status == "mixed")
    r = S._mixed_kind_counterexample(m, mixed)
    assert r.verdict is F
    a, b = tuple(r.counterexample["defined"]), tuple(r.counterexample["undefined"])
    assert (a[0] + a[2], a[1] + a[3]) == (b[0] + b[2], b[1] + b[3])      # the same test set
    assert exact_value(m, a, {}) is not None and exact_value(m, b, {}) is None


@pytest.mark.parametrize("name", ["MCC", "DOR", "Lam%"])
def test_wde_search_counterexample_is_exact(name):
    m = registry.get(name)
    r = S.check_wde(m)
    assert r.verdict is F
    assert exact_value(m, tuple(r.counterexample["defined"]), {}) is not None
    assert exact_value(m, tuple(r.counterexample["undefined"]), {}) is None


# ------------------------------------------------------------------ FIX with undefined test sets and roots

# the range a FIX proof establishes, cross-checked exactly on every small test set where the
# measure is defined somewhere
FIX_RANGE = {
    "MCC": (-1, 1), "Phi": (-1, 1), "Lam%": (0, 1), "Youden": (-1, 1), "BalAcc": (0, 1),
    "Sensitivity": (0, 1), "K": (-1, 1), "F1": (0, 1),
}


@pytest.mark.parametrize("name", sorted(FIX_RANGE))
def test_fix_holds_with_the_exact_ranges(name):
    m = registry.get(name)
    assert S.check_fix(m).verdict is H
    for ap, an in S.test_sets(6):
        if any(exact_value(m, t, {}) is not None for t in S.classifiers(ap, an)):
            (lo, _), (hi, _) = S._exact_range(m, ap, an, {})
            assert (lo, hi) == FIX_RANGE[name], (ap, an)


def test_fix_not_proved_when_perfect_is_undefined_on_a_live_test_set():
    """Recall stipulated 1 only where AP = 0 and FP = 0: on AP = 0 the perfect classifier is
    defined, but the classifier with FP > 0 is not; on AP > 0 the range is [0, 1].  The old
    proof substituted AP = 0 after cancelling AP/AP; the kinds now come from the patterns."""
    from symmetric.space import FN, FP, TN, TP
    m = Measure("R0", "recall, 1 on the empty perfect table",
                counts=sp.Piecewise((1, sp.Eq(TP + FN + FP, 0)), (TP / (TP + FN), True)))
    r = S.check_fix(m)
    assert r.verdict is not H
