"""The one result cache as the claims use it: `show` reads what an earlier run computed, prints
the same bytes as a computing run, and never trusts a damaged or foreign file."""

from __future__ import annotations

import json

import pytest

from cli_support import invoke
from derivations.amigo import common
from symmetric.config import configured, settings
from symmetric.crosscheck.cached import open_cache
from symmetric.evidence import PropertyResult
from symmetric.logic import Verdict
from symmetric.properties import amigo as props
from symmetric.properties import catalogue, driver
from symmetric.properties.cached import cache_keys
from symmetric.render import latex
from symmetric.render import text as text_render
from symmetric.store import codec, results

CLAIM = "amigo.appendix.f_growing_quality"      # one cell, F / NIGQ: a cheap claim that reads a shared cell


def _files(folder):
    return sorted((folder / "symmetric" / "cells").glob("*.json"))


def _show(*extra):
    result = invoke("show", CLAIM, *extra)
    assert result.exit_code == 0, result.output
    return result.output


def _forget(monkeypatch) -> None:
    """Nothing decided in this process (as in a new `show`)."""
    monkeypatch.setattr(driver, "_DECIDED", {})
    monkeypatch.setattr(driver, "_MISSED", set())


@pytest.fixture
def fresh(tmp_path, monkeypatch, one_process):
    """An empty cache folder and no cell in memory."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    _forget(monkeypatch)
    return tmp_path


def _count_computing(monkeypatch) -> list:
    """The cells computed from now on (a derivation turns an exception into an internal-error
    verdict, so the test counts calls instead of raising)."""
    calls: list = []
    original = driver.decide_unit       # where the one decision path computes

    def counted(measure, unit, *args, **kwargs):
        calls.extend((measure.name, p.name) for p, _ in unit[0])
        return original(measure, unit, *args, **kwargs)
    monkeypatch.setattr(driver, "decide_unit", counted)
    return calls


@pytest.mark.parametrize("mode", [(), ("--latex",)])
def test_a_cached_cell_prints_what_a_computed_one_prints(fresh, monkeypatch, mode):
    computed = _show(*mode)
    assert len(_files(fresh)) == 1          # F / NIGQ, stored
    _forget(monkeypatch)
    calls = _count_computing(monkeypatch)
    assert _show(*mode) == computed
    assert calls == []


def test_no_cache_neither_reads_nor_writes(fresh, monkeypatch):
    _show("--no-cache")
    assert _files(fresh) == []
    _show()
    _forget(monkeypatch)
    calls = _count_computing(monkeypatch)   # a stored cell exists, but --no-cache computes it
    _show("--no-cache")
    assert calls == [("F", "NIGQ")]


@pytest.mark.parametrize("damage", ["", "{not json", json.dumps({"result": {"verdict": "holds"}}),
                                    json.dumps({"result": ["x", ["NoSuchClass"]]})])
def test_a_damaged_file_is_a_miss_recomputed_and_rewritten(fresh, monkeypatch, damage):
    expected = _show()
    (stored,) = _files(fresh)
    good = stored.read_text()
    stored.write_text(damage)
    _forget(monkeypatch)
    calls = _count_computing(monkeypatch)
    said, *rest = _show().split("\n", 1)       # the rejection is said (issue 27), then the same output
    assert said.startswith("cache entry ") and "; recomputed" in said and rest == [expected]
    assert calls == [("F", "NIGQ")]
    assert stored.read_text() == good


def _key(measure, prop: str):
    p = catalogue.named(prop, "classification")
    return cache_keys(measure, ((p, p.headline),))[0]


def test_the_key_holds_the_settings_and_the_measure(tmp_path):
    f, result = common.measure("F"), props.check_one(common.measure("F"), "NIGQ")
    with results.using(open_cache(tmp_path)):
        assert results.put(_key(f, "NIGQ"), f, result)
        assert results.get(_key(f, "NIGQ"), f) == result
        with configured(amigo_search_n=settings().amigo_search_n - 1):
            assert results.get(_key(f, "NIGQ"), f) is None     # other bounds
        with configured(default_time_limit=5):
            assert results.get(_key(f, "NIGQ"), f) == result   # a verdict does not depend on the time allowed
        assert results.get(_key(common.measure("F_smL"), "NIGQ"), common.measure("F_smL")) is None
        assert results.get(_key(f, "NIFQ"), f) is None
    assert results.get(_key(f, "NIGQ"), f) is None        # the cache is off outside


def test_an_undetermined_cell_is_not_stored(tmp_path):
    undetermined = PropertyResult("NIGQ", "F", Verdict.UNDETERMINED, reason="time limit reached")
    f = common.measure("F")
    with results.using(open_cache(tmp_path)):
        assert not results.put(_key(f, "NIGQ"), f, undetermined)
        assert results.get(_key(f, "NIGQ"), f) is None
    assert list(tmp_path.iterdir()) == []


def test_the_atlas_keeps_an_undetermined_cell_under_its_time_limit(tmp_path):
    undetermined = PropertyResult("NIGQ", "F", Verdict.UNDETERMINED, reason="time limit of 60 s reached")
    f, cache = common.measure("F"), open_cache(tmp_path)
    assert results.put(_key(f, "NIGQ"), f, undetermined, cache, 60.0, keep_undetermined=True)
    assert results.get(_key(f, "NIGQ"), f, cache, 60.0, keep_undetermined=True) == undetermined
    assert results.get(_key(f, "NIGQ"), f, cache, 600.0, keep_undetermined=True) is None   # more time may decide it
    assert results.get(_key(f, "NIGQ"), f, cache) is None      # the claims and check never read it


def test_every_cell_of_the_amigo_table_renders_the_same_after_a_round_trip(all_results):
    # the claims have run (all_results): every cell they used is in memory; each must either be
    # refused by the codec (then it is never stored) or come back rendering to the same text
    table = [r for (m, prop, *_), r in driver._DECIDED.items()
             if m.name in common.PROPERTY_MEASURES and prop in props.COLUMNS]
    assert len(table) >= 68
    stored = 0
    for result in table:
        try:
            data = codec.encode_result(result)
        except codec.Unencodable:
            continue
        back = codec.decode_result(json.loads(json.dumps(data)))
        assert latex.property_result(back) == latex.property_result(result), (result.measure, result.property)
        assert text_render.prose(back.proof) == text_render.prose(result.proof)
        stored += 1
    assert stored >= 60         # the table is cached, not refused wholesale


def test_an_unusable_cache_folder_costs_speed_not_the_run(monkeypatch, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))     # the cache folder cannot be created under a file
    _forget(monkeypatch)
    result = invoke("show", CLAIM)
    assert result.exit_code == 0, result.output
    assert "cell cache" in result.output and "working without it" in result.output
    assert "Traceback" not in result.output
