"""tests/exact_values.py, the oracle tests' fast path, against ``zeros.value_at`` itself: on every
zero pattern (where the formula, a stipulation or a limit decides) and on tables with no zero
cell, for every classification measure, the compiled form either has no value (and the fast
path asks ``value_at``) or has exactly ``value_at``'s (equal Fractions where it is rational)."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest
import sympy as sp
from exact_values import compiled_value, fast_value

from symmetric.measures import registry
from symmetric.measures.base import Measure
from symmetric.measures.zeros import value_at
from symmetric.space import FN, FP, TN, TP

BASE = ((3, 2, 4, 5), (1, 7, 2, 1), (6, 6, 6, 6), (2, 1, 1, 2))      # the last two: TPR = FPR, TP TN = FP FN
TABLES = [tuple(0 if z else v for z, v in zip(zero, b)) for zero in itertools.product((0, 1), repeat=4)
          for b in BASE if not all(zero)]
_rng = random.Random(26)
TABLES += [tuple(_rng.randint(1, 12) for _ in range(4)) for _ in range(12)]


def _params(measure):
    return {p.symbol.name: p.default for p in measure.params}


@pytest.mark.parametrize("name", registry.names("classification"))
def test_the_compiled_form_has_value_at_s_value_or_none(name):
    m = registry.get(name)
    compiled_somewhere = 0
    for t in TABLES:
        ours = compiled_value(m, t, **_params(m))
        if ours is None:
            continue
        compiled_somewhere += 1
        exact = value_at(m, t, **_params(m))
        assert exact is not None, (t, ours)            # never a value where the formula has none
        if isinstance(ours, (int, Fraction)):
            assert exact.is_Rational and Fraction(int(exact.p), int(exact.q)) == ours, (t, ours, exact)
        else:
            assert abs(float(sp.N(exact, 30)) - ours) <= 1e-12 * max(1.0, abs(ours)), (t, ours, exact)
        assert fast_value(m, t, **_params(m)) == float(ours)
    assert compiled_somewhere > 0


@pytest.mark.parametrize("form, table, expected", [
    (TP / (TP + FP), (0, 0, 3, 4), None),                          # 0/0: ZeroDivisionError
    (sp.log(TP), (0, 1, 1, 1), None),                              # log 0: ValueError
    (sp.sqrt(TP - FP), (1, 2, 1, 1), None),                        # a root of a negative number
    ((TP - FP) ** sp.Rational(1, 3), (1, 2, 1, 1), None),          # a negative base to a fractional power
    ((TP + FP / 2) / (TN - FN / 2), (1, 1, 2, 2), Fraction(3, 2)),  # rational constants stay exact
    ((TP - FP / 3) / (TN - FN / 2), (1, 3, 4, 2), None),           # 0/0 exactly, not a rounding residue
    (sp.sqrt(TP + TN), (2, 1, 1, 7), 3.0),
])
def test_the_compiled_form_is_exact_or_has_no_value(form, table, expected):
    m = Measure(name="T", title="T", counts=form)
    found = compiled_value(m, table)
    assert found == expected and type(found) is type(expected), (found, expected)
