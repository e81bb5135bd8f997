"""The cross-check's integer-pair evaluator (symmetric/crosscheck/fastform.py) against the node
closures it stands in for and against sympy's exact value: equal Fractions where the form is
defined, undefined exactly where the closures say so (a division by 0 anywhere in the form,
even one a product by 0 would hide), and no pair function for a form it does not compute."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy as sp
from hypothesis import HealthCheck, given, settings, strategies as st

from symmetric.crosscheck import fastform
from symmetric.crosscheck import values as V
from symmetric.crosscheck.formula import CELL_NAMES, classification_formula
from symmetric.crosscheck.sympyform import compile_sympy
from symmetric.measures import registry

TP, FP, FN, TN, a = sp.symbols("TP FP FN TN a")
LEAVES = CELL_NAMES + ("a",)
NAMES = {name: (lambda env, k=name: env[k]) for name in LEAVES}
NAMES["n"] = lambda env: env["TP"] + env["FP"] + env["FN"] + env["TN"]

# forms written to reach every rule: sums, products, negative powers, nested quotients, Min, Max,
# Abs, a parameter, n, and a 0 * (x/0) that sympy keeps unevaluated as written
FORMS = [
    TP / (TP + FP),
    2 * TP / (2 * TP + FP + FN),
    (TP * TN - FP * FN) / ((TP + FP) * (FN + TN)),
    (TP / (TP + FN) + TN / (TN + FP)) / 2,
    sp.Max(TP + FN, FP + TN) / sp.Symbol("n"),
    sp.Min(TP, FP) / (TN + 1) - sp.Abs(FN - TP) / (TP + FP + FN + TN),
    (1 + a ** 2) * TP / (a ** 2 * TP + FP + FN),
    1 / (1 / TP + 1 / TN),
    sp.Mul(FP, 1 / (TP - FN), evaluate=False),
    (TP - FP) ** 3 / (TN - FN) ** 2,
    sp.Float("0.5") * TP / (TP + FN) + sp.Rational(1, 3),
]

cells = st.integers(min_value=0, max_value=12)
parameters = st.fractions(min_value=Fraction(1, 8), max_value=8, max_denominator=16)


def _closure_value(form, t, alpha):
    env = dict(zip(CELL_NAMES, map(Fraction, t)))
    env["a"] = alpha
    return compile_sympy(form, NAMES)(env)


def _sympy_value(form, t, alpha):
    at = dict(zip((TP, FP, FN, TN), map(sp.Integer, t)))
    at[a] = sp.Rational(alpha.numerator, alpha.denominator)
    at[sp.Symbol("n")] = sum(at[c] for c in (TP, FP, FN, TN))
    return form.xreplace(at)


@pytest.mark.parametrize("k", range(len(FORMS)))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(t=st.tuples(cells, cells, cells, cells), alpha=parameters)
def test_pairs_equal_the_closures_and_sympy(k, t, alpha):
    form = FORMS[k]
    function = fastform.compile_pairs(form, LEAVES, {"n": CELL_NAMES})
    assert function is not None
    ours = fastform.value(function, [(v, 1) for v in t] + [(alpha.numerator, alpha.denominator)])
    theirs = _closure_value(form, t, alpha)
    if theirs is V.UNDEFINED:
        assert ours is None
        return
    assert type(ours) is Fraction and ours == theirs
    exact = _sympy_value(form, t, alpha)
    if exact.is_Rational:            # (sympy's own evaluation may hide a 0/0 as 0: only its values)
        assert ours == Fraction(int(exact.p), int(exact.q))


def test_a_division_by_zero_hidden_by_a_zero_factor_is_undefined():
    form = sp.Mul(FP, 1 / (TP - FN), evaluate=False)
    function = fastform.compile_pairs(form, LEAVES)
    assert fastform.value(function, [(2, 1), (0, 1), (2, 1), (5, 1), (1, 1)]) is None     # FP = 0, TP = FN
    assert fastform.value(function, [(3, 1), (4, 1), (1, 1), (5, 1), (1, 1)]) == Fraction(2)


@pytest.mark.parametrize("form", [sp.sqrt(TP) / (TP + FN), sp.log(TP + 1), TP ** a,
                                  sp.Piecewise((1, TP > 0), (0, True)), sp.pi * TP, sp.Symbol("unknown")])
def test_no_pair_function_for_other_nodes(form):
    assert fastform.compile_pairs(form, LEAVES) is None


def test_catalogue_formulas_take_the_pairs_with_the_closures_values():
    """Every catalogue count form the pairs compute: the Formula's values on a spread of tables
    and every parameter setting are the closures' (the cross-check's verdicts rest on them)."""
    tables = [(0, 0, 0, 0), (1, 0, 0, 0), (0, 0, 3, 0), (2, 3, 0, 0), (4, 1, 2, 5), (0, 6, 6, 0), (12, 0, 0, 0),
              (3, 3, 3, 3), (1, 2, 3, 4)]
    used = 0
    for m in registry.all_measures("classification"):
        try:
            f = classification_formula(m)
        except Exception:      # noqa: BLE001 - a form the cross-check cannot read has no Formula
            continue
        if f.pairs is None:
            continue
        used += 1
        for params in f.settings:
            for t in tables:
                env = dict(zip(CELL_NAMES, map(Fraction, t)))
                env.update(params)
                expected = f.compiled(env)
                got = f.value(t, params)
                assert got is expected or (type(got) is Fraction and got == expected), (m.name, t, params)
    assert used >= 30          # most of the catalogue is rational


def test_quantification_terms_take_the_pairs_with_the_closures_values():
    """A rational per-class term (AE, RAE, SE, DR, PD ...): E(true, predicted) by the pairs equals
    E by the closures on a grid of distributions, undefined (RAE's p = 0) at the same points."""
    import itertools

    from symmetric.crosscheck.formula import quantification_formula
    grid = [Fraction(i, 4) for i in range(5)]
    points = [(t, p) for k in (2, 3) for t in itertools.product(grid, repeat=k) if sum(t) == 1
              for p in itertools.product(grid, repeat=k) if sum(p) == 1]
    used = 0
    for m in registry.all_measures("quantification"):
        f = quantification_formula(m)
        if f.term_pairs is None:
            continue
        used += 1
        plain = quantification_formula(m)
        plain.term_pairs = None
        for t, p in points:
            ours, theirs = f.value(t, p), plain.value(t, p)
            assert ours is theirs or (type(ours) is type(theirs) and ours == theirs), (m.name, t, p)
    assert used >= 5
