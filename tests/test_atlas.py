"""`symmetric atlas`: its cells against the checker driver, the cache, the JSON codec, the Dask
runners and the command's refusals."""

from __future__ import annotations

import json

import pytest
from cli_support import assert_user_error, invoke

from symmetric.atlas import plan, run
from symmetric.store import codec
from symmetric.store.cells import Cache
from symmetric.logic import Verdict
from symmetric.measures import registry
from symmetric.properties import catalogue, driver

SMALL = ("--measure", "F1", "--measure", "KLD", "--property", "MON", "--property", "SYM", "--workers", "1", "--no-pdf")


@pytest.mark.parametrize("name", ["Acc", "KLD"])
def test_cells_are_the_driver_s_verdicts(name):
    """The atlas's cells of a measure (every classification property and reading; the
    quantification group) are the (property, reading) pairs the driver decides with
    its default alternates, with the same verdicts (the driver's own loop, not the atlas's)."""
    measure = registry.get(name)
    expected = {(r.property, r.reading): r.verdict for r in driver.check(measure, time_limit=60, alternates=True)}
    units = plan.units([name])
    found = {(c.property, c.reading): r.verdict for c, r in run.compute(units, time_limit=60).results}
    assert found == expected


def test_plan_reads_the_catalogue_generically():
    kinds = {"classification": sum(len(p.default_readings()) for p in catalogue.for_kind("classification")),
             "quantification": len(catalogue.for_kind("quantification"))}
    cells = [c for u in plan.units() for c in u.cells]
    for kind, per_measure in kinds.items():
        assert sum(c.kind == kind for c in cells) == per_measure * len(registry.names(kind))
    every = [c for u in plan.units(["F1"], which="all") for c in u.cells]
    assert len(every) == sum(len(p.readings()) for p in catalogue.for_kind("classification"))
    # a quantification measure's properties are one unit (decided together)
    assert [len(u.pairs) for u in plan.units(["KLD"])] == [len(catalogue.for_kind("quantification"))]


@pytest.mark.parametrize("name, prop", [("F1", "NIGQ"), ("MCC", "CHA"), ("Acc", "SM"), ("KLD", "IoI")])
def test_codec_round_trip(name, prop):
    for u in plan.units([name], [prop]):
        for cell, result in run.decide(u, 60):
            data = json.loads(json.dumps(codec.encode_result(result)))
            assert codec.decode_result(data) == result


@pytest.mark.parametrize("node", [["x", ["__import__", ["s", "os"]]], ["x", ["eval", ["int", "1"]]], ["exec"],
                                  ["x", ["S", "__class__"]], ["x", ["S", "register"]]])
def test_codec_reads_data_never_code(node):
    """A cache file is data: a class name that is not sympy's, or a name of sp.S that is no
    singleton, is refused (and the file is then a miss), never looked up as code."""
    with pytest.raises(codec.Unencodable):
        codec.decode(node)


def test_cache_hit_and_invalidation(tmp_path):
    units = plan.units(["F1"], ["MON", "SYM"])
    first = run.compute(units, cache=Cache(tmp_path))
    assert (first.computed, first.cached) == (3, 0)
    assert len(list(tmp_path.glob("*.json"))) == 3
    again = run.compute(units, cache=Cache(tmp_path))
    assert (again.computed, again.cached) == (0, 3) and again.results == first.results
    for path in tmp_path.glob("*.json"):        # a damaged file is a miss, recomputed
        path.write_text("{not json")
    assert run.compute(units, cache=Cache(tmp_path)).computed == 3


def test_two_local_workers_agree_with_one():
    units = plan.units(["F1", "KLD"], ["MON"])
    assert run.compute(units, workers=2).results == run.compute(units, workers=1).results


def test_isolated_cells_are_bounded(monkeypatch):
    """The cluster path: cells in a child process; a child past its bound is killed and its
    cells are undetermined, never given another verdict."""
    units = plan.units(["Acc"], ["SYM"])
    assert [r.verdict for _, r in run.decide_isolated(units, 60)] == [Verdict.HOLDS]
    monkeypatch.setattr(run, "START_SECONDS", 0.0)
    monkeypatch.setattr(run, "UNIT_GRACE_SECONDS", 0.0)
    (cell, r), = run.decide_isolated(units, 0.05)
    assert r.verdict is Verdict.UNDETERMINED and "process was stopped" in r.reason and cell.property == "SYM"


def test_cli_writes_the_outputs_and_reuses_the_cache(tmp_path):
    out = tmp_path / "atlas"
    first = invoke("atlas", *SMALL, "--out", str(out), "--cache", str(tmp_path / "cache"))
    assert first.exit_code == 0, first.output
    assert "(4 computed, 0 from the cache)" in first.output
    cells = json.loads((out / "atlas.json").read_text())["cells"]
    assert [(c["measure"], c["property"], c["reading"]) for c in cells] == [
        ("F1", "MON", "defined"), ("F1", "MON", "strict"), ("F1", "SYM", "as defined"), ("KLD", "MON", "as defined")]
    assert all({"measure", "property", "reading", "verdict", "proof", "counterexample", "reason"} <= set(c) for c in cells)
    assert {"atlas.csv", "atlas.tex", "index.html"} <= {p.name for p in out.iterdir()}
    second = invoke("atlas", *SMALL, "--out", str(out), "--cache", str(tmp_path / "cache"))
    assert second.exit_code == 0 and "(0 computed, 4 from the cache)" in second.output


def test_cli_no_cache_writes_no_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    r = invoke("atlas", "--measure", "Acc", "--property", "SYM", "--workers", "1", "--no-pdf", "--no-cache",
               "--out", str(tmp_path / "atlas"))
    assert r.exit_code == 0 and "(1 computed, 0 from the cache)" in r.output, r.output
    assert not (tmp_path / "xdg").exists()


@pytest.mark.parametrize("args, fragments", [
    (["--measure", "F11"], ["--measure", "unknown measure 'F11'", "'F1'"]),
    (["--property", "MONN"], ["--property", "unknown property 'MONN'", "'MON'"]),
    (["--workers", "0"], ["--workers", "0"]),
    (["--workers", "two"], ["--workers", "two"]),
    (["--workers", "2", "--scheduler", "tcp://127.0.0.1:1"], ["--workers applies to the local scheduler only"]),
    (["--cache", "c", "--no-cache"], ["--cache and --no-cache"]),
    (["--time-limit", "-1"], ["--time-limit"]),
    (["--readings", "some"], ["--readings", "some"]),
    (["--measure", "KLD", "--property", "SM"], ["no kind in common"]),
    (["--measure", "F1", "--measure", "KLD", "--property", "SM"], ["--measure KLD: no chosen property"]),
    (["--measure", "F1", "--property", "IoI", "--property", "MON"], ["--property IoI: no chosen measure"]),
])
def test_cli_refusals(args, fragments, tmp_path):
    assert_user_error(invoke("atlas", *args, "--no-pdf", "--out", str(tmp_path / "a")), *fragments)


def test_cli_help():
    r = invoke("atlas", "--help")
    assert r.exit_code == 0
    for option in ("--out", "--workers", "--scheduler", "--time-limit", "--measure", "--property", "--readings",
                   "--cache", "--no-cache", "--no-pdf"):
        assert option in r.output


@pytest.mark.slow
def test_cluster_scheduler_agrees_with_local():
    """--scheduler: a Dask cluster (here one in this process, its workers threads) gives the
    cells the local run gives."""
    distributed = pytest.importorskip("distributed")
    units = plan.units(["F1", "KLD"], ["MON"])
    with distributed.LocalCluster(n_workers=1, processes=False, threads_per_worker=2, dashboard_address=None) as cluster:
        assert run.compute(units, scheduler=cluster.scheduler_address).results == run.compute(units).results


def test_cli_unreachable_scheduler(tmp_path):
    assert_user_error(invoke("atlas", "--measure", "Acc", "--property", "SYM", "--no-cache", "--no-pdf",
                             "--scheduler", "nonsense://nowhere", "--out", str(tmp_path / "a")),
                      "--scheduler 'nonsense://nowhere'", "unknown scheme")


def test_names_are_escaped_in_html_and_tex():
    from symmetric.evidence import PropertyResult
    from symmetric.render import atlas as atlas_render
    from symmetric.render import atlas_html
    hostile = '<script>&"x\\input{y}%'
    cell = plan.Cell("classification", hostile, "SYM", "as defined")
    results = [(cell, PropertyResult("SYM", hostile, Verdict.HOLDS, proof=("a <b>line</b> & more",), reading="as defined"))]
    page = atlas_html.index(results, atlas_html.anchors(results))
    assert hostile not in page and "&lt;script&gt;&amp;&quot;x" in page
    tex = atlas_render.atlas_tex(results)
    assert "\\input{y}" not in tex and "\\textbackslash{}input\\{y\\}\\%" in tex
    assert json.loads(atlas_render.atlas_json(results))["cells"][0]["measure"] == hostile
