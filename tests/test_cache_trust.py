"""Issue 27: a cached verdict is a claim, not a fact.  An entry is read only if it is a regular
file under the size cap, checked against its key, authenticated, its numbers bounded, and a
``fails`` entry's counterexample re-evaluated; a rejected entry is reported and recomputed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hostile_bounds import case_bounds  # noqa: F401 - autouse: every case bounded in time and memory
from cli_support import invoke

from derivations.amigo import common
from derivations.deciding import decided_already, decided_elsewhere
from symmetric.crosscheck.cached import open_cache
from symmetric.store import cells, codec, results

ROOT = Path(__file__).resolve().parents[1]
ATLAS = ("atlas", "--measure", "F1", "--property", "SYM", "--workers", "1", "--no-pdf")


@pytest.fixture
def cache_home(tmp_path, monkeypatch):
    home = tmp_path / "xdg"
    monkeypatch.setenv("XDG_CACHE_HOME", str(home))
    cells._SECRET.clear()
    yield home
    cells._SECRET.clear()


def _atlas(tmp_path, cache: Path):
    return invoke(*ATLAS, "--out", str(tmp_path / "out"), "--cache", str(cache))


def _entries(cache: Path) -> list[Path]:
    return sorted(cache.glob("*.json"))


def _edit(path: Path, change, sign: bool = False) -> None:
    data = json.loads(path.read_text())
    change(data)
    if sign:                        # as this user's own code would have written it
        data.pop("mac", None)
        data["mac"] = cells._mac(data)
    path.write_text(json.dumps(data))


def _fails(data):
    data["result"]["verdict"] = "holds"
    data["result"]["counterexample"] = None


def _first_run(tmp_path, cache_home) -> Path:
    cache = cache_home / "cells"
    r = _atlas(tmp_path, cache)
    assert r.exit_code == 0, r.output
    assert "1 computed, 0 from the cache" in r.output
    assert len(_entries(cache)) == 1
    return cache


@pytest.mark.parametrize("change, sign, why", [
    (_fails, False, "not authenticated"),                                           # fails -> holds
    (lambda d: d["result"].update(verdict="holds"), False, "not authenticated"),
    (lambda d: d.update(cell=["classification", "Acc", "SYM", "as defined"]), True, "not the cell of its key"),
    (lambda d: d["result"]["counterexample"]["values"][1][0][2]["value"].__setitem__(1, ["rat", "1", "2"]), True,
     "counterexample does not hold"),                                              # M(h) shown as 1/2, is 0
    (lambda d: d["result"]["proof"][1]["args"].__setitem__(1, ["x", ["float", "1.5", 300000000]]), True,
     "cannot be decoded"),
    (lambda d: d["result"]["proof"][1]["args"].__setitem__(1, ["x", ["int", "9" * 5000]]), True,
     "cannot be decoded"),
    (lambda d: d.update(version="0.0.0"), True, "another version"),
])
def test_an_edited_entry_is_rejected_reported_and_recomputed(tmp_path, cache_home, change, sign, why):
    cache = _first_run(tmp_path, cache_home)
    _edit(_entries(cache)[0], change, sign)
    start = time.monotonic()
    r = _atlas(tmp_path, cache)
    assert time.monotonic() - start < 60
    assert r.exit_code == 0, r.output
    assert "rejected" in r.output and why in r.output and "recomputed" in r.output, r.output
    assert "1 computed, 0 from the cache" in r.output
    assert "1 fails" in r.output and "0 holds" in r.output
    # the recomputed entry replaced the bad one and is trusted again
    r = _atlas(tmp_path, cache)
    assert "0 computed, 1 from the cache" in r.output and "rejected" not in r.output, r.output


@pytest.mark.parametrize("make", ["fifo", "zero", "folder", "big"])
def test_an_entry_that_is_not_a_small_regular_file_is_never_opened(tmp_path, cache_home, make):
    cache = _first_run(tmp_path, cache_home)
    entry = _entries(cache)[0]
    entry.unlink()
    if make == "fifo":
        os.mkfifo(entry)            # opening it would wait for a writer forever
    elif make == "zero":
        entry.symlink_to("/dev/zero")
    elif make == "folder":
        entry.mkdir()
    else:
        entry.write_bytes(b" " * (cells.ENTRY_LIMIT + 1))
    start = time.monotonic()
    r = _atlas(tmp_path, cache)
    assert time.monotonic() - start < 60 and r.exit_code == 0, r.output
    assert "rejected" in r.output and "1 fails" in r.output, r.output


def test_a_copied_cache_from_another_key_is_rejected(tmp_path, cache_home):
    cache = _first_run(tmp_path, cache_home)
    cells.secret_file().write_text(os.urandom(32).hex() + "\n")     # another user's / machine's key
    cells._SECRET.clear()
    r = _atlas(tmp_path, cache)
    assert "not authenticated" in r.output and "1 computed" in r.output, r.output


def test_the_key_file_is_private(tmp_path, cache_home):
    _first_run(tmp_path, cache_home)
    assert cells.secret_file().stat().st_mode & 0o777 == 0o600


@pytest.mark.parametrize("node", [
    ["float", "1.5", 300000000], ["float", "1.5", 0], ["float", "1" * 500, 53], ["int", "9" * 3000],
    ["rat", "1", "9" * 3000],
])
def test_the_codec_bounds_numbers_before_building_them(node):
    start = time.monotonic()
    with pytest.raises(codec.Unencodable):
        codec.decode(["x", node])
    assert time.monotonic() - start < 1


def test_the_codec_bounds_plain_numbers():
    with pytest.raises(codec.Unencodable):
        codec.decode(["i", 10 ** 9000])
    with pytest.raises(codec.Unencodable):
        codec.decode(["frac", 1, 10 ** 9000])
    assert codec.decode(["frac", 1, 3]) == codec.Fraction(1, 3)


@pytest.fixture
def amigo_table_cached(all_results, cache_home):
    """``cache_home``'s cell cache holding the Amigo property table, as a first `show
    amigo.table.properties` leaves it: the session's all-claims run decided every cell in this
    process (all_results), and each is kept through the one decision path's own writer
    (``decided_elsewhere`` -> driver.remember -> the open cache, as `show`'s worker processes'
    cells are), signed with ``cache_home``'s key.  A `show` subprocess computing the table took
    44-54 CPU-s of the test's 55; one that reads it takes ~7 (measured)."""
    wanted = [(common.measure(name), column) for name in common.PROPERTY_MEASURES for column in common.COLUMNS]
    found = [(m, column, decided_already(m, column)) for m, column in wanted]
    with results.using(open_cache(results.default_folder())):
        for m, column, result in found:
            if result is not None:          # a cell the run did not decide: the first `show` computes it
                decided_elsewhere(result, m, column)
    return cache_home


def test_amigo_table_edited_from_fails_to_holds_is_still_corrected(amigo_table_cached):
    """The issue's reproduction: three SM cells (MI, F_smN, F(R,S)) edited from fails to holds
    made `show amigo.table.properties` say proved; now they are rejected and recomputed."""
    # a process each: the claims keep computed cells in memory too, which would hide the cache
    cache_home = amigo_table_cached
    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_CACHE_HOME": str(cache_home)}

    def show():
        return subprocess.run([sys.executable, "-m", "symmetric", "show", "amigo.table.properties"], env=env,
                              capture_output=True, text=True, timeout=600)
    first = show()
    assert "corrected" in first.stdout, first.stdout + first.stderr
    folder = cache_home / "symmetric" / "cells"
    edited = 0
    for path in folder.glob("*.json"):
        data = json.loads(path.read_text())
        if data["cell"][1] in ("MI", "F_smN", "F(R,S)") and data["cell"][2] == "SM" \
                and data["result"]["verdict"] == "fails":
            _edit(path, _fails)
            edited += 1
    assert edited == 3
    r = show()
    assert r.returncode == first.returncode and "verdict: corrected" in r.stdout, r.stdout + r.stderr
    assert "verdict: proved" not in r.stdout
    assert r.stderr.count("rejected: not authenticated") == 3 and "Traceback" not in r.stderr, r.stderr
