"""The atlas's speed-ups change no value (issue 24, "Measured by": the atlas under 90 s).

* exact values are memoised per (formula, table, parameters): the memo gives what a fresh
  evaluation gives and keeps parameter types apart (1/2 and 0.5 hash alike);
* the limit convention's check near a table (:mod:`symmetric.properties.limitvalue`) evaluates
  the form through a compiled exact function: the same values as ``xreplace`` at the points;
* the atlas reports each computed cell's CPU seconds, and the results are those of the units
  decided one by one.
"""

from __future__ import annotations

import itertools

import pytest
import sympy as sp

from symmetric.measures import registry
from symmetric.properties import limitvalue, tables
from symmetric.space import CELLS

SMALL = [t for n in range(0, 4) for t in itertools.product(range(n + 1), repeat=4) if sum(t) == n]


@pytest.mark.parametrize("name", ["MI", "F1", "MCC", "Kappa"])
def test_memoised_exact_value_is_a_fresh_evaluation(name):
    m = registry.get(name, ("classification",))
    typed = ()
    for t in SMALL:
        fresh = tables._exact_at.__wrapped__(m.count_form, tuple(CELLS), tuple(map(sp.Integer, t)), typed)
        assert tables.exact_value(m, t, {}) == fresh
        assert tables.exact_value(m, t, {}) == fresh          # the second ask: from the memo


def test_parameter_types_are_kept_apart():
    a = sp.Symbol("a", positive=True)
    m = registry.get("F1", ("classification",))
    form = CELLS[0] * a
    exact = tables.exact_value(m, (1, 0, 0, 0), {a: sp.Rational(1, 2)}, form=form)
    floated = tables.exact_value(m, (1, 0, 0, 0), {a: 0.5}, form=form)
    assert exact == sp.Rational(1, 2) and isinstance(exact, sp.Rational)
    assert isinstance(floated, sp.Float)


def _approaches_by_xreplace(form, table, value) -> bool:
    """The check as it was written before the compiled function (the reference)."""
    zero = [c for c, v in zip(CELLS, table) if v == 0]
    errors = []
    for step in limitvalue._STEPS:
        at = {c: (step if c in zero else sp.Integer(v)) for c, v in zip(CELLS, table)}
        near = sp.N(form.xreplace(at), 60)
        if not near.is_number or near.has(sp.nan, sp.zoo) or near.is_real is not True:
            return False
        errors.append(abs(near - sp.N(value, 60)))
    return errors[-1] < sp.Float("1e-12") and errors[-1] <= errors[0]


@pytest.mark.parametrize("table", [t for t in SMALL if 0 in t and sum(t) >= 1])
def test_limit_check_near_a_table_is_unchanged(table):
    form = registry.get("MI", ("classification",)).count_form
    at = {c: sp.Integer(v) for c, v in zip(CELLS, table)}
    candidate = limitvalue._term(form, at)
    for value in ([candidate] if candidate is not None and candidate.is_real else []) + [sp.Integer(0), sp.log(2)]:
        assert limitvalue._approaches(form, table, value) == _approaches_by_xreplace(form, table, value)


def test_a_free_symbol_keeps_the_form_unevaluated():
    x = sp.Symbol("x", positive=True)
    form = CELLS[0] * sp.log(CELLS[0]) + x
    assert limitvalue._approaches(form, (0, 1, 1, 1), sp.Integer(0)) is False


def test_atlas_reports_each_cells_cpu_and_the_units_results():
    from symmetric.atlas import plan, run
    units = plan.units(["F1"], ["SM", "MON", "SYM"])
    atlas = run.compute(units, time_limit=60, workers=1)
    cpu = dict(atlas.cpu)
    assert set(cpu) == {cell for cell, _ in atlas.results}
    assert all(seconds >= 0 for seconds in cpu.values())
    alone = [pair for u in units for pair in run.decide(u, 60)]
    assert [(c, r.verdict, r.reason) for c, r in atlas.results] == [(c, r.verdict, r.reason) for c, r in alone]


def test_files_made_on_workers_are_the_serial_ones_byte_for_byte():
    """The measure pages and atlas.json's cells made on 2 forked workers (first, so that no memo
    of this process is warm for them) equal the serial document, file by file, in order."""
    from symmetric.atlas import plan, run
    from symmetric.render import atlas_html, atlas_parallel
    units = plan.units(["F1", "MI", "NKLD"], ["SM", "MON", "ISC", "IoI", "NN"])
    results = run.compute(units, time_limit=60, workers=1).results
    parallel = atlas_parallel.document(results, workers=2)
    serial = atlas_html.document(results)
    assert list(parallel) == list(serial)
    assert parallel == serial
    assert atlas_parallel.document(results, workers=1) == serial


def test_memoised_directional_limit_is_a_fresh_limit():
    """CON's limits, asked again by its second reading, come from a memo: the same values as a
    fresh computation, the path's coordinates in the caller's order."""
    from symmetric.transforms import limits
    tp, tn = sp.symbols("TP TN", nonnegative=True)
    g = (tp * tn) / (tp + tn) + sp.sqrt(tp) * sp.log(1 + tn)
    for point in ({tp: 0, tn: 0}, {tn: 0, tp: 1}, {tp: 2, tn: 1}):
        for direction in ({tp: 1, tn: 0}, {tp: 0, tn: 1}, {tp: 1, tn: 1}):
            for expr in (g, sp.diff(g, tp), sp.Abs(sp.diff(g, tn))):
                fresh = limits._limit(expr, tuple(point.items()), tuple(direction.items()))
                assert limits.directional_limit(expr, point, direction) == fresh
                assert limits.directional_limit(expr, point, direction) == fresh     # from the memo
