"""Issue 27: a cached verdict is re-checked on use, not only authenticated.

Each entry here is edited *and signed again*, as the user's own copy of symmetric would have
written it (a bug writing a bad entry, or a cache shared by a careless script): the HMAC passes,
so only the re-check can catch it.  A cached ``fails`` must have a counterexample whose exact
values are the measure's AND break the property; a cached ``holds`` has its cross-check run
again.  Each edit is detected, said in one line, and the cell recomputed to its true verdict."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hostile_bounds import case_bounds  # noqa: F401 - autouse: every case bounded in time and memory
from cli_support import invoke

from symmetric.store import cells


@pytest.fixture
def cache_home(tmp_path, monkeypatch):
    home = tmp_path / "xdg"
    monkeypatch.setenv("XDG_CACHE_HOME", str(home))
    cells._SECRET.clear()
    yield home
    cells._SECRET.clear()


def _atlas(tmp_path, cache: Path, measure: str):
    return invoke("atlas", "--measure", measure, "--property", "SYM", "--workers", "1", "--no-pdf",
                  "--out", str(tmp_path / "out"), "--cache", str(cache))


def _signed_edit(cache: Path, change) -> None:
    [path] = sorted(cache.glob("*.json"))
    data = json.loads(path.read_text())
    change(data)
    data.pop("mac", None)
    data["mac"] = cells._mac(data)
    path.write_text(json.dumps(data))


def _table(values):
    return ["table", [["i", v] for v in values]]


def _score(label, name, table, value):
    return ["typed", "Score", {"label": ["s", label], "table": _table(table), "value": value, "params": ["t", []],
                               "table_name": ["s", name], "convention": ["s", ""]}]


def _equal_scores(value):
    """A SYM counterexample whose two scores are the measure's (at (0,1,0,1) and its swap) but
    equal: the values re-check, and yet nothing is violated."""
    def change(data):
        data["result"].update(verdict="fails", counterexample={
            "relation": ["s", "M(h) != M(swapped h)"],
            "tables": ["t", [["t", [["s", "h"], _table([0, 1, 0, 1])]], ["t", [["s", "swapped"], _table([1, 0, 1, 0])]]]],
            "point": ["t", []],
            "values": ["t", [_score("M(h)", "h", [0, 1, 0, 1], value), _score("M(swapped)", "swapped", [1, 0, 1, 0], value)]],
            "description": ["none"]})
    return change


def _same_table_twice(data):
    """F1's true SYM counterexample with the swapped table replaced by h itself (both scores 0,
    both right): the witness no longer shows two different scores."""
    cx = data["result"]["counterexample"]
    cx["tables"][1][1] = ["t", [["s", "swapped"], _table([0, 1, 0, 1])]]
    cx["values"][1][1] = _score("M(swapped)", "swapped", [0, 1, 0, 1], ["x", ["int", "0"]])


def _fails_to_holds(data):
    data["result"].update(verdict="holds", counterexample=None)


@pytest.mark.parametrize("measure, change, why, truth", [
    ("F1", _fails_to_holds, "its cross-check, run again, finds a violation", "1 fails"),
    ("F1", _same_table_twice, "does not break SYM", "1 fails"),
    ("Acc", _equal_scores(["x", ["rat", "1", "2"]]), "does not break SYM", "1 holds"),   # holds -> fails
])
def test_a_signed_edit_is_caught_by_the_recheck_and_recomputed(tmp_path, cache_home, measure, change, why, truth):
    cache = cache_home / "cells"
    first = _atlas(tmp_path, cache, measure)
    assert first.exit_code == 0 and "1 computed, 0 from the cache" in first.output and truth in first.output, \
        first.output
    _signed_edit(cache, change)
    r = _atlas(tmp_path, cache, measure)
    assert r.exit_code == 0, r.output
    rejections = [line for line in r.output.splitlines() if "rejected" in line]
    assert len(rejections) == 1 and why in rejections[0] and rejections[0].endswith("recomputed"), r.output
    assert "not authenticated" not in r.output         # the signature passed: the re-check caught it
    assert "1 computed, 0 from the cache" in r.output and truth in r.output, r.output
    again = _atlas(tmp_path, cache, measure)           # the recomputed entry is trusted again
    assert "0 computed, 1 from the cache" in again.output and "rejected" not in again.output, again.output
    assert truth in again.output


def test_a_true_entry_passes_its_recheck(tmp_path, cache_home):
    cache = cache_home / "cells"
    for measure, truth in (("F1", "1 fails"), ("Acc", "1 holds")):
        _atlas(tmp_path, cache, measure)
        r = _atlas(tmp_path, cache, measure)
        assert "0 computed, 1 from the cache" in r.output and truth in r.output and "rejected" not in r.output, \
            r.output
