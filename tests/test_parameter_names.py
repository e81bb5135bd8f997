"""A parameter's name never changes a verdict.  symmetric's analyses bring in symbols of their own
(P(G) and P(S) of a non-informative output as g and s, P(S and G) as j, the odds of G and S as a
and b, table families in w, x, y, z, output sizes t and k, positive shifts u_x, ...).  They are
:class:`~symmetric.domain.InternalSymbol`s, never equal to a user's symbol of the same name: as
plain symbols, a parameter called j was P(S and G) and AW of the measure below read `fails` (with
a counterexample) though it holds under any other name; a and b met the odds (an internal error);
g made the cross-check evaluate the AW threshold at P(G) instead of the parameter."""

from __future__ import annotations

import pickle

import pytest
import sympy as sp

from symmetric import space
from symmetric.domain import InternalSymbol
from symmetric.properties import driver
from symmetric.store import codec
from symmetric.userinput.kinds import KINDS
from symmetric.userinput.measures import build_measure

FORMULA = "(TP + @*TN)/(TP + @*TN + FP + 2*FN)"


def _verdicts(name: str, properties) -> list[tuple[str, str, str]]:
    measure = build_measure(KINDS["classification"], "T", {"counts": FORMULA.replace("@", name)},
                            declarations=[f"{name}>0"])
    results = driver.check(measure, properties, time_limit=120, alternates=True)
    for r in results:
        assert "internal error" not in str(r.reason or ""), (name, r.property, str(r.reason))
    return [(r.property, str(r.reading), r.verdict.value) for r in results]


@pytest.fixture(scope="module")
def neutral():
    return {}


def _neutral(cache: dict, properties: tuple) -> list:
    if properties not in cache:
        cache[properties] = _verdicts("zz", properties)
    return cache[properties]


@pytest.mark.parametrize("name", ["j", "g", "s", "a", "b"])
def test_a_parameter_named_like_a_model_symbol_gets_the_same_verdicts(neutral, name):
    properties = ("AW",)
    assert _verdicts(name, properties) == _neutral(neutral, properties)


@pytest.mark.parametrize("name", ["j", "g", "s", "a", "b"])
def test_a_parameter_named_like_a_model_symbol_gets_the_same_growth_verdicts(neutral, name):
    properties = ("NIGQ", "NIFQ")
    assert _verdicts(name, properties) == _neutral(neutral, properties)


@pytest.mark.parametrize("name", ["k", "t", "h", "x", "w", "v", "u_TP", "epsilon"])
def test_a_parameter_named_like_a_checker_symbol_gets_the_same_verdicts(neutral, name):
    properties = ("AW", "CHA", "CON")
    assert _verdicts(name, properties) == _neutral(neutral, properties)


def test_the_tversky_index_with_parameters_a_and_b_is_decided():
    # the fuzz corpus's Tversky: AW and NIGQ were "internal error: GeneratorsError: duplicated generators"
    measure = build_measure(KINDS["classification"], "Tversky", {"counts": "TP/(TP + a*FP + b*FN)"},
                            declarations=["a>0", "b>0"])
    for r in driver.check(measure, ("AW", "NIGQ"), time_limit=120, alternates=True):
        assert "internal error" not in str(r.reason or ""), (r.property, str(r.reason))


def test_an_internal_symbol_is_apart_from_a_user_symbol_yet_prints_and_sorts_as_one():
    user = sp.Symbol("g", positive=True)
    assert space.g != user and space.g.name == user.name
    assert (space.g + 1).xreplace({user: 5}) == space.g + 1          # a substitution of the user's g
    assert str(space.g) == "g" and sp.latex(space.g) == "g" and sp.srepr(space.g) == "Symbol('g', positive=True)"
    x = sp.Symbol("x", positive=True)
    ix = InternalSymbol("x", positive=True)
    assert str(sp.Symbol("TP") + x) == str(sp.Symbol("TP") + ix)    # the same canonical order
    assert sp.default_sort_key(ix) == sp.default_sort_key(x)


@pytest.mark.parametrize("carry", [lambda e: pickle.loads(pickle.dumps(e)),
                                   lambda e: codec.decode(codec.encode(e))], ids=["pickle", "cache codec"])
def test_an_internal_symbol_stays_internal_across_processes_and_the_cache(carry):
    expr = space.g * sp.Symbol("g", positive=True) + space.a_odds
    back = carry(expr)
    assert back == expr
    assert {type(s) for s in back.free_symbols} == {InternalSymbol, sp.Symbol}
