"""The shared-solver paths of `implies` (issue 25's 10 s per pair): the catalogue candidates
pinned in push/pop scopes of one solver, and the quantifier-free search for not-FIX.  Every
verdict and every named catalogue measure of the pairs these paths touch is the one the
one-solver-per-candidate code gave (bench_theory before the change), and the shared paths agree
with a fresh solver per candidate."""

from __future__ import annotations

import pytest
import z3

from symmetric.properties.catalogue import named
from symmetric.theory import decide
from symmetric.theory.encode import instances
from symmetric.theory.formula import holds, linear
from symmetric.theory.run import catalogue
from symmetric.theory.separate import (_pin, apart, catalogue_separation, eliminate, extremum_search, fails_for_all,
                                       own_unknowns)
from symmetric.theory.solve import Problem

N = 4
READING = {"definedness": "strict", "test-sets": "all", "scope": "global", "model": "bernoulli"}


def _inst(name):
    return instances(named(name, "classification"), READING, N)


def _implies(p, q):
    return decide.implies((p, q), _inst(p), _inst(q), N, sorted(READING.items()), catalogue(N, False, False))


# (P, Q, verdict, catalogue measure) from `python benchmarks/bench_theory.py 4 strict` before the
# shared solvers: the -> FIX pairs (quantified search, catalogue candidates in scopes), DIST's
# implications, and first_measure's pairs (the candidates in scopes of one solver)
@pytest.mark.parametrize("p, q, verdict, measure", [
    ("DIST", "FIX", "separated", None),
    ("MINA", "FIX", "separated", None),
    ("TSYM", "FIX", "separated", "Utility4"),
    ("SM", "FIX", "separated", "Utility"),
    ("ISC", "FIX", "separated", "BCD"),
    ("SYM", "FIX", "separated", "Utility4"),
    ("DIST", "MAXA", "implies", None),
    ("TSYM", "SYM", "separated", "F1"),
    ("TSYM", "SMON", "separated", "Acc"),
    ("DIST", "IMB", "separated", "Acc"),
    ("DIST", "SYM", "separated", None),
])
def test_verdicts_and_named_measures_are_unchanged(p, q, verdict, measure):
    o = _implies(p, q)
    assert (o.verdict, o.measure) == (verdict, measure), o.reason
    if verdict == "separated":
        assert all(holds(i.formula, o.witness) for i in _inst(p))


def _fresh_catalogue_separation(cat, p, q):
    """The reference: one fresh solver for P and one for Q per candidate (the code before)."""
    for name, vals in cat:
        problem = Problem(p, tuple(_pin(k, v) for k, v in vals.items()))
        if problem.check() != z3.sat:
            continue
        values = problem.model_values()
        if not all(holds(i.formula, values) for i in p):
            continue
        ok, core, how = fails_for_all(q, values)
        if ok is True:
            return name
    return None


@pytest.mark.parametrize("p", ["TSYM", "SM", "ISC", "MINA"])
def test_scoped_candidates_name_the_measure_fresh_solvers_name(p):
    q = eliminate(_inst("FIX"))
    q, _ = apart(q, own_unknowns(q))
    cat = catalogue(N, False, False)
    found = catalogue_separation(cat, _inst(p), q)
    assert (found and found[0]) == _fresh_catalogue_separation(cat, _inst(p), q)


def test_a_scope_forgets_its_formulas_and_their_unknowns():
    a = linear({"x": 1}, 0, ">=")
    problem = Problem([type("I", (), {"formula": a})()])
    with problem.scope((linear({"x": 1, "y": -1}, 0, "="), linear({"y": 1}, -3, "="))):
        assert problem.check() == z3.sat
        assert problem.model_values()["x"] == 3
    with problem.scope((linear({"x": 1}, 1, "="),)):        # x = -1 against x >= 0
        assert problem.check() == z3.unsat
    assert problem.check() == z3.sat
    assert set(problem.model_values()) == {"x"}             # y was the first scope's only


def test_first_measure_in_scopes_agrees_with_fresh_solvers():
    p, q = _inst("TSYM"), _inst("SMON")
    cat = catalogue(N, False, False)
    assert decide.first_measure(cat, p, q, N) == "Acc"
    # the next candidate after Acc: the loop goes on in the same solver
    rest = [c for c in cat if c[0] != "Acc"]
    again = decide.first_measure(rest, p, q, N)
    assert again is not None and again != "Acc"


def test_the_extremum_search_is_certified_on_fix_as_written():
    q = _inst("FIX")
    q, _ = apart(q, own_unknowns(q))
    values = extremum_search(_inst("MINA"), q)
    assert values is not None and not any(k.startswith("x_") for k in values)
    assert all(holds(i.formula, values) for i in _inst("MINA"))
    ok, core, how = fails_for_all(q, values)
    assert ok is True and core


@pytest.mark.parametrize("q, reading", [("CHA", "strict"), ("FIX", "defined")])
def test_the_extremum_search_applies_to_strict_fix_only(q, reading):
    inst = instances(named(q, "classification"), {**READING, "definedness": reading}, 3)
    inst = eliminate(inst)
    own = own_unknowns(inst)
    assert extremum_search(_inst("MINA"), apart(inst, own)[0]) is None
