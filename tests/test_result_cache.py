"""One result cache (issue 22, item 3): `check`, `show`/`prove` (through the one decision path),
`compare` and the atlas read and keep verdicts under one key (the measure's definition, the
property, the reading, the search settings, the code's hash), so a verdict one of them decided is
read by the others; what may not be shared is not (a user's property, an undetermined verdict)."""

from __future__ import annotations

import json

import pytest
from cli_support import run_check

from symmetric.atlas import plan, run
from symmetric.config import configured
from symmetric.crosscheck.cached import open_cache
from symmetric.logic import Verdict
from symmetric.measures import registry
from symmetric.properties import driver
from symmetric.store import results
from symmetric.userinput.kinds import KINDS
from symmetric.userinput.measures import build_measure


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    """An empty cache folder (the default one) and nothing decided in this process."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setattr(driver, "_DECIDED", {})
    monkeypatch.setattr(driver, "_MISSED", set())
    return tmp_path


@pytest.fixture
def computed(monkeypatch, one_process) -> list:
    """Every (measure, property) the checkers decide from now on (cache hits are not in it)."""
    calls: list = []
    original = driver.decide_unit

    def counted(measure, unit, *args, **kwargs):
        calls.extend((measure.name, p.name) for p, _ in unit[0])
        return original(measure, unit, *args, **kwargs)
    monkeypatch.setattr(driver, "decide_unit", counted)
    return calls


def _entries(folder) -> list:
    return sorted(folder.glob("*.json"))


def test_a_verdict_the_atlas_decided_is_read_by_the_decision_path(fresh, computed):
    cache = open_cache(results.default_folder())
    units = plan.units(["Acc"], ["SYM", "IMB"])
    first = dict(run.compute(units, cache=cache).results)
    assert computed and len(_entries(results.default_folder())) == len(first)
    computed.clear()
    with results.using(cache):
        for cell, result in first.items():
            assert driver.decide(registry.get("Acc"), cell.property, cell.reading) == result
    assert computed == []


def test_a_verdict_the_decision_path_decided_is_read_by_the_atlas(fresh, computed):
    cache = open_cache(results.default_folder())
    with results.using(cache):
        decided = driver.decide(registry.get("F1"), "SYM")
    again = run.compute(plan.units(["F1"], ["SYM"], "default"), cache=cache)
    headline = [r for c, r in again.results if c.reading == decided.reading]
    assert headline == [decided] and again.cached >= 1


def test_driver_check_reads_what_it_kept_and_not_across_settings(fresh, computed):
    acc = registry.get("Acc")
    with results.using(open_cache(results.default_folder())):
        first = driver.check(acc, ["SYM", "SDE"])
        assert {p for _, p in computed} == {"SYM", "SDE"}
        computed.clear()
        driver._DECIDED.clear()
        assert driver.check(acc, ["SYM", "SDE"]) == first and computed == []
        with configured(sebastiani_search_n=5):         # other search bounds: another key
            driver.check(acc, ["SYM"])
        assert computed == [("Acc", "SYM")]


def test_nothing_is_kept_without_an_open_cache(fresh, computed):
    driver.decide(registry.get("Acc"), "SYM")
    assert not (fresh / "xdg").exists()


def test_an_undetermined_verdict_is_not_kept_by_the_decision_path(fresh, computed):
    # a measure no other test decides: the checkers' memos would let a catalogue measure's CON,
    # decided earlier in this worker, finish within any time limit (FAILS, kept)
    text = "(TP*TN - FP*FN)/sqrt((TP+FP)*(TP+FN)*(TN+FP)*(TN+FN)) + 1/1000003"
    measure = build_measure(KINDS["classification"], "M", {"counts": text}, (), "higher")
    with results.using(open_cache(results.default_folder())):
        found = driver.check(measure, ["CON"], time_limit=0.001)
        assert {r.verdict for r in found} == {Verdict.UNDETERMINED}
        assert _entries(results.default_folder()) == []
        driver._DECIDED.clear()
        decided = driver.check(measure, ["CON"], time_limit=None)     # the same cell, decided: kept
    assert Verdict.UNDETERMINED not in {r.verdict for r in decided} and _entries(results.default_folder())


def test_a_users_property_is_never_cached(fresh, computed, tmp_path):
    prop = tmp_path / "p.toml"
    prop.write_text('[[property]]\nname = "SWAP"\ndefinition = "swapping FP and FN keeps the score"\n'
                    'source = "a test"\ntransform = "FP <-> FN"\nrelation = "="\n')
    decided = []
    for _ in range(2):
        r = run_check(["--measure", "Acc", "--property", str(prop), "--json", str(tmp_path / "o.json")], tmp_path)
        assert r.exit_code == 0, r.output
        decided.append(list(computed))
        computed.clear()
    assert decided[0] and set(decided[0]) == {("Acc", "SWAP")} and decided[1] == decided[0]   # decided again
    assert _entries(results.default_folder()) == []
    assert json.loads((tmp_path / "o.json").read_text())[0]["properties"][0]["verdict"] == "holds"


def test_check_prints_the_same_from_the_cache_and_no_cache_computes(fresh, computed, tmp_path):
    args = ["--counts", "TP/(TP + FN)", "--name", "R", "--headline-only"]
    first = run_check([*args, "--json", "-"], tmp_path)
    assert first.exit_code == 0, first.output
    assert computed and _entries(results.default_folder())
    computed.clear()
    driver._DECIDED.clear()
    second = run_check([*args, "--json", "-"], tmp_path)
    assert computed == []
    assert json.loads(second.stdout) == json.loads(first.stdout)
    driver._DECIDED.clear()
    third = run_check([*args, "--no-cache", "--json", "-"], tmp_path)
    assert computed and json.loads(third.stdout) == json.loads(first.stdout)
