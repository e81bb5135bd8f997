"""Sebastiani's axioms on catalogue measures: verdicts, and counterexamples re-evaluated."""

import pytest
import sympy as sp

from symmetric.checks.cases import zero_patterns
from symmetric.measures.base import Measure

from symmetric.measures import registry
from symmetric.properties import sebastiani as S
from symmetric.logic import Verdict as V
from symmetric.properties.tables import exact_value

H, F, U = V.HOLDS, V.FAILS, V.UNDETERMINED
CHECKER = dict(S.CHECKERS)
# (property, reading) columns: the headline reading of each property first (marked in the
# catalogue), then the others.  The paper: K all hold; F1 fails MON CON CHA IMB SYM; his MON
# failures (ASP, DOR, LAM%) are ties between defined scores, so MCC, Youden's J and balanced
# accuracy hold MON in the `defined` reading and fail only the `strict` one.
COLUMNS = (("MON", {"definedness": "defined"}), ("MON", {"definedness": "strict"}),
           ("CON", {"definedness": "defined-test-sets"}), ("CON", {"definedness": "strict"}),
           ("SDE", {}), ("WDE", {}),
           ("FIX", {"definedness": "defined"}), ("FIX", {"definedness": "strict"}),
           *(("CHA", {"definedness": d, "model": m}) for d in ("defined", "strict")
             for m in ("bernoulli", "uniform-size", "fixed-size")),
           ("IMB", {"definedness": "defined"}), ("IMB", {"definedness": "strict"}),
           ("SYM", {}))
EXPECTED = {   # one letter per column (H holds, F fails, U undetermined)
    "K": "H H H H H H H H H H F H H F H H H",
    "F1": "F F F F H H H H F F F F F F F F F",
    "Acc": "H H H H H H H H H H F H H F F F H",
    "ASP": "F F F F F F F F F F F F F F F F F",
    # FIX by z3 with the square roots as constrained variables; CHA: E[MCC | output size k] = 0
    # for every k (proved per output size)
    # IMB: the trivial acceptor and rejector have no score on any test set: "we cannot even say"
    # (Sebastiani, Section 4, on DOR and LAM%): undetermined in the defined reading, fails strict
    "MCC": "H F F F F F H F H H H F F F U F H",
    "Lam%": "F F F F F F H F H H F F F F U F H",
    # WDE: undefined exactly on the test sets with AP = 0 or AN = 0
    "Youden": "H F H F F H H F H H H F F F H H H",
    "BalAcc": "H F H F F H H F H H H F F F H H H",
    # Cohen's kappa: 2(|D| TP - k AP)/(AP |D| + k (AN - AP)) once k is fixed, mean 0 for every k;
    # MON fails on a tie between defined scores (0 and 0 on a test set with AP = 0)
    "Kappa": "F F F F F F F F H H H F F F H H H",
}
CASES = [(name, prop, reading, {"H": H, "F": F, "U": U}[letter])
         for name, letters in EXPECTED.items() for (prop, reading), letter in zip(COLUMNS, letters.split())]


def test_the_columns_cover_every_reading_of_every_axiom():
    from symmetric.properties import catalogue
    expected = {(p.name, r.name) for p in catalogue.for_kind("classification") if p.family == "sebastiani"
                for r in p.readings()}
    assert {(prop, ", ".join(reading.values()) or "as defined") for prop, reading in COLUMNS} == expected


@pytest.mark.parametrize("name,prop,reading,verdict", CASES,
                         ids=[f"{n}-{p}-{'-'.join(r.values())}" for n, p, r, _ in CASES])
def test_verdicts(name, prop, reading, verdict):
    result = CHECKER[prop](registry.get(name), **reading)
    assert result.verdict is verdict, (result.reason, result.proof[:2])
    if verdict is F:
        assert result.counterexample is not None or result.proof


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
        for k in rm.sizes(ap, an):      # fixed-size: one distribution per output size k
            assert sum(p for p, _ in rm.outcomes(ap, an, k)) == 1


@pytest.mark.parametrize("name,model,k,expected", [
    ("Acc", "fixed-size", 1, sp.Rational(5, 8)),    # (AP, AN) = (1, 3), k = 1: 1/4 * 1 + 3/4 * 2/4
    ("Youden", "fixed-size", 2, 0),                  # E_k[TP/AP + TN/AN - 1] = k/n + (n-k)/n - 1
    ("Youden", "bernoulli", None, 0),
])
def test_expected_per_output_size(name, model, k, expected):
    assert S.expected_value(registry.get(name), S.RANDOM_MODELS[model], 1, 3, k=k) == expected


@pytest.mark.parametrize("name,gamma", [("Kappa", 0), ("MCC", 0), ("Youden", 0), ("BalAcc", sp.Rational(1, 2))])
def test_per_size_proof_agrees_with_exact_enumeration(name, gamma):
    """CHA proved per output size: E[M | k] = gamma on every test set with |D| <= 8 and every k
    (exact sums over the outputs where M is defined)."""
    m = registry.get(name)
    values = {S.expected_value(m, S.RANDOM_MODELS["fixed-size"], ap, an, k=k, strict=False)
              for ap, an in S.test_sets(8) for k in range(ap + an + 1)}
    assert values - {None} == {gamma}
    assert S.check_cha(m, "fixed-size").verdict is H


def test_defined_reading_takes_the_expectation_where_the_measure_is_defined():
    # precision-like MCC on AP = AN = 1 (bernoulli): undefined at the empty and the full output,
    # -1 and 1 at the other two: E[M | M defined] = 0; the strict reading has no expectation
    mcc = registry.get("MCC")
    assert S.expected_value(mcc, S.RANDOM_MODELS["bernoulli"], 1, 1, strict=False) == 0
    assert S.expected_value(mcc, S.RANDOM_MODELS["bernoulli"], 1, 1) is None


def test_con_finds_stipulated_discontinuity():
    r = S.check_con(registry.get("F1"))
    assert r.verdict is F and r.counterexample["M(point)"] != r.counterexample["limit"]


# ------------------------------------------------------------------ WDE by kinds of test set

# statuses on the kinds AP > 0 and AN > 0 / AP = 0 / AN = 0
KIND_STATUS = {
    "K": ("defined", "defined", "defined"),
    "F1": ("defined", "defined", "defined"),
    "Youden": ("defined", "undefined", "undefined"),
    "SensitivityRS": ("defined", "undefined", "undefined"),   # TP TN / (AP AN) in disguise
    "MCC": ("mixed", "undefined", "undefined"),
    "DOR": ("mixed", "undefined", "undefined"),
    "ASP": ("mixed", "undefined", "mixed"),
}


@pytest.mark.parametrize("name", sorted(KIND_STATUS))
def test_definedness_by_kind_of_test_set(name):
    kinds = S.kinds_by_definedness(registry.get(name))
    assert tuple(k.status for k in kinds) == KIND_STATUS[name]


@pytest.mark.parametrize("name", sorted(KIND_STATUS))
def test_kind_statuses_agree_with_exact_tables(name):
    """Every proved pattern status agrees with exact evaluation on the small tables of the pattern."""
    m = registry.get(name)
    for kd in S.kinds_by_definedness(m):
        for case, status, _ in kd.patterns:
            for ap, an in S.test_sets(5):
                for t in S.classifiers(ap, an):
                    if {c for c, v in zip(S.CELLS, t) if v == 0} == set(case.zero):
                        assert (exact_value(m, t, {}) is not None) == (status == "defined"), (case.zero, t)


@pytest.mark.parametrize("case", list(zero_patterns()), ids=lambda c: S.zeros_text(c))
def test_pattern_table_realises_its_pattern(case):
    t = S.pattern_table(case)
    assert {c for c, v in zip(S.CELLS, t) if v == 0} == set(case.zero)
    assert t[0] + t[2] in (0, 2) and t[1] + t[3] in (0, 2)     # one test set per kind


@pytest.mark.parametrize("name", ["MCC", "DOR", "ASP"])
def test_mixed_kind_counterexample_is_exact(name):
    m = registry.get(name)
    mixed = next(k for k in S.kinds_by_definedness(m) if k.status == "mixed")
    r = S.mixed_kind_counterexample(m, mixed)
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
    "SensitivityRS": (0, 1), "K": (-1, 1), "F1": (0, 1),
}


@pytest.mark.parametrize("name", sorted(FIX_RANGE))
def test_fix_holds_with_the_exact_ranges(name):
    m = registry.get(name)
    assert S.check_fix(m).verdict is H
    for ap, an in S.test_sets(6):
        if any(exact_value(m, t, {}) is not None for t in S.classifiers(ap, an)):
            (lo, _), (hi, _) = S.exact_range(m, ap, an, {})
            assert (lo, hi) == FIX_RANGE[name], (ap, an)


# (measure, classifier, kind) -> score; None = undefined (0/0 or x/0 visible)
KIND_SCORES = [
    ("Youden", "perfect", 0, 1), ("Youden", "perfect", 1, None), ("Youden", "perfect", 2, None),
    ("Youden", "pervert", 0, -1), ("MCC", "perfect", 1, None), ("MCC", "pervert", 0, -1),
    ("K", "perfect", 1, 1), ("K", "pervert", 1, -1), ("K", "pervert", 2, -1), ("F1", "perfect", 1, 1),
    ("F1", "pervert", 2, 0), ("Lam%", "perfect", 0, 0), ("Lam%", "perfect", 2, None),
]


@pytest.mark.parametrize("name,classifier,kind,expected", KIND_SCORES)
def test_score_on_kind_of_test_set(name, classifier, kind, expected):
    """The perfect classifier of Youden's J on AP = 0 is 0/0 (the old FIX proof substituted
    AP = 0 after AP/AP had cancelled and claimed the score 1 there)."""
    table = {"perfect": S.perfect, "pervert": S.pervert}[classifier]
    e = S.score_on_kind(registry.get(name).count_form, table, S.TEST_SET_KINDS[kind])
    if expected is None:
        assert S.is_undefined_constant(e)
    else:
        assert sp.simplify(e - expected) == 0
    k = S.TEST_SET_KINDS[kind]        # agrees with exact evaluation on a concrete test set
    ap, an = (3 if k.positives else 0), (2 if k.negatives else 0)
    v = exact_value(registry.get(name), table(ap, an), {})
    assert (v is None) if expected is None else v == expected


def test_fix_fails_when_the_range_shrinks_on_empty_classes():
    """Recall with 1 stipulated on the empty perfect table: on AP = 0 only the perfect
    classifier is defined, so the range there is {1}, not [0, 1] (found and re-checked)."""
    from symmetric.space import FN, FP, TP
    m = Measure("R0", "recall, 1 on the empty perfect table",
                counts=sp.Piecewise((1, sp.Eq(TP + FN + FP, 0)), (TP / (TP + FN), True)))
    r = S.check_fix(m)
    assert r.verdict is F
    cx = r.counterexample
    values = {k: exact_value(m, tuple(cx[k]), {}) for k in ("min 1", "max 1", "min 2", "max 2")}
    assert values == {k: cx[f"M({k})"] for k in values}
    assert (values["min 1"], values["max 1"]) != (values["min 2"], values["max 2"])
