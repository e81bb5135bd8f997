"""symmetric synthesize: a linear-fractional measure found in the grammar comes with the checkers'
proofs of every property; the grid filter rejects what a small table refutes."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from symmetric.cli import main
from symmetric.measures.base import Measure
from symmetric.properties.driver import decide
from symmetric.theory.synthesize import candidates, expression, synthesize


@pytest.mark.parametrize("names, formula", [
    (("MON", "SYM"), "-FN - FP"),
    (("SMON", "TSYM"), "-FN - FP + TN + TP"),
    (("MON", "SYM", "FIX"), "(-FN - FP)/(FN + FP + TN + TP)"),
])
def test_found_measures_have_every_property_proved(names, formula):
    s = synthesize(names)
    assert s.found == formula
    assert dict(s.proofs) == {n: "holds" for n in names}
    # independently: the driver on the formula itself
    m = Measure(name="X", title="x", counts=expression(*_coeffs(s.found)))
    assert all(decide(m, n).verdict.value == "holds" for n in names)


def _coeffs(formula):
    for num, den in candidates(1):
        if str(expression(num, den)) == formula:
            return num, den
    raise AssertionError(formula)


def test_nothing_smaller_passes_the_grid():
    # SMON and TSYM: every candidate before the answer is rejected on the grid, none by the checkers
    s = synthesize(("SMON", "TSYM"))
    assert s.filtered == s.tried - 1 and not s.refuted


def test_none_in_the_grammar_is_bounded():
    s = synthesize(("SMON", "MAXA"), limit=300)      # inconsistent: nothing can pass
    assert s.found is None and s.tried == 300 and s.filtered == 300


def test_cli_json(tmp_path):
    out = tmp_path / "s.json"
    r = CliRunner().invoke(main, ["synthesize", "MON", "SYM", "--json", str(out)])
    assert r.exit_code == 0, r.output
    data = json.loads(out.read_text())
    assert data["verdict"] == "found" and data["measure"] == "-FN - FP"
    assert data["verdicts"] == {"MON": "holds", "SYM": "holds"}


def test_cli_mistakes_exit_2():
    r = CliRunner().invoke(main, ["synthesize", "MON", "NOPE"])
    assert r.exit_code == 2 and "NOPE" in r.output and "Traceback" not in r.output
    r = CliRunner().invoke(main, ["synthesize", "MON", "--max-coef", "9"])
    assert r.exit_code == 2


def test_a_refutation_grows_the_grid_to_its_counterexample():
    # on tables with |D| <= 1 SMON has no instance: -TP passes the grid, the checker refutes it, and
    # its counterexample's tables become the grid that rejects every later wrong candidate
    s = synthesize(("SMON", "TSYM"), bound=1)
    assert s.refuted == (("-TP", "SMON"),)
    assert s.bound > 1 and s.found == "-FN - FP + TN + TP"
    assert s.filtered == s.tried - 2
