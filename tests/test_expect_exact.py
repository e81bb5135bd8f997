"""Exact and float E[M] by the Poisson-binomial DP against the 2^n definition (eq. (1))."""

import random
from fractions import Fraction
from itertools import product

import pytest

from symmetric.errors import InputError
from symmetric.expectation import expectation, expectation_by_enumeration, poisson_binomial
from symmetric.expectation.countfn import compile_measure
from symmetric.expectation.measures import LEWIS_F, LOSS, SEC, lookup
from symmetric.expectation.rules import (best_prp_assignment, exhaustive_optimum, optimal_thresholds,
                                         prp_candidates, top_k)
from symmetric.measures import registry

F = Fraction


def _random_case(rng, n):
    p = tuple(F(rng.randint(0, 10), 10) for _ in range(n))
    s = tuple(rng.randint(0, 1) for _ in range(n))
    return p, s


@pytest.mark.parametrize("name,params", [("F1", {}), ("Fbeta", {"beta": F(1, 2)}), ("Fbeta", {"beta": 3}),
                                         ("Acc", {}), ("LewisF", {"beta": 0, "C_F": 0}),
                                         ("LewisF", {"beta": 2, "C_F": F(1, 3)}), ("SEC", {}),
                                         ("Loss", {"lambda11": -1, "lambda12": 2, "lambda21": F(3, 2), "lambda22": 0})])
@pytest.mark.parametrize("seed", range(6))
def test_dp_equals_enumeration_exactly(name, params, seed):
    rng = random.Random(seed)
    p, s = _random_case(rng, rng.randint(1, 7))
    measure = lookup(name)
    e = expectation(measure, p, s, params=params)
    mean, var = expectation_by_enumeration(measure, p, s, params=params)
    assert (e.mean, e.variance) == (mean, var)
    assert isinstance(e.mean, Fraction)


def test_poisson_binomial_sums_to_one_and_matches_binomial():
    dist = poisson_binomial([F(1, 3)] * 4)
    assert sum(dist) == 1
    from math import comb
    assert dist == [comb(4, m) * F(1, 3) ** m * F(2, 3) ** (4 - m) for m in range(5)]


@pytest.mark.parametrize("name,params", [("F1", {}), ("Fbeta", {"beta": F(1, 3)}), ("LewisF", {"C_F": 0})])
@pytest.mark.parametrize("seed", range(4))
def test_float_within_stated_bound(name, params, seed):
    rng = random.Random(100 + seed)
    n = 40
    p = tuple(F(rng.randint(0, 1000), 1000) for _ in range(n))
    s = tuple(rng.randint(0, 1) for _ in range(n))
    exact = expectation(lookup(name), p, s, params=params)
    approx = expectation(lookup(name), p, s, params=params, exact=False)
    assert approx.bound_rigorous
    assert abs(Fraction(approx.mean) - exact.mean) <= Fraction(approx.error_bound)
    assert abs(approx.variance - float(exact.variance)) < 1e-12


def test_figure3_values_exact():
    p = (F("0.4"), F("0.4"), F("0.2"))
    values = [expectation(registry.get("F1"), p, top_k(p, k)).mean for k in range(4)]
    assert values == [F(36, 125), F(122, 375), F(286, 625), F(549, 1250)]


@pytest.mark.parametrize("p,k", [(("0.4", "0.4", "0.2"), 2), (("0.9", "0.9", "0.4"), 2), (("0.1", "0.05"), 0),
                                 (("1", "1", "0"), 2)])
def test_best_prp_exact_and_float_agree_with_exhaustive(p, k):
    p = tuple(F(x) for x in p)
    f1 = registry.get("F1")
    best = best_prp_assignment(f1, p)
    assert best.k == k
    assert best.value == exhaustive_optimum(f1, p).best_value
    fl = best_prp_assignment(f1, p, exact=False)
    assert fl.k == k and abs(fl.value - float(best.value)) <= fl.error_bound + 1e-300


def test_best_prp_minimises_loss_like_measures():
    p = (F(7, 10), F(6, 10))
    best = best_prp_assignment(SEC, p)
    assert best.k == 1 and best.value == F(27, 50)


def test_prp_candidates_rank_by_probability():
    assert prp_candidates((F(1, 5), F(4, 5), F(1, 2))) == [(0, 0, 0), (0, 1, 0), (0, 1, 1), (1, 1, 1)]


def test_optimal_thresholds_sec():
    assert optimal_thresholds(SEC, (F(1, 2), F(1, 2))) == ()
    assert optimal_thresholds(SEC, (F(7, 10), F(3, 5))) == ((F(3, 5), F(7, 10)),)


def test_exhaustive_prp_holds_for_f_on_small_grid():
    fn = compile_measure(LEWIS_F, {"beta": 1, "C_F": 1})
    for p in product((F(0), F(1, 3), F(1, 2), F(1)), repeat=3):
        opt = exhaustive_optimum(fn, p)
        assert opt.prp_attains_optimum


@pytest.mark.parametrize("name,message", [("Phi", "not a rational function"), ("Odds", "undefined")])
def test_exact_mode_refuses_what_it_cannot_do(name, message):
    with pytest.raises(InputError, match=message):
        expectation(registry.get(name), (F(1, 2), F(1, 2)), (1, 0))


def test_float_refuses_undefined_cells():
    with pytest.raises(InputError, match="undefined"):
        expectation(registry.get("Odds"), (0.5, 0.5), (1, 0), exact=False)


def test_loss_default_is_error_rate():
    p, s = (F(1, 4), F(3, 4)), (0, 1)
    assert expectation(LOSS, p, s).mean == (F(1, 4) + F(1, 4)) / 2


def test_unknown_parameter_is_input_error():
    with pytest.raises(InputError, match="no parameter"):
        compile_measure(registry.get("F1"), {"beta": 2})


# ---------------------------------------------------------------- float path: rounding of inputs and bound

NEAR_ONE = F(1) - F(1, 10 ** 20)     # rounds to 1.0; 1 - p in floats would then be 0


@pytest.mark.parametrize("name,params,p,s", [
    ("LewisF", {"C_F": 1}, (NEAR_ONE,), (0,)),                      # E = C_F (1 - p) = 1e-20
    ("LewisF", {"C_F": 1}, (NEAR_ONE, F(1, 3)), (0, 0)),
    ("Acc", {}, (NEAR_ONE, NEAR_ONE), (0, 0)),                      # E = 1 - p, 1e-20
    ("F1", {}, (NEAR_ONE, F(1, 10 ** 30)), (1, 1)),
    ("SEC", {}, (NEAR_ONE, F(1, 7)), (0, 1)),
])
def test_float_one_minus_p_is_rounded_from_the_exact_rational(name, params, p, s):
    exact = expectation(lookup(name), p, s, params=params)
    approx = expectation(lookup(name), p, s, params=params, exact=False)
    assert abs(Fraction(approx.mean) - exact.mean) <= Fraction(approx.error_bound)
    best = best_prp_assignment(lookup(name), p, params=params, exact=False)
    exact_values = best_prp_assignment(lookup(name), p, params=params).values
    assert all(abs(Fraction(v) - e) <= Fraction(best.error_bound) for v, e in zip(best.values, exact_values))


@pytest.mark.parametrize("n,ops,abs_sum", [(1, 1, 1.0), (3, 7, 0.4576), (40, 12, 0.1), (1000, 30, 1 / 3),
                                          (7, 5, 5e-324), (2, 2, 1.7e308)])
def test_float_error_bound_is_rounded_up(n, ops, abs_sum):
    from symmetric.expectation.floaterror import float_error_bound, gamma
    g = gamma(5 * n + ops + 4)
    u = Fraction(1, 2 ** 1075) * (1 + g) ** 2 * ((n * n + 5 * n) + (n + 1) ** 2 + (n + 1) + 1)
    exact_bound = g * (Fraction(abs_sum) + u) * (1 + g) / (1 - g) + u
    bound = float_error_bound(n, ops, abs_sum)
    assert Fraction(bound) >= exact_bound
    assert Fraction(bound) * (1 - Fraction(1, 2 ** 51)) <= exact_bound or bound < 2.0 ** -1000


@pytest.mark.parametrize("x,text", [(1.231e-15, "1.24e-15"), (0.125, "0.125"), (9.991e-16, "1.00e-15"),
                                    (0.0, "0"), (5e-324, "4.95e-324")])
def test_printed_bound_is_rounded_up(x, text):
    from decimal import Decimal

    from symmetric.expectation.floaterror import format_up
    assert format_up(x) == text
    assert Decimal(format_up(x)) >= Decimal(x)


# ---------------------------------------------------------------- float path: definedness and underflow

TINY = F(1, 10 ** 400)      # positive, but 0.0 as a float


@pytest.mark.parametrize("name,p,s", [
    ("BalAcc", (F(1), TINY), (1, 0)),              # all relevant (FP + TN = 0) with probability 1e-400
    ("Youden", (F(1), TINY, F(1)), (0, 1, 1)),
    ("BalAcc", (TINY, TINY, F(1)), (1, 1, 0)),     # 1e-800: even the DP product underflows
])
def test_float_definedness_decided_on_exact_probabilities(name, p, s):
    with pytest.raises(InputError, match="undefined"):
        expectation(registry.get(name), p, s)                 # exact mode refuses ...
    with pytest.raises(InputError, match="undefined"):
        expectation(registry.get(name), p, s, exact=False)    # ... and so must float mode
    with pytest.raises(InputError, match="undefined"):        # every PRP candidate has such a table
        best_prp_assignment(registry.get(name), p, exact=False)


@pytest.mark.parametrize("name,p,s", [
    ("F1", (TINY, TINY), (1, 0)),                       # exact value ~1e-400, float 0
    ("F1", (F(1, 10 ** 320),), (1,)),                   # a subnormal p: relative rounding error ~1e-4
    ("F1", (F(1, 10 ** 200),) * 3, (1, 1, 1)),           # DP entries underflow mid-way
    ("Acc", (F(1, 10 ** 310), F(3, 10 ** 315), F(1, 2)), (0, 0, 1)),
    ("LewisF", (F(1) - F(1, 10 ** 320),) * 2, (0, 0)),  # (1 - p)^2 = 1e-640
])
def test_float_bound_covers_underflow(name, p, s):
    exact = expectation(lookup(name), p, s).mean
    approx = expectation(lookup(name), p, s, exact=False)
    assert abs(Fraction(approx.mean) - exact) <= Fraction(approx.error_bound)
    assert approx.error_bound > 0


@pytest.mark.parametrize("expr,message", [
    ("TP**400 / (TP + 1)", "overflows floating point; use --exact"),   # 8^400 = inf, but defined
    ("1 / (TP - 1)", "undefined at TP=1"),                             # really undefined
])
def test_float_tells_overflow_from_undefined(expr, message):
    import sympy as sp

    from symmetric.expectation.countfn import compile_expr
    from symmetric.space import FN, FP, TN, TP
    fn = compile_expr("X", sp.sympify(expr, locals={"TP": TP, "FP": FP, "FN": FN, "TN": TN}))
    p, s = (F(1, 2),) * 8, (1,) * 8
    with pytest.raises(InputError, match=message):
        expectation(fn, p, s, exact=False)


@pytest.mark.parametrize("name,p,undefined,k", [
    ("ASP", (F(1), F(1, 2)), (0,), 1),                 # k = 0: TP + FP = 0 surely
    ("ASP", (F(1, 3), F(1), F(1, 2)), (0,), 2),
    ("Youden", (F(1), F(1, 2), F(0)), (), 1),
])
@pytest.mark.parametrize("exact", [True, False])
def test_best_prp_skips_undefined_candidates(name, p, undefined, k, exact):
    best = best_prp_assignment(registry.get(name), p, exact=exact)
    assert best.undefined == undefined and best.k == k
    defined = [v for v in best.values if v is not None]
    assert best.value == max(defined)


@pytest.mark.parametrize("params", [{"beta": 0, "C_F": 0}, {"beta": 2, "C_F": 1}])
@pytest.mark.parametrize("p", [(F(1, 2), F(1, 2), 0, F(1, 5)), (1, F(3, 4), F(3, 4), F(3, 4)), (F(2, 5), 0, F(2, 5))])
def test_exhaustive_optimum_shares_values_across_orders_exactly(params, p):
    """The exhaustive optimum reuses a mean for equal multisets of assigned and unassigned
    probabilities: its optimum and optimisers match the direct E of every assignment, for p
    in either order (the second order is served from the first one's values)."""
    fn = compile_measure(LEWIS_F, params)
    for order in (p, tuple(reversed(p))):
        direct = {s: expectation(fn, order, s).mean for s in product((0, 1), repeat=len(order))}
        best = max(direct.values())
        found = exhaustive_optimum(fn, order)
        assert found.best_value == best
        assert set(found.maximisers) == {s for s, v in direct.items() if v == best}
