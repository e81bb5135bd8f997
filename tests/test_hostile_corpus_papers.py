"""The hostile corpus of issue 27, continued: `verify PAPER.tex` (issue 23's new surface), its
--defs and --show, and the reading of claims files -- each case run as a separate process so that
its time *and* memory are measured (wait4's rusage of that one process; the process is forked from
one that has imported the CLI's modules, tests/fresh_process.py, so no case pays Python's start-up).

Every case asserts the exit status, a one-line message (exit 2) or the display "not read" with
its reason and the rest checked (exit 1), a bounded time and peak memory, and that nothing of
the user's changed (the folder of the inputs is byte for byte as it was).  The worst time and
memory seen are in the README's reliability note.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from fresh_process import zygote
from hostile_bounds import case_bounds  # noqa: F401 - autouse: every case bounded in time and memory

ROOT = Path(__file__).resolve().parents[1]
SECONDS = 60                    # per case, on a loaded 2-core machine (about 3 s each alone)
MEMORY_KB = 1_500_000           # peak resident memory of one case
ADDRESS_LIMIT = 4 << 30         # a runaway case fails on its own, not the machine


def _measured(args: list[str]) -> tuple[int, str, str, float, int]:
    """(exit status, stdout, stderr, seconds, peak KB) of ``symmetric ARGS`` in its own process (a
    fork of a process that has imported the CLI's modules: tests/fresh_process.py)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200"}
    return zygote(env).run(args, address_limit=ADDRESS_LIMIT, kill_after=SECONDS * 2)


def _snapshot(folder: Path) -> dict:
    return {str(p.relative_to(folder)): (p.read_bytes() if p.is_file() and not p.is_symlink() else None)
            for p in sorted(folder.rglob("*"))}


def _paper(folder: Path, *displays: str, preamble: str = "", extra: str = "") -> Path:
    body = "\n".join(f"\\begin{{equation}} {d} \\end{{equation}}" for d in displays)
    path = folder / "paper.tex"
    path.write_text(f"\\documentclass{{article}}\n{preamble}\\begin{{document}}\n{extra}{body}\n"
                    "\\begin{equation} TP + 1 > TP \\end{equation}\n\\end{document}\n", encoding="utf-8")
    return path


def _case(tmp_path: Path, make, args: list[str]) -> tuple[int, str, str, Path]:
    """Run one case: inputs in tmp_path/in (snapshotted), outputs in tmp_path/out."""
    inputs, outputs = tmp_path / "in", tmp_path / "out"
    inputs.mkdir()
    outputs.mkdir()
    path = make(inputs)
    before = _snapshot(inputs)
    code, stdout, stderr, took, peak = _measured([a.replace("{file}", str(path)).replace("{out}", str(outputs))
                                                  for a in args])
    assert took < SECONDS, took
    assert peak < MEMORY_KB, peak
    assert "Traceback" not in stderr and "Traceback" not in stdout, stderr
    assert _snapshot(inputs) == before
    return code, stdout, stderr, outputs


# ---------------------------------------------------------------- a display that cannot be read

NOT_READ = [
    ("2^{10^{10}} = 1", "a tower of numeric exponents"),
    ("9^{9^{9^{9}}} = 1", "a tower of numeric exponents"),
    ("TP \\cdot 2^{10^{10}} = 1", "a tower of numeric exponents"),
    ("TP^{1000000} = TP", "the exponent 1000000"),
    ("TP = " + "7" * 5000, "a number of 5000 digits"),
    ("TP = 0." + "1" * 1001, "a number of 1001 digits"),
    ("TP = 1e1000000000", "the exponent e1000000000"),
    ("\\sqrt{" * 60 + "TP" + "}" * 60 + " > 0", "groups nested 60 deep"),
    ("(" * 100 + "TP" + ")" * 100 + " = TP", "groups nested 100 deep"),
    ("+".join(["\\frac{TP}{2}"] * 3000) + " = 1", "characters"),
    ("TP" + " " * 25000 + "= TP", "characters (at most 20000)"),
    ("+".join(["TP"] * 2500) + " = TP", "terms (at most 4000)"),
    ("\\begin{array}{*{99999999}{c}} TP \\end{array} = TP", "a repeat count *{99999999}"),
    ("\\boom = 1", "expands without end"),
    ("\\bomb = 1", "expands"),
    ("\\rec{TP} = 1", "expands without end"),
]
_L = ["omb"] + [chr(ord("a") + k) for k in range(1, 26)]      # \bomb -> \bb \bb -> ... 2^25 copies of \bz
MACROS = ("\\def\\boom{\\boom\\boom}\n\\newcommand{\\rec}[1]{\\rec{#1}}\n"
          + "".join(f"\\def\\b{_L[k]}{{\\b{_L[k + 1]}\\b{_L[k + 1]}}}\n" for k in range(25))
          + "\\def\\bz{TP}\n")


@pytest.mark.parametrize("display, reason", NOT_READ, ids=range(len(NOT_READ)))
def test_a_display_that_cannot_be_read_is_reported_and_the_rest_checked(tmp_path, display, reason):
    code, _, _, out = _case(tmp_path, lambda d: _paper(d, display, preamble=MACROS),
                            ["verify", "{file}", "--json", "{out}/r.json", "--time-limit", "10"])
    assert code == 1
    report = json.loads((out / "r.json").read_text())
    assert len(report["not_read"]) == 1 and reason in report["not_read"][0]["reason"], report["not_read"]
    assert report["not_read"][0]["line"] == 3 + MACROS.count("\n")
    assert [r["verdict"] for r in report["relations"]] == ["proved"]


# ---------------------------------------------------------------- a paper refused whole

def _fan_out(d: Path) -> Path:
    for k in range(5):
        (d / f"f{k}.tex").write_text(f"\\input{{f{k + 1}}}\n" * 30, encoding="utf-8")
    (d / "f5.tex").write_text("\\[ TP > 0 \\]\n", encoding="utf-8")
    return _paper(d, extra="\\input{f0}\n")


def _fifo(d: Path) -> Path:
    os.mkfifo(d / "paper.tex")
    return d / "paper.tex"


def _big(d: Path) -> Path:
    path = d / "paper.tex"
    path.write_text("% " + "x" * (16 << 20) + "\n")
    return path


def _bytes(data: bytes):
    def make(d: Path) -> Path:
        (d / "paper.tex").write_bytes(data)
        return d / "paper.tex"
    return make


def _defs(text: str):
    def make(d: Path) -> Path:
        (d / "defs.toml").write_text(text, encoding="utf-8")
        return _paper(d)
    return make


REFUSED = [
    (_fan_out, [], "more than 500 \\inputs"),
    (_fifo, [], "not a regular file"),
    (_big, [], "larger than"),
    (_bytes(b"\\documentclass{article}\xff\xfe"), [], "not UTF-8"),
    (lambda d: (d / "paper.tex").mkdir() or d / "paper.tex", [], "paper.tex"),
    (lambda d: _paper(d), ["--show", "99999999999"], "give the line of a relation"),
    (lambda d: _paper(d), ["--show", "-3"], "give the line of a relation"),
    (lambda d: _paper(d), ["--show", "5"], "nothing checked at line 5"),
    (_defs('assume = ["TP > 2^{10^{10}}"]\n'), ["--defs", "{dir}/defs.toml"], "a tower of numeric exponents"),
    (_defs("assume = [" + ", ".join(['"TP > 1"'] * 5001) + "]\n"), ["--defs", "{dir}/defs.toml"], "5001 entries"),
    (_defs('[[measure]]\nname = "M"\ncounts = "TP^9^9^9"\n'), ["--defs", "{dir}/defs.toml"], "a tower"),
    (_defs("nonsense = 1\n"), ["--defs", "{dir}/defs.toml"], "unknown key 'nonsense'"),
    (lambda d: _paper(d), ["--defs", "/dev/zero"], "not a regular file"),
]


@pytest.mark.parametrize("make, extra, fragment", REFUSED, ids=range(len(REFUSED)))
def test_a_paper_or_option_refused_whole_is_one_line(tmp_path, make, extra, fragment):
    extra = [a.replace("{dir}", str(tmp_path / "in")) for a in extra]
    code, _, stderr, out = _case(tmp_path, make, ["verify", "{file}", *extra, "--json", "{out}/r.json"])
    assert code == 2, stderr
    # one error line (click's own usage errors end in one 'Error:' line; progress lines may precede)
    lines = [ln for ln in stderr.splitlines() if ln.startswith(("symmetric: error:", "Error:"))]
    assert len(lines) == 1 and fragment in lines[0], stderr
    assert not (out / "r.json").exists()


# ---------------------------------------------------------------- what a paper may \input safely

def _inputs(target: str):
    def make(d: Path) -> Path:
        if target == "fifo":
            os.mkfifo(d / "pipe.tex")
        return _paper(d, extra={"zero": "\\input{/dev/zero}\n", "fifo": "\\input{pipe}\n",
                                "self": "\\input{paper}\n", "missing": "\\input{nowhere}\n"}[target])
    return make


@pytest.mark.parametrize("target", ["zero", "fifo", "self", "missing"])
def test_an_input_that_is_not_a_plain_file_is_never_read(tmp_path, target):
    code, _, stderr, out = _case(tmp_path, _inputs(target), ["verify", "{file}", "--json", "{out}/r.json"])
    assert code == 0, stderr
    # once: a paper that inputs itself is not read twice (its displays were doubled)
    assert [r["verdict"] for r in json.loads((out / "r.json").read_text())["relations"]] == ["proved"]


# ---------------------------------------------------------------- claims files: read whole first

def test_a_bad_claim_after_300_good_ones_is_refused_before_any_runs(tmp_path):
    def make(d: Path) -> Path:
        good = "".join(f'[[claim]]\nid = "c{k}"\n  [[claim.step]]\n  lhs = "TP + 1"\n  rel = ">"\n  rhs = "TP"\n'
                       for k in range(300))
        (d / "c.toml").write_text(good + '[[claim]]\nid = "bad"\n  [[claim.step]]\n  latex = "TP = y"\n')
        return d / "c.toml"
    code, stdout, stderr, _ = _case(tmp_path, make, ["verify", "{file}"])
    assert code == 2 and "[1/301]" not in stderr and "line 1804" in stderr and "unknown symbol 'y'" in stderr, stderr
