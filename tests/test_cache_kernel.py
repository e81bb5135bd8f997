"""Issue 27 item 3, now that the certificate kernel exists: a cached ``holds`` has its
certificates re-verified by :mod:`symmetric.kernel` on use (the cross-check is run again only
for a proof with a case that carries no checkable certificate), and a cached ``fails`` without
a counterexample is either re-checked on the measure (AW "no parameter") or never kept."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from hostile_bounds import case_bounds  # noqa: F401 - autouse: every case bounded in time and memory
from cli_support import invoke

from symmetric.atlas.plan import Cell
from symmetric.certificate import SolverOnly
from symmetric.crosscheck import cached
from symmetric.evidence import CaseStep, PropertyResult
from symmetric.logic import Verdict
from symmetric.measures import registry
from symmetric.properties.amigo import check_one
from symmetric.store import cells


@pytest.fixture
def cache_home(tmp_path, monkeypatch):
    home = tmp_path / "xdg"
    monkeypatch.setenv("XDG_CACHE_HOME", str(home))
    cells._SECRET.clear()
    yield home
    cells._SECRET.clear()


def _atlas(tmp_path, cache: Path, measure: str, prop: str):
    return invoke("atlas", "--measure", measure, "--property", prop, "--workers", "1", "--no-pdf",
                  "--out", str(tmp_path / "out"), "--cache", str(cache))


def _signed_edit_all(cache: Path, change) -> int:
    """Apply ``change`` to every entry's result and sign it again (a bug writing a bad entry)."""
    edited = 0
    for path in sorted(cache.glob("*.json")):
        data = json.loads(path.read_text())
        if change(data["result"]):
            edited += 1
        data.pop("mac", None)
        data["mac"] = cells._mac(data)
        path.write_text(json.dumps(data))
    return edited


def _certificates(node):
    """Every certificate dict inside an encoded result."""
    if isinstance(node, dict):
        if "certificate" in node and isinstance(node["certificate"], dict):
            yield node["certificate"]
        for value in node.values():
            yield from _certificates(value)
    elif isinstance(node, list):
        for value in node:
            yield from _certificates(value)


def _break_identity(result) -> bool:
    """An identity certificate whose numerator is no longer the zero polynomial: the kernel must
    reject it (every other field, the verdict included, is left as this code wrote it)."""
    for cert in _certificates(result):
        if cert.get("kind") == "identity":
            cert["numerator"] = [[[0] * len(cert["variables"]), "1"]]
            return True
    return False


def test_a_signed_certificate_edit_is_caught_by_the_kernel_and_recomputed(tmp_path, cache_home):
    cache = cache_home / "cells"
    first = _atlas(tmp_path, cache, "Acc", "TSYM")
    assert first.exit_code == 0 and "2 computed, 0 from the cache" in first.output, first.output
    assert _signed_edit_all(cache, _break_identity) == 2
    r = _atlas(tmp_path, cache, "Acc", "TSYM")
    assert r.exit_code == 0, r.output
    rejections = [line for line in r.output.splitlines() if "rejected" in line]
    assert len(rejections) == 2, r.output
    assert all("the kernel rejects the certificate" in line and "not the zero polynomial" in line
               and line.endswith("recomputed") for line in rejections), r.output
    assert "not authenticated" not in r.output and "2 computed, 0 from the cache" in r.output
    again = _atlas(tmp_path, cache, "Acc", "TSYM")
    assert "0 computed, 2 from the cache" in again.output and "rejected" not in again.output, again.output


def _fully_certified_holds() -> list[PropertyResult]:
    """Acc's TSYM ``holds`` (every case an identity certificate), as the API computes it."""
    from symmetric.api import check
    results = [r for r in check("Acc", properties=["TSYM"]) if r.verdict is Verdict.HOLDS]
    assert results
    return results


def test_a_fully_certified_holds_is_rechecked_by_the_kernel_alone(monkeypatch):
    [result, *_] = _fully_certified_holds()
    assert cached.fully_certified(result)
    monkeypatch.setattr(cached, "review_one", lambda *a, **k: pytest.fail("the cross-check ran"))
    assert cached.recheck(registry.get("Acc"), result) is None


def test_a_case_without_a_checkable_certificate_runs_the_cross_check(monkeypatch):
    [result, *_] = _fully_certified_holds()
    cases = [k for k, line in enumerate(result.proof) if isinstance(line, CaseStep)]
    proof = list(result.proof)
    proof[cases[0]] = replace(proof[cases[0]], certificate=SolverOnly((), (), (((), 1),), ">"))
    solver_only = replace(result, proof=tuple(proof))
    assert not cached.fully_certified(solver_only) and cached.certificates_rejected(solver_only) is None
    ran = []
    monkeypatch.setattr(cached, "review_one", lambda m, r: ran.append(r) or r)
    assert cached.recheck(registry.get("Acc"), solver_only) is None and len(ran) == 1


@pytest.mark.parametrize("measure, true_measure, rejected", [
    ("Acc", "Acc", None),                  # no parameter: the argument re-checks
    ("Fbeta", "Acc", "has no parameter, but it has beta"),
])
def test_aw_no_parameter_is_rechecked_on_the_measure(measure, true_measure, rejected):
    result = check_one(registry.get(true_measure), "AW")
    assert result.verdict is Verdict.FAILS and result.counterexample is None and result.reason == "no parameter"
    result = replace(result, measure=measure)
    why = cached.recheck(registry.get(measure), result)
    assert (why is None) if rejected is None else (rejected in why), why
    assert cached.keep(registry.get(measure), result)


def test_a_fails_without_counterexample_or_recheckable_argument_is_not_kept(tmp_path, cache_home):
    measure = registry.get("F")
    result = check_one(measure, "AW")
    assert result.verdict is Verdict.FAILS and result.counterexample is None
    assert result.reason == "growing quality for every parameter"
    assert not cached.keep(measure, result)
    cache = cells.Cache(tmp_path / "c", recheck=cached.recheck, keep=cached.keep)
    cell = Cell("classification", "F", "AW", "defined, nondegenerate")
    assert cache.put(cell, measure, result) is False and not list((tmp_path / "c").iterdir())
    # one written anyway (by a cache without the rule): read, rejected, recomputed
    assert cells.Cache(tmp_path / "c").put(cell, measure, result) is True
    assert cache.get(cell, measure) is None
    assert len(cache.rejected) == 1 and "not re-checkable from the cache" in cache.rejected[0]


def test_another_cells_certified_result_under_this_key_is_rejected(tmp_path, cache_home):
    """F1's TSYM ``holds`` (every case certified) written under F1's SYM key (whose truth is
    ``fails``), as a bug writing the wrong cell would: its certificates re-verify, so only the
    comparison of the result with its cell catches it."""
    from symmetric.api import check
    measure = registry.get("F1")
    [tsym] = [r for r in check("F1", properties=["TSYM"])]
    assert tsym.verdict is Verdict.HOLDS and cached.fully_certified(tsym) and cached.recheck(measure, tsym) is None
    cache = cells.Cache(tmp_path / "c", recheck=cached.recheck, keep=cached.keep)
    cell = Cell("classification", "F1", "SYM", "as defined")
    assert cache.put(cell, measure, tsym)
    assert cache.get(cell, measure) is None
    assert len(cache.rejected) == 1 and "it holds the result of F1 TSYM" in cache.rejected[0], cache.rejected
