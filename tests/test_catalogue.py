"""The classification catalogue: every measure the issue names is there with both forms, every
measure has a zero convention, and its computed value on each of the 15 zero patterns agrees
with exact evaluation on the integer tables of the pattern."""

from __future__ import annotations

import itertools

import pytest
import sympy as sp

from symmetric.checks.cases import POSITIVE
from symmetric.measures import registry
from symmetric.measures.conventions import CONVENTIONS, LIMIT, STIPULATED, Convention
from symmetric.measures.zeros import value_at, zero_pattern_values
from symmetric.space import CELLS, FN, FP, TN, TP

# the measures the issue asks for, by a name users know -> the catalogue entry and its count form
REQUIRED = {
    "precision": ("Precision", TP / (TP + FP)), "recall": ("Recall", TP / (TP + FN)),
    "sensitivity": ("Recall", TP / (TP + FN)), "specificity": ("Specificity", TN / (TN + FP)),
    "npv": ("NPV", TN / (TN + FN)), "fpr": ("FPR", FP / (FP + TN)), "fnr": ("FNR", FN / (FN + TP)),
    "fdr": ("FDR", FP / (FP + TP)), "for": ("FOR", FN / (FN + TN)),
    "accuracy": ("Acc", (TP + TN) / (TP + FP + FN + TN)), "err": ("ErrorRate", (FP + FN) / (TP + FP + FN + TN)),
    "balancedaccuracy": ("BalAcc", (TP / (TP + FN) + TN / (TN + FP)) / 2),
    "jaccard": ("Jaccard", TP / (TP + FP + FN)), "threatscore": ("Jaccard", TP / (TP + FP + FN)),
    "fm": ("FowlkesMallows", TP / sp.sqrt((TP + FP) * (TP + FN))),
    "g-mean": ("Gmean", sp.sqrt(TP * TN / ((TP + FN) * (TN + FP)))),
    "informedness": ("Youden", TP / (TP + FN) + TN / (TN + FP) - 1),
    "markedness": ("Markedness", TP / (TP + FP) + TN / (TN + FN) - 1),
    "mcc": ("MCC", (TP * TN - FP * FN) / sp.sqrt((TP + FP) * (TP + FN) * (TN + FP) * (TN + FN))),
    "kappa": ("Kappa", 2 * (TP * TN - FP * FN) / ((TP + FP) * (FP + TN) + (TP + FN) * (FN + TN))),
    "dor": ("DOR", TP * TN / (FP * FN)), "lr+": ("LR+", TP * (FP + TN) / ((TP + FN) * FP)),
    "lr-": ("LR-", FN * (TN + FP) / ((TP + FN) * TN)),
    "kulczynski": ("Kulczynski", (TP / (TP + FP) + TP / (TP + FN)) / 2),
    "prevalencethreshold": ("PT", (sp.sqrt(TP / (TP + FN) * FP / (FP + TN)) - FP / (FP + TN))
                            / (TP / (TP + FN) - FP / (FP + TN))),
}

_TABLES = [t for t in itertools.product(range(4), repeat=4)]


@pytest.mark.parametrize("alias,entry", sorted(REQUIRED.items()))
def test_required_measure_is_the_standard_formula(alias, entry):
    name, formula = entry
    m = registry.get(alias, "classification")
    assert m.name == name and m.prob_form is not None
    for t in _TABLES:                                     # the same value wherever the formula has one
        standard = formula.xreplace(dict(zip(CELLS, map(sp.Integer, t))))
        if standard.has(sp.nan, sp.zoo) or standard.is_extended_real is False:
            continue
        assert sp.simplify(m.evaluate(*t) - standard) == 0, (alias, t)


def test_sensitivity_is_recall_and_amigo_sensitivity_is_the_product():
    assert registry.get("Sensitivity").name == "Recall"
    product = registry.get("SensitivityRS")
    assert sp.simplify(product.evaluate(3, 1, 2, 4) - sp.Rational(3, 5) * sp.Rational(4, 5)) == 0


def test_every_classification_measure_has_a_convention_and_fifteen_patterns():
    assert set(CONVENTIONS) == set(registry.names("classification"))
    for name in ("Precision", "F1", "MCC", "K"):
        values = zero_pattern_values(registry.get(name))
        assert len(values) == 15 and len({v.zero for v in values}) == 15
        assert values[-1].zero == ("TP", "FP", "FN", "TN")        # the empty table
    assert zero_pattern_values(registry.get("MCC"))[-1].how == "undefined"


def test_a_convention_names_a_known_rule():
    with pytest.raises(ValueError):
        Convention("zero")


CHEAP = [n for n in registry.names("classification") if CONVENTIONS[n].rule != LIMIT]


@pytest.mark.parametrize("name", CHEAP)
def test_pattern_values_agree_with_exact_evaluation(name):
    """A pattern's value (formula or stipulation) is the measure at every small table of it; an
    undefined pattern has no defined table."""
    m = registry.get(name)
    params = {p.symbol.name: p.default for p in m.params}
    by_zero = {v.zero: v for v in zero_pattern_values(m)}
    for t in _TABLES:
        zero = tuple(c.name for c, v in zip(CELLS, t) if v == 0)
        if not zero:
            continue
        pv = by_zero[zero]
        exact = m.evaluate(*t, **params)
        defined = exact.is_number and not exact.has(sp.nan, sp.zoo, sp.oo, -sp.oo)
        if pv.how == "undefined":
            assert not defined, (t, exact)
        elif pv.how in ("formula", "stipulated"):
            at = {POSITIVE[c]: sp.Integer(v) for c, v in zip(CELLS, t)}
            at.update({p.symbol: p.default for p in m.params})
            assert defined and sp.simplify(pv.value.xreplace(at) - exact) == 0, (t, pv.value, exact)


def test_stipulated_patterns_are_where_the_piecewise_decides():
    f1 = {v.zero: v for v in zero_pattern_values(registry.get("F1"))}
    assert f1[("TP", "FP", "FN")].how == "stipulated" and f1[("TP", "FP", "FN")].value == 1
    assert [z for z, v in f1.items() if v.how == "stipulated"] == [("TP", "FP", "FN"), ("TP", "FP", "FN", "TN")]
    assert CONVENTIONS["F1"].rule == STIPULATED and CONVENTIONS["Jaccard"].rule != STIPULATED
    assert value_at(registry.get("Jaccard"), (0, 0, 0, 4)) is None


def test_mutual_information_takes_the_limit_at_zero_cells():
    mi = registry.get("MI")
    values = {v.zero: v for v in zero_pattern_values(mi)}
    empty = values.pop(("TP", "FP", "FN", "TN"))
    assert all(v.how == "limit" for v in values.values())
    assert empty.how == "undefined"           # MI is scale-free: at the empty table the limit depends on the path
    assert values[("TP", "FP")].value == 0                 # nothing predicted positive: no information
    exact = value_at(mi, (23, 0, 0, 23))
    assert sp.simplify(exact - sp.log(2)) == 0
    # the limit is the formula's: close to it at tiny positive cells (a sanity check, not a proof)
    tiny = sp.Rational(1, 10**9)
    near = mi.count_form.xreplace({TP: sp.Integer(23), FP: tiny, FN: tiny, TN: sp.Integer(23)})
    assert abs(sp.N(near - exact, 30)) < 1e-6
