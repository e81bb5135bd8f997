"""The claims' disk cache of shared property cells: `show` reads what an earlier run computed,
prints the same bytes as a computing run, and never trusts a damaged or foreign file."""

from __future__ import annotations

import json

import pytest

from cli_support import invoke
from derivations.amigo import common
from symmetric.claims import cellcache
from symmetric.config import configured, settings
from symmetric.evidence import PropertyResult
from symmetric.logic import Verdict
from symmetric.properties import amigo as props
from symmetric.render import latex
from symmetric.render import text as text_render
from symmetric.store import codec

CLAIM = "amigo.appendix.f_growing_quality"      # one cell, F / NIGQ: a cheap claim that reads a shared cell


def _files(folder):
    return sorted((folder / "symmetric" / "cells").glob("*.json"))


def _show(*extra):
    result = invoke("show", CLAIM, *extra)
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    """An empty cache folder and no cell in memory."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(common, "_CELLS", {})
    return tmp_path


def _count_computing(monkeypatch) -> list:
    """The cells computed from now on (a derivation turns an exception into an internal-error
    verdict, so the test counts calls instead of raising)."""
    calls: list = []
    original = common.decided       # the one decision path the derivations use

    def counted(measure, column, *args, **kwargs):
        calls.append((measure.name, column))
        return original(measure, column, *args, **kwargs)
    monkeypatch.setattr(common, "decided", counted)
    return calls


@pytest.mark.parametrize("mode", [(), ("--latex",)])
def test_a_cached_cell_prints_what_a_computed_one_prints(fresh, monkeypatch, mode):
    computed = _show(*mode)
    assert len(_files(fresh)) == 1          # F / NIGQ, stored
    monkeypatch.setattr(common, "_CELLS", {})
    calls = _count_computing(monkeypatch)
    assert _show(*mode) == computed
    assert calls == []


def test_no_cache_neither_reads_nor_writes(fresh, monkeypatch):
    _show("--no-cache")
    assert _files(fresh) == []
    _show()
    monkeypatch.setattr(common, "_CELLS", {})
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
    monkeypatch.setattr(common, "_CELLS", {})
    calls = _count_computing(monkeypatch)
    said, *rest = _show().split("\n", 1)       # the rejection is said (issue 27), then the same output
    assert said.startswith("cache entry ") and "; recomputed" in said and rest == [expected]
    assert calls == [("F", "NIGQ")]
    assert stored.read_text() == good


def test_the_key_holds_the_settings_and_the_measure(tmp_path):
    f, result = common.measure("F"), props.check_one(common.measure("F"), "NIGQ")
    with cellcache.cached_in(tmp_path):
        cellcache.store("amigo", "F", "NIGQ", settings(), f, result)
        assert cellcache.lookup("amigo", "F", "NIGQ", settings(), f) == result
        with configured(amigo_search_n=settings().amigo_search_n - 1):
            assert cellcache.lookup("amigo", "F", "NIGQ", settings(), f) is None     # other bounds
        assert cellcache.lookup("amigo", "F", "NIGQ", settings(), common.measure("F_smL")) is None
        assert cellcache.lookup("amigo", "F", "NIFQ", settings(), f) is None
    assert cellcache.lookup("amigo", "F", "NIGQ", settings(), f) is None        # the cache is off outside


def test_an_undetermined_cell_is_not_stored(tmp_path):
    undetermined = PropertyResult("NIGQ", "F", Verdict.UNDETERMINED, reason="time limit reached")
    with cellcache.cached_in(tmp_path):
        cellcache.store("amigo", "F", "NIGQ", settings(), common.measure("F"), undetermined)
        assert cellcache.lookup("amigo", "F", "NIGQ", settings(), common.measure("F")) is None
    assert list(tmp_path.iterdir()) == []


def test_every_cell_of_the_amigo_table_renders_the_same_after_a_round_trip(all_results):
    # the claims have run (all_results): every cell they used is in memory; each must either be
    # refused by the codec (then it is never stored) or come back rendering to the same text
    assert len(common._CELLS) >= 68
    stored = 0
    for result in common._CELLS.values():
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
    monkeypatch.setattr(common, "_CELLS", {})
    result = invoke("show", CLAIM)
    assert result.exit_code == 0, result.output
    assert "cell cache" in result.output and "working without it" in result.output
    assert "Traceback" not in result.output
