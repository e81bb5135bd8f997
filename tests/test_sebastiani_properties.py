"""Sebastiani's axioms on catalogue measures: verdicts, and counterexamples re-evaluated."""

import pytest
import sympy as sp

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
    "MCC": (F, F, F, F, U, F, F, F, H),
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
