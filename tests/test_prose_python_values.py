"""Issue 26, item 5: no Python value (True, False, None) inside a sentence of the outputs of
`symmetric check` (JSON, LaTeX, terminal), and a witness a reader finds convincing (F1's CB on
test sets with both classes, not on AP = 0)."""

from __future__ import annotations

import json
import re

import pytest
import sympy as sp
from cli_support import run_check

PYTHON_WORDS = re.compile(r"\b(True|False|None)\b")


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


@pytest.mark.parametrize("args", [["--measure", "F1"], ["--measure", "BA"], ["--measure", "MCC"],
                                  ["--counts", "cases(TP > FP, TP/(TP+FP), TN/n)", "--name", "Branchy"]])
def test_no_python_value_in_any_sentence(args, tmp_path):
    r = run_check([*args, "--json", "-", "--headline-only"], tmp_path)
    assert r.exit_code == 0, r.output
    report = json.loads(r.stdout[r.stdout.index("["):])
    found = [s for s in _strings(report) if PYTHON_WORDS.search(s)]
    assert not found, found[:3]
    for tex in (tmp_path / "tex").glob("*.tex"):
        bad = [line for line in tex.read_text().splitlines() if PYTHON_WORDS.search(line)]
        assert not bad, (tex.name, bad[:3])
    terminal = r.stdout[:r.stdout.index("[")]
    assert not PYTHON_WORDS.search(terminal), PYTHON_WORDS.search(terminal)


def test_plain_text_of_branches_and_truth_values():
    from symmetric.render.text import plain
    tp, fp = sp.symbols("TP FP")
    assert plain(sp.Piecewise((1, sp.Eq(tp + fp, 0)), (tp / (tp + fp), True))) == "cases(FP + TP = 0, 1, TP/(FP + TP))"
    assert plain(sp.Eq(sp.Symbol("AP", positive=True), 0)) == "false" and plain(sp.Ne(tp, 1)) == "TP != 1" and plain(True) == "true"


def test_the_cb_witness_of_f1_has_both_classes(tmp_path):
    import symmetric
    result, = symmetric.check(symmetric.measure("F1"), ["CB"], time_limit=60)[:1]
    assert result.verdict.value == "fails"
    point = dict(result.counterexample.point)
    for key in ("test set 1 (AP, AN, k)", "test set 2 (AP, AN, k)"):
        ap, an, k = point[key]
        assert ap >= 1 and an >= 1 and 0 < k < ap + an, point
