"""The terminal summary of `symmetric check` (issue 24, item 6): a compact properties x measures
matrix by default, a row per verdict with its reason in full on request (--details), and a
reading choice ("defined") never confused with "no reading axes"."""

from __future__ import annotations

import pytest

from cli_support import run_check
from symmetric.evidence import NO_READING, PropertyResult, Reading
from symmetric.logic import Verdict
from symmetric.render import matrix

H, F, U = Verdict.HOLDS, Verdict.FAILS, Verdict.UNDETERMINED


def _r(prop, verdict, *choices, measure="M"):
    reading = Reading(tuple(choices))
    return PropertyResult(prop, measure, verdict, reason="r" if verdict is U else "", reading=reading.name,
                          decided_in=reading)


CELLS = [
    # (results of one property, headline first), cell
    ([_r("SM", H, ("definedness", "defined"))], "holds"),
    ([_r("SM", H, ("definedness", "defined")), _r("SM", H, ("definedness", "strict"))], "holds"),
    ([_r("SM", H, ("definedness", "defined")), _r("SM", F, ("definedness", "strict"))], "holds (strict: fails)"),
    ([_r("CHA", U, ("definedness", "defined"), ("model", "bernoulli")),
      _r("CHA", F, ("definedness", "strict"), ("model", "bernoulli")),
      _r("CHA", H, ("definedness", "defined"), ("model", "fixed-size"))],
     "undetermined (strict: fails; fixed-size: holds)"),
    ([_r("SYM", F)], "fails"),
]


@pytest.mark.parametrize("rows,expected", CELLS)
def test_a_cell_shows_the_headline_and_only_the_readings_that_differ(rows, expected):
    assert matrix.cell(rows) == expected


def test_the_matrix_has_a_row_per_property_and_a_column_per_measure():
    a = [_r("SM", H, ("definedness", "defined")), _r("SM", F, ("definedness", "strict")), _r("SYM", F)]
    b = [_r("SM", F, ("definedness", "defined"), measure="B"), _r("SYM", H, measure="B"),
         _r("MON", U, ("definedness", "defined"), measure="B")]
    header, rows = matrix.matrix([("A", a), ("B", b)])
    assert header == ["property", "headline reading", "A", "B"]
    assert rows == [["SM", "defined", "holds (strict: fails)", "fails"],
                    ["SYM", matrix.NO_AXES, "fails", "holds"],
                    ["MON", "defined", "", "undetermined"]]
    assert matrix.counts([("A", a), ("B", b)]) == "2 holds, 2 fails, 1 undetermined"
    assert matrix.open_questions([("A", a), ("B", b)]) == [("B", "MON", "defined")]


def test_no_reading_axes_is_not_spelled_like_a_reading_choice():
    assert matrix.reading_label(_r("SYM", H)) == matrix.NO_AXES
    assert matrix.reading_label(_r("MON", H, ("definedness", "defined"))) == "defined"
    assert "defined" not in matrix.NO_AXES and NO_READING != matrix.NO_AXES


def test_classification_and_quantification_properties_are_separate_matrices():
    groups = matrix.by_kind([("classification", "A", [_r("MON", H, ("definedness", "defined"))]),
                             ("quantification", "E", [_r("MON", F)]), ("classification", "B", [])])
    assert [(kind, [name for name, _ in g]) for kind, g in groups] == [("classification", ["A", "B"]),
                                                                        ("quantification", ["E"])]


def test_check_prints_the_matrix_by_default_and_the_details_on_request(tmp_path):
    compact = run_check(["--measure", "F1", "--measure", "MCC"], tmp_path)
    assert compact.exit_code == 0, compact.output
    lines = compact.stdout.splitlines()
    # one line per property (F1 and MCC's readings never need more than two lines a row here)
    assert len(lines) < 70, compact.stdout
    assert "symmetric check (classification)" in compact.stdout and "--details" in compact.stdout
    assert any(line.startswith("│ SYM ") and "—" in line for line in lines), compact.stdout
    assert ": counterexample" not in compact.stdout     # the details are on request
    details = run_check(["--measure", "F1", "--details"], tmp_path)
    assert details.exit_code == 0, details.output
    assert ": counterexample" in details.stdout and len(details.stdout.splitlines()) > len(lines)
    # the why column is never cut with "..." (it wraps)
    assert "..." not in details.stdout and "…" not in details.stdout
