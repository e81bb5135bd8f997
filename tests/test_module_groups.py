"""tests/conftest.py's module_fixture_group: the tests of one module that share a fixture of wider
scope than a test, defined in that module, run on one xdist worker (which computes it once)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from conftest import module_fixture_group


def _item(nodeid: str, **fixtures) -> SimpleNamespace:
    """A collected test using ``fixtures``: name -> (scope, baseid of the fixture's definition)."""
    defs = {name: [SimpleNamespace(scope=scope, baseid=baseid)] for name, (scope, baseid) in fixtures.items()}
    return SimpleNamespace(nodeid=nodeid, fixturenames=[*fixtures, "request"],
                           _fixtureinfo=SimpleNamespace(name2fixturedefs=defs))


@pytest.mark.parametrize("scope", ["module", "class", "session"])
def test_a_wide_fixture_of_the_module_groups_its_tests(scope):
    item = _item("tests/test_x.py::test_a[1]", tmp_path=("function", ""), report=(scope, "tests/test_x.py"))
    assert module_fixture_group(item) == "fixtures:tests/test_x.py"
    in_class = _item("tests/test_x.py::TestC::test_b", shared=(scope, "tests/test_x.py::TestC"))
    assert module_fixture_group(in_class) == "fixtures:tests/test_x.py"


def test_a_fixture_of_a_test_s_own_scope_or_of_conftest_does_not():
    assert module_fixture_group(_item("tests/test_x.py::test_a", report=("function", "tests/test_x.py"))) is None
    assert module_fixture_group(_item("tests/test_x.py::test_a", all_results=("session", "tests"))) is None
    assert module_fixture_group(_item("tests/test_x.py::test_a", other=("module", "tests/test_y.py"))) is None
    assert module_fixture_group(_item("tests/test_x.py::test_a")) is None

