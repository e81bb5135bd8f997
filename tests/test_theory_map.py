"""symmetric theory-map: the implication matrix (every cell a re-checked verdict with its
separating measure), the subset maps (Gosgens et al.'s impossibility re-derived, REL/ABS), and the
files it writes."""

from __future__ import annotations

import csv
import json

from click.testing import CliRunner

from symmetric.cli import main
from symmetric.theory.atlasmap import compute


def test_matrix_cells_and_subset_maps():
    m = compute(("SMON", "MON", "SDE"), (), 3, workers=1)
    assert m.cell("SMON", "MON").verdict == "implies"
    assert m.cell("MON", "SMON").verdict == "separated" and m.cell("MON", "SMON").measure == "Acc"
    assert len(m.cells) == 6 and all(c.seconds < 10 for c in m.cells)      # issue 25: under 10 s per pair
    maps = dict(m.subsets)
    both = maps["Gosgens et al. (test sets with both classes)"]
    assert {frozenset(o.properties) for o in both.minimal_inconsistent} == {
        frozenset({"SMON", "MAXA"}), frozenset({"SMON", "MINA"}), frozenset({"SMON", "CB"}),
        frozenset({"SMON", "DIST"}), frozenset({"MINA", "CB", "DIST"})}
    quant = maps["Sebastiani, quantification (binary, grid k/6)"]
    assert [set(o.properties) for o in quant.minimal_inconsistent] == [{"REL", "ABS"}]
    assert {frozenset(s) for s in quant.maximal_consistent} == {
        frozenset({"NN", "IoI", "MON", "IMP", "REL", "MAX"}), frozenset({"NN", "IoI", "MON", "IMP", "ABS", "MAX"})}


def test_cli_writes_csv_latex_html_json(tmp_path):
    out = tmp_path / "map"
    r = CliRunner().invoke(main, ["theory-map", "SMON", "MON", "--max-n", "3", "--workers", "1", "--no-subsets",
                                  "--out", str(out)])
    assert r.exit_code == 0, r.output
    rows = list(csv.reader((out / "theory-map.csv").open()))
    assert rows[0] == ["P \\ Q", "SMON", "MON"]
    assert rows[1] == ["SMON", "", "implies"] and rows[2] == ["MON", "separated (Acc)", ""]
    data = json.loads((out / "theory-map.json").read_text())
    assert data["counts"] == {"implies": 1, "separated": 1} and data["bound"]["max_n"] == 3
    assert r"$\Rightarrow$" in (out / "theory-map.tex").read_text()
    page = (out / "index.html").read_text()
    assert 'class="implies"' in page and 'class="separated"' in page and "<script" not in page
    assert "2 pairs (1 implies, 1 separated)" in r.output


def test_cli_mistakes_exit_2(tmp_path):
    r = CliRunner().invoke(main, ["theory-map", "SMON", "NOPE", "--out", str(tmp_path / "m")])
    assert r.exit_code == 2 and "NOPE" in r.output and "Traceback" not in r.output
    r = CliRunner().invoke(main, ["theory-map", "SMON", "--reading", "scope=wide", "--out", str(tmp_path / "m")])
    assert r.exit_code == 2 and "scope" in r.output


def test_a_folder_that_is_not_symmetrics_is_refused(tmp_path):
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    r = CliRunner().invoke(main, ["theory-map", "SMON", "MON", "--max-n", "2", "--workers", "1", "--no-subsets",
                                  "--out", str(out)])
    assert r.exit_code == 2 and "Traceback" not in r.output
    assert sorted(p.name for p in out.iterdir()) == ["notes.txt"]
    r = CliRunner().invoke(main, ["theory-map", "SMON", "MON", "--max-n", "2", "--workers", "1", "--no-subsets",
                                  "--out", str(out), "--force"])
    assert r.exit_code == 0, r.output
    assert (out / "notes.txt").read_text() == "mine" and (out / "index.html").exists()
