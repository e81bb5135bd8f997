"""The LaTeX report of `symmetric check`: one \\input-able file per measure, named from it, never
replacing another measure's report; a summary matrix; and the same typesetting gate as the
proofs (the report of examples/measures.toml has no overfull box over 5 pt)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cli_support import run_check
from test_latex import OVERFULL_LIMIT_PT, require_tex

from symmetric.render import check_report, texbuild

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "measures.toml"


@pytest.fixture(scope="module")
def example_report(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("check")
    result = run_check([str(EXAMPLES)], tmp)
    assert result.exit_code == 0, result.output
    return tmp / "tex", result


def test_one_file_per_measure_named_from_it(example_report):
    folder, _ = example_report
    names = sorted(p.name for p in folder.glob("check-*.tex"))
    assert names == ["check-geometricrecalls.tex", "check-k.tex", "check-squarederror.tex",
                     "check-weightedutility.tex"]
    main = (folder / "check.tex").read_text()
    assert re.findall(r"\\input\{(check-[a-z]+)\}", main) == [
        "check-geometricrecalls", "check-weightedutility", "check-k", "check-squarederror"]
    fragment = (folder / "check-k.tex").read_text()
    assert r"\documentclass" not in fragment and r"\begin{document}" not in fragment


def test_the_summary_matrix_has_a_mark_per_property(example_report):
    folder, result = example_report
    main = (folder / "check.tex").read_text()
    rows = {line.split(" & ")[0]: line.split(" & ")[1:] for line in main.splitlines()
            if line.startswith(("GeometricRecalls", "WeightedUtility", "K &", "SquaredError"))}
    assert set(rows) == {"GeometricRecalls", "WeightedUtility", "K", "SquaredError"}
    from symmetric.properties import catalogue
    headline_columns = len(catalogue.for_kind("classification"))      # one per property: its headline reading
    assert all(len(marks) == headline_columns for name, marks in rows.items() if name != "SquaredError")
    # K satisfies all of Sebastiani's axioms: its MON column is a check mark
    header = next(line for line in main.splitlines() if "scriptsize MON" in line)
    column = [c.strip() for c in header.split("&")].index(r"\rotatebox{90}{\scriptsize MON}")
    assert rows["K"][column - 1].startswith(r"$\checkmark$")


def test_another_measures_report_is_never_replaced(tmp_path):
    folder = tmp_path / "tex"
    folder.mkdir()
    (folder / "check-f1.tex").write_text(check_report._HEADER + "F 1\n% someone else's\n")
    (folder / "check-acc.tex").write_text("% a file the user wrote\n")
    names = check_report.file_names(["F1", "Acc", "F-1", "F1"], folder)
    assert names == ["check-f1-2.tex", "check-acc-2.tex", "check-f-1.tex", "check-f1-3.tex"]
    (folder / "check-f1-2.tex").write_text(check_report._HEADER + "F1\n")
    assert check_report.file_names(["F1"], folder) == ["check-f1-2.tex"]   # its own earlier report


def test_the_example_report_passes_the_typesetting_gate(example_report):
    require_tex()
    folder, _ = example_report
    report = texbuild.build(folder / "check.tex", [p for p in folder.glob("*.tex") if p.name != "check.tex"])
    boxes = report.overfull(OVERFULL_LIMIT_PT)
    assert not boxes, boxes


def test_a_property_checked_in_two_readings_gets_two_columns():
    from types import SimpleNamespace as R
    results = [R(property="CHA", reading="bernoulli"), R(property="CHA", reading="uniform-size"),
               R(property="MON", reading="as defined")]
    assert [check_report.column(r, results) for r in results] == ["CHA[bernoulli]", "CHA[uniform-size]", "MON"]
