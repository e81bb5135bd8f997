"""A property's readings go to one worker together (parallel_units.bundles): the strict reading
reuses what the headline one computed, as in one process; the results stay in order, and the
bundle's time is the share of all its units, each unit getting what the earlier ones left."""

from __future__ import annotations

import os
import time
from types import SimpleNamespace

from symmetric.measures.registry import get
from symmetric.properties import catalogue, driver, parallel_units


def _unit(name: str, reading: str):
    prop = SimpleNamespace(name=name)
    return ((prop, reading),), None


def test_consecutive_units_of_one_property_are_one_bundle():
    a, b = object(), object()
    work = [(a, _unit("SM", "defined")), (a, _unit("SM", "strict")), (a, _unit("AW", "defined")),
            (b, _unit("AW", "strict")), (a, _unit("SM", "other")), (a, "not a unit"), (a, "not a unit")]
    # a different measure variant, or the same property after another one, starts a new bundle;
    # anything that is not a driver's unit is bundled with nothing
    assert parallel_units.bundles(work) == [[0, 1], [2], [3], [4], [5], [6]]


def test_the_driver_units_of_a_check_bundle_by_property():
    measure = get("MCC")
    chosen = driver.resolve_properties(None, "classification")
    units = [(m, u) for m in catalogue.formula_variants(measure, "classification", {})
             for u in driver._units(chosen, {}, True)]
    groups = parallel_units.bundles(units)
    names = [{units[k][1][0][0][0].name for k in g} for g in groups]
    assert all(len(n) == 1 for n in names)                       # one property per bundle
    assert len(groups) == len({n for (n,) in names}) < len(units)   # each property's readings together


def _record(value, unit, seconds):
    time.sleep(0.05)
    return [value, unit[0][0][1], seconds, os.getpid()]


def test_a_bundle_runs_on_one_worker_in_order_within_its_share():
    m = "MCC"           # (results must pickle to come back from a worker)
    work = [(m, _unit("SM", "defined")), (m, _unit("SM", "strict")), (m, _unit("AW", "defined"))]
    asked = []

    def share(count=1):
        asked.append(count)
        return 10.0 * count
    got = [results for results, _ in parallel_units.in_order(work, _record, share, 2)]
    assert [r[:2] for r in got] == [[m, "defined"], [m, "strict"], [m, "defined"]]
    assert asked == [2, 1]                       # one share for the bundle of two, one for AW
    assert got[0][3] == got[1][3]                # the readings of SM on one worker
    assert got[0][2] == 20.0 and 19.0 < got[1][2] < 20.0    # the second gets what the first left
    assert got[2][2] == 10.0


def test_no_limit_stays_no_limit():
    m = "MCC"
    work = [(m, _unit("SM", "defined")), (m, _unit("SM", "strict"))]
    got = [results for results, _ in parallel_units.in_order(work, _record, lambda *count: None, 2)]
    assert [r[2] for r in got] == [None, None]
