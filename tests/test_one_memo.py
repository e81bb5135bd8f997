"""One memo for check and decide (issue 22, "one cache"): ``driver.check`` without a time limit
reads and fills ``driver.decide``'s memo, so a verdict decided by one is not decided again by the
other in the same process; under a time limit check does not read it (a unit's share of the
limit is part of the key and known only when the unit starts), and a user's property that
reuses a catalogue name is never memoised.  The verdicts are the same either way."""

from __future__ import annotations

import dataclasses

import pytest

from symmetric.measures import registry
from symmetric.properties import driver


@pytest.fixture
def computed(monkeypatch, one_process) -> list:
    monkeypatch.setattr(driver, "_DECIDED", {})         # nothing decided yet in this process
    monkeypatch.setattr(driver, "_MISSED", set())
    out, original = [], driver.decide_unit

    def counted(measure, unit, *args, **kwargs):
        out.extend((measure.name, p.name) for p, _ in unit[0])
        return original(measure, unit, *args, **kwargs)
    monkeypatch.setattr(driver, "decide_unit", counted)
    return out


@pytest.mark.parametrize("name, props", [("Acc", ["SYM", "SDE"]), ("AE", ["IoI", "NN"])])
def test_check_then_decide_decides_once(computed, name, props):
    measure = registry.get(name)
    first = driver.check(measure, props)
    assert computed
    computed.clear()
    for r in first:
        assert driver.decide(measure, r.property, time_limit=None) is r
    assert driver.check(measure, props) == first
    assert computed == []


def test_decide_then_check_decides_once(computed):
    acc = registry.get("Acc")
    decided = driver.decide(acc, "SYM", time_limit=None)
    computed.clear()
    assert driver.check(acc, ["SYM"]) == (decided,) and computed == []


def test_under_a_time_limit_check_decides_afresh_with_the_same_verdicts(computed):
    acc = registry.get("Acc")
    unlimited = driver.check(acc, ["SYM", "SDE"])
    computed.clear()
    limited = driver.check(acc, ["SYM", "SDE"], time_limit=60)
    assert sorted(computed) == [("Acc", "SDE"), ("Acc", "SYM")]
    assert [(r.property, r.verdict) for r in limited] == [(r.property, r.verdict) for r in unlimited]


def test_a_users_property_with_a_catalogue_name_is_not_memoised(computed):
    acc = registry.get("Acc")
    sym = next(p for p in driver.resolve_properties(None, "classification") if p.name == "SYM")
    driver.check(acc, ["SYM"])
    computed.clear()
    own = dataclasses.replace(sym, definition="a user's SYM, defined in a file")     # not the catalogue's
    driver.check(acc, [own])
    assert computed == [("Acc", "SYM")]
