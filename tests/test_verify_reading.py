"""Issue 27: reading a file is bounded and complete before anything runs.

* A claims file is read and validated whole before the first claim runs: a bad claim at the end
  is reported (exit 2, its line) with no claim checked -- the behaviour chosen for TOML files
  (README, "Verify your own paper"); a ``.tex`` paper instead reports what it cannot read as
  "not read" and checks the rest (issue 23).
* ``--time-limit`` bounds reading and validation as well as checking: the file, each claim,
  each display of a paper; running out of time or of recursion while reading is one line.
* ``--progress`` (or a terminal) says how far reading a long file is, on standard error.
"""

from __future__ import annotations

import json
import time

import pytest
from hostile_bounds import case_bounds  # noqa: F401 - autouse: every case bounded in time and memory
from cli_support import assert_user_error, invoke

from symmetric.verify import assemble, bounded, paper

GOOD = '[[claim]]\nid = "good{k}"\n  [[claim.step]]\n  lhs = "TP + 1"\n  rel = ">"\n  rhs = "TP"\n'

# (the last claim's step, fragments of the one-line error): every mistake a step can hold
BAD_LAST = [
    ('latex = "TP + y = 1"', ["line 16, column 17", "unknown symbol 'y'"]),
    ('lhs = "TP +"\n  rel = ">"\n  rhs = "0"', ["line 16, column 14", "unexpected end of input"]),
    ('lhs = "TP"\n  rel = "=>"\n  rhs = "0"', ["line 17, column 10", "unknown relation '=>'"]),
    ('lhs = "Foo"\n  rel = ">"\n  rhs = "0"', ["line 16, column 10", "unknown name 'Foo'"]),
    ('derivative = "TP/(TP+FN)"\n  wrt = "q"\n  printed = "0"', ["line 17, column 10", "unknown name 'q'"]),
    ('limit = "TP/(TP+FN)"\n  var = "TP"\n  to = "TP"\n  printed = "1"', ["line 18, column 9", "depends on the variable TP itself"]),
    ('value = "TP/(TP+FN)"\n  at = { TP = "x" }\n  printed = "1"', ["line 17, column 8", "must be a number", "'x'"]),
    ('value = "TP/(TP+FN)"\n  at = { TP = "1e1000000000" }\n  printed = "1"', ["claim 3, step 1, at, TP", "e1000000000"]),
    ('property = "SYM"\n  measure = "NoSuchMeasure"\n  printed = "holds"', ["line 17", "NoSuchMeasure"]),
    ('lhs = "TP"\n  rel = ">"\n  rhs = "0"\n  colour = "red"', ["line 19, column 13", "unknown field 'colour'"]),
    ('latex = "2^{10^{10}} = 1"', ["claim 3, step 1, latex", "a tower of numeric exponents"]),
    ('latex = "\\\\frac{TP}{TP + FN} \\\\cdotTP = 1"', ["line 16, column 32", "unexpected '\\\\cdotTP'"]),
]


def _file(tmp_path, last_step: str, good: int = 2):
    path = tmp_path / "claims.toml"
    claims = [GOOD.format(k=k) for k in range(good)]
    claims.append('[[claim]]\nid = "bad"\n  [[claim.step]]\n  ' + last_step + "\n")
    path.write_text("".join(claims), encoding="utf-8")
    return path


@pytest.mark.parametrize("step, fragments", BAD_LAST, ids=[b[1][-1] for b in BAD_LAST])
def test_a_bad_last_claim_is_refused_before_any_claim_runs(tmp_path, step, fragments):
    path = _file(tmp_path, step)
    r = invoke("verify", str(path))
    assert_user_error(r, str(path), *fragments)
    assert "[1/3]" not in r.output and "good0" not in r.output, r.output      # nothing ran
    assert len(r.output.strip().splitlines()) == 1, r.output


def test_reading_a_claim_is_bounded_by_the_time_limit(tmp_path, monkeypatch):
    slow = assemble.validate

    def validate(ctx, table):           # a claim whose validation would run on (z3, sympy)
        if "slow" in table.data.get("lhs", ""):
            time.sleep(30)
        return slow(ctx, table)
    monkeypatch.setattr(assemble, "validate", validate)
    path = _file(tmp_path, 'lhs = "TP + 0*slow"\n  rel = ">"\n  rhs = "0"')
    start = time.monotonic()
    r = invoke("verify", str(path), "--time-limit", "0.5")
    assert time.monotonic() - start < 10
    assert_user_error(r, str(path), "line 13, column 1", "claim 3: reading and validating it took more than 0.5 s")
    assert "[1/3]" not in r.output


def test_a_recursion_while_reading_is_one_line(tmp_path, monkeypatch):
    def validate(ctx, table):
        raise RecursionError("maximum recursion depth exceeded")
    monkeypatch.setattr(assemble, "validate", validate)
    r = invoke("verify", str(_file(tmp_path, 'lhs = "TP"\n  rel = ">"\n  rhs = "0"', good=0)))
    assert_user_error(r, "claim 1: nested too deeply to read")


def _paper(tmp_path, *displays: str):
    path = tmp_path / "paper.tex"
    body = "\n".join(f"\\begin{{equation}} {d} \\end{{equation}}" for d in displays)
    path.write_text(f"\\documentclass{{article}}\n\\begin{{document}}\n{body}\n\\end{{document}}\n", encoding="utf-8")
    return path


def _paper_report(path, *args):
    out = path.with_suffix(".json")
    r = invoke("verify", str(path), "--json", str(out), *args)
    assert "Traceback" not in r.output, r.output
    return r, json.loads(out.read_text())


@pytest.mark.parametrize("display, reason", [
    ("2^{10^{10}} = 1", "a tower of numeric exponents"),
    ("9^{9^{9^{9}}} = 1", "a tower of numeric exponents"),
    ("TP^{1000000} = TP", "the exponent 1000000"),
    ("\\sqrt{" * 60 + "TP" + "}" * 60 + " > 0", "groups nested 60 deep"),
    ("TP = 1" + "0" * 5000, "digits"),
])
def test_a_display_too_big_to_read_is_not_read_and_the_rest_is_checked(tmp_path, display, reason):
    start = time.monotonic()
    r, report = _paper_report(_paper(tmp_path, display, "TP + 1 > TP"), "--time-limit", "5")
    assert time.monotonic() - start < 30
    assert r.exit_code == 1
    assert [(x["line"], reason in x["reason"]) for x in report["not_read"]] == [(3, True)], report
    assert [(x["line"], x["verdict"]) for x in report["relations"]] == [(4, "proved")]


def test_reading_a_display_is_bounded_by_the_time_limit(tmp_path, monkeypatch):
    slow = paper._read

    def read(path, display, *args):
        if "TN" in display.text:
            time.sleep(30)
        return slow(path, display, *args)
    monkeypatch.setattr(paper, "_read", read)
    start = time.monotonic()
    r, report = _paper_report(_paper(tmp_path, "TN + 1 > TN", "TP + 1 > TP"), "--time-limit", "0.5")
    assert time.monotonic() - start < 10
    assert [x["line"] for x in report["not_read"]] == [3]
    assert "took more than 0.5 s" in report["not_read"][0]["reason"]
    assert [(x["line"], x["verdict"]) for x in report["relations"]] == [(4, "proved")]


def test_input_fan_out_is_bounded(tmp_path):
    for k in range(5):
        (tmp_path / f"f{k}.tex").write_text(f"\\input{{f{k + 1}}}\n" * 30, encoding="utf-8")
    (tmp_path / "f5.tex").write_text("\\[ TP > 0 \\]\n", encoding="utf-8")
    main = tmp_path / "main.tex"
    main.write_text("\\documentclass{article}\\begin{document}\n\\input{f0}\n\\end{document}\n", encoding="utf-8")
    start = time.monotonic()
    assert_user_error(invoke("verify", str(main)), "more than 500 \\inputs")
    assert time.monotonic() - start < 30


def test_progress_is_said_when_asked(tmp_path, monkeypatch):
    slow = assemble.validate

    def validate(ctx, table):
        time.sleep(0.02)
        return slow(ctx, table)
    monkeypatch.setattr(assemble, "validate", validate)
    monkeypatch.setattr(bounded.Progress.__init__, "__defaults__", (0.08,))
    path = tmp_path / "many.toml"
    path.write_text("".join(GOOD.format(k=k) for k in range(30)), encoding="utf-8")
    asked = invoke("verify", str(path), "--progress")
    assert asked.exit_code == 0, asked.output
    counts = [int(line.split()[1].split("/")[0]) for line in asked.output.splitlines() if line.startswith("read ")]
    assert counts and counts == sorted(counts) and all(0 < k <= 30 for k in counts), asked.output
    assert "/30 claims" in asked.output
    quiet = invoke("verify", str(path))       # not a terminal, not asked: nothing
    assert quiet.exit_code == 0 and "read " not in quiet.output


@pytest.mark.parametrize("opening, closing", [("\\begin{equation}", "\\end{equation}"), ("\\[", "\\]"),
                                              ("\\begin{align*}", "\\end{align*}")])
def test_a_display_never_closed_is_not_read_not_skipped(tmp_path, opening, closing):
    path = tmp_path / "paper.tex"
    path.write_text(f"\\documentclass{{article}}\n\\begin{{document}}\n\\[ TP + 1 > TP \\]\n{opening} TP > 0\n"
                    "\\end{document}\n", encoding="utf-8")
    r, report = _paper_report(path)
    assert r.exit_code == 1             # was 0: the unclosed display skipped, "everything proved"
    assert [(x["line"], x["reason"]) for x in report["not_read"]] == [(4, f"{opening} is not closed by {closing}")]
    assert [(x["line"], x["verdict"]) for x in report["relations"]] == [(3, "proved")]
