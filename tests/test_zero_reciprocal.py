"""The reading zero-reciprocal of a probability form (issue 16, the four measures that were
strict xfails of the corpus): ``limit`` (x/0 inside a reciprocal is its limit 0, P(X|Y)P(Y) the
joint; the papers' reading, the headline) and ``undefined`` (the form as written).

The checkers judge the count form (``Measure.count_form``, sympy's cancellation guarded by the
reading); the cross-check evaluates the written form by its own rules
(``symmetric.crosscheck.reciprocal``).  The two are compared here on every small table, in each
reading, so that neither can drift from the other.
"""

from __future__ import annotations

import dataclasses

import pytest
import sympy as sp

from symmetric.crosscheck import values as V
from symmetric.crosscheck.formula import classification_formula, tables
from symmetric.errors import InvalidArgument, UnknownNameError
from symmetric.logic import Verdict
from symmetric.measures import registry
from symmetric.properties import driver
from symmetric.properties.tables import exact_value
from symmetric.userinput.kinds import KINDS
from symmetric.userinput.measures import build_measure

READINGS = ("limit", "undefined")


def typed(text: str):
    return build_measure(KINDS["classification"], "M", {"probs": text}, (), "higher")


MEASURES = {
    "F": lambda: registry.get("F", "classification"),
    "F(R,S)": lambda: registry.get("F(R,S)", "classification"),
    "Kappa": lambda: registry.get("Kappa", "classification"),
    "harmonic": lambda: typed("2/(1/P(G|S) + 1/P(S|G))"),
    "ProbF1": lambda: typed("2*P(G|S)*P(S|G)/(P(G|S) + P(S|G))"),
    "agreement": lambda: typed("P(S|G)*P(G) + P(not S|not G)*P(not G)"),
    "nested": lambda: typed("1 - 1/(1 + 1/P(S|G))"),
}


def _variant(name: str, reading: str):
    return dataclasses.replace(MEASURES[name](), zero_reciprocal=reading)


def _param_values(measure) -> dict:
    return {p.symbol: sp.Rational(p.default) for p in measure.params}


@pytest.mark.parametrize("reading", READINGS)
@pytest.mark.parametrize("name", list(MEASURES))
def test_checkers_and_evaluator_read_the_formula_alike(name, reading):
    m = _variant(name, reading)
    formula = classification_formula(m)
    params = tuple((p.symbol.name, V.to_fraction(str(p.default))) for p in m.params)
    for table in tables(5, 1):
        ours = exact_value(m, table, _param_values(m))
        theirs = formula.value(table, params)
        assert (ours is None) == (theirs is V.UNDEFINED), (table, ours, theirs)
        if ours is not None:
            assert V.compare(V.to_fraction(str(ours)), theirs) == 0, (table, ours, theirs)


@pytest.mark.parametrize("name, table, limit, undefined", [
    ("F", (0, 2, 1, 0), 0, None),                       # precision = recall = 0: the harmonic mean's limit
    ("F", (0, 0, 1, 1), None, None),                    # precision 0/0: undefined in both readings
    ("harmonic", (0, 1, 1, 0), 0, None),
    ("ProbF1", (0, 2, 1, 0), None, None),               # 0/0 outside any reciprocal: undefined in both
    ("agreement", (0, 1, 0, 1), sp.Rational(1, 2), None),   # P(S|G)P(G) at P(G) = 0 is the joint, 0
    ("Kappa", (0, 2, 0, 0), 0, None),                  # P(G) = 0: observed and chance agreement both 0
    ("Kappa", (2, 0, 0, 0), None, None),               # 1 - chance agreement = 0: undefined in both
    ("nested", (0, 1, 1, 1), 1, None),
])
def test_values_in_each_reading(name, table, limit, undefined):
    for reading, expected in zip(READINGS, (limit, undefined)):
        m = _variant(name, reading)
        assert exact_value(m, table, _param_values(m)) == expected, reading


def test_the_headline_is_the_limit_and_only_affected_measures_name_it():
    f = driver.check(registry.get("F", "classification"), ["SM"], readings={"zero-reciprocal": "undefined"})
    assert [(r.reading, r.verdict) for r in f] == [
        ("defined, nondegenerate; zero-reciprocal=limit", Verdict.FAILS),      # Amigo et al.'s table: F fails SM
        ("defined, nondegenerate; zero-reciprocal=undefined", Verdict.HOLDS)]
    acc = driver.check(registry.get("Acc", "classification"), ["SM"], readings={"zero-reciprocal": "undefined"})
    assert [r.reading for r in acc] == ["defined, nondegenerate"]
    assert not registry.get("Acc", "classification").reads_zero_reciprocal


def test_a_reading_that_is_no_choice_is_refused():
    with pytest.raises(InvalidArgument, match="zero_reciprocal"):
        dataclasses.replace(registry.get("F", "classification"), zero_reciprocal="zero")
    with pytest.raises(UnknownNameError, match="did you mean 'limit'"):
        driver.check(registry.get("F", "classification"), ["SM"], readings={"zero-reciprocal": "lim"})
