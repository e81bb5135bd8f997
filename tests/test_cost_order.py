"""The schedule of tests/cost_order.py: the costliest work unit (an xdist group, or a file's tests
in no group) first, each unit's tests together and in their order, the rest as collected; and the
tables it reads name collected tests."""

from __future__ import annotations

import json

import pytest

import conftest
import cost_order


class Item:
    """What longest_first reads of a pytest item: its node id and its markers."""

    def __init__(self, nodeid: str, group: str | None = None, slow: bool = False):
        self.nodeid = nodeid
        self.markers = {}
        if group:
            self.markers["xdist_group"] = pytest.mark.xdist_group(group).mark
        if slow:
            self.markers["slow"] = pytest.mark.slow.mark

    def get_closest_marker(self, name):
        return self.markers.get(name)

    def __repr__(self):
        return self.nodeid


def ids(items):
    return [item.nodeid for item in items]


def test_the_costliest_unit_runs_first_and_units_stay_whole():
    items = [Item("a.py::t1"), Item("a.py::t2"), Item("b.py::t1", "g"), Item("c.py::t1"), Item("c.py::t2"),
             Item("d.py::t1", "g"), Item("e.py::t1")]
    costs = {"a.py::t1": 1.0, "b.py::t1": 2.0, "d.py::t1": 2.0, "c.py::t2": 3.0}
    # group g: 4, c.py: 3, a.py: 1, e.py: 0 (as collected)
    assert ids(cost_order.longest_first(items, costs)) == [
        "b.py::t1", "d.py::t1", "c.py::t1", "c.py::t2", "a.py::t1", "a.py::t2", "e.py::t1"]


def test_with_no_table_the_slow_tests_go_first_and_the_rest_as_collected():
    items = [Item("a.py::t1"), Item("b.py::t1"), Item("c.py::t1", slow=True)]
    assert ids(cost_order.longest_first(items, {})) == ["c.py::t1", "a.py::t1", "b.py::t1"]
    assert ids(cost_order.longest_first(items[:2], {})) == ["a.py::t1", "b.py::t1"]
    # with a table, a test it does not name cost less than its floor, slow or not
    assert ids(cost_order.longest_first(items, {"b.py::t1": 1.0})) == ["b.py::t1", "a.py::t1", "c.py::t1"]


def test_a_missing_or_broken_table_is_no_table(tmp_path):
    assert cost_order.load(tmp_path / "none.json") == {}
    (tmp_path / "bad.json").write_text("{not json")
    assert cost_order.load(tmp_path / "bad.json") == {}
    (tmp_path / "good.json").write_text(json.dumps({"a.py::t1": 2}))
    assert cost_order.load(tmp_path / "good.json") == {"a.py::t1": 2.0}


def test_the_measured_exclusions_are_a_list_of_costs_and_node_ids():
    assert conftest.SLOW_BY_COST, "tests/slow_by_cost.txt lists no test"
    for nodeid, cost in conftest.SLOW_BY_COST.items():
        assert nodeid.startswith("tests/test_") and "::" in nodeid, nodeid
        # a case beyond its test's budget (any cost), a test of its own at 1 CPU-s or more
        assert cost >= (0.0 if "[" in nodeid else 1.0), (nodeid, cost)


def _bench_tests():
    import importlib.util
    from pathlib import Path
    path = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_tests.py"
    spec = importlib.util.spec_from_file_location("bench_tests", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("costs, slow", [
    # cheapest first while the sum stays within 1 CPU-s; the cheapest case always
    ({"t.py::f[a]": 0.4, "t.py::f[b]": 0.3, "t.py::f[c]": 0.5}, {"t.py::f[c]"}),
    ({"t.py::f[a]": 1.5, "t.py::f[b]": 1.2}, {"t.py::f[a]"}),
    # a case of 2 CPU-s or more is slow, even the cheapest
    ({"t.py::f[a]": 3.0, "t.py::f[b]": 2.0}, {"t.py::f[a]", "t.py::f[b]"}),
    ({"t.py::f[a]": 0.1, "t.py::f[b]": 0.1, "t.py::g[a]": 0.9, "t.py::g[b]": 0.2}, {"t.py::g[a]"}),
    # a test of its own: slow from 1 CPU-s
    ({"t.py::h": 1.0, "t.py::k": 0.99}, {"t.py::h"}),
])
def test_the_fast_tier_keeps_each_test_s_cheapest_cases_within_its_budget(costs, slow):
    assert _bench_tests()._over_budget(costs) == slow
